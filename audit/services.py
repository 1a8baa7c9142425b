"""The audit log's one write path."""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from audit.models import AuditCheckpoint, AuditEntry
from audit.redaction import redact_details

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
    # Hashed only when set, so entries written before it existed keep their hashes.
    "operation_hash",
)
# The actions whose details carry a call's canonical arguments: one logical operation each.
OPERATION_ACTIONS = frozenset({"transfer_initiated"})


def entry_body(values: dict[str, Any]) -> str:
    """The canonical JSON of an entry's own fields (everything the hash covers but the link)."""
    body = {name: values.get(name) for name in HASHED_FIELDS}
    if not body["operation_hash"]:
        del body["operation_hash"]
    ts = body["timestamp"]
    if isinstance(ts, datetime):
        body["timestamp"] = ts.astimezone(UTC).isoformat(timespec="microseconds")
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_hash(body: str, prev_hash: str) -> str:
    """SHA-256 of {"entry": body, "prev_hash": prev_hash} as canonical JSON (keys sorted, no spaces)."""
    return hashlib.sha256(f'{{"entry":{body},"prev_hash":{json.dumps(prev_hash)}}}'.encode()).hexdigest()


def entry_hash(values: dict[str, Any], prev_hash: str) -> str:
    """SHA-256 over a canonical JSON of the entry's fields and the previous hash."""
    return chain_hash(entry_body(values), prev_hash)


def operation_hash(arguments: Any) -> str | None:
    """What a call does, without the key that names it: equal for a repeat of the same operation."""
    if not isinstance(arguments, dict):
        return None
    body = {name: value for name, value in arguments.items() if name != "idempotency_key"}
    return hashlib.sha256(
        json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    ).hexdigest()


def _entry(event: AuditEvent, now: datetime) -> tuple[AuditEntry, str]:
    details = redact_details(event.action, event.details)
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
        "details": details,
        "duration_ms": event.duration_ms,
        "operation_hash": operation_hash(details.get("arguments")) if event.action in OPERATION_ACTIONS else None,
    }
    return AuditEntry(**values), entry_body(values)


def audit_append(events: Sequence[AuditEvent]) -> list[AuditEntry]:
    """Append events to the chain, in order, inside the caller's transaction.

    Callers make this the last statement of their transaction: the chain lock
    is held from here until commit, and the time it is held bounds how many
    entries per second the whole deployment can write. So everything that can
    be done before the lock is (redaction, canonical JSON, the alert rules'
    queries, building the INSERT); under it the head is read, the hashes
    taken and one INSERT sent.
    """
    if not events:
        return []
    from audit.alerts import alerts_detect

    now = timezone.now()
    prepared = [_entry(event, now) for event in events]
    entries = [entry for entry, _ in prepared]
    # No savepoint: a failed append must undo the caller's whole transaction
    # anyway, so the extra SAVEPOINT/RELEASE round trips would buy nothing.
    with transaction.atomic(savepoint=False):
        # Before the lock: the rules read committed entries plus this batch.
        # Calls of one session already take turns on the session row, so a
        # session's earlier entries are committed by the time its next call
        # looks (see alerts_detect for the one cross-session race).
        findings = alerts_detect(entries)
        if connection.vendor == "postgresql":
            _append_locked_postgresql(prepared)
        else:
            # SQLite needs no lock: IMMEDIATE transactions already hold the write lock.
            prev_hash = AuditEntry.objects.order_by("-id").values_list("hash", flat=True).first() or GENESIS_HASH
            for entry, body in prepared:
                entry.prev_hash = prev_hash
                entry.hash = prev_hash = chain_hash(body, prev_hash)
            AuditEntry.objects.bulk_create(entries)
        for finding in findings:
            finding.raise_alert()
        return entries


_COLUMNS = (*HASHED_FIELDS, "prev_hash", "hash")


# Up to this many entries an append is one VALUES row per entry (what a tool
# call writes: fastest for a few rows, and each size's statement is cached by
# the driver); larger batches (the expiry sweep) send a column array per
# parameter, because building a VALUES list of thousands of placeholders
# costs more than running it.
VALUES_ROWS_MAX = 64


@functools.cache
def _insert_sql(rows: int) -> str:
    table = connection.ops.quote_name(AuditEntry._meta.db_table)
    fields = {field.name: field for field in AuditEntry._meta.concrete_fields}
    columns = ", ".join(connection.ops.quote_name(str(fields[name].column)) for name in _COLUMNS)
    if rows > VALUES_ROWS_MAX:
        arrays = ", ".join(f"%s::{fields[name].db_type(connection)}[]" for name in _COLUMNS)
        source = f"SELECT * FROM unnest({arrays})"  # noqa: S608 (types from the model's metadata)
    else:
        placeholders = "(" + ", ".join(["%s"] * len(_COLUMNS)) + ")"
        source = "VALUES " + ", ".join([placeholders] * rows)
    # Names and types come from the model's own metadata; every value is a parameter.
    return f"INSERT INTO {table} ({columns}) {source} RETURNING id, hash"


