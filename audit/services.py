"""The audit log's one write path."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from audit.models import AuditEntry

GENESIS_HASH = "0" * 64
# Any fixed 64-bit number: the advisory lock that serializes chain appends.
AUDIT_CHAIN_LOCK_ID = 7_243_180_526


@dataclass(frozen=True)
class AuditEvent:
    actor: str
    actor_type: str
    action: str
    result: str
    customer: str = ""
    tool: str = ""
    tool_call_id: str = ""
    session_id: str = ""
    idempotency_key: str = ""
    approval_id: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    duration_ms: float | None = None


HASHED_FIELDS = (
    "timestamp",
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


def entry_hash(values: dict[str, Any], prev_hash: str) -> str:
    """SHA-256 over a canonical JSON of the entry's fields and the previous hash."""
    body = {name: values[name] for name in HASHED_FIELDS}
    ts = body["timestamp"]
    if isinstance(ts, datetime):
        body["timestamp"] = ts.astimezone(UTC).isoformat(timespec="microseconds")
    canonical = json.dumps(
        {"entry": body, "prev_hash": prev_hash}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def audit_append(events: Sequence[AuditEvent]) -> list[AuditEntry]:
    """Append events to the chain, in order, inside the caller's transaction.

    Callers make this the last statement of their transaction: the chain lock
    is held from here until commit, so the shorter that window, the more
    writers the log sustains.
    """
    if not events:
        return []
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                # Two writers reading the same head would fork the chain; the
                # transaction-scoped lock makes appends take turns.
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [AUDIT_CHAIN_LOCK_ID])
        # SQLite needs no lock: IMMEDIATE transactions already hold the write lock.
        prev_hash = AuditEntry.objects.order_by("-id").values_list("hash", flat=True).first() or GENESIS_HASH
        now = timezone.now()
        entries = []
        for event in events:
            values: dict[str, Any] = {
                "timestamp": now,
                "actor": event.actor,
                "actor_type": event.actor_type,
                "customer": event.customer,
                "action": event.action,
                "result": event.result,
                "tool": event.tool,
                "tool_call_id": event.tool_call_id,
                "session_id": event.session_id,
                "idempotency_key": event.idempotency_key,
                "approval_id": event.approval_id,
                "details": event.details,
                "duration_ms": event.duration_ms,
            }
            digest = entry_hash(values, prev_hash)
            entries.append(AuditEntry(prev_hash=prev_hash, hash=digest, **values))
            prev_hash = digest
        return AuditEntry.objects.bulk_create(entries)


@dataclass(frozen=True)
class ChainBreak:
    entry_id: int
    reason: str


def audit_chain_verify(*, after_id: int = 0, prev_hash: str | None = None, batch: int = 5000) -> tuple[ChainBreak | None, int, str]:
    """Walk the chain from after_id; return (first break or None, last id, last hash)."""
    if prev_hash is None:
        prev_hash = GENESIS_HASH
        if after_id:
            prev_hash = AuditEntry.objects.values_list("hash", flat=True).get(id=after_id)
    last_id = after_id
    fields = ("id", "prev_hash", "hash", *HASHED_FIELDS)
    while True:
        rows = list(AuditEntry.objects.filter(id__gt=last_id).order_by("id").values(*fields)[:batch])
        if not rows:
            return None, last_id, prev_hash
        for row in rows:
            if row["prev_hash"] != prev_hash:
                return ChainBreak(row["id"], "prev_hash does not match the previous entry"), last_id, prev_hash
            if entry_hash(row, row["prev_hash"]) != row["hash"]:
                return ChainBreak(row["id"], "hash does not match the entry's contents"), last_id, prev_hash
            prev_hash = row["hash"]
            last_id = row["id"]
