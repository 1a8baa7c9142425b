"""Receipts and exports: what verifies, and that each kind of tampering fails naming what and where."""

from __future__ import annotations

import copy
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from toolguard_verify.export import canonical_json, export_header, export_row, verify_export
from toolguard_verify.merkle import inclusion_proof
from toolguard_verify.receipt import HASHED_FIELDS, LogKey, VerificationError, entry_hash, verify_receipt

from tests.verify.fakelog import ORIGIN, FakeLog


@pytest.fixture(scope="module")
def log() -> FakeLog:
    return FakeLog(size=13)


def key_of(log: FakeLog) -> LogKey:
    return LogKey.load(log.vkey)


def test_entry_hash_is_the_chains_own(log: FakeLog) -> None:
    """The package rehashes an entry exactly as audit.services does (toolguard's one write path)."""
    from audit import services

    assert tuple(services.HASHED_FIELDS) == HASHED_FIELDS
    for entry in log.entries:
        values = {**entry, "timestamp": datetime.fromisoformat(entry["timestamp"])}
        assert services.entry_hash(values, entry["prev_hash"]) == entry["hash"] == entry_hash(entry)


def test_the_same_instant_written_differently_hashes_the_same(log: FakeLog) -> None:
    entry = copy.deepcopy(log.entries[0])  # microsecond 0: an API may leave the fraction out
    stamp = datetime.fromisoformat(entry["timestamp"])
    assert stamp.microsecond == 0
    for written in (stamp.isoformat().replace("+00:00", "Z"), stamp.isoformat(timespec="microseconds"),
                    stamp.astimezone(datetime.fromisoformat("2026-01-01T00:00+02:00").tzinfo).isoformat()):  # fmt: skip
        assert entry_hash({**entry, "timestamp": written}) == entry["hash"], written
    assert entry_hash({**entry, "timestamp": stamp.replace(second=1).isoformat()}) != entry["hash"]


def test_a_receipt_verifies(log: FakeLog, tmp_path: Path) -> None:
    for index in (0, 5, 12):
        result = verify_receipt(log.receipt(index), key_of(log), ORIGIN)
        assert (result.leaf_index, result.checkpoint.checkpoint.size, result.fields_checked) == (index, 13, True)
        assert result.summary().startswith(f"verified: entry {index + 1}: its fields hash to its hash, leaf {index}")
    # Against an older checkpoint too, and with the log key as a PEM file (no name: the origin names it).
    assert verify_receipt(log.receipt(3, size=4), LogKey.load(str(log.pem(tmp_path))), ORIGIN).leaf_index == 3


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r["entry"].update(actor="agent:someone-else"), "fields do not hash to its hash"),
        (lambda r: r["entry"]["details"]["arguments"].update(amount=1_000_000), "fields do not hash to its hash"),
        (lambda r: r["entry"].update(result="blocked"), "fields do not hash to its hash"),
        (lambda r: r["entry"].update(timestamp="2026-12-05T07:00:05.000616+00:00"), "fields do not hash to its hash"),
        (lambda r: r["entry"].update(prev_hash="1" * 64), "fields do not hash to its hash"),
        (lambda r: r["entry"].pop("details"), "lacks details"),
        # Changed and rehashed, as someone holding the database could: the leaf is then not in the tree.
        (lambda r: (r["entry"].update(actor="x"), r["entry"].update(hash=entry_hash(r["entry"]))), "leaf_hash is not"),
        (
            lambda r: (
                r["entry"].update(actor="x"),
                r["entry"].update(hash=entry_hash(r["entry"])),
                r.pop("leaf_hash"),
            ),
            "inclusion proof does not lead to the checkpoint's root",
        ),
        (lambda r: r.update(leaf_index=6), "inclusion proof does not lead"),
        (lambda r: r.update(leaf_index=13), "beyond the checkpoint's tree size"),
        (lambda r: r["inclusion_path"].reverse(), "inclusion proof does not lead"),
        (lambda r: r["inclusion_path"].pop(), "inclusion proof does not lead"),
        (lambda r: r.update(checkpoint=r["checkpoint"].replace("\n13\n", "\n12\n")), "not signed by the log key"),
        (lambda r: r.update(checkpoint="nonsense"), "checkpoint is malformed"),
    ],
)
def test_a_changed_receipt_fails(log: FakeLog, change: Any, reason: str) -> None:
    receipt = log.receipt(5)
    change(receipt)
    with pytest.raises(VerificationError, match=reason):
        verify_receipt(receipt, key_of(log), ORIGIN)


