"""Alerts: the chapter's Detection sections, evaluated on the audit trail.

Three rules look at entries as they are written (`alerts_evaluate`, called by
`audit_append` under the chain lock): they inspect only the events just
written and, when one of them is relevant, run one small indexed query. The
approval-backlog rules have no triggering entry, so a django-q2 schedule runs
`approvals.tasks.alerts_check_backlog` every minute.

An alert is stored, counted in `tool_audit_alerts{rule}` and, when
TOOLGUARD_ALERT_WEBHOOK_URL is set, posted there by a django-q2 task queued on
commit. A burst raises one alert per subject per window, not one per entry.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from audit.models import Alert, AuditEntry
from core import metrics
from core.enums import AuditAction
from core.webhooks import webhook_post_json, webhook_url_valid

logger = logging.getLogger(__name__)

# Serializes dedup decisions of the backlog task with those made under the
# chain lock (always taken after it, never before, so the two cannot deadlock).
ALERT_LOCK_ID = 7_243_180_527

Rule = Alert.Rule
Severity = Alert.Severity


def injection_threshold() -> int:
    return settings.TOOLGUARD_ALERT_INJECTION_BLOCKS


def injection_window() -> timedelta:
    return timedelta(seconds=settings.TOOLGUARD_ALERT_INJECTION_WINDOW_SECONDS)


def repeat_window() -> timedelta:
    return timedelta(seconds=settings.TOOLGUARD_ALERT_REPEAT_WINDOW_SECONDS)


def mismatch_window() -> timedelta:
    return timedelta(seconds=settings.TOOLGUARD_ALERT_MISMATCH_WINDOW_SECONDS)


def backlog_threshold() -> int:
    return settings.TOOLGUARD_ALERT_BACKLOG


def approval_sla() -> timedelta:
    return timedelta(seconds=settings.TOOLGUARD_APPROVAL_SLA_SECONDS)


def backlog_window() -> timedelta:
    # One backlog alert per quarter hour is enough to page someone without flooding them.
    return timedelta(seconds=settings.TOOLGUARD_ALERT_BACKLOG_WINDOW_SECONDS)


def alert_raise(
    *,
    rule: str,
    severity: str,
    subject: str,
    window: timedelta,
    customer: str = "",
    session_id: str = "",
    details: dict[str, Any] | None = None,
    entry: AuditEntry | None = None,
    now: datetime | None = None,
) -> Alert | None:
    """Store the alert unless this rule already fired for this subject inside the window."""
    now = now or timezone.now()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [ALERT_LOCK_ID])
        if Alert.objects.filter(rule=rule, subject=subject, created_at__gte=now - window).exists():
            return None
        alert = Alert.objects.create(
            rule=rule,
            severity=severity,
            subject=subject[:300],
            customer=customer,
            session_id=session_id,
            details=details or {},
            entry=entry,
            created_at=now,
        )
    transaction.on_commit(lambda: _announce(alert))
    return alert


def _announce(alert: Alert) -> None:
    """After commit: count it, and queue the webhook (a lost post must not lose the alert)."""
    metrics.audit_alerts.labels(alert.rule).inc()
    logger.warning("audit alert %s (%s) on %s", alert.rule, alert.severity, alert.subject)
    if not settings.TOOLGUARD_ALERT_WEBHOOK_URL:
        return
    try:
        from django_q.tasks import async_task

        async_task("audit.alerts.alert_webhook_post", alert.id)
    except Exception:
        logger.exception("could not queue the webhook for alert %s", alert.id)


def alert_payload(alert: Alert) -> dict[str, Any]:
    return {
        "id": alert.id,
        "rule": alert.rule,
        "severity": alert.severity,
        "subject": alert.subject,
        "customer": alert.customer,
        "session_id": alert.session_id,
        "entry_id": alert.entry_id,
        "details": alert.details,
        "created_at": alert.created_at.isoformat(),
        "alerts_path": "/audit/alerts/",
    }


def alert_webhook_post(alert_id: int) -> int | None:
    """django-q2 task: POST the alert as JSON to TOOLGUARD_ALERT_WEBHOOK_URL; return the HTTP status."""
    url = settings.TOOLGUARD_ALERT_WEBHOOK_URL
    alert = Alert.objects.filter(id=alert_id).first()
    if not url or alert is None:
        return None
    if not webhook_url_valid(url):
        logger.error("TOOLGUARD_ALERT_WEBHOOK_URL must be an http(s) URL; alert %s not posted", alert_id)
        return None
    # A refusal or an unreachable hook raises (WebhookError): django-q2 records the task as failed.
    return webhook_post_json(url, alert_payload(alert))


# --- rules evaluated as entries are written -------------------------------------------


@dataclass
class Finding:
    """A rule that fired on an entry about to be written; raised once the entry has its id."""

    entry: AuditEntry
    alert: dict[str, Any]

    def raise_alert(self) -> Alert | None:
        return alert_raise(**self.alert, entry=self.entry, now=self.entry.timestamp)


def alerts_detect(
    entries: Sequence[AuditEntry], *, stored_operations: dict[tuple[str, str], list[tuple[Any, ...]]] | None = None
) -> list[Finding]:
    """Run the write-time rules over a batch about to be appended (unsaved, in chain order).

    `stored_operations` are the committed operations `earlier_operations_sent` read
    ahead for this batch (by a caller that had a round trip to make anyway);
    without them a large batch reads them now, and a small one per entry.

    Each rule reads the batch and at most one small indexed query. Calls of
    one session take turns on their session row, so a session's earlier
    entries are committed when its next call looks; two sessions of one
    customer blocked at the same instant may each miss the other, and the
    customer-wide spike then fires one block later.
    """
    findings: list[Finding] = []
    # The batch's earlier entries that a rule can match, kept as it is
    # walked, so a large batch (the expiry sweep, the benchmark generator)
    # costs one pass and not one pass per entry.
    blocks: list[AuditEntry] = []
    operations: dict[tuple[str, str, str | None], list[AuditEntry]] = {}
    stored = stored_operations if stored_operations is not None else _earlier_operations(entries)
    for entry in entries:
        if entry.action == AuditAction.INJECTION_BLOCKED:
            findings += _injection_spike(entry, blocks)
            blocks.append(entry)
        elif entry.operation_hash:
            same = (entry.session_id, entry.customer, entry.operation_hash)
            findings += _repeated_operation(entry, operations.get(same, []), stored)
            operations.setdefault(same, []).append(entry)
        elif entry.action == AuditAction.IDEMPOTENCY_MISMATCH:
            findings += _idempotency_mismatch(entry)
        elif entry.action == AuditAction.UPSTREAM_TOOL_WITHHELD:
            findings.append(_upstream_tool_withheld(entry))
    return findings


def _upstream_tool_withheld(entry: AuditEntry) -> Finding:
    """Rule 4: an upstream changed what a guarded tool takes or says; its calls wait for an operator."""
    alert = {
        "rule": Rule.UPSTREAM_TOOL_WITHHELD,
        "severity": Severity.CRITICAL,
        "subject": f"tool:{entry.tool}:{entry.details.get('announcement_sha256', '')}",
        "window": repeat_window(),
        "details": {
            "tool": entry.tool,
            "version": entry.details.get("version"),
            "changed": entry.details.get("changed", []),
            "source": entry.details.get("source", ""),
            "accept_with": entry.details.get("accept_with", ""),
        },
    }
    return Finding(entry, alert)


def _injection_spike(entry: AuditEntry, batch: Sequence[AuditEntry]) -> list[Finding]:
    """Rule 1: many injection blocks in a short time for one session, or spread over a customer's sessions."""
    threshold, window = injection_threshold(), injection_window()
    since = entry.timestamp - window
    scopes: list[tuple[str, dict[str, str]]] = []
    if entry.session_id:
        scopes.append(("session", {"session_id": entry.session_id, "customer": entry.customer}))
    if entry.customer:
        scopes.append(("customer", {"customer": entry.customer}))
    for scope, match in scopes:
        in_batch = 1 + sum(
            1 for e in batch if e.timestamp >= since and all(getattr(e, k) == v for k, v in match.items())
        )
        # Capped at the threshold: the query reads at most that many index entries.
        recent = list(
            AuditEntry.objects.filter(action=AuditAction.INJECTION_BLOCKED, timestamp__gte=since, **match)
            .order_by("-timestamp", "-id")
            .values_list("id", flat=True)[: max(threshold - in_batch, 0)]
        )
        if len(recent) + in_batch < threshold:
            continue
        # The first scope that reaches the threshold names the burst: a spike
        # in one session is one alert, not a session alert plus a customer one.
        subject = f"session:{entry.customer}:{entry.session_id}" if scope == "session" else f"customer:{entry.customer}"
        alert = {
            "rule": Rule.INJECTION_SPIKE,
            "severity": Severity.CRITICAL,
            "subject": subject,
            "window": window,
            "customer": entry.customer,
            "session_id": entry.session_id if scope == "session" else "",
            "details": {
                "scope": scope,
                "blocks": len(recent) + in_batch,
                "window_seconds": int(window.total_seconds()),
                "earlier_entry_ids": sorted(recent),
                "category": entry.details.get("category", ""),
            },
        }
        return [Finding(entry, alert)]
    return []


