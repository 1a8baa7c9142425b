"""Approval flows: hold a call, decide it exactly once, expire what nobody decides.

Every transition is one transaction that moves the approval, the held
operation (through its tool's handler: this app imports no tool family), the
value it counts in the windows, the idempotency record the agent's retries
read, the original tool call, and writes the audit entries last.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, User
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from approvals import selectors
from approvals.models import ApprovalDecision, ApprovalRequest
from audit.services import AuditEvent, audit_append
from core import idempotency, metrics
from core.enums import ActorType, AuditAction, AuditResult, ToolCallStatus
from core.idempotency import IdempotencyScope
from core.models import AgentKey, AgentSession, IdempotencyRecord, ToolCall, ValueEntry
from core.rates import reporting_currency
from core.registries import ApprovedDispatch, held_dispatcher
from core.tools import BusinessError, HeldCall, ToolContext, ToolHandler, get_tool
from detection.results import result_screen_audited, results_policy
from people.credentials import key_custodians
from people.duties import DECIDED_BEFORE, DUTY_CONFLICT, Refusal, decision_refusal
from people.roles import person_actor, person_groups
from people.stepup import StepUpProof, StepUpRefused, step_up_require

if TYPE_CHECKING:
    from core.policy import Value
    from core.tools import Tool

logger = logging.getLogger(__name__)


class DecisionRefused(Exception):
    """A decision that cannot be taken; `code` is stable, `http_status` per the API."""

    def __init__(self, code: str, message: str, *, http_status: int = 409, approval: ApprovalRequest | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.http_status = http_status
        self.approval = approval


def reviewer_label(user: AbstractBaseUser) -> str:
    return f"reviewer:{user.get_username()}"


def approval_request_create(
    *,
    approval_id: uuid.UUID,
    ctx: ToolContext,
    tool: Tool,
    tool_call: ToolCall,
    idempotency_record: IdempotencyRecord,
    arguments: dict[str, Any],
    arguments_hash: str,
    rules: list[str],
    required_approvals: int,
    held_ref: str,
    reasons: list[dict[str, Any]] | None = None,
    summary: dict[str, Any],
    value: Value | None,
) -> ApprovalRequest:
    """Create the pending request inside the executor's transaction."""
    flags = []
    if ctx.modifications:
        flags.append("invisible_stripped")
    if ctx.session.injection_blocks:
        flags.append("session_injection_blocks")
    approval = ApprovalRequest.objects.create(
        id=approval_id,
        customer_id=ctx.agent_key.customer_id,
        tool=tool.name,
        tool_call=tool_call,
        held_ref=held_ref,
        summary=summary,
        agent_key=ctx.agent_key,
        idempotency_record=idempotency_record,
        session_id=ctx.session.session_id,
        requested_by=ctx.agent_key.label,
        arguments=arguments,
        arguments_hash=arguments_hash,
        value_cents=value.amount_cents if value else None,
        currency=value.currency if value else "",
        reporting_cents=value.reporting_cents if value else None,
        reporting_currency=reporting_currency() if value else "",
        beneficiary=value.beneficiary if value else "",
        rules=rules,
        reasons=reasons or [],
        risk_flags=flags,
        sanitizer_modifications=list(ctx.modifications),
        required_approvals=required_approvals,
        expires_at=timezone.now() + timedelta(seconds=settings.TOOLGUARD_APPROVAL_TTL_SECONDS),
    )
    transaction.on_commit(lambda: _queue("approvals.tasks.approval_notify", str(approval.id)))
    return approval


def _queue(task: str, *args: Any) -> None:
    """Queue a background task; a broker outage must not fail the committed call."""
    from django_q.tasks import async_task

    try:
        async_task(task, *args)
    except Exception:
        logger.exception("could not queue %s", task)


@dataclass(frozen=True)
class _Settlement:
    status: ToolCallStatus
    http_status: int
    error: dict[str, Any] | None = None


def _handler(tool: str) -> ToolHandler:
    """The tool's handler; a tool no longer in the catalog settles with the defaults (nothing kept)."""
    registered = get_tool(tool)
    return registered.handler if registered is not None else ToolHandler()


def _held(approval: ApprovalRequest) -> HeldCall:
    return HeldCall(tool=approval.tool, held_ref=approval.held_ref, arguments=approval.arguments)


