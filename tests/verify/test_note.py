"""C2SP signed notes, checkpoints, verifier keys and cosignatures: the specs' examples and what must fail."""

from __future__ import annotations

import base64
import hashlib

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from toolguard_verify.cosignature import cosignature_key_id, cosignature_message, sign_cosignature, verify_cosignature
from toolguard_verify.note import (
    ALG_COSIGNATURE_V1,
    NoteError,
    add_signatures,
    checkpoint_body,
    key_id,
    parse_checkpoint,
    parse_note,
    parse_vkey,
    sign_note,
    verify_note,
    vkey,
)

# golang.org/x/mod/sumdb/note note_test.go: the reference key pair and signed note.
GO_VKEY = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
GO_SKEY = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz"
GO_TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n"
GO_NOTE = (
    GO_TEXT + "\n\u2014 PeterNeumann "
    "x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n"
)
# c2sp.org/tlog-cosignature: the example checkpoint with a log signature and a witness cosignature.
SPEC_BODY = "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n"
SPEC_NOTE = (
    SPEC_BODY + "\n"
    "\u2014 example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=\n"
    "\u2014 witness.example.com/w1 jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrDJsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA==\n"
)


def go_key() -> Ed25519PrivateKey:
    raw = base64.b64decode(GO_SKEY.split("+", 4)[4])
    assert raw[0] == 0x01
    return Ed25519PrivateKey.from_private_bytes(raw[1:])


def test_the_go_reference_note_byte_for_byte() -> None:
    key = go_key()
    assert vkey("PeterNeumann", key.public_key()) == GO_VKEY
    assert key_id("PeterNeumann", key.public_key()).hex() == "c74f20a3"
    # Ed25519 is deterministic, so signing the same text gives the published note exactly.
    assert sign_note(GO_TEXT, "PeterNeumann", key) == GO_NOTE
    parsed = parse_vkey(GO_VKEY)
    assert verify_note(GO_NOTE, parsed.name, parsed.public_key)
    assert not verify_note(GO_NOTE.replace("cryptography", "cryptographY"), parsed.name, parsed.public_key)
    # Another name with the same key: a different key id, so the line is someone else's and nothing verifies.
    assert not verify_note(GO_NOTE, "PaulNeumann", parsed.public_key)


def test_vkeys_that_are_mangled_are_refused() -> None:
    for bad in (
        GO_VKEY[:-1],
        GO_VKEY.replace("c74f20a3", "c74f20a4"),
        GO_VKEY.replace("c74f20a3", "C74F20A3"),
        GO_VKEY.replace("PeterNeumann", "PeterNeumanN"),
        "PeterNeumann+cc469956+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TWBADKEY==",
        "Peter Neumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
        "",
    ):
        with pytest.raises(NoteError):
            parse_vkey(bad)


def test_vkeys_round_trip_whatever_their_base64_holds() -> None:
    keys = [Ed25519PrivateKey.generate().public_key() for _ in range(40)]
    encoded = [vkey("toolguard.test/audit", key) for key in keys]
    assert any("+" in text.split("+", 2)[2] for text in encoded)  # a plus inside the key itself
    for key, text in zip(keys, encoded, strict=True):
        parsed = parse_vkey(text)
        assert (parsed.name, parsed.public_key, str(parsed)) == ("toolguard.test/audit", key, text)


def test_the_spec_notes_parse() -> None:
    checkpoint = parse_checkpoint(SPEC_NOTE)
    assert (checkpoint.origin, checkpoint.size) == ("example.com/behind-the-sofa", 20852163)
    assert checkpoint.body == SPEC_BODY
    assert [sig.name for sig in checkpoint.signatures] == ["example.com/behind-the-sofa", "witness.example.com/w1"]
    witness = checkpoint.signatures[1]
    # key id, 8-byte big-endian timestamp (the spec's "time 1679315147"), 64-byte Ed25519 signature.
    assert witness.key_id.hex() == "8d66cf3f"
    assert int.from_bytes(witness.signature[:8], "big") == 1679315147
    assert len(witness.signature) == 72
    # signed-note: the text ends at the LAST empty line, so a text may hold empty lines.
    poem = parse_note(
        "Ognuno sta solo sul cuor della terra\ntrafitto da un raggio di sole:\n\ned \u00e8 subito sera.\n\n"
        "\u2014 quasimodo.example/salvatore NnugSzTjtVAewIS+Z/iJhUPeFDkO/5QQ2i5ddnGITLlC+EhfLW9oJKONrMouFSQU0xMcXxj99ihAQwaqP3ZekRwNtIc=\n"
    )
    assert poem.body.endswith("sole:\n\ned \u00e8 subito sera.\n")


