"""The chain append inside PostgreSQL (audit_chain_append) gives the hashes the Python definition gives.

The fields hashed are named once, in toolguard_verify (HASHED_FIELDS); the
entry's canonical JSON is made in Python from them, and the database only
links and hashes it. These tests hold the database's hashes against
audit.services.entry_hash and toolguard-verify's own recomputation, over
entries chosen to be awkward: every script, escapes, control characters,
numbers Python and PostgreSQL write differently, nulls and nesting.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from toolguard_verify.receipt import HASHED_FIELDS
from toolguard_verify.receipt import entry_hash as verify_entry_hash

from audit.models import AuditEntry
from audit.serializers import ENTRY_FIELDS
from audit.services import AUDIT_CHAIN_LOCK_ID, GENESIS_HASH, audit_chain_insert, entry_hash
from audit.verify import audit_chain_verify
from tests.audit.entries import event

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]

AWKWARD_TEXT = [
    "plain",
    "é à ü ß ø",
    "Привет, мир",
    "你好，世界",
    "مرحبا بالعالم",
    "שלום",
    "😀 👩‍👩‍👧 🇫🇷",
    "\u200b zero width \u200d joiner \ufeff bom",
    'quote " backslash \\ slash / tab \t newline \n return \r',
    "control \x01 \x1f \x7f",
    "line separator \u2028 paragraph \u2029",
    "a" * 2000,
    "",
]
# Numbers that survive jsonb as they are. (1e16, 1e21 and -0.0 do not: jsonb gives
# back integers, whichever path hashed them; that is jsonb's, not the chain's.)
AWKWARD_NUMBERS: list[Any] = [0, -1, 10**15, 1.5, 0.1, 1e-05, 123456.789, 2**53 + 1]


def awkward_events(count: int) -> list[Any]:
    events = []
    for n in range(count):
        text = AWKWARD_TEXT[n % len(AWKWARD_TEXT)]
        number = AWKWARD_NUMBERS[n % len(AWKWARD_NUMBERS)]
        details = {
            "memo": text,
            text[:20] or "empty": number,
            "nested": {"list": [text, number, None, True, False, {"z": 1, "a": [1.25]}]},
            "arguments": {"amount": n, "memo": text, "idempotency_key": f"k-{n}"},
        }
        events.append(
            event(
                "transfer_initiated" if n % 3 == 0 else "tool_call_received",
                "success" if n % 2 else "pending",
                actor=f"agent:{text[:30]}:{n}",
                session_id=text[:100],
                idempotency_key=f"key-{n}",
                approval_id=str(n) if n % 4 == 0 else "",
                details=details,
                duration_ms=[None, 0.0, 1.5, 1e-05, 12.345678901234567][n % 5],
            )
        )
    return events


def stored_hashes_recomputed(entries: list[AuditEntry]) -> None:
    rows: dict[int, dict[str, Any]] = {
        row["id"]: dict(row) for row in AuditEntry.objects.filter(id__in=[e.id for e in entries]).values()
    }
    for entry in entries:
        row = rows[entry.id]
        assert row["hash"] == entry.hash and row["prev_hash"] == entry.prev_hash
        # Python's definition, over the row as stored.
        assert entry_hash(row, row["prev_hash"]) == row["hash"], row["details"]
        # toolguard-verify's, over the entry as the API and exports write it (JSON).
        api = json.loads(json.dumps({name: row[name] for name in ENTRY_FIELDS}, default=str))
        api["timestamp"] = row["timestamp"].isoformat()
        assert verify_entry_hash(api) == row["hash"]


def test_the_database_hashes_awkward_entries_as_python_and_toolguard_verify_do() -> None:
    assert connection.vendor == "postgresql"
    entries = audit_chain_insert(awkward_events(150))
    assert [e.prev_hash for e in entries[1:]] == [e.hash for e in entries[:-1]]
    # Python's definition over the values as given.
    for entry in entries:
        assert entry_hash({name: getattr(entry, name) for name in HASHED_FIELDS}, entry.prev_hash) == entry.hash
    stored_hashes_recomputed(entries)
    assert audit_chain_verify()[0] is None


def test_numbers_jsonb_would_rewrite_are_hashed_as_python_wrote_them() -> None:
    (entry,) = audit_chain_insert([event(details={"big": 1e21, "zero": -0.0, "e": 1e16})])
    assert entry_hash({name: getattr(entry, name) for name in HASHED_FIELDS}, entry.prev_hash) == entry.hash


@pytest.mark.parametrize("size", [1, 2, 65, 400])
def test_batches_of_any_size_chain_in_id_order(size: int) -> None:
    base = datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
    events = awkward_events(size)
    entries = audit_chain_insert(events, at=[base + timedelta(microseconds=n) for n in range(size)])
    ids = [e.id for e in entries]
    assert ids == sorted(ids) and len(set(ids)) == size
    stored_hashes_recomputed(entries)
    assert audit_chain_verify()[0] is None


def test_the_link_the_database_makes_is_the_python_link_byte_for_byte() -> None:
    # The function's own expression, over bodies that Python made: the same hex digest.
    from audit.services import chain_hash, entry_body

    with connection.cursor() as cursor:
        for n, text in enumerate(AWKWARD_TEXT):
            body = entry_body({"timestamp": datetime.now(UTC), "actor": text, "details": {text: n}})
            prev = GENESIS_HASH if n % 2 else chain_hash(body, GENESIS_HASH)
            cursor.execute(
                "SELECT encode(sha256(convert_to('{\"entry\":' || %s || ',\"prev_hash\":\"' || %s || '\"}', 'UTF8')),"
                " 'hex')",
                [body, prev],
            )
            assert cursor.fetchone()[0] == chain_hash(body, prev)


def test_the_function_takes_the_lock_the_python_side_names() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT prosrc FROM pg_proc WHERE proname = 'audit_chain_append'")
        source = cursor.fetchone()[0]
    assert f"pg_advisory_xact_lock({AUDIT_CHAIN_LOCK_ID})" in source
    # Every hashed field is a column the function writes.
    for name in HASHED_FIELDS:
        assert f"p_{name}" in source