def test_a_receipt_under_another_key_or_origin_fails(log: FakeLog) -> None:
    other = FakeLog(size=13, origin="elsewhere.test/audit")
    with pytest.raises(VerificationError, match="not signed by the log key"):
        verify_receipt(log.receipt(2), LogKey(Ed25519PrivateKey.generate().public_key()), ORIGIN)
    with pytest.raises(VerificationError, match=r"is for origin 'elsewhere\.test/audit', not 'toolguard\.test/audit'"):
        verify_receipt(other.receipt(2), key_of(other), ORIGIN)
    # The right tree re-signed by a key that is not the log's.
    receipt = log.receipt(2)
    receipt["checkpoint"] = log.checkpoint(key=Ed25519PrivateKey.generate())
    with pytest.raises(VerificationError, match="not signed by the log key"):
        verify_receipt(receipt, key_of(log), ORIGIN)


def test_the_leaf_only_hook(log: FakeLog) -> None:
    """Without a recipe the entry's hash is taken as given: the inclusion is still proved, its fields are not."""
    receipt = log.receipt(4)
    receipt["entry"]["actor"] = "changed"
    assert not verify_receipt(receipt, key_of(log), ORIGIN, hash_fields=None).fields_checked
    with pytest.raises(VerificationError):
        verify_receipt(receipt, key_of(log), ORIGIN)


# --- an agent's receipt: the leaf hash proved, the entry withheld ---

AGENT_SHOWN = ("id", "tool_call_id", "tool", "session_id", "idempotency_key", "approval_id")


def agent_receipt(log: FakeLog, index: int) -> dict[str, Any]:
    """What audit.receipts.receipt_agent_view makes of a receipt: the labels the agent's answers gave."""
    full = log.receipt(index)
    return {
        **{name: full[name] for name in ("leaf_index", "leaf_hash", "inclusion_path", "checkpoint")},
        "audience": "agent",
        "entry": {name: full["entry"].get(name) for name in AGENT_SHOWN},
        "withheld": [name for name in full["entry"] if name not in AGENT_SHOWN],
    }


def test_an_agents_receipt_proves_its_leaf_hash_and_says_its_content_is_not_proved(log: FakeLog) -> None:
    from audit.receipts import AGENT_DISCLOSED

    assert AGENT_DISCLOSED == AGENT_SHOWN
    receipt = agent_receipt(log, 5)
    result = verify_receipt(receipt, key_of(log), ORIGIN)
    assert (result.leaf_index, result.content_disclosed, result.fields_checked) == (5, False, False)
    assert result.leaf_hash_b64 == receipt["leaf_hash"] and "details" in (result.withheld or ())
    summary = result.summary()
    assert summary.startswith(
        f"verified: leaf hash {receipt['leaf_hash']} is leaf 5 included in {ORIGIN} at tree size 13"
    )
    assert "the entry's content is not disclosed to this receipt's audience, so nothing about it is proved" in summary
    assert "it withholds timestamp, actor, actor_type, customer, action, result, details" in summary
    assert "calls it entry 6 and shows tool_call_id, tool, session_id, idempotency_key, approval_id, labels" in summary
    # The labels are not proved: changed, the receipt still verifies, and says no more.
    receipt["entry"]["id"] = 999999
    assert verify_receipt(receipt, key_of(log), ORIGIN).leaf_index == 5


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r.update(leaf_hash=log_leaf_b64(r, 6)), "inclusion proof does not lead"),
        (lambda r: r.pop("leaf_hash"), "leaf_hash"),
        (lambda r: r.update(leaf_hash="AAAA"), "not a 32-byte"),
        (lambda r: r.update(leaf_index=6), "inclusion proof does not lead"),
        (lambda r: r["inclusion_path"].pop(), "inclusion proof does not lead"),
        (lambda r: r.update(withheld="everything"), "does not list them"),
        # A view must not carry the hash: with it, guesses of what it withholds could be tested.
        (lambda r: r["entry"].update(hash="0" * 64), "gives the entry's hash"),
        (lambda r: r.update(checkpoint=r["checkpoint"].replace("\n13\n", "\n12\n")), "not signed by the log key"),
    ],
)
def test_a_changed_agents_receipt_fails(log: FakeLog, change: Any, reason: str) -> None:
    receipt = agent_receipt(log, 5)
    receipt["_log"] = log
    change(receipt)
    receipt.pop("_log")
    with pytest.raises(VerificationError, match=reason):
        verify_receipt(receipt, key_of(log), ORIGIN)


def log_leaf_b64(receipt: dict[str, Any], index: int) -> str:
    return str(receipt["_log"].receipt(index)["leaf_hash"])


