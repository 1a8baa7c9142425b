"""Reads of approval state."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Count, Min, Q
from django.utils import timezone

from approvals.models import ApprovalDecision, ApprovalRequest
from audit.models import Alert, AuditEntry
from core.enums import AuditAction
from core.models import AgentSession, ToolCall, ValueEntry
from core.rates import reporting_currency
from core.tools import rule_label
from people.stepup import step_up_applies


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
    def route(self) -> str:
        return request_route(self.approval)

    @property
    def title(self) -> str:
        return request_title(self.approval)

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
        AuditEntry.objects.filter(action=AuditAction.IDEMPOTENCY_MISMATCH, approval_id__in=ids).values_list(
            "approval_id", flat=True
        )
    )
    session_ids = {a.session_id for a in approvals}
    customers = {a.customer.external_id for a in approvals}
    injected = set(
        AuditEntry.objects.filter(
            action=AuditAction.INJECTION_BLOCKED, session_id__in=session_ids, customer__in=customers
        )
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
class AuditLine:
    entry: AuditEntry
    details_json: str


@dataclass
class ReviewDetail:
    """Everything on one request's page."""

    row: ReviewRow
    arguments_json: str
    decisions: list[ApprovalDecision]
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
        audit_trail=audit_trail,
        session=session,
    )


# --- What a held request is about -------------------------------------------
#
# The only place that reads a request's value, source, beneficiary and key:
# when requests carry these as fields of their own, these functions change
# and nothing else does.


def request_value(approval: ApprovalRequest) -> tuple[int, str]:
    """(value in cents, currency) as the limits count it: in the reporting currency (core.rates).

    A value no rate converted (held as `no_rate`) is given in its own
    currency; 0 for tools without a value.
    """
    if approval.reporting_cents is not None:
        return approval.reporting_cents, approval.reporting_currency
    return approval.value_cents or 0, approval.currency


def step_up_cents(approvals: Iterable[ApprovalRequest]) -> int | None:
    """What approving these moves in the reporting currency, against the second-factor
    threshold; None when a value in them has no rate (unknown, so over any threshold)."""
    approvals = list(approvals)
    if any(a.no_rate for a in approvals):
        return None
    return sum(request_value(a)[0] for a in approvals)


def step_up_asked(approvals: Iterable[ApprovalRequest]) -> bool:
    """Whether approving these asks for the second factor, judged as the decision services judge it."""
    return step_up_applies(step_up_cents(approvals))


def request_source(approval: ApprovalRequest) -> str:
    """Where the value comes from, when the tool names it (a transfer's source account)."""
    return str(approval.arguments.get("from_account", ""))


def request_beneficiary(approval: ApprovalRequest) -> str:
    return approval.beneficiary


def request_route(approval: ApprovalRequest) -> str:
    """The source and destination ("checking → savings") when the tool names both; otherwise empty."""
    source, destination = request_source(approval), str(approval.arguments.get("to_account", ""))
    return f"{source} → {destination}" if source and destination else ""


def request_title(approval: ApprovalRequest) -> str:
    """The request named by its tool: what rows and headers show when there is no beneficiary or destination."""
    return str(approval.summary.get("title") or "") or approval.tool.replace("_", " ").capitalize()


def request_agent_keys(approvals: Sequence[ApprovalRequest]) -> dict[uuid.UUID, int]:
    """The agent key that made each request."""
    return {a.id: a.agent_key_id for a in approvals if a.agent_key_id is not None}


@dataclass(frozen=True)
class Beneficiary:
    reference: str
    # False when a rule held the request because the customer never registered it.
    registered: bool
    # The first time this customer's agents named it, and which key did.
    first_seen_at: datetime | None
    first_seen_by: str
    # How many customers' pending requests name it now: one account collecting
    # from several customers is a pattern worth a look.
    pending_customers: int


NOT_REGISTERED_RULES = frozenset({"new_payee"})