def _settle(
    approval: ApprovalRequest, settlement: _Settlement, *, now: datetime, result: dict[str, Any]
) -> dict[str, Any]:
    """Write the terminal state to the approval, its value entry, the agent's record and call."""
    outcome = {
        "status": settlement.status,
        "http_status": settlement.http_status,
        "result": result,
        "error": settlement.error,
        "approval_id": str(approval.id),
    }
    approval.status = settlement.status
    approval.outcome = outcome
    approval.decided_at = now
    approval.version += 1
    if settlement.error:
        approval.failure_reason = settlement.error["code"]
    approval.save(update_fields=["status", "outcome", "decided_at", "version", "failure_reason"])
    counted = ValueEntry.Status.COMPLETED if settlement.status == ToolCallStatus.COMPLETED else ValueEntry.Status.VOID
    ValueEntry.objects.filter(tool_call_id=approval.tool_call_id).update(status=counted)
    _publish_outcome(approval, outcome)
    return outcome


def _settle_unexecuted(
    approval: ApprovalRequest, settlement: _Settlement, *, now: datetime, extra_result: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Rejected, expired or failed: the tool marks its held operation, nothing runs."""
    reason = settlement.error["code"] if settlement.error else ""
    result = _handler(approval.tool).settle_held(_held(approval), status=settlement.status, reason=reason)
    return _settle(approval, settlement, now=now, result={**result, **(extra_result or {})})


def _publish_outcome(approval: ApprovalRequest, outcome: dict[str, Any]) -> None:
    """Let the agent's retries and GET /tool-calls see the decided result."""
    ToolCall.objects.filter(id=approval.tool_call_id).update(
        status=outcome["status"],
        http_status=outcome["http_status"],
        response={**outcome, "replayed": False, "arguments_mismatch": False},
    )
    if approval.idempotency_record_id is None:
        return
    IdempotencyRecord.objects.filter(id=approval.idempotency_record_id).update(
        outcome=outcome, updated_at=timezone.now()
    )
    record = IdempotencyRecord.objects.only("customer_id", "tool", "key").get(id=approval.idempotency_record_id)
    scope = IdempotencyScope(record.customer_id, record.tool, record.key)
    transaction.on_commit(lambda: idempotency.outcome_forget(scope))


def _event(
    approval: ApprovalRequest,
    *,
    actor: str,
    actor_type: ActorType,
    action: AuditAction,
    result: AuditResult,
    details: dict[str, Any] | None = None,
) -> AuditEvent:
    return AuditEvent(
        actor=actor,
        actor_type=actor_type,
        customer=approval.customer.external_id,
        action=action,
        result=result,
        tool=approval.tool,
        tool_call_id=str(approval.tool_call_id),
        session_id=approval.session_id,
        idempotency_key=str(approval.arguments.get("idempotency_key", "")),
        approval_id=str(approval.id),
        details=details or {},
    )


def _expire_locked(approval: ApprovalRequest, *, now: datetime) -> list[AuditEvent]:
    _settle_unexecuted(approval, _Settlement(ToolCallStatus.EXPIRED, 200), now=now)
    return [
        _event(
            approval,
            actor="system:expiry",
            actor_type=ActorType.SYSTEM,
            action=AuditAction.APPROVAL_EXPIRED,
            result=AuditResult.FAILURE,
        ),
    ]


# The code a withdrawn request's call answers with (status failed): the agent took it back, nothing ran.
WITHDRAWN_CODE = "withdrawn"
WITHDRAWN_MESSAGE = "the agent withdrew this request before a reviewer decided it; nothing was done"


def approval_withdraw(*, approval_id: uuid.UUID | str, agent_key: AgentKey) -> ApprovalRequest:
    """The agent key that asked for approval takes its pending request back.

    Nothing runs: the held operation is settled as failed (reason withdrawn),
    its value stops counting, the call answers `failed` with the code
    `withdrawn`, and the request leaves the reviewers' queue marked withdrawn,
    with an `approval_withdrawn` audit entry. A request that is no longer
    pending (decided, expired, already withdrawn) is returned as it is; an
    overdue one found here is expired on the spot, as a decision would.
    Raises DecisionRefused(not_found) for a request this key did not make.
    """
    with transaction.atomic():
        # The row lock orders a withdrawal and a reviewer's decision: whichever comes second sees the first.
        approval = (
            ApprovalRequest.objects.select_for_update(of=("self",))
            .select_related("customer")
            .filter(id=approval_id, agent_key=agent_key)
            .first()
        )
        if approval is None:
            raise DecisionRefused("not_found", "no such approval request", http_status=404)
        if approval.status != ApprovalRequest.Status.PENDING:
            return approval
        now = timezone.now()
        if approval.expires_at <= now:
            audit_append(_expire_locked(approval, now=now))
            return approval
        error = {"code": WITHDRAWN_CODE, "message": WITHDRAWN_MESSAGE, "details": None}
        _settle_unexecuted(approval, _Settlement(ToolCallStatus.FAILED, 200, error), now=now)
        approval.status = ApprovalRequest.Status.WITHDRAWN
        approval.save(update_fields=["status"])
        audit_append(
            [
                _event(
                    approval,
                    actor=agent_key.label,
                    actor_type=ActorType.AGENT,
                    action=AuditAction.APPROVAL_WITHDRAWN,
                    result=AuditResult.SUCCESS,
                    details={"code": WITHDRAWN_CODE},
                )
            ]
        )
    return approval


def approval_decide(
    *,
    approval_id: uuid.UUID | str,
    reviewer: User,
    decision: str,
    step_up: StepUpProof,
    reason_code: str = "",
    reason: str = "",
    version: int | None = None,
) -> ApprovalRequest:
    """Record one reviewer's decision; execute the transfer when enough approve.

    Raises DecisionRefused for every decision that cannot be taken, including
    a large approval without its second factor (StepUpNeeded:
    step_up_required, step_up_failed); the approval is left exactly as it
    was, except that an overdue request found here is expired on the spot.
    """
    _check_decision(reviewer, decision, reason_code)
    if decision == ApprovalDecision.Decision.APPROVE:
        step_up_check(step_up, cents=selectors.step_up_cents(ApprovalRequest.objects.filter(id=approval_id)))
    return _decide(
        approval_id=approval_id,
        reviewer=reviewer,
        decision=decision,
        reason_code=reason_code,
        reason=reason,
        version=version,
    )


class StepUpNeeded(DecisionRefused):
    """A decision refused for want of the second factor (step_up_required, step_up_failed).

    `cents` is the amount the factor was asked for, as step_up_check was given
    it (None: a value no rate converts), so a page asking for the code names
    the amount the services judged, never one worked out again.
    """

    def __init__(self, code: str, message: str, *, cents: int | None):
        super().__init__(code, message, http_status=403)
        self.cents = cents


def step_up_check(proof: StepUpProof, *, cents: int | None) -> None:
    """The second factor for approving `cents` (None: a value no rate converts, over any threshold),
    refused the way every other decision is.

    Checked outside any row lock: a reviewer typing a code must not hold the
    request against the others, and a failed check is audited even so.
    """
    try:
        step_up_require(proof=proof, cents=cents)
    except StepUpRefused as exc:
        raise StepUpNeeded(exc.code, exc.message, cents=cents) from exc


def _check_decision(reviewer: User, decision: str, reason_code: str) -> None:
    if decision not in ApprovalDecision.Decision.values:
        raise DecisionRefused("invalid_decision", "decision must be approve or reject", http_status=400)
    if reason_code and reason_code not in ApprovalDecision.ReasonCode.values:
        raise DecisionRefused("invalid_reason_code", "unknown reason code", http_status=400)
    # Before the request is read: a non-reviewer is refused before being asked for a second factor.
    decision_rights_check(reviewer)


def decision_rights_check(reviewer: User, approval: ApprovalRequest | None = None) -> None:
    """Refuse a person who may not decide `approval` (people.duties); without it, judge the person alone."""
    refusal = _rights_refusal(reviewer, approval)
    if refusal is not None:
        raise _refused(refusal, approval)


def _rights_refusal(reviewer: User, approval: ApprovalRequest | None) -> Refusal | None:
    """Why this person may not decide `approval` (people.duties), or None; the separation of
    duties (the key's custodians) is part of it, so one question covers every rule."""
    return decision_refusal(
        user_id=reviewer.pk,
        groups=person_groups(reviewer),
        customer_user_id=approval.customer.user_id if approval is not None else None,
        earlier_deciders=set(approval.decisions.values_list("reviewer_id", flat=True)) if approval is not None else (),
        custodians=key_custodians(key_id=approval.agent_key_id)
        if approval is not None and approval.agent_key_id
        else (),
    )


def _refused(refusal: Refusal, approval: ApprovalRequest | None) -> DecisionRefused:
    if refusal == DECIDED_BEFORE:
        # A conflict with the request's state, answered with it as already_decided is.
        return DecisionRefused(refusal.code, refusal.message, approval=approval)
    return DecisionRefused(refusal.code, refusal.message, http_status=403)


def approval_decide_after_step_up(
    *,
    approval_id: uuid.UUID | str,
    reviewer: User,
    decision: str,
    reason_code: str = "",
    reason: str = "",
    version: int | None = None,
) -> ApprovalRequest:
    """approval_decide for a caller that has already passed the step-up for this decision.

    For approvals.cases, which checks the second factor once for the whole
    case's total; every other caller goes through approval_decide, which
    asks for it.
    """
    _check_decision(reviewer, decision, reason_code)
    return _decide(
        approval_id=approval_id,
        reviewer=reviewer,
        decision=decision,
        reason_code=reason_code,
        reason=reason,
        version=version,
    )


def _decide(
    *,
    approval_id: uuid.UUID | str,
    reviewer: User,
    decision: str,
    reason_code: str,
    reason: str,
    version: int | None,
) -> ApprovalRequest:
    """The decision under the request's row lock, the decision and the person already checked."""
    # A refusal whose audit entry must be kept: raised once the transaction that wrote it commits.
    refused: DecisionRefused | None = None
    with transaction.atomic():
        # The row lock makes concurrent decisions take turns: the second
        # reviewer to click reads the first one's outcome and is refused, so
        # the transfer runs at most once.
        approval = (
            ApprovalRequest.objects.select_for_update(of=("self",))
            .select_related("customer", "agent_key__customer")
            .filter(id=approval_id)
            .first()
        )
        if approval is None:
            raise DecisionRefused("not_found", "no such approval request", http_status=404)
        now = timezone.now()
        # Asked once, under the lock, so that two clicks by one reviewer cannot
        # both count as the two approvals of a dual-control request.
        refusal = _rights_refusal(reviewer, approval)
        if refusal == DUTY_CONFLICT:
            # Whatever state the request is in: a key holder trying to clear
            # their key's request is exactly what compliance must see, so the
            # refusal's entry is committed, not rolled back with the decision.
            audit_append([_duty_conflict_event(approval, reviewer)])
            refused = _refused(refusal, approval)
        elif approval.status != ApprovalRequest.Status.PENDING:
            raise DecisionRefused("already_decided", f"this request is already {approval.status}", approval=approval)
        elif approval.expires_at <= now:
            # Expiry is enforced here too, not only by the sweeper.
            audit_append(_expire_locked(approval, now=now))
            refused = DecisionRefused(
                "expired", "this request expired before it was decided; nothing was executed", approval=approval
            )
        else:
            if refusal is not None:
                raise _refused(refusal, approval)
            if version is not None and version != approval.version:
                raise DecisionRefused(
                    "stale_version",
                    "this request changed since the page was drawn; reload it and decide again",
                    approval=approval,
                )
            if decision == ApprovalDecision.Decision.REJECT and not reason_code:
                raise DecisionRefused("reason_required", "a rejection needs a reason code", http_status=400)
            _decide_locked(approval, reviewer, decision, reason_code, reason, now)
    if refused is not None:
        raise refused
    return approval


def _duty_conflict_event(approval: ApprovalRequest, reviewer: User) -> AuditEvent:
    """The entry of a reviewer refused for having held the request's agent key within the duty window."""
    label, kind = person_actor(reviewer)
    return AuditEvent(
        actor=label,
        actor_type=kind,
        action=AuditAction.DUTY_CONFLICT,
        result=AuditResult.BLOCKED,
        customer=approval.customer.external_id,
        tool=approval.tool,
        approval_id=str(approval.id),
        details={"rule": DUTY_CONFLICT.code},
    )


def _decide_locked(
    approval: ApprovalRequest, reviewer: User, decision: str, reason_code: str, reason: str, now: datetime
) -> None:
    label = reviewer_label(reviewer)
    ApprovalDecision.objects.create(
        approval=approval,
        reviewer=reviewer,
        reviewer_label=label,
        decision=decision,
        reason_code=reason_code,
        reason=reason,
    )
    metrics.approval_decision_latency.labels(approval.tool).observe((now - approval.created_at).total_seconds())
    events: list[AuditEvent] = []
    decided = {"reason_code": reason_code, "reason": reason}
    # What the agent's answer carries: the outcome and the code, never the
    # reviewer's own words (they stay in the decision row and the audit log).
    told = {"reason_code": reason_code}
    # The names the tool's operations are audited under (a transfer's own, or the neutral ones).
    actions = _handler(approval.tool).audit_actions

    def event(action: AuditAction, result: AuditResult, /, **details: Any) -> None:
        events.append(
            _event(approval, actor=label, actor_type=ActorType.REVIEWER, action=action, result=result, details=details)
        )

    if decision == ApprovalDecision.Decision.REJECT:
        # Any rejection is final, even after a first approval.
        event(AuditAction.APPROVAL_DENIED, AuditResult.FAILURE, **decided)
        _settle_unexecuted(approval, _Settlement(ToolCallStatus.REJECTED, 200), now=now, extra_result=told)
        event(actions.rejected, AuditResult.FAILURE, code="rejected_by_reviewer")
        audit_append(events)
        return

    approvals = approval.decisions.filter(decision=ApprovalDecision.Decision.APPROVE).count()
    event(
        AuditAction.APPROVAL_GRANTED,
        AuditResult.SUCCESS,
        approvals=approvals,
        required=approval.required_approvals,
        **decided,
    )
    if approvals < approval.required_approvals:
        approval.version += 1
        approval.save(update_fields=["version"])
        audit_append(events)
        return

    handler = _handler(approval.tool)
    try:
        _held_arguments_check(approval)
    except BusinessError as exc:
        _held_failed(approval, exc, now=now, event=event)
    else:
        if handler.dispatches:
            _dispatch_held(approval, handler, now=now, event=event, decided=decided)
        else:
            _execute_held(approval, handler, now=now, event=event, told=told)
    audit_append(events)


def _execute_held(
    approval: ApprovalRequest,
    handler: ToolHandler,
    *,
    now: datetime,
    event: Callable[..., None],
    told: dict[str, Any],
) -> None:
    """Run the held operation now, in this transaction; a refusal by the tool settles it as failed."""
    try:
        with transaction.atomic():  # a savepoint: a refusal leaves the tool's state untouched
            result = handler.execute_held(_held_context(approval), _held(approval))
    except BusinessError as exc:
        _held_failed(approval, exc, now=now, event=event)
        return
    event(handler.audit_actions.completed, AuditResult.SUCCESS, result=result)
    # What the agent will read of it, screened as the executor screens a direct call's result.
    screened = result_screen_audited(
        result,
        policy=results_policy(approval.tool),
        report=lambda action, outcome, details: event(action, outcome, **details),
        trusted=handler.trusted_result_fields,
    )
    _settle(approval, _Settlement(ToolCallStatus.COMPLETED, 200), now=now, result={**screened, **told})


def _held_failed(approval: ApprovalRequest, exc: BusinessError, *, now: datetime, event: Callable[..., None]) -> None:
    """Approved, but not run: its arguments changed, or the tool refused it when it ran."""
    error = {"code": exc.code, "message": exc.message, "details": exc.details or None}
    _settle_unexecuted(approval, _Settlement(ToolCallStatus.FAILED, 422, error), now=now)
    event(_handler(approval.tool).audit_actions.rejected, AuditResult.FAILURE, code=exc.code)


def _held_arguments_check(approval: ApprovalRequest) -> None:
    """Raise BusinessError(arguments_changed) unless the held arguments are still the ones hashed when
    the call was held: what runs, here or at an upstream, is exactly what the reviewer approved."""
    if idempotency.arguments_hash(approval.arguments) != approval.arguments_hash:
        raise BusinessError("arguments_changed", "the arguments no longer match what was approved")


def _dispatch_held(
    approval: ApprovalRequest,
    handler: ToolHandler,
    *,
    now: datetime,
    event: Callable[..., None],
    decided: dict[str, Any],
) -> None:
    """A tool whose effect happens in another system (an upstream tool): approval queues the send.

    Sending inside this transaction, under the approval's row lock, could
    neither be rolled back nor be retried safely; the handler commits an
    outbox row instead (core.registries.HeldDispatcher, the outbox's) and the worker
    sends it after commit. The call answers
    `dispatching` until the upstream does, and its value stays counted.
    """
    approved = ApprovedDispatch(
        approval_id=approval.id,
        tool_call_id=approval.tool_call_id,
        customer_id=approval.customer_id,
        idempotency_record_id=approval.idempotency_record_id,
        tool=approval.tool,
        session_id=approval.session_id,
        arguments=approval.arguments,
    )
    outcome = held_dispatcher()(approved=approved, handler=handler)
    approval.status = ApprovalRequest.Status.COMPLETED
    approval.outcome = outcome
    approval.decided_at = now
    approval.version += 1
    approval.save(update_fields=["status", "outcome", "decided_at", "version"])
    _publish_outcome(approval, outcome)
    event(AuditAction.HELD_OPERATION_EXECUTED, AuditResult.PENDING, **decided)


def _held_context(approval: ApprovalRequest) -> ToolContext:
    """The call's context again, as of the decision: the same key, customer and session."""
    key = approval.agent_key
    if key is None:
        raise BusinessError("tool_unavailable", "the agent key of this request is unknown")
    session = AgentSession.objects.filter(customer_id=approval.customer_id, session_id=approval.session_id).first()
    return ToolContext(
        agent_key=key,
        session=session or AgentSession(customer_id=approval.customer_id, session_id=approval.session_id),
        tool_call_id=str(approval.tool_call_id),
    )


def approval_dispatch_answered(*, approval_id: uuid.UUID, outcome: dict[str, Any]) -> None:
    """The outbox's report on an approved upstream call: the request reads what the upstream did.

    Inside the outbox's short transaction, with its other updates (none reads a row count).
    """
    done = outcome["status"] == ToolCallStatus.COMPLETED
    status = ApprovalRequest.Status.COMPLETED if done else ApprovalRequest.Status.FAILED
    ApprovalRequest.objects.filter(id=approval_id).update(outcome=outcome, status=status)


def approval_outcome_unknown_open(
    *,
    customer_id: int,
    tool: str,
    tool_call_id: uuid.UUID,
    idempotency_record_id: int | None,
    session_id: str,
    requested_by: str,
    arguments: dict[str, Any],
    agent_key_id: int | None,
    summary: dict[str, Any],
    rule: str,
    reasons: list[dict[str, Any]],
    now: datetime,
) -> ApprovalRequest:
    """The outbox gave up on an upstream that never answered: a reviewer checks it, then approves or rejects.

    Approving sends it again under the same key (core.registries.HeldDispatcher).
    """
    return ApprovalRequest.objects.create(
        customer_id=customer_id,
        tool=tool,
        tool_call_id=tool_call_id,
        idempotency_record_id=idempotency_record_id,
        session_id=session_id,
        requested_by=requested_by,
        arguments=arguments,
        arguments_hash=idempotency.arguments_hash(arguments),
        agent_key_id=agent_key_id,
        summary=summary,
        rules=[rule],
        reasons=reasons,
        # An unknown outcome is settled by a person who checked upstream, never by the clock.
        expires_at=now + timedelta(days=3650),
    )


def approvals_expire(*, now: datetime | None = None, batch: int = 2000) -> int:
    """Expire every pending request past its deadline, in bulk; return how many."""
    now = now or timezone.now()
    total = 0
    while True:
        with transaction.atomic():
            # SKIP LOCKED lets several workers sweep at once, and skips a row
            # a reviewer is deciding right now (the decision re-checks expiry).
            ids = list(
                ApprovalRequest.objects.select_for_update(skip_locked=True)
                .filter(status=ApprovalRequest.Status.PENDING, expires_at__lte=now)
                .order_by("expires_at")
                .values_list("id", flat=True)[:batch]
            )
            if not ids:
                return total
            _expire_batch(ids, now)
            total += len(ids)


def _expire_batch(ids: list[uuid.UUID], now: datetime) -> None:
    """Expire one locked batch with a handful of statements, not a few per row."""
    approvals = list(ApprovalRequest.objects.filter(id__in=ids).select_related("customer"))
    by_tool: dict[str, list[ApprovalRequest]] = {}
    for approval in approvals:
        by_tool.setdefault(approval.tool, []).append(approval)
    results: dict[uuid.UUID, dict[str, Any]] = {}
    for tool, held in by_tool.items():
        # One call per tool: a family settles its whole share of the batch at once.
        settled = _handler(tool).settle_held_many([_held(a) for a in held], status=ToolCallStatus.EXPIRED)
        results.update({a.id: settled.get(a.held_ref, {}) for a in held})
    outcomes, events = [], []
    for approval in approvals:
        outcome = {
            "status": ToolCallStatus.EXPIRED,
            "http_status": 200,
            "result": results.get(approval.id, {}),
            "error": None,
            "approval_id": str(approval.id),
        }
        outcomes.append((approval, outcome))
        events.append(
            _event(
                approval,
                actor="system:expiry",
                actor_type=ActorType.SYSTEM,
                action=AuditAction.APPROVAL_EXPIRED,
                result=AuditResult.FAILURE,
            )
        )
    ValueEntry.objects.filter(tool_call_id__in=[a.tool_call_id for a in approvals]).update(
        status=ValueEntry.Status.VOID
    )
    if _is_sqlite():
        _expire_rows_portable(ids, outcomes, now)
    else:
        _expire_rows_postgresql(ids, outcomes, now)
    audit_append(events)


# The approval's outcome is written per row (pipelined); the rows that copy it
# follow in one set-based statement each, keyed by a single array parameter.
PG_EXPIRE_COPY = [
    """UPDATE toolguard_idempotencyrecord r SET outcome = a.outcome, updated_at = %(now)s
       FROM approvals_approvalrequest a WHERE a.idempotency_record_id = r.id AND a.id = ANY(%(ids)s)""",
    """UPDATE toolguard_toolcall c SET status = 'expired', http_status = 200,
           response = a.outcome || '{"replayed": false, "arguments_mismatch": false}'::jsonb
       FROM approvals_approvalrequest a WHERE a.tool_call_id = c.id AND a.id = ANY(%(ids)s)""",
]


Outcomes = list[tuple[ApprovalRequest, dict[str, Any]]]


def _expire_rows_postgresql(ids: list[uuid.UUID], outcomes: Outcomes, now: datetime) -> None:
    with connection.cursor() as cursor:
        cursor.executemany(
            "UPDATE approvals_approvalrequest SET outcome = %s::jsonb, status = 'expired', decided_at = %s,"
            " version = version + 1 WHERE id = %s",
            [(json.dumps(outcome), now, approval.id) for approval, outcome in outcomes],
        )
        for statement in PG_EXPIRE_COPY:
            cursor.execute(statement, {"ids": list(ids), "now": now})


def _expire_rows_portable(ids: list[uuid.UUID], outcomes: Outcomes, now: datetime) -> None:
    ApprovalRequest.objects.filter(id__in=ids).update(
        status=ApprovalRequest.Status.EXPIRED, decided_at=now, version=F("version") + 1
    )
    record_ids = [approval.idempotency_record_id for approval, _ in outcomes if approval.idempotency_record_id]
    IdempotencyRecord.objects.filter(id__in=record_ids).update(updated_at=now)
    ToolCall.objects.filter(id__in=[approval.tool_call_id for approval, _ in outcomes]).update(
        status=ToolCallStatus.EXPIRED, http_status=200
    )
    with connection.cursor() as cursor:
        cursor.executemany(
            "UPDATE approvals_approvalrequest SET outcome = %s WHERE id = %s",
            [(json.dumps(outcome), approval.id.hex) for approval, outcome in outcomes],
        )
        cursor.executemany(
            "UPDATE toolguard_idempotencyrecord SET outcome = %s WHERE id = %s",
            [
                (json.dumps(outcome), approval.idempotency_record_id)
                for approval, outcome in outcomes
                if approval.idempotency_record_id
            ],
        )
        cursor.executemany(
            "UPDATE toolguard_toolcall SET response = %s WHERE id = %s",
            [
                (json.dumps({**outcome, "replayed": False, "arguments_mismatch": False}), approval.tool_call_id.hex)
                for approval, outcome in outcomes
            ],
        )


def _is_sqlite() -> bool:
    return connection.vendor == "sqlite"