def _append_locked_postgresql(prepared: list[tuple[AuditEntry, str]]) -> None:
    # The statement and its parameters are ready before the lock, so the
    # critical section is three round trips with no ORM work in between.
    entries = [entry for entry, _ in prepared]
    sql = _insert_sql(min(len(entries), VALUES_ROWS_MAX + 1))
    rows = [[getattr(entry, name) for name in HASHED_FIELDS] for entry in entries]
    details_at = HASHED_FIELDS.index("details")
    for row in rows:
        row[details_at] = json.dumps(row[details_at])
    with connection.cursor() as cursor:
        # Two writers reading the same head would fork the chain; the
        # transaction-scoped lock makes appends take turns until commit.
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [AUDIT_CHAIN_LOCK_ID])
        # A new statement, so a new snapshot: under READ COMMITTED (Django's
        # default, and what every caller uses) it sees the head the previous
        # holder committed. REPEATABLE READ would pin an older snapshot and fork.
        cursor.execute("SELECT hash FROM audit_auditentry ORDER BY id DESC LIMIT 1")
        head = cursor.fetchone()
        prev_hash = head[0] if head else GENESIS_HASH
        for (entry, body), row in zip(prepared, rows, strict=True):
            entry.prev_hash = prev_hash
            entry.hash = prev_hash = chain_hash(body, prev_hash)
            row += [entry.prev_hash, entry.hash]
        if len(entries) > VALUES_ROWS_MAX:
            cursor.execute(sql, [list(column) for column in zip(*rows, strict=True)])
        else:
            cursor.execute(sql, [value for row in rows for value in row])
        # Matched by hash (unique), so nothing depends on the order RETURNING gives.
        id_of = {entry_hash: entry_id for entry_id, entry_hash in cursor.fetchall()}
    for entry in entries:
        entry.id = id_of[entry.hash]
        entry._state.adding = False
        entry._state.db = connection.alias


@dataclass(frozen=True)
class ChainBreak:
    entry_id: int
    reason: str


def audit_chain_verify(
    *, after_id: int = 0, prev_hash: str | None = None, batch: int = 5000
) -> tuple[ChainBreak | None, int, str]:
    """Walk the chain from after_id; return (first break or None, last id, last hash)."""
    broken, last_id, last_hash, _ = _chain_walk(after_id=after_id, prev_hash=prev_hash, batch=batch)
    return broken, last_id, last_hash


def _chain_walk(*, after_id: int, prev_hash: str | None, batch: int) -> tuple[ChainBreak | None, int, str, int]:
    if prev_hash is None:
        prev_hash = GENESIS_HASH
        if after_id:
            prev_hash = AuditEntry.objects.values_list("hash", flat=True).get(id=after_id)
    last_id, walked = after_id, 0
    fields = ("id", "prev_hash", "hash", *HASHED_FIELDS)
    while True:
        rows = list(AuditEntry.objects.filter(id__gt=last_id).order_by("id").values(*fields)[:batch])
        if not rows:
            return None, last_id, prev_hash, walked
        for row in rows:
            if row["prev_hash"] != prev_hash:
                return ChainBreak(row["id"], "prev_hash does not match the previous entry"), last_id, prev_hash, walked
            if entry_hash(row, row["prev_hash"]) != row["hash"]:
                return ChainBreak(row["id"], "hash does not match the entry's contents"), last_id, prev_hash, walked
            prev_hash = row["hash"]
            last_id = row["id"]
            walked += 1


class CheckpointRefused(Exception):
    """The stored checkpoint cannot be trusted as a starting point."""


def checkpoint_signature(entry_id: int, entry_hash: str) -> str:
    """HMAC-SHA256 over (entry id, entry hash), or "" when no key is configured."""
    key = getattr(settings, "TOOLGUARD_AUDIT_HMAC_KEY", "")
    if not key:
        return ""
    return hmac.new(key.encode(), f"{entry_id}:{entry_hash}".encode(), hashlib.sha256).hexdigest()


def audit_checkpoint_latest() -> AuditCheckpoint | None:
    """The newest checkpoint, refused if its signature or its entry does not match."""
    checkpoint = AuditCheckpoint.objects.order_by("-id").first()
    if checkpoint is None:
        return None
    expected = checkpoint_signature(checkpoint.entry_id, checkpoint.entry_hash)
    if expected and not hmac.compare_digest(expected, checkpoint.signature):
        raise CheckpointRefused(
            f"audit checkpoint {checkpoint.id} (entry {checkpoint.entry_id}) signature does not match; "
            "verify with --full"
        )
    stored = AuditEntry.objects.filter(id=checkpoint.entry_id).values_list("hash", flat=True).first()
    if stored != checkpoint.entry_hash:
        raise CheckpointRefused(
            f"audit checkpoint {checkpoint.id} names entry {checkpoint.entry_id}, "
            "whose hash is no longer the one verified; verify with --full"
        )
    return checkpoint


@dataclass(frozen=True)
class VerifyResult:
    broken: ChainBreak | None
    start_id: int
    last_id: int
    entries: int
    checkpoint: AuditCheckpoint | None


def audit_verify(*, full: bool = False, batch: int = 5000) -> VerifyResult:
    """Walk the chain from the last trusted checkpoint (or the start) and checkpoint what verified.

    Incremental runs trust everything up to the checkpoint: a rewrite of an
    entry before it is found by a `full` run, which every deployment should
    schedule now and then (docs/audit.md).
    """
    start_id, prev_hash = 0, GENESIS_HASH
    if not full:
        latest = audit_checkpoint_latest()
        if latest is not None:
            start_id, prev_hash = latest.entry_id, latest.entry_hash
    broken, last_id, last_hash, verified = _chain_walk(after_id=start_id, prev_hash=prev_hash, batch=batch)
    checkpoint = None
    if verified:
        # What verified before the break is still proven; the break itself is not.
        checkpoint = AuditCheckpoint.objects.create(
            entry_id=last_id,
            entry_hash=last_hash,
            entries_verified=verified,
            full=full,
            signature=checkpoint_signature(last_id, last_hash),
        )
    return VerifyResult(broken=broken, start_id=start_id, last_id=last_id, entries=verified, checkpoint=checkpoint)