def request_beneficiary_facts(approval: ApprovalRequest) -> Beneficiary:
    reference = request_beneficiary(approval)
    first = (
        ApprovalRequest.objects.filter(customer_id=approval.customer_id, beneficiary=reference)
        .order_by("created_at")
        .values_list("created_at", "requested_by")
        .first()
    )
    customers = (
        ApprovalRequest.objects.filter(beneficiary=reference, status=ApprovalRequest.Status.PENDING)
        .values("customer_id")
        .distinct()
        .count()
        if reference
        else 0
    )
    return Beneficiary(
        reference=reference,
        registered=not NOT_REGISTERED_RULES & set(approval.rules),
        first_seen_at=first[0] if first else None,
        first_seen_by=first[1] if first else "",
        pending_customers=customers,
    )


def pending_value_from_source(approval: ApprovalRequest, *, excluding: Iterable[uuid.UUID] = ()) -> int:
    """Value other pending requests would take from the same source account, in the reporting currency
    (requests no rate converted are left out; each shows as `no_rate` in the queue)."""
    others = ApprovalRequest.objects.filter(
        customer_id=approval.customer_id, status=ApprovalRequest.Status.PENDING, reporting_cents__isnull=False
    ).exclude(id__in=[approval.id, *excluding])
    if source := request_source(approval):
        others = others.filter(arguments__from_account=source)
    return sum(cents or 0 for cents in others.values_list("reporting_cents", flat=True))


# --- Cases: held requests that belong together --------------------------------
#
# A case is what one reviewer can take in at a glance and decide in a minute,
# so requests are linked narrowly and links never chain across attributes:
#
# - session, agent key: a request is linked to the previous pending request of
#   the same session (of the same agent key) when it came at most
#   TOOLGUARD_CASE_GAP_SECONDS after it. A burst of activity is one run; a
#   pause longer than the gap ends it.
# - beneficiary: a request that no session or key links to anything is linked
#   to the nearest earlier request naming the same beneficiary for the same
#   customer within the value window (TOOLGUARD_VALUE_WINDOW_SECONDS). Only
#   such lone requests are linked this way: a beneficiary never joins two runs,
#   so no chain walks key → session → beneficiary → another key across hours.
# - a group of more than TOOLGUARD_CASE_MAX requests is split, by time, into
#   consecutive cases of about equal size.

RISK_LOOKBACK = timedelta(hours=24)
LINK_KINDS = {"session": "same session", "key": "same agent key", "beneficiary": "same beneficiary"}


def case_gap() -> timedelta:
    return timedelta(seconds=settings.TOOLGUARD_CASE_GAP_SECONDS)


def case_link_window() -> timedelta:
    """How far apart two requests to one beneficiary may be and still be linked: the value window."""
    return timedelta(seconds=settings.TOOLGUARD_VALUE_WINDOW_SECONDS)


def span_label(delta: timedelta) -> str:
    """A window as a reason line says it: "15 min", "24 h"."""
    seconds = int(delta.total_seconds())
    if seconds % 3600 == 0:
        return f"{seconds // 3600} h"
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"


@dataclass(frozen=True)
class CaseLink:
    """Why two requests are in one case: what they share, and within how long."""

    kind: str
    value: str
    within: str

    def __str__(self) -> str:
        return f"{LINK_KINDS[self.kind]} {self.value} within {self.within}"


@dataclass(frozen=True)
class RiskContext:
    """What toolguard already knows about the key and customer behind a case."""

    customer_blocks: int
    key_blocks: int
    quarantined_sessions: list[AgentSession]
    alerts: list[Alert]
    mismatched_requests: int
    stripped_requests: int

    @property
    def alarming(self) -> bool:
        return bool(self.customer_blocks or self.quarantined_sessions or self.alerts or self.mismatched_requests)