def _repeated_operation(
    entry: AuditEntry, batch: Sequence[AuditEntry], stored: dict[tuple[str, str], list[tuple[Any, ...]]] | None
) -> list[Finding]:
    """Rule 2: the same operation under a different key in one session: the double-transfer incident.

    `batch` holds this batch's earlier entries of the same operation;
    `stored`, when the batch was large enough to prefetch, the committed ones.
    """
    if not entry.session_id:
        return []
    window = repeat_window()
    since = entry.timestamp - window
    earlier = next(
        (
            {"id": None, "idempotency_key": e.idempotency_key}
            for e in reversed(batch)
            if e.idempotency_key != entry.idempotency_key and e.timestamp >= since
        ),
        None,
    )
    if earlier is None and stored is not None:
        earlier = next(
            (
                {"id": entry_id, "idempotency_key": key}
                for entry_id, key, customer, moment in stored.get((entry.session_id, str(entry.operation_hash)), [])
                if customer == entry.customer and key != entry.idempotency_key and moment >= since
            ),
            None,
        )
    elif earlier is None:
        earlier = _earlier_operation(entry, window)
    if earlier is None:
        return []
    alert = {
        "rule": Rule.REPEATED_OPERATION,
        "severity": Severity.CRITICAL,
        "subject": f"operation:{entry.customer}:{entry.session_id}:{entry.operation_hash}",
        "window": window,
        "customer": entry.customer,
        "session_id": entry.session_id,
        "details": {
            "tool": entry.tool,
            "operation_sha256": entry.operation_hash,
            "idempotency_keys": [earlier["idempotency_key"], entry.idempotency_key],
            "earlier_entry_id": earlier["id"],
            "window_seconds": int(window.total_seconds()),
        },
    }
    return [Finding(entry, alert)]


