"""RFC 9162 Merkle hashing and proofs: the reference vectors, then every tree size up to 64 exhaustively."""

from __future__ import annotations

import hashlib

import pytest
from toolguard_verify.merkle import (
    EMPTY_ROOT,
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    node_hash,
    root_hash,
    verify_consistency,
    verify_inclusion,
)

# transparency-dev/merkle testonly/constants.go (the RFC 6962 test tree): leaf inputs and root per size 0..8.
LEAVES = [bytes.fromhex(h) for h in ("", "00", "10", "2021", "3031", "40414243", "5051525354555657",
                                     "606162636465666768696a6b6c6d6e6f")]  # fmt: skip
ROOTS = [
    bytes.fromhex(h)
    for h in (
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
        "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
        "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
        "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
        "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
        "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
        "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
    )
]
HASHES = [leaf_hash(data) for data in LEAVES]


def h(value: str) -> bytes:
    return bytes.fromhex(value)


# transparency-dev/merkle proof/verify_test.go: (leaf index, tree size, proof); its leaf numbers are 1-based.
INCLUSION_VECTORS = [
    (0, 8, [h("96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7"),
            h("5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e"),
            h("6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4")]),
    (5, 8, [h("bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b"),
            h("ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0"),
            h("d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7")]),
    (2, 3, [h("fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125")]),
    (1, 5, [h("6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d"),
            h("5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e"),
            h("bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b")]),
]  # fmt: skip
CONSISTENCY_VECTORS = [
    (1, 8, [h("96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7"),
            h("5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e"),
            h("6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4")]),
    (6, 8, [h("0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a"),
            h("ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0"),
            h("d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7")]),
    (2, 5, [h("5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e"),
            h("bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b")]),
    (6, 7, [h("0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a"),
            h("b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f"),
            h("d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7")]),
]  # fmt: skip


def test_hashing_is_rfc_9162s() -> None:
    assert EMPTY_ROOT == hashlib.sha256(b"").digest() == ROOTS[0]
    assert leaf_hash(b"") == hashlib.sha256(b"\x00").digest() == ROOTS[1]
    assert node_hash(HASHES[0], HASHES[1]) == hashlib.sha256(b"\x01" + HASHES[0] + HASHES[1]).digest() == ROOTS[2]


def test_roots_of_the_reference_tree() -> None:
    for size, expected in enumerate(ROOTS):
        assert root_hash(HASHES[:size]) == expected, f"size {size}"