@dataclass
class Case:
    id: uuid.UUID
    rows: list[ReviewRow]
    # Why its requests are together, one line per link actually used ("same session s-12 within 15 min").
    links: list[str]
    risk: RiskContext | None = None
    # A group too large for one case is split by time: this is part `part` of `parts`.
    part: int = 1
    parts: int = 1

    @property
    def first(self) -> ApprovalRequest:
        return self.rows[0].approval

    @property
    def count(self) -> int:
        return len(self.rows)

    @property
    def currency(self) -> str:
        currencies = {request_value(r.approval)[1] for r in self.rows}
        return currencies.pop() if len(currencies) == 1 else ""

    @property
    def total_cents(self) -> int:
        return sum(request_value(r.approval)[0] for r in self.rows)

    @property
    def first_at(self) -> datetime:
        return min(r.approval.created_at for r in self.rows)

    @property
    def last_at(self) -> datetime:
        return max(r.approval.created_at for r in self.rows)

    @property
    def rules(self) -> list[tuple[str, str]]:
        seen: dict[str, str] = {}
        for row in self.rows:
            seen.update(row.rules)
        return list(seen.items())

    @property
    def flags(self) -> list[RiskFlag]:
        seen: dict[str, RiskFlag] = {}
        for row in self.rows:
            for flag in row.flags:
                seen.setdefault(flag.code, flag)
        return list(seen.values())

    @property
    def beneficiaries(self) -> list[str]:
        """The beneficiaries named, never an empty one (a tool without a beneficiary names none)."""
        return sorted({b for r in self.rows if (b := request_beneficiary(r.approval))})

    @property
    def destinations(self) -> list[str]:
        """What the requests are about, once each in order: "to" their beneficiary or destination, else their
        tool's title (a request naming no destination never reads "to , external-001")."""
        seen: dict[str, None] = {}
        for row in self.rows:
            where = request_beneficiary(row.approval) or row.to_account
            seen.setdefault(f"to {where}" if where else row.title, None)
        return list(seen)

    @property
    def largest_cents(self) -> int:
        return max(request_value(r.approval)[0] for r in self.rows)

    @property
    def ids(self) -> list[uuid.UUID]:
        return [r.approval.id for r in self.rows]


class _Links:
    """Union-find over request ids: what links two requests links their cases."""

    def __init__(self, ids: Iterable[uuid.UUID]) -> None:
        self.parent = {i: i for i in ids}

    def find(self, i: uuid.UUID) -> uuid.UUID:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def join(self, members: list[uuid.UUID]) -> None:
        for other in members[1:]:
            a, b = self.find(members[0]), self.find(other)
            if a != b:
                self.parent[b] = a


Edge = tuple[uuid.UUID, uuid.UUID, CaseLink]


def _run_edges(approvals: Sequence[ApprovalRequest], gap: timedelta) -> list[Edge]:
    """Session and key links: each request to the previous one of its session, and of its key, within the gap."""
    within = span_label(gap)
    previous: dict[tuple[str, object], ApprovalRequest] = {}
    edges: list[Edge] = []
    for a in approvals:
        linked_to: set[uuid.UUID] = set()
        attributes: list[tuple[str, object, str]] = []
        if a.session_id:
            attributes.append(("session", (a.customer_id, a.session_id), a.session_id))
        if a.agent_key_id is not None:
            attributes.append(("key", a.agent_key_id, a.requested_by))
        for kind, key, shown in attributes:
            before = previous.get((kind, key))
            # The key adds nothing where the session already links the same two requests.
            if before is not None and a.created_at - before.created_at <= gap and before.id not in linked_to:
                edges.append((before.id, a.id, CaseLink(kind, shown, within)))
                linked_to.add(before.id)
            previous[(kind, key)] = a
    return edges


def _beneficiary_edges(approvals: Sequence[ApprovalRequest], alone: set[uuid.UUID], window: timedelta) -> list[Edge]:
    """Beneficiary links, only from a request nothing else links: to the nearest earlier one paying the same."""
    within = span_label(window)
    earlier: dict[tuple[int, str], ApprovalRequest] = {}
    edges: list[Edge] = []
    for a in approvals:
        beneficiary = request_beneficiary(a)
        if not beneficiary:
            continue
        key = (a.customer_id, beneficiary)
        before = earlier.get(key)
        if a.id in alone and before is not None and a.created_at - before.created_at <= window:
            edges.append((before.id, a.id, CaseLink("beneficiary", beneficiary, within)))
        earlier[key] = a
    return edges


