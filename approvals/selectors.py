"""Reads of approval state."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Min, Q
from django.utils import timezone

from approvals.models import ApprovalDecision, ApprovalRequest
from audit.models import AuditEntry
from toolguard.models import AgentSession, ToolCall
from toolguard.tools.registry import rule_label


def approval_backlog_by_tool() -> list[tuple[str, int, float]]:
    """(tool, pending count, oldest pending age in seconds) for every tool with a backlog."""
    now = timezone.now()
    rows = (
        ApprovalRequest.objects.filter(status=ApprovalRequest.Status.PENDING)
        .values("tool")
        .annotate(count=Count("id"), oldest=Min("created_at"))
        .order_by("tool")
    )
    return [(row["tool"], row["count"], (now - row["oldest"]).total_seconds()) for row in rows]


# --- Reviewer pages -------------------------------------------------------
#
# Everything a reviewer looks at before deciding, read in a fixed, small
# number of queries per page (the queue polls every few seconds).

QUEUE_LIMIT = 200


@dataclass(frozen=True)
class RiskFlag:
    code: str
    label: str
    # "bad" for what suggests an attack on this session, "warn" for what only deserves a look.
    severity: str


RISK_FLAGS: dict[str, tuple[str, str]] = {
    "invisible_stripped": ("Invisible characters stripped", "warn"),
    "arguments_mismatch": ("Arguments changed on retry", "bad"),
    "session_injection_blocks": ("Session has injection blocks", "bad"),
    "session_quarantined": ("Session quarantined", "bad"),
}


def risk_flag(code: str) -> RiskFlag:
    label, severity = RISK_FLAGS.get(code, (code.replace("_", " ").capitalize(), "warn"))
    return RiskFlag(code, label, severity)


def rule_labels(rules: Iterable[str]) -> list[tuple[str, str]]:
    """(code, human label) for each rule that held a request, unknown codes kept readable."""
    return [(rule, rule_label(rule)) for rule in rules]


@dataclass
class ReviewRow:
    """One approval request as the queue shows it."""

    approval: ApprovalRequest
    rules: list[tuple[str, str]]
    flags: list[RiskFlag]
    approvals_received: int
    decided_by: list[str]
    now: datetime

    @property
    def from_account(self) -> str:
        return str(self.approval.arguments.get("from_account", ""))

    @property
    def to_account(self) -> str:
        return str(self.approval.arguments.get("to_account", ""))

    @property
    def overdue(self) -> bool:
        """Past its deadline but not yet swept: a decision now would be refused."""
        return self.approval.status == ApprovalRequest.Status.PENDING and self.approval.expires_at <= self.now


def approval_state_counts() -> dict[str, int]:
    """How many requests are in each state, every state present (zero when empty)."""
    counts = dict.fromkeys(ApprovalRequest.Status.values, 0)
    for row in ApprovalRequest.objects.values("status").annotate(n=Count("id")).order_by():
        counts[row["status"]] = row["n"]
    return counts


def approval_queue(*, status: str = ApprovalRequest.Status.PENDING, limit: int = QUEUE_LIMIT) -> list[ReviewRow]:
    """The queue for one state: pending oldest first (work the backlog in order), the rest newest first."""
    order = "created_at" if status == ApprovalRequest.Status.PENDING else "-created_at"
    approvals = list(
        ApprovalRequest.objects.filter(status=status)
        .select_related("customer")
        .prefetch_related("decisions")
        .order_by(order, "id")[:limit]
    )
    flags = approval_risk_flags(approvals)
    now = timezone.now()
    rows = []
    for approval in approvals:
        decisions = list(approval.decisions.all())
        rows.append(
            ReviewRow(
                approval=approval,
                rules=rule_labels(approval.rules),
                flags=flags[approval.id],
                approvals_received=sum(1 for d in decisions if d.decision == ApprovalDecision.Decision.APPROVE),
                decided_by=[d.reviewer_label for d in decisions],
                now=now,
            )
        )
    return rows


def approval_risk_flags(approvals: Sequence[ApprovalRequest]) -> dict[uuid.UUID, list[RiskFlag]]:
    """Risk flags per request: those recorded when it was held, and what happened since.

    A retry with other arguments and an injection attempt later in the same
    session both happen after the request was created, so they are read from
    the audit log and the session at the time of looking, not from the row.
    """
    if not approvals:
        return {}
    ids = [str(a.id) for a in approvals]
    mismatched = set(
        AuditEntry.objects.filter(action="idempotency_mismatch", approval_id__in=ids).values_list(
            "approval_id", flat=True
        )
    )
    session_ids = {a.session_id for a in approvals}
    customers = {a.customer.external_id for a in approvals}
    injected = set(
        AuditEntry.objects.filter(action="injection_blocked", session_id__in=session_ids, customer__in=customers)
        .values_list("customer", "session_id")
        .distinct()
    )
    quarantined = set(
        AgentSession.objects.filter(
            customer_id__in={a.customer_id for a in approvals}, session_id__in=session_ids, quarantined_at__isnull=False
        ).values_list("customer_id", "session_id")
    )
    result: dict[uuid.UUID, list[RiskFlag]] = {}
    for approval in approvals:
        codes = list(approval.risk_flags)
        if str(approval.id) in mismatched:
            codes.append("arguments_mismatch")
        if (approval.customer.external_id, approval.session_id) in injected:
            codes.append("session_injection_blocks")
        if (approval.customer_id, approval.session_id) in quarantined:
            codes.append("session_quarantined")
        order = list(RISK_FLAGS)
        unique = sorted(set(codes), key=lambda c: (order.index(c) if c in order else len(order), c))
        result[approval.id] = [risk_flag(code) for code in unique]
    return result


def _compact_json(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(", ", ": "))


@dataclass(frozen=True)
class SessionCall:
    call: ToolCall
    arguments_json: str
    # The call this request holds, so the page can mark it among its neighbours.
    is_this_request: bool

    @property
    def status_label(self) -> str:
        return self.call.status.replace("_", " ")


@dataclass(frozen=True)
class AuditLine:
    entry: AuditEntry
    details_json: str


@dataclass
class ReviewDetail:
    """Everything on one request's page."""

    row: ReviewRow
    arguments_json: str
    decisions: list[ApprovalDecision]
    session_calls: list[SessionCall]
    audit_trail: list[AuditLine]
    session: AgentSession | None

    @property
    def approval(self) -> ApprovalRequest:
        return self.row.approval

    @property
    def approvals_missing(self) -> int:
        return max(self.approval.required_approvals - self.row.approvals_received, 0)