@pytest.mark.parametrize(("index", "size", "path"), INCLUSION_VECTORS)
def test_reference_inclusion_proofs(index: int, size: int, path: list[bytes]) -> None:
    assert inclusion_proof(HASHES[:size], index) == path
    assert verify_inclusion(HASHES[index], index, size, path, ROOTS[size])
    # The probes of the reference suite: wrong index, size, leaf or root, garbage around the path.
    for bad_index in {index - 1, index + 1, index ^ 2} - {index}:
        assert not verify_inclusion(HASHES[index], bad_index, size, path, ROOTS[size])
    assert not verify_inclusion(HASHES[index], index, size * 2, path, ROOTS[size])
    assert not verify_inclusion(HASHES[index], index, size // 2, path, ROOTS[size])
    assert not verify_inclusion(leaf_hash(b"WrongLeaf"), index, size, path, ROOTS[size])
    assert not verify_inclusion(HASHES[index], index, size, path, EMPTY_ROOT)
    assert not verify_inclusion(HASHES[index], index, size, [*path, ROOTS[size]], ROOTS[size])
    assert not verify_inclusion(HASHES[index], index, size, [ROOTS[size], *path], ROOTS[size])
    assert not verify_inclusion(HASHES[index], index, size, [*path, b""], ROOTS[size])
    assert not verify_inclusion(HASHES[index], index, size, path[:-1], ROOTS[size])


@pytest.mark.parametrize(("old", "new", "path"), CONSISTENCY_VECTORS)
def test_reference_consistency_proofs(old: int, new: int, path: list[bytes]) -> None:
    assert consistency_proof(HASHES[:new], old) == path
    assert verify_consistency(old, new, ROOTS[old], ROOTS[new], path)
    assert not verify_consistency(old, new, ROOTS[new], ROOTS[old], path)  # swapped roots
    assert not verify_consistency(old - 1, new, ROOTS[old], ROOTS[new], path)
    assert not verify_consistency(old + 1, new, ROOTS[old], ROOTS[new], path)
    assert not verify_consistency(old, new * 2, ROOTS[old], ROOTS[new], path)
    assert not verify_consistency(old, new, ROOTS[old], ROOTS[new], [])
    assert not verify_consistency(old, new, ROOTS[old], ROOTS[new], [*path, ROOTS[old]])
    assert not verify_consistency(old, new, ROOTS[old], ROOTS[new], [path[0], *path])
    assert not verify_consistency(old, new, ROOTS[old], ROOTS[new], path[:-1])


def test_consistency_edges() -> None:
    some = hashlib.sha256(b"some").digest()
    # transparency-dev/merkle TestVerifyConsistency's edge table.
    assert verify_consistency(0, 0, some, some, [])
    assert verify_consistency(0, 1, some, ROOTS[1], [])
    assert verify_consistency(1, 1, some, some, [])
    assert not verify_consistency(0, 0, EMPTY_ROOT, some, [])
    assert not verify_consistency(1, 1, EMPTY_ROOT, some, [])
    assert not verify_consistency(1, 0, some, some, [])
    assert not verify_consistency(2, 1, some, some, [])
    assert not verify_consistency(1, 2, some, some, [])
    assert not verify_consistency(0, 0, EMPTY_ROOT, EMPTY_ROOT, [EMPTY_ROOT])
    assert not verify_consistency(0, 1, EMPTY_ROOT, EMPTY_ROOT, [EMPTY_ROOT])
    assert not verify_consistency(1, 1, EMPTY_ROOT, EMPTY_ROOT, [EMPTY_ROOT])
    assert not verify_inclusion(some, 0, 0, [], EMPTY_ROOT)
    assert not verify_inclusion(some, 1, 1, [], some)
    assert verify_inclusion(some, 0, 1, [], some)
    assert not verify_inclusion(b"short", 0, 1, [], b"short")
    with pytest.raises(ValueError):
        inclusion_proof(HASHES, 8)
    with pytest.raises(ValueError):
        consistency_proof(HASHES, 9)


def _flipped(path: list[bytes], position: int) -> list[bytes]:
    changed = bytearray(path[position])
    changed[0] ^= 0x10
    return [*path[:position], bytes(changed), *path[position + 1 :]]


MANY = [leaf_hash(i.to_bytes(2, "big") * 3) for i in range(64)]
ROOTS_MANY = [root_hash(MANY[:n]) for n in range(65)]


def test_every_inclusion_proof_up_to_64_leaves() -> None:
    for size in range(1, 65):
        tree, root = MANY[:size], ROOTS_MANY[size]
        for index in range(size):
            path = inclusion_proof(tree, index)
            assert verify_inclusion(tree[index], index, size, path, root), (index, size)
            # Nothing else proves: another leaf, another index, a changed hash, a shorter or longer path.
            other = (index + 1) % size
            if other != index:
                assert not verify_inclusion(tree[other], index, size, path, root)
                assert not verify_inclusion(tree[index], other, size, path, root)
            for position in range(len(path)):
                assert not verify_inclusion(tree[index], index, size, _flipped(path, position), root)
            if path:
                assert not verify_inclusion(tree[index], index, size, path[:-1], root)
            assert not verify_inclusion(tree[index], index, size, [*path, root], root)
            assert not verify_inclusion(tree[index], index, size + 1, path, ROOTS_MANY[size + 1] if size < 64 else root)


def test_every_consistency_proof_up_to_64_leaves() -> None:
    for new in range(1, 65):
        tree = MANY[:new]
        for old in range(0, new + 1):
            path = consistency_proof(tree, old)
            assert verify_consistency(old, new, ROOTS_MANY[old], ROOTS_MANY[new], path), (old, new)
            if old in (0, new):
                assert path == []
                continue
            # A rewritten history (another leaf at the start) never proves consistent.
            forked = [leaf_hash(b"forked"), *tree[1:]]
            assert not verify_consistency(old, new, root_hash(forked[:old]), ROOTS_MANY[new], path)
            assert not verify_consistency(old, new, ROOTS_MANY[old], root_hash(forked), path)
            for position in range(len(path)):
                assert not verify_consistency(old, new, ROOTS_MANY[old], ROOTS_MANY[new], _flipped(path, position))
            assert not verify_consistency(old, new, ROOTS_MANY[old], ROOTS_MANY[new], path[:-1])
            assert not verify_consistency(old, new, ROOTS_MANY[old], ROOTS_MANY[new], [*path, ROOTS_MANY[old]])
            if old + 1 < new:
                assert not verify_consistency(old + 1, new, ROOTS_MANY[old], ROOTS_MANY[new], path)