def _split(rows: list[ReviewRow], largest: int) -> list[list[ReviewRow]]:
    """Consecutive parts by time, none over `largest`, sizes differing by one at most."""
    parts = -(-len(rows) // largest)
    size, extra = divmod(len(rows), parts)
    out, start = [], 0
    for i in range(parts):
        end = start + size + (1 if i < extra else 0)
        out.append(rows[start:end])
        start = end
    return out


def _link_lines(edges: Iterable[Edge], ids: set[uuid.UUID]) -> list[str]:
    used = {link for a, b, link in edges if a in ids and b in ids}
    order = list(LINK_KINDS)
    return [str(link) for link in sorted(used, key=lambda link: (order.index(link.kind), link.value))]


def approval_cases(*, limit: int = QUEUE_LIMIT) -> list[Case]:
    """Pending requests grouped into cases, oldest case first; each case's requests oldest first."""
    # Oldest first (the queue's order for pending): every link looks back in time.
    rows = approval_queue(status=ApprovalRequest.Status.PENDING, limit=limit)
    approvals = [r.approval for r in rows]
    links = _Links(a.id for a in approvals)
    edges = _run_edges(approvals, case_gap())
    for earlier, later, _ in edges:
        links.join([earlier, later])
    run_sizes: dict[uuid.UUID, int] = {}
    for a in approvals:
        run_sizes[links.find(a.id)] = run_sizes.get(links.find(a.id), 0) + 1
    alone = {a.id for a in approvals if run_sizes[links.find(a.id)] == 1}
    beneficiary_edges = _beneficiary_edges(approvals, alone, case_link_window())
    for earlier, later, _ in beneficiary_edges:
        links.join([earlier, later])
    edges += beneficiary_edges
    groups: dict[uuid.UUID, list[ReviewRow]] = {}
    for row in rows:
        groups.setdefault(links.find(row.approval.id), []).append(row)
    cases = []
    for grouped in groups.values():
        parts = _split(grouped, max(settings.TOOLGUARD_CASE_MAX, 1))
        for number, part in enumerate(parts, start=1):
            ids = {r.approval.id for r in part}
            cases.append(
                Case(
                    id=part[0].approval.id,
                    rows=part,
                    links=_link_lines(edges, ids),
                    part=number,
                    parts=len(parts),
                )
            )
    cases.sort(key=lambda c: (c.first_at, str(c.id)))
    return cases


CASE_SORTS = {"oldest": "Oldest first", "largest": "Largest total first", "most": "Most requests first"}


def cases_search(cases: list[Case], *, text: str = "", sort: str = "oldest") -> list[Case]:
    """Cases with a request matching the text (customer, session, account, key), in the chosen order."""
    needle = text.strip().lower()
    if needle:

        def matches(row: ReviewRow) -> bool:
            a = row.approval
            haystack = (
                a.customer.external_id,
                a.customer.name,
                a.session_id,
                a.requested_by,
                request_source(a),
                request_beneficiary(a),
            )
            return any(needle in value.lower() for value in haystack)

        cases = [case for case in cases if any(matches(row) for row in case.rows)]
    if sort == "largest":
        return sorted(cases, key=lambda c: (-c.total_cents, c.first_at))
    if sort == "most":
        return sorted(cases, key=lambda c: (-c.count, c.first_at))
    return cases


def approval_case(approval_id: uuid.UUID) -> Case | None:
    """The pending case holding this request, with its risk context; None once nothing in it is pending."""
    for case in approval_cases():
        if approval_id in case.ids:
            case.risk = case_risk_context(case)
            return case
    return None


def case_risk_context(case: Case) -> RiskContext:
    since = timezone.now() - RISK_LOOKBACK
    first = case.first
    customer = first.customer
    key_labels = sorted({r.approval.requested_by for r in case.rows})
    blocks = AuditEntry.objects.filter(
        action=AuditAction.INJECTION_BLOCKED, customer=customer.external_id, timestamp__gte=since
    )
    return RiskContext(
        customer_blocks=blocks.count(),
        key_blocks=blocks.filter(actor__in=key_labels).count(),
        quarantined_sessions=list(
            AgentSession.objects.filter(customer=customer, quarantined_at__isnull=False).order_by("-quarantined_at")[
                :20
            ]
        ),
        alerts=list(Alert.objects.filter(customer=customer.external_id, created_at__gte=since).order_by("-id")[:20]),
        mismatched_requests=sum(1 for r in case.rows if any(f.code == "arguments_mismatch" for f in r.flags)),
        stripped_requests=sum(1 for r in case.rows if any(f.code == "invisible_stripped" for f in r.flags)),
    )


def next_case(*, after: Iterable[uuid.UUID] = ()) -> Case | None:
    """The oldest pending case not holding any of these requests (just decided or skipped)."""
    skip = set(after)
    return next((case for case in approval_cases() if not skip & set(case.ids)), None)


# --- A session's history, one row per operation -------------------------------


@dataclass
class Operation:
    """One idempotency key's calls (or one call without a key) in a session."""

    calls: list[ToolCall]
    is_this_request: bool = False
    # The value its first call counted in the windows, if its tool has one.
    value: ValueEntry | None = None

    @property
    def first(self) -> ToolCall:
        return self.calls[0]

    @property
    def latest(self) -> ToolCall:
        return self.calls[-1]

    @property
    def retries(self) -> int:
        return len(self.calls) - 1

    @property
    def arguments_changed(self) -> bool:
        """A retry that asked for something else (it replays the first result; the change never runs)."""
        shown = [_without_key(c.arguments) for c in self.calls if c.arguments is not None]
        return any(args != shown[0] for args in shown[1:])

    @property
    def status(self) -> str:
        # The first call's row carries the decided outcome; replays keep their own answer.
        return self.first.status

    @property
    def status_label(self) -> str:
        return self.status.replace("_", " ")

    @property
    def amount_cents(self) -> int | None:
        return self.value.value_cents if self.value is not None else None

    @property
    def currency(self) -> str:
        return self.value.currency if self.value is not None else ""

    @property
    def reporting_cents(self) -> int | None:
        """The value in the reporting currency, shown beside the call's own when the two differ."""
        if self.value is None or self.value.currency in ("", reporting_currency()):
            return None
        return self.value.reporting_cents

    @property
    def summary(self) -> str:
        args = self.first.arguments
        if args is None:
            return ""
        if "to_account" in args:
            return f"{args.get('from_account', '')} → {args['to_account']}"
        return ", ".join(f"{k}={v}" for k, v in sorted(_without_key(args).items()))

    @property
    def changed_to(self) -> list[str]:
        """What the changed retries asked for instead, as readable key=value differences."""
        base = _without_key(self.first.arguments or {})
        out = []
        for call in self.calls[1:]:
            args = _without_key(call.arguments or {})
            diff = [f"{k}={args.get(k)!r}" for k in sorted(set(base) | set(args)) if base.get(k) != args.get(k)]
            if diff:
                out.append(", ".join(diff))
        return out


def _without_key(arguments: dict[str, object] | None) -> dict[str, object]:
    return {k: v for k, v in (arguments or {}).items() if k != "idempotency_key"}


@dataclass(frozen=True)
class SessionHistory:
    operations: list[Operation]
    calls: int
    # session.total as the policy reads it: completed plus pending value, in the
    # reporting currency (replays counted once, as they have no value of their own).
    total_cents: int
    currency: str
    # Counted operations no rate converted: the total leaves them out and says so.
    unconverted: int = 0


def session_history(approval: ApprovalRequest) -> SessionHistory:
    calls = list(
        ToolCall.objects.filter(customer_id=approval.customer_id, session_id=approval.session_id).order_by(
            "created_at", "id"
        )
    )
    operations: list[Operation] = []
    by_key: dict[tuple[str, str], Operation] = {}
    for call in calls:
        if call.idempotency_key:
            op = by_key.get((call.tool, call.idempotency_key))
            if op is not None:
                op.calls.append(call)
                continue
            op = by_key[(call.tool, call.idempotency_key)] = Operation([call])
        else:
            op = Operation([call])
        operations.append(op)
    entries = {
        entry.tool_call_id: entry
        for entry in ValueEntry.objects.filter(customer_id=approval.customer_id, session_id=approval.session_id)
    }
    for op in operations:
        op.is_this_request = any(c.id == approval.tool_call_id for c in op.calls)
        op.value = entries.get(op.first.id)
    counted = [entry for entry in entries.values() if entry.status in ValueEntry.COUNTED]
    return SessionHistory(
        operations=operations,
        calls=len(calls),
        total_cents=sum(entry.reporting_cents or 0 for entry in counted),
        currency=reporting_currency(),
        unconverted=sum(entry.reporting_cents is None for entry in counted),
    )
