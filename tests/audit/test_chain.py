"""The hash chain: every entry commits to the one before, and verify_audit names the first that does not."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import CommandError, call_command

from audit.models import AuditEntry
from audit.services import GENESIS_HASH, VALUES_ROWS_MAX, entry_hash
from audit.verify import audit_chain_verify
from tests.audit.entries import append, event

pytestmark = pytest.mark.django_db


def verify(*args: str) -> str:
    from io import StringIO

    out = StringIO()
    call_command("verify_audit", *args, stdout=out)
    return out.getvalue()


def test_each_entry_links_to_the_previous_one() -> None:
    entries = append(event(), event("transfer_initiated"), event("transfer_completed"))
    previous = AuditEntry.objects.filter(id__lt=entries[0].id).order_by("-id").values_list("hash", flat=True).first()
    assert entries[0].prev_hash == (previous or GENESIS_HASH)
    assert entries[1].prev_hash == entries[0].hash and entries[2].prev_hash == entries[1].hash
    stored = AuditEntry.objects.get(id=entries[2].id)
    assert entry_hash({name: getattr(stored, name) for name in ("timestamp", *FIELDS)}, stored.prev_hash) == stored.hash


FIELDS = (
    "actor",
    "actor_type",
    "customer",
    "action",
    "result",
    "tool",
    "tool_call_id",
    "session_id",
    "idempotency_key",
    "approval_id",
    "details",
    "duration_ms",
)


@pytest.mark.parametrize("size", [1, VALUES_ROWS_MAX, VALUES_ROWS_MAX + 1, 300])
def test_a_batch_of_any_size_is_stored_in_order_and_chained(size: int) -> None:
    # Small batches go in as VALUES rows, large ones as column arrays: both must
    # give each entry its own id, in order, with every field and link intact.
    events = [
        event(
            "transfer_initiated",
            details={"arguments": {"amount": n + 1, "memo": "quote ' and , {brace}"}},
            duration_ms=n / 4 or None,
        )
        for n in range(size)
    ]
    entries = append(*events)
    ids = [entry.id for entry in entries]
    assert ids == sorted(ids) and len(set(ids)) == size
    stored = {entry.id: entry for entry in AuditEntry.objects.filter(id__in=ids)}
    for n, entry in enumerate(entries):
        row = stored[entry.id]
        assert row.hash == entry.hash and row.prev_hash == (entries[n - 1].hash if n else row.prev_hash)
        assert row.details["arguments"] == {"amount": n + 1, "memo": "quote ' and , {brace}"}
        assert row.duration_ms == (n / 4 or None)
        assert row.operation_hash is not None and row.operation_hash == entry.operation_hash
    assert audit_chain_verify()[0] is None


def test_verify_audit_passes_on_an_intact_chain() -> None:
    entries = append(event(), event(details={"amount": 5, "nested": {"ok": [1, 2.5, "é"]}}, duration_ms=1.25))
    assert audit_chain_verify()[0] is None
    assert f"verified through entry {entries[-1].id}" in verify("--full")


def test_a_rewritten_entry_is_found_and_named(tamper: Any) -> None:
    entries = append(event(), event("transfer_initiated", details={"arguments": {"amount": 100}}), event())
    victim = entries[1]
    tamper("UPDATE audit_auditentry SET details = %s WHERE id = %s", ['{"arguments": {"amount": 1}}', victim.id])
    broken, last_ok, _ = audit_chain_verify()
    assert broken is not None and broken.entry_id == victim.id and last_ok == entries[0].id
    with pytest.raises(CommandError) as caught:
        verify("--full")
    assert caught.value.returncode == 1
    assert str(caught.value) == f"audit entry {victim.id} does not verify: hash does not match the entry's contents"


def test_a_rewritten_entry_with_a_recomputed_hash_breaks_the_next_link(tamper: Any) -> None:
    entries = append(event(), event(actor="agent:alice:aaaaaaaaaaaa"), event())
    victim = entries[1]
    values = {name: getattr(victim, name) for name in ("timestamp", *FIELDS)}
    values["actor"] = "agent:mallory:bbbbbbbbbbbb"
    forged = entry_hash(values, victim.prev_hash)
    tamper("UPDATE audit_auditentry SET actor = %s, hash = %s WHERE id = %s", [values["actor"], forged, victim.id])
    with pytest.raises(CommandError, match=rf"^audit entry {entries[2].id} does not verify: prev_hash"):
        verify("--full")


def test_a_deleted_entry_is_found(tamper: Any) -> None:
    entries = append(event(), event(), event())
    tamper("DELETE FROM audit_auditentry WHERE id = %s", [entries[1].id])
    with pytest.raises(CommandError, match=rf"^audit entry {entries[2].id} does not verify"):
        verify("--full")


def test_the_hash_is_sha256_of_the_canonical_json_of_entry_and_link() -> None:
    import hashlib
    import json

    [entry] = append(event(details={"b": 1, "a": ["é", 2.5]}, duration_ms=0.5))
    body = {name: getattr(entry, name) for name in FIELDS}
    body["timestamp"] = entry.timestamp.isoformat(timespec="microseconds")
    canonical = json.dumps(
        {"entry": body, "prev_hash": entry.prev_hash}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    assert hashlib.sha256(canonical.encode()).hexdigest() == entry.hash


def test_an_operation_hash_is_covered_by_the_chain(tamper: Any) -> None:
    [entry] = append(event("transfer_initiated", details={"arguments": {"amount": 5, "idempotency_key": "k"}}))
    assert entry.operation_hash and len(entry.operation_hash) == 64
    tamper("UPDATE audit_auditentry SET operation_hash = %s WHERE id = %s", ["0" * 64, entry.id])
    with pytest.raises(CommandError, match=rf"^audit entry {entry.id} does not verify"):
        verify("--full")