def test_a_whole_receipt_with_its_entry_stripped_proves_no_content(log: FakeLog) -> None:
    """Taking a compliance receipt's fields away cannot make it claim more: it proves the leaf hash only."""
    receipt = log.receipt(3)
    receipt["entry"] = {"id": 4}
    with pytest.raises(VerificationError, match="lacks"):
        verify_receipt(receipt, key_of(log), ORIGIN)
    receipt.update(audience="agent", withheld=["details"])
    assert not verify_receipt(receipt, key_of(log), ORIGIN).content_disclosed


# --- exports ---


FILTER = {"actor": "agent:user-1:ab12cd"}
LISTED = [1, 5, 9]


def rows_of(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines[1:]]


def lines_of(header_line: str, rows: list[dict[str, Any]]) -> list[str]:
    return [header_line, *(canonical_json(row) + "\n" for row in rows)]


def test_an_export_verifies(log: FakeLog) -> None:
    lines = log.export(LISTED, FILTER)
    result = verify_export(lines, key_of(log), ORIGIN)
    assert (result.rows, result.leaf_indexes, result.export_filter) == (3, LISTED, FILTER)
    assert result.summary().startswith("verified: export of 3 entries (leaves 1..9, filter ")
    assert verify_export(log.export([]), key_of(log)).rows == 0


def test_a_removed_row_fails_naming_its_leaf(log: FakeLog) -> None:
    lines = log.export(LISTED, FILTER)
    del lines[2]  # leaf 5
    with pytest.raises(VerificationError) as failure:
        verify_export(lines, key_of(log), ORIGIN)
    assert str(failure.value) == ("leaf 5: in the signed header's row list but not in the export (a row was removed)")


def test_a_changed_row_fails_naming_its_leaf(log: FakeLog) -> None:
    rows = rows_of(log.export(LISTED, FILTER))
    rows[2]["details"]["arguments"]["amount"] = 5
    with pytest.raises(VerificationError, match=r"^leaf 9 \(entry 10\): the entry's fields do not hash"):
        verify_export(lines_of(log.export(LISTED, FILTER)[0], rows), key_of(log), ORIGIN)
    # Rehashed to match: then it is no longer the leaf the log holds.
    rows[2]["hash"] = entry_hash(rows[2])
    with pytest.raises(VerificationError, match=r"^leaf 9 \(entry 10\): not in the log at tree size 13"):
        verify_export(lines_of(log.export(LISTED, FILTER)[0], rows), key_of(log), ORIGIN)


def test_an_added_row_fails_naming_its_leaf(log: FakeLog) -> None:
    lines = log.export(LISTED, FILTER)
    # A genuine entry with a genuine proof, but not one the export's filter selected.
    extra = export_row(log.entries[7], 7, inclusion_proof(log.leaves, 7))
    with pytest.raises(VerificationError, match=r"^leaf 7 \(entry 8\): not in the signed header's row list"):
        verify_export([*lines, canonical_json(extra) + "\n"], key_of(log), ORIGIN)
    with pytest.raises(VerificationError, match=r"^leaf 5 \(entry 6\): appears more than once"):
        verify_export([*lines, lines[2]], key_of(log), ORIGIN)


def test_a_changed_header_fails(log: FakeLog) -> None:
    lines = log.export(LISTED, FILTER)
    header = json.loads(lines[0])
    changes: list[dict[str, Any]] = [{"leaf_indexes": [1, 9], "count": 2}, {"filter": {}}, {"count": 4}]
    for change in changes:
        forged = canonical_json({**header, **change}) + "\n"
        with pytest.raises(VerificationError, match="export header's signature does not verify"):
            verify_export([forged, *lines[1:]], key_of(log), ORIGIN)
    other = Ed25519PrivateKey.generate()
    resigned = export_header(header["checkpoint"], [1, 9], FILTER, other, ORIGIN)
    with pytest.raises(VerificationError, match="export header is not signed by the log key"):
        verify_export([canonical_json(resigned) + "\n", lines[1], lines[3]], key_of(log), ORIGIN)
    with pytest.raises(VerificationError, match="not a toolguard-export/v1 header"):
        verify_export(lines[1:], key_of(log), ORIGIN)


def test_every_problem_is_listed(log: FakeLog) -> None:
    lines = log.export(LISTED, FILTER)
    rows = rows_of(lines)
    rows[0]["actor"] = "changed"
    with pytest.raises(VerificationError) as failure:
        verify_export(lines_of(lines[0], rows[:2]), key_of(log), ORIGIN)
    assert str(failure.value).endswith("(and 1 more problem)")
    assert [problem.split(":")[0] for problem in failure.value.problems] == ["leaf 1 (entry 2)", "leaf 9"]