def approval_detail(approval_id: uuid.UUID | str) -> ReviewDetail | None:
    approval = (
        ApprovalRequest.objects.select_related("customer").prefetch_related("decisions").filter(id=approval_id).first()
    )
    if approval is None:
        return None
    decisions = sorted(approval.decisions.all(), key=lambda d: (d.created_at, d.pk))
    row = ReviewRow(
        approval=approval,
        rules=rule_labels(approval.rules),
        flags=approval_risk_flags([approval])[approval.id],
        approvals_received=sum(1 for d in decisions if d.decision == ApprovalDecision.Decision.APPROVE),
        decided_by=[d.reviewer_label for d in decisions],
        now=timezone.now(),
    )
    session_calls = [
        SessionCall(
            call, _compact_json(call.arguments) if call.arguments is not None else "", call.id == approval.tool_call_id
        )
        for call in ToolCall.objects.filter(customer_id=approval.customer_id, session_id=approval.session_id).order_by(
            "created_at", "id"
        )
    ]
    audit_trail = [
        AuditLine(entry, _compact_json(entry.details) if entry.details else "")
        for entry in AuditEntry.objects.filter(
            Q(approval_id=str(approval.id)) | Q(tool_call_id=str(approval.tool_call_id))
        ).order_by("timestamp", "id")
    ]
    session = AgentSession.objects.filter(customer_id=approval.customer_id, session_id=approval.session_id).first()
    return ReviewDetail(
        row=row,
        # Never truncated: the reviewer decides on exactly these bytes.
        arguments_json=json.dumps(approval.arguments, indent=2, sort_keys=True, ensure_ascii=False),
        decisions=decisions,
        session_calls=session_calls,
        audit_trail=audit_trail,
        session=session,
    )
