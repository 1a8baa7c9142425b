"""verify_audit's tree check recomputes every root from the entries as they stream past: the RFC 9162 roots."""

from __future__ import annotations

import hashlib

from toolguard_verify.merkle import leaf_hash, root_hash

from audit.verify import PrefixRoots


def test_the_streamed_root_of_every_prefix_is_the_rfc_9162_root() -> None:
    leaves = [leaf_hash(hashlib.sha256(str(n).encode()).digest()) for n in range(70)]
    roots = PrefixRoots()
    for size, leaf in enumerate(leaves, start=1):
        roots.add(leaf)
        assert roots.root() == root_hash(leaves[:size]), size
