"""The log's key history (toolguard_verify.keys): checkpoints verify across a rotation, each only within its key's range."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from toolguard_verify.cli import main
from toolguard_verify.export import export_header, export_lines, export_row, verify_export
from toolguard_verify.keys import KEY_HISTORY_FORMAT, KeyHistory, KeyHistoryError, rotation_sign
from toolguard_verify.merkle import inclusion_proof
from toolguard_verify.note import b64, vkey
from toolguard_verify.receipt import LogKey, VerificationError, verify_checkpoint, verify_receipt
from toolguard_verify.witness import Witness, trusted_logs

from tests.verify.fakelog import FakeLog

# The old key signs sizes 1..8; the rotation hands over at 9.
ROTATED_AT = 9


def history(log: FakeLog, old: Ed25519PrivateKey, new: Ed25519PrivateKey) -> dict[str, Any]:
    return {
        "format": KEY_HISTORY_FORMAT,
        "origin": log.origin,
        "keys": [
            {"vkey": vkey(log.origin, old.public_key()), "from_size": 1, "to_size": ROTATED_AT - 1},
            {
                "vkey": vkey(log.origin, new.public_key()),
                "from_size": ROTATED_AT,
                "to_size": None,
                "rotation": rotation_sign(log.origin, old, ROTATED_AT - 1, new, ROTATED_AT, entry_id=ROTATED_AT),
            },
        ],
    }


@pytest.fixture
def rotated() -> tuple[FakeLog, Ed25519PrivateKey, Ed25519PrivateKey, dict[str, Any]]:
    log = FakeLog(size=13)
    old, new = log.key, Ed25519PrivateKey.generate()
    return log, old, new, history(log, old, new)


def test_either_key_anchors_the_history_and_each_checkpoint_verifies_with_its_own_key(rotated: Any) -> None:
    log, old, new, document = rotated
    for anchor in (old, new):
        keys = KeyHistory.load(document, anchor.public_key())
        before = verify_checkpoint(log.checkpoint(5, key=old), keys)
        after = verify_checkpoint(log.checkpoint(12, key=new), keys)
        assert before.public_key.public_bytes_raw() == old.public_key().public_bytes_raw()
        assert after.public_key.public_bytes_raw() == new.public_key().public_bytes_raw()


def test_a_checkpoint_signed_outside_its_keys_range_fails_naming_why(rotated: Any) -> None:
    log, old, new, document = rotated
    keys = KeyHistory.load(document, new.public_key())
    with pytest.raises(
        VerificationError,
        match=r"at size 12 is signed by key \w+ \(tree sizes 1 to 8\), outside its "
        r"validity range: it was retired at size 8",
    ):
        verify_checkpoint(log.checkpoint(12, key=old), keys)
    with pytest.raises(
        VerificationError,
        match=r"at size 5 is signed by key \w+ \(tree sizes 9 to on\), outside its "
        r"validity range: it signs from size 9",
    ):
        verify_checkpoint(log.checkpoint(5, key=new), keys)
    stranger = Ed25519PrivateKey.generate()
    with pytest.raises(VerificationError, match="not signed by any key of the log's key history"):
        verify_checkpoint(log.checkpoint(12, key=stranger), keys)


def test_a_history_not_holding_the_trusted_key_or_with_a_forged_rotation_is_refused(rotated: Any) -> None:
    log, old, _, document = rotated
    with pytest.raises(KeyHistoryError, match="does not hold the trusted key"):
        KeyHistory.load(document, Ed25519PrivateKey.generate().public_key())
    # Someone with the database but neither private key swaps in their own new key.
    forged = json.loads(json.dumps(document))
    forged["keys"][1]["vkey"] = vkey(log.origin, Ed25519PrivateKey.generate().public_key())
    with pytest.raises(KeyHistoryError, match="not signed by the outgoing key"):
        KeyHistory.load(forged, old.public_key())
    moved = json.loads(json.dumps(document))
    moved["keys"][0]["to_size"], moved["keys"][1]["from_size"] = 11, 12
    with pytest.raises(KeyHistoryError, match="not signed by the outgoing key"):
        KeyHistory.load(moved, old.public_key())
    gap = json.loads(json.dumps(document))
    gap["keys"][1]["from_size"] = ROTATED_AT + 1
    with pytest.raises(KeyHistoryError, match="must follow each other"):
        KeyHistory.load(gap, old.public_key())


def test_receipts_and_exports_carrying_the_history_verify_with_either_key(rotated: Any) -> None:
    log, old, new, document = rotated
    receipt = {**log.receipt(3, size=12), "checkpoint": log.checkpoint(12, key=new), "key_history": document}
    assert verify_receipt(receipt, LogKey(old.public_key())).checkpoint.checkpoint.size == 12
    old_receipt = {**log.receipt(3, size=6), "checkpoint": log.checkpoint(6, key=old)}
    # A receipt kept from before the rotation carries no history: the old key verifies it alone.
    assert verify_receipt(old_receipt, LogKey(old.public_key())).leaf_index == 3
    with pytest.raises(VerificationError, match="not signed by the log key"):
        verify_receipt(old_receipt, LogKey(new.public_key()))
    assert verify_receipt(old_receipt, KeyHistory.load(document, new.public_key())).leaf_index == 3
    header = export_header(log.checkpoint(13, key=new), [1, 4], {}, new, log.origin, key_history=document)
    lines = list(export_lines(header, (export_row(log.entries[i], i, inclusion_proof(log.leaves, i)) for i in [1, 4])))
    assert verify_export(lines, LogKey(old.public_key())).rows == 2
    # The header's history is signed with it: a stranger's history swapped in breaks the header signature.
    other = history(log, old, Ed25519PrivateKey.generate())
    swapped = json.loads(lines[0])
    swapped["key_history"] = other
    with pytest.raises(VerificationError):
        verify_export([json.dumps(swapped), *lines[1:]], LogKey(old.public_key()))


def test_the_console_script_takes_a_key_history_file(rotated: Any, tmp_path: Path, capsys: Any) -> None:
    log, old, new, document = rotated
    (tmp_path / "history.json").write_text(json.dumps(document))
    (tmp_path / "old.json").write_text(json.dumps({**log.receipt(2, size=7), "checkpoint": log.checkpoint(7, key=old)}))
    new_vkey = vkey(log.origin, new.public_key())
    assert main(["receipt", str(tmp_path / "old.json"), "--key", new_vkey]) == 1
    assert "not signed by the log key" in capsys.readouterr().out
    args = ["receipt", str(tmp_path / "old.json"), "--key", new_vkey, "--key-history", str(tmp_path / "history.json")]
    assert main(args) == 0
    assert capsys.readouterr().out.startswith("verified: entry 3")
    (tmp_path / "late.json").write_text(
        json.dumps({**log.receipt(2, size=11), "checkpoint": log.checkpoint(11, key=old)})
    )
    args[1] = str(tmp_path / "late.json")
    assert main(args) == 1
    assert "outside its validity range: it was retired at size 8" in capsys.readouterr().out


def test_the_witness_told_the_history_cosigns_each_key_within_its_range(rotated: Any, tmp_path: Path) -> None:
    log, old, new, document = rotated
    (tmp_path / "history.json").write_text(json.dumps(document))
    # The witness keeps trusting the key it was started with; the history, anchored in it, adds the new one.
    [trusted] = trusted_logs([log.origin], [vkey(log.origin, old.public_key())], [str(tmp_path / "history.json")])
    witness = Witness("witness.test/w1", Ed25519PrivateKey.generate(), tmp_path, [trusted])

    def add(old_size: int, checkpoint: str) -> Any:
        size = int(checkpoint.split("\n")[1])
        proof = log.consistency(old_size, size) if 0 < old_size < size else []
        body = f"old {old_size}\n" + "".join(b64(node) + "\n" for node in proof) + "\n" + checkpoint
        return witness.add_checkpoint(body.encode())

    assert add(0, log.checkpoint(6, key=old)).status == 200
    assert add(6, log.checkpoint(11, key=new)).status == 200
    late = add(11, log.checkpoint(13, key=old))
    assert late.status == 403 and b"outside its validity range: it was retired at size 8" in late.body
    assert add(11, log.checkpoint(13, key=new)).status == 200
    # A history that does not hold the key the witness trusts is refused at start.
    with pytest.raises(SystemExit, match="does not hold the trusted key"):
        trusted_logs([log.origin], [vkey(log.origin, Ed25519PrivateKey.generate().public_key())],
                     [str(tmp_path / "history.json")])  # fmt: skip