# Runs for every transfer, so it is one fixed statement (no ORM compile on
# the write path), served by the partial audit_session_operation index.
_EARLIER_OPERATION_SQL = """
    SELECT id, idempotency_key FROM audit_auditentry
    WHERE session_id = %s AND operation_hash = %s AND "timestamp" >= %s
      AND customer = %s AND idempotency_key <> %s
    ORDER BY "timestamp" DESC LIMIT 1
"""


def _earlier_operation(entry: AuditEntry, window: timedelta) -> dict[str, Any] | None:
    with connection.cursor() as cursor:
        cursor.execute(
            _EARLIER_OPERATION_SQL,
            [entry.session_id, entry.operation_hash, entry.timestamp - window, entry.customer, entry.idempotency_key],
        )
        row = cursor.fetchone()
    return {"id": row[0], "idempotency_key": row[1]} if row else None


# Above this many operations in one batch, one statement fetches the committed
# entries of all of them (PostgreSQL), instead of one statement each.
PREFETCH_OPERATIONS_MIN = 8
_EARLIER_OPERATIONS_SQL = """
    SELECT a.session_id, a.operation_hash, a.id, a.idempotency_key, a.customer, a."timestamp"
    FROM audit_auditentry a
    JOIN unnest(%s::varchar[], %s::varchar[]) AS q(session_id, operation_hash)
      ON a.session_id = q.session_id AND a.operation_hash = q.operation_hash
    WHERE a.operation_hash IS NOT NULL AND a."timestamp" >= %s
    ORDER BY a."timestamp" DESC
"""


def _earlier_operations(entries: Sequence[AuditEntry]) -> dict[tuple[str, str], list[tuple[Any, ...]]] | None:
    """A large batch's committed operations inside the window, newest first, by (session, operation hash)."""
    wanted = {(e.session_id, str(e.operation_hash)) for e in entries if e.operation_hash and e.session_id}
    if len(wanted) < PREFETCH_OPERATIONS_MIN:
        return None
    return earlier_operations_sent(entries)()


def earlier_operations_sent(
    entries: Sequence[AuditEntry],
) -> Callable[[], dict[tuple[str, str], list[tuple[Any, ...]]] | None]:
    """Send the repeated-operation rule's read for these (unsaved) entries now; call the result to read it.

    Read ahead, it must be read after anything that could commit an
    operation of the same session: the executor sends it behind the
    customer's row lock, which every call that starts an operation takes.
    PostgreSQL only (a round trip saved); elsewhere the reader answers None
    and the rule reads when the entries are appended.
    """
    wanted = {(e.session_id, str(e.operation_hash)) for e in entries if e.operation_hash and e.session_id}
    if connection.vendor != "postgresql":
        return lambda: None
    if not wanted:
        return dict
    since = min(e.timestamp for e in entries) - repeat_window()
    sessions, hashes = zip(*sorted(wanted), strict=True)
    cursor = connection.cursor()
    cursor.execute(_EARLIER_OPERATIONS_SQL, [list(sessions), list(hashes), since])

    def read() -> dict[tuple[str, str], list[tuple[Any, ...]]]:
        found: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
        try:
            for session_id, digest, *rest in cursor.fetchall():
                found.setdefault((session_id, digest), []).append(tuple(rest))
        finally:
            cursor.close()
        return found

    return read


def _idempotency_mismatch(entry: AuditEntry) -> list[Finding]:
    """Rule 3: a key reused with different arguments (the key won; a person should look)."""
    alert = {
        "rule": Rule.IDEMPOTENCY_MISMATCH,
        "severity": Severity.WARNING,
        "subject": f"key:{entry.customer}:{entry.tool}:{entry.idempotency_key}",
        "window": mismatch_window(),
        "customer": entry.customer,
        "session_id": entry.session_id,
        "details": {"tool": entry.tool, "idempotency_key": entry.idempotency_key, "tool_call_id": entry.tool_call_id},
    }
    return [Finding(entry, alert)]
