"""RFC 9162 Merkle tree hashing, proofs and their verification.

Hashes are 32-byte SHA-256 digests. The generators (`root_hash`,
`inclusion_proof`, `consistency_proof`) are the RFC's recursive definitions,
kept for tests and small trees; the log itself computes proofs from stored
subtree hashes. The verifiers follow the RFC's iterative algorithms step by
step, so a proof that any RFC 9162 / RFC 6962 log produced checks here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

HASH_SIZE = 32
# RFC 9162 2.1.1: MTH({}) = HASH(), the hash of the empty string.
EMPTY_ROOT = hashlib.sha256(b"").digest()


def leaf_hash(data: bytes) -> bytes:
    """RFC 9162 2.1.1: MTH({d(0)}) = HASH(0x00 || d(0))."""
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """RFC 9162 2.1.1: an interior node is HASH(0x01 || left || right)."""
    return hashlib.sha256(b"\x01" + left + right).digest()


def _split(n: int) -> int:
    """The largest power of two smaller than n (n > 1): where RFC 9162 2.1.1 splits D[n]."""
    return 1 << ((n - 1).bit_length() - 1)


def root_hash(leaf_hashes: Sequence[bytes]) -> bytes:
    """RFC 9162 2.1.1: MTH(D[n]) over leaves already hashed with `leaf_hash`."""
    n = len(leaf_hashes)
    if n == 0:
        return EMPTY_ROOT
    if n == 1:
        return leaf_hashes[0]
    k = _split(n)
    return node_hash(root_hash(leaf_hashes[:k]), root_hash(leaf_hashes[k:]))


def inclusion_proof(leaf_hashes: Sequence[bytes], index: int) -> list[bytes]:
    """RFC 9162 2.1.3.1: PATH(m, D[n]), the audit path of leaf `index`, nearest sibling first."""
    n = len(leaf_hashes)
    if not 0 <= index < n:
        raise ValueError(f"leaf index {index} is outside a tree of {n} leaves")
    if n == 1:
        return []
    k = _split(n)
    if index < k:
        return [*inclusion_proof(leaf_hashes[:k], index), root_hash(leaf_hashes[k:])]
    return [*inclusion_proof(leaf_hashes[k:], index - k), root_hash(leaf_hashes[:k])]


def consistency_proof(leaf_hashes: Sequence[bytes], old_size: int) -> list[bytes]:
    """RFC 9162 2.1.4.1: PROOF(m, D[n]) = SUBPROOF(m, D[n], true) from tree size `old_size`.

    Empty for old_size 0 or old_size == n: every tree extends the empty one,
    and a tree is consistent with itself when the roots are equal.
    """
    n = len(leaf_hashes)
    if not 0 <= old_size <= n:
        raise ValueError(f"old size {old_size} is outside 0..{n}")
    if old_size in (0, n):
        return []
    return _subproof(leaf_hashes, old_size, complete=True)


def _subproof(leaf_hashes: Sequence[bytes], m: int, *, complete: bool) -> list[bytes]:
    n = len(leaf_hashes)
    if m == n:
        # The old tree is a complete subtree here: its root is only needed when
        # the verifier cannot already know it (RFC 9162 2.1.4.1, the b flag).
        return [] if complete else [root_hash(leaf_hashes)]
    k = _split(n)
    if m <= k:
        return [*_subproof(leaf_hashes[:k], m, complete=complete), root_hash(leaf_hashes[k:])]
    return [*_subproof(leaf_hashes[k:], m - k, complete=False), root_hash(leaf_hashes[:k])]


def _hashes_ok(*hashes: bytes) -> bool:
    return all(isinstance(value, bytes) and len(value) == HASH_SIZE for value in hashes)


def root_from_inclusion(leaf: bytes, index: int, tree_size: int, path: Sequence[bytes]) -> bytes | None:
    """RFC 9162 2.1.3.2 steps 1-5 without the final comparison: the root the path leads to, or None."""
    # Step 1: the leaf must be inside the tree.
    if not 0 <= index < tree_size or not _hashes_ok(leaf, *path):
        return None
    # Steps 2-3.
    fn, sn = index, tree_size - 1
    r = leaf
    # Step 4.
    for p in path:
        if sn == 0:  # 4a: more path than tree.
            return None
        if fn & 1 or fn == sn:  # 4b: p is a left sibling.
            r = node_hash(p, r)
            # ii: up past the levels where this node is a left child.
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:  # p is a right sibling.
            r = node_hash(r, p)
        fn >>= 1  # 4c
        sn >>= 1
    # Step 5: the whole path used and the root reached.
    return r if sn == 0 else None


def verify_inclusion(leaf: bytes, index: int, tree_size: int, path: Sequence[bytes], root: bytes) -> bool:
    """RFC 9162 2.1.3.2: does `path` prove leaf hash `leaf` at `index` in the tree of `tree_size` with `root`?"""
    computed = root_from_inclusion(leaf, index, tree_size, path)
    return computed is not None and computed == root


def verify_consistency(old_size: int, new_size: int, old_root: bytes, new_root: bytes, path: Sequence[bytes]) -> bool:
    """RFC 9162 2.1.4.2: does `path` prove the tree (old_size, old_root) is a prefix of (new_size, new_root)?

    The RFC's algorithm covers 0 < old_size < new_size; the two edges are
    settled before it: at equal sizes the roots must be equal, and from size
    0 every tree is consistent; both with an empty proof.
    """
    if not 0 <= old_size <= new_size or not _hashes_ok(old_root, new_root, *path):
        return False
    if old_size == new_size:
        return not path and old_root == new_root
    if old_size == 0:
        return not path
    # Step 1: a proof between different sizes is never empty.
    if not path:
        return False
    # Step 2: an old tree whose size is a power of two is a complete subtree,
    # whose root the verifier already holds and the log leaves out.
    proof = list(path)
    if old_size & (old_size - 1) == 0:
        proof.insert(0, old_root)
    # Step 3.
    fn, sn = old_size - 1, new_size - 1
    # Step 4.
    while fn & 1:
        fn >>= 1
        sn >>= 1
    # Step 5.
    fr = sr = proof[0]
    # Step 6.
    for c in proof[1:]:
        if sn == 0:  # 6a
            return False
        if fn & 1 or fn == sn:  # 6b
            fr = node_hash(c, fr)
            sr = node_hash(c, sr)
            # ii: up past the levels where this node is a left child.
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1  # 6c
        sn >>= 1
    # Step 7.
    return fr == old_root and sr == new_root and sn == 0
