"""Reads behind the incident pages (alerts with their triage, quarantines, agent keys) and what waits on home."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Max

from approvals.models import ApprovalRequest
from approvals.selectors import approval_cases
from audit.models import Alert
from core.models import AgentKey, AgentSession, Customer, ToolCall
from people.models import PersonalToken
from people.roles import REVIEWERS_GROUP
from staff.models import AlertTriage


def alert_triage_map(alerts: list[Alert]) -> dict[int, AlertTriage]:
    rows = AlertTriage.objects.filter(alert_id__in=[a.id for a in alerts]).select_related("assignee")
    return {row.alert_id: row for row in rows}


@dataclass(frozen=True)
class Quarantine:
    """One quarantined thing a person may release. Sessions today; keys take the same shape."""

    kind: str
    subject: str
    customer: str
    since: datetime
    blocks: int
    release_pk: int


def quarantines_open() -> list[Quarantine]:
    sessions = (
        AgentSession.objects.filter(quarantined_at__isnull=False)
        .select_related("customer")
        .order_by("-quarantined_at", "-id")[:500]
    )
    keys = (
        AgentKey.objects.filter(quarantined_at__isnull=False)
        .select_related("customer")
        .order_by("-quarantined_at", "-id")[:500]
    )
    found = [
        Quarantine(
            kind="key",
            subject=k.label,
            customer=k.customer.external_id,
            since=k.quarantined_at,
            blocks=0,
            release_pk=k.pk,
        )
        for k in keys
        if k.quarantined_at is not None  # the query's own filter, restated for the type checker
    ]
    return found + [
        Quarantine(
            kind="session",
            subject=s.session_id,
            customer=s.customer.external_id,
            since=s.quarantined_at,
            blocks=s.injection_blocks,
            release_pk=s.pk,
        )
        for s in sessions
        if s.quarantined_at is not None  # the query's own filter, restated for the type checker
    ]


@dataclass(frozen=True)
class KeyRow:
    key: AgentKey
    last_used_at: datetime | None


@dataclass(frozen=True)
class CustomerKeys:
    customer: Customer
    keys: list[KeyRow]


def agent_keys_by_customer(*, customer: str = "") -> list[CustomerKeys]:
    """Every agent key per customer, live keys first, with its last call (from the tool-call log)."""
    keys = AgentKey.objects.select_related("customer").order_by("customer__external_id", "revoked_at", "-created_at")
    if customer:
        keys = keys.filter(customer__external_id=customer)
    rows = list(keys[:1000])
    last_used = dict(
        ToolCall.objects.filter(agent_key_id__in=[k.id for k in rows])
        .values("agent_key_id")
        .annotate(last=Max("created_at"))
        .values_list("agent_key_id", "last")
        .order_by()
    )
    grouped: dict[int, CustomerKeys] = {}
    for key in rows:
        group = grouped.setdefault(key.customer_id, CustomerKeys(key.customer, []))
        group.keys.append(KeyRow(key, last_used.get(key.id)))
    return list(grouped.values())


def personal_tokens(user_id: int) -> list[PersonalToken]:
    return list(PersonalToken.objects.filter(user_id=user_id).order_by("revoked_at", "-created_at"))


ALERT_STATUSES = {"": "Any", **dict(AlertTriage.Status.choices)}


@dataclass(frozen=True)
class TriagePage:
    alerts: list[Alert]
    next_cursor: int | None


def alert_page_by_status(*, rule: str = "", status: str = "", before_id: int = 0, limit: int = 50) -> TriagePage:
    """Alerts newest first (keyset on id), optionally only those open, acknowledged or resolved.

    An alert nobody has touched has no triage row yet: it is open.
    """
    alerts = Alert.objects.select_related("entry").order_by("-id")
    if rule:
        alerts = alerts.filter(rule=rule)
    if status == AlertTriage.Status.OPEN:
        alerts = alerts.exclude(triage__status__in=[AlertTriage.Status.ACKNOWLEDGED, AlertTriage.Status.RESOLVED])
    elif status:
        alerts = alerts.filter(triage__status=status)
    if before_id:
        alerts = alerts.filter(id__lt=before_id)
    rows = list(alerts[: limit + 1])
    return TriagePage(alerts=rows[:limit], next_cursor=rows[limit - 1].id if len(rows) > limit else None)


@dataclass(frozen=True)
class Waiting:
    """What waits for a person on the home page, per queue their roles open (None: not theirs)."""

    pending_requests: int | None = None
    pending_cases: int | None = None
    open_alerts: int | None = None
    quarantines: int | None = None


def waiting_for(groups: set[str]) -> Waiting:
    if not groups:
        return Waiting()
    open_alerts = Alert.objects.exclude(
        triage__status__in=[AlertTriage.Status.ACKNOWLEDGED, AlertTriage.Status.RESOLVED]
    ).count()
    quarantines = (
        AgentSession.objects.filter(quarantined_at__isnull=False).count()
        + AgentKey.objects.filter(quarantined_at__isnull=False).count()
    )
    if REVIEWERS_GROUP not in groups:
        return Waiting(open_alerts=open_alerts, quarantines=quarantines)
    cases = approval_cases()
    return Waiting(
        pending_requests=ApprovalRequest.objects.filter(status=ApprovalRequest.Status.PENDING).count(),
        pending_cases=len(cases),
        open_alerts=open_alerts,
        quarantines=quarantines,
    )