@pytest.mark.parametrize(
    "text",
    [
        SPEC_BODY,  # no signatures
        SPEC_BODY + "\n",  # a blank line and still none
        SPEC_NOTE[:-1],  # no final newline
        SPEC_NOTE.replace("\u2014 ", "- ", 1),  # not an em dash
        SPEC_NOTE.replace("Az3grl", "Az3g rl"),  # a space inside the signature
        SPEC_NOTE.replace("20852163", "020852163"),  # leading zero
        SPEC_NOTE.replace("20852163", "-1"),
        SPEC_NOTE.replace(
            "CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=", "CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I"
        ),
        SPEC_NOTE.replace("CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=", "AAAA"),  # not 32 bytes
        SPEC_NOTE.replace("behind-the-sofa\n", "behind-the-sofa\r\n", 1),  # a control character
        "example.com/x\n5\n\n" + SPEC_NOTE,  # an empty line inside a checkpoint's text
    ],
)
def test_malformed_checkpoints_are_refused(text: str) -> None:
    with pytest.raises(NoteError):
        parse_checkpoint(text)


def test_checkpoints_signed_and_checked() -> None:
    log = Ed25519PrivateKey.generate()
    root = hashlib.sha256(b"root").digest()
    body = checkpoint_body("toolguard.test/audit", 42, root, ["extension line"])
    note = sign_note(body, "toolguard.test/audit", log)
    checkpoint = parse_checkpoint(note)
    assert (checkpoint.size, checkpoint.root_hash, checkpoint.extensions) == (42, root, ("extension line",))
    assert verify_note(note, "toolguard.test/audit", log.public_key())
    assert not verify_note(note, "toolguard.test/audit", Ed25519PrivateKey.generate().public_key())
    assert not verify_note(note.replace("\n42\n", "\n43\n"), "toolguard.test/audit", log.public_key())
    # A second signature by the same key that does not verify rejects the note (signed-note "Signatures").
    kid = key_id("toolguard.test/audit", log.public_key())
    forged = note + f"\u2014 toolguard.test/audit {base64.b64encode(kid + bytes(64)).decode()}\n"
    assert not verify_note(forged, "toolguard.test/audit", log.public_key())
    # An unknown key's line is ignored.
    stranger = Ed25519PrivateKey.generate()
    assert verify_note(
        add_signatures(note, sign_note(body, "stranger", stranger)[len(body) + 1 :]),
        "toolguard.test/audit",
        log.public_key(),
    )


def test_cosignatures() -> None:
    log, witness = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()
    note = sign_note(SPEC_BODY, "example.com/behind-the-sofa", log)
    line = sign_cosignature(SPEC_BODY, "witness.example/w1", witness, timestamp=1679315147)
    cosigned = add_signatures(note, line)
    found = verify_cosignature(cosigned, "witness.example/w1", witness.public_key())
    assert found is not None and found.timestamp == 1679315147
    # The signed message is the spec's, checked here with the raw Ed25519 primitive.
    raw = base64.b64decode(line.split(" ")[2])
    assert raw[:4] == cosignature_key_id("witness.example/w1", witness.public_key())
    assert raw[:4] == hashlib.sha256(b"witness.example/w1\n\x04" + raw_public(witness)).digest()[:4]
    assert cosignature_message(SPEC_BODY, 1679315147) == f"cosignature/v1\ntime 1679315147\n{SPEC_BODY}".encode()
    witness.public_key().verify(raw[12:], cosignature_message(SPEC_BODY, 1679315147))
    # A cosignature is not a log signature (another key id), nor the other way round.
    assert not verify_note(cosigned, "witness.example/w1", witness.public_key())
    assert verify_cosignature(note, "example.com/behind-the-sofa", log.public_key()) is None
    # Another checkpoint, another witness, a changed timestamp: nothing verifies.
    assert (
        verify_cosignature(cosigned.replace("20852163", "20852164"), "witness.example/w1", witness.public_key()) is None
    )
    assert verify_cosignature(cosigned, "witness.example/w1", Ed25519PrivateKey.generate().public_key()) is None
    changed = bytearray(raw)
    changed[11] ^= 1
    retimed = note + f"\u2014 witness.example/w1 {base64.b64encode(bytes(changed)).decode()}\n"
    assert verify_cosignature(retimed, "witness.example/w1", witness.public_key()) is None
    witness_vkey = vkey("witness.example/w1", witness.public_key(), ALG_COSIGNATURE_V1)
    assert witness_vkey.split("+")[1] == raw[:4].hex()
    assert parse_vkey(witness_vkey).algorithm == ALG_COSIGNATURE_V1


def raw_public(key: Ed25519PrivateKey) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
