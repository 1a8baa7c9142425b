"""The audit log's one write path: redaction, the alert rules, the chain link and the insert.

Verification is audit.verify's; the signed evidence (the tree's checkpoints,
the witness's cosignatures) is audit.tree's and audit.cosign's. Appending
signs nothing.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from toolguard_verify.receipt import HASHED_FIELDS

from audit import siem
from audit.alerts import alerts_detect, earlier_operations_sent
from audit.models import AuditEntry
from audit.redaction import redact_details
from core.enums import OPERATION_STARTS, ActorType, AuditAction, AuditResult
from core.events import AuditEvent
from core.pipelining import in_pipeline

GENESIS_HASH = "0" * 64
# Any fixed 64-bit number: the advisory lock that serializes chain appends,
# taken inside the database function audit_chain_append (migration 0013).
AUDIT_CHAIN_LOCK_ID = 7_243_180_526


# The actions whose details carry a call's canonical arguments: one logical operation each
# (a transfer's own name, every other tool's, and every tool's before the neutral one existed).
OPERATION_ACTIONS = OPERATION_STARTS
# Values, so a member and the plain string it stands for are both found.
_ACTIONS = frozenset(AuditAction.values)
_RESULTS = frozenset(AuditResult.values)
_ACTOR_TYPES = frozenset(ActorType.values)


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


def _refuse_unnamed(events: Sequence[AuditEvent]) -> None:
    """Refuse what core.enums does not name: the search page, the admin and the log must agree on every name.

    A bare string is refused even when it spells a member: a writer that
    passes members is one mypy and a rename can follow, and a typo in a
    string would have reached the log on the first path no test took.
    """
    for event in events:
        if event.action not in _ACTIONS:
            raise ValueError(f"unknown audit action {event.action!r}: name it in core.enums.AuditAction first")
        if event.result not in _RESULTS:
            raise ValueError(
                f"unknown audit result {event.result!r} (action {event.action!r}): one of {sorted(_RESULTS)}"
            )
        if event.actor_type not in _ACTOR_TYPES:
            raise ValueError(f"unknown actor type {event.actor_type!r} (action {event.action!r})")
        for name, value, enum in (
            ("action", event.action, AuditAction),
            ("result", event.result, AuditResult),
            ("actor_type", event.actor_type, ActorType),
        ):
            if not isinstance(value, enum):
                raise TypeError(f"audit {name} {value!r} is a bare string: pass {enum.__name__}({str(value)!r})")


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


StoredOperations = dict[tuple[str, str], list[tuple[Any, ...]]]


def audit_append(
    events: Sequence[AuditEvent], *, stored_operations: StoredOperations | None = None
) -> list[AuditEntry]:
    """Append events to the chain, in order, inside the caller's transaction, stamped now.

    Callers make this the last statement of their transaction: the chain lock
    is held from here until commit, and the time it is held bounds how many
    entries per second the whole deployment can write. Inside a
    `core.pipelining.CommitFlight` the append goes out with the COMMIT, so
    the lock is held for no network round trip at all.

    An action or result that core.enums does not name raises ValueError
    before anything is written. `stored_operations` is what
    `audit_operations_read_ahead` read for these events.
    """
    return audit_chain_insert(events, stored_operations=stored_operations)


def audit_operations_read_ahead(events: Sequence[AuditEvent]) -> Callable[[], StoredOperations | None]:
    """Send now the read the repeated-operation rule will make for these events when appended.

    For a caller with a round trip to make anyway (the executor, behind the
    customer's row lock): the read rides with it, and the append makes none.
    """
    now = timezone.now()
    return earlier_operations_sent([_entry(event, now)[0] for event in events if event.action in OPERATION_ACTIONS])


def audit_chain_insert(
    events: Sequence[AuditEvent],
    *,
    at: Sequence[datetime] | None = None,
    stored_operations: StoredOperations | None = None,
) -> list[AuditEntry]:
    """The one chain insert: every entry of every caller is written here and nowhere else.

    Redaction, the alert rules and the chain link always apply. `at` gives
    each event its own timestamp instead of now; only the benchmark
    generator (benchgen, not installed in production) passes it, and it can
    forge nothing: what it writes is chained after, and checkpointed like, any
    other entry.

    Everything that can be done before the lock is (redaction, canonical
    JSON, the alert rules' queries, the statement's parameters). On
    PostgreSQL the rest is one statement, the database function
    audit_chain_append (lock, head, hashes, INSERT); on SQLite, whose write
    lock serialises appends, the same hashes are taken here.
    """
    if not events:
        return []
    _refuse_unnamed(events)
    if at is None:
        now = timezone.now()
        prepared = [_entry(event, now) for event in events]
    else:
        prepared = [_entry(event, moment) for event, moment in zip(events, at, strict=True)]
    entries = [entry for entry, _ in prepared]
    # No savepoint: a failed append must undo the caller's whole transaction
    # anyway, so the extra SAVEPOINT/RELEASE round trips would buy nothing.
    with transaction.atomic(savepoint=False):
        # Before the lock: the rules read committed entries plus this batch.
        # Calls of one session already take turns on the session row, so a
        # session's earlier entries are committed by the time its next call
        # looks (see alerts_detect for the one cross-session race).
        findings = alerts_detect(entries, stored_operations=stored_operations)
        if connection.vendor == "postgresql":
            settle = _append_sent(prepared)
            if findings or not in_pipeline():
                # The alerts name their entries, so the ids are read back now.
                settle()
            else:
                # Sent with the COMMIT (a CommitFlight): the ids and hashes come back
                # with it, and nothing here waits while the chain lock is held.
                transaction.on_commit(settle)
        else:
            _insert_python(prepared)
        for finding in findings:
            finding.raise_alert()
        # Nothing here for the Merkle tree: the deployment's one integrator takes these
        # entries in within TOOLGUARD_AUDIT_MMD_SECONDS of their commit (audit.tree.Integrator).
        # And each configured SIEM collector has them within TOOLGUARD_SIEM_SHIP_DELAY_MS (audit.siem).
        transaction.on_commit(siem.siem_after_commit)
        return entries


_COLUMNS = (*HASHED_FIELDS, "prev_hash", "hash")


# SQLite sends a batch as VALUES statements of up to this many rows.
VALUES_ROWS_MAX = 64


@functools.cache
def _insert_sql(rows: int) -> str:
    table = connection.ops.quote_name(AuditEntry._meta.db_table)
    fields = {field.name: field for field in AuditEntry._meta.concrete_fields}
    columns = ", ".join(connection.ops.quote_name(str(fields[name].column)) for name in _COLUMNS)
    placeholders = "(" + ", ".join(["%s"] * len(_COLUMNS)) + ")"
    # Names come from the model's own metadata; every value is a parameter.
    return f"INSERT INTO {table} ({columns}) VALUES {', '.join([placeholders] * rows)} RETURNING id, hash"  # noqa: S608


_TIMESTAMP_AT = HASHED_FIELDS.index("timestamp")
_DETAILS_AT = HASHED_FIELDS.index("details")


def _db_row(entry: AuditEntry) -> list[Any]:
    row = [getattr(entry, name) for name in HASHED_FIELDS]
    row[_DETAILS_AT] = json.dumps(row[_DETAILS_AT])
    # SQLite stores datetimes as text in its own format; psycopg adapts them itself.
    if connection.vendor != "postgresql":
        row[_TIMESTAMP_AT] = connection.ops.adapt_datetimefield_value(row[_TIMESTAMP_AT])
    return row


@functools.cache
def _append_sql() -> str:
    """SELECT ... FROM audit_chain_append(bodies, one array per hashed field), the types from the model."""
    fields = {field.name: field for field in AuditEntry._meta.concrete_fields}
    arrays = ", ".join(f"%s::{fields[name].db_type(connection)}[]" for name in HASHED_FIELDS)
    # Types come from the model's own metadata; every value is a parameter.
    return f"SELECT id, prev_hash, hash FROM audit_chain_append(%s::text[], {arrays})"  # noqa: S608


def _text_array(values: Sequence[Any]) -> str | None:
    """Strings as a PostgreSQL array literal, or None when one is not a string (nor None).

    psycopg escapes each quote and backslash of an array's strings through a
    regular expression whose replacement runs in Python, character by
    character: with the entries' JSON bodies and details, a few hundred calls
    per guarded call. The same literal, escaped by str.replace.
    """
    quoted = []
    for value in values:
        if value is None:
            quoted.append("NULL")
        elif isinstance(value, str):
            quoted.append('"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"')
        else:
            return None
    return "{" + ",".join(quoted) + "}"


def _append_sent(prepared: list[tuple[AuditEntry, str]]) -> Callable[[], None]:
    """Send the append (PostgreSQL); the returned function reads back each entry's id and link.

    The bodies are the canonical JSON made before the lock, the one
    definition of what is hashed; the function adds only the link.
    """
    entries = [entry for entry, _ in prepared]
    rows = [_db_row(entry) for entry in entries]
    columns = [_text_array(column) or list(column) for column in zip(*rows, strict=True)]
    cursor = connection.cursor()
    cursor.execute(_append_sql(), [_text_array([body for _, body in prepared]), *columns])

    def settle() -> None:
        try:
            # Ids rise in the order the rows went in, which is chain order.
            found = sorted(cursor.fetchall())
        finally:
            cursor.close()
        for entry, (entry_id, prev_hash, digest) in zip(entries, found, strict=True):
            entry.id, entry.prev_hash, entry.hash = entry_id, prev_hash, digest
            entry._state.adding = False
            entry._state.db = connection.alias

    return settle


def _insert_python(prepared: list[tuple[AuditEntry, str]]) -> None:
    """SQLite: the head read, the hashes taken and the rows inserted here, under the database's write lock.

    IMMEDIATE transactions hold the write lock from BEGIN, so appends take turns.
    """
    entries = [entry for entry, _ in prepared]
    rows = [_db_row(entry) for entry in entries]
    with connection.cursor() as cursor:
        cursor.execute("SELECT hash FROM audit_auditentry ORDER BY id DESC LIMIT 1")
        head = cursor.fetchone()
        prev_hash = head[0] if head else GENESIS_HASH
        for (entry, body), row in zip(prepared, rows, strict=True):
            entry.prev_hash = prev_hash
            entry.hash = prev_hash = chain_hash(body, prev_hash)
            row += [entry.prev_hash, entry.hash]
        id_of: dict[str, int] = {}
        for start in range(0, len(rows), VALUES_ROWS_MAX):
            chunk = rows[start : start + VALUES_ROWS_MAX]
            cursor.execute(_insert_sql(len(chunk)), [value for row in chunk for value in row])
            # Matched by hash (unique), so nothing depends on the order RETURNING gives.
            id_of.update({digest: entry_id for entry_id, digest in cursor.fetchall()})
    for entry in entries:
        entry.id = id_of[entry.hash]
        entry._state.adding = False
        entry._state.db = connection.alias
