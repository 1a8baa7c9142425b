"""The outbox: commit the call as `dispatching`, send it outside any transaction, record the answer.

    executor (one transaction, holding the session lock):
        tool call + idempotency record + Dispatch row + audit  ->  commit
    then, with no transaction open:
        claim the row (a lease) -> send -> record the answer in a short transaction

2xx completes the call; any other 4xx fails it (not stored: a retry of the
key tries again); 409, a timeout, a dropped connection or a 5xx leave the
outcome unknown, and the worker re-sends with the same Idempotency-Key, with
backoff, until it gets a definitive answer or gives up after
TOOLGUARD_UPSTREAM_GIVE_UP_SECONDS (alert + reviewer queue, "outcome unknown").
A first attempt that could not connect at all sent nothing: 503
upstream_unavailable, not stored.
"""

from __future__ import annotations

import hashlib
import logging
import random
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from approvals.services import approval_dispatch_answered, approval_outcome_unknown_open
from audit.alerts import alert_raise
from audit.services import AuditEvent, audit_append
from core import idempotency, tracing
from core.enums import ActorType, AuditAction, AuditResult, ToolCallStatus
from core.headers import header_value
from core.idempotency import IdempotencyScope
from core.models import IdempotencyRecord, ToolCall, ValueEntry
from core.pipelining import CommitFlight, insert_rows, pipelined, send_update
from core.registries import ApprovedDispatch
from core.tools import Attempt, ToolHandler, transport_send
from core.windows import entries_settled_sent
from detection.results import result_screen_audited, results_policy
from outbox.models import Dispatch

if TYPE_CHECKING:
    from approvals.models import ApprovalRequest
    from core.tools import ToolContext

logger = logging.getLogger(__name__)

ACTOR = "system:upstream"


def upstream_key(*, customer_id: int, tool: str, key: str) -> str:
    """The Idempotency-Key sent upstream: stable for the scope, and naming neither customer nor key."""
    return hashlib.sha256(f"toolguard:v1:{customer_id}:{tool}:{key}".encode()).hexdigest()


OUTCOME_UNKNOWN_RULE = "outcome_unknown"
# Beyond the upstream's own timeout, how long a sender keeps its claim on a row.
LEASE_MARGIN_SECONDS = 5
MAX_BACKOFF_SECONDS = 60


def dispatch_create(
    *,
    ctx: ToolContext,
    tool_call: ToolCall,
    record: IdempotencyRecord | None,
    handler: ToolHandler,
    tool: str,
    arguments: dict[str, Any],
    results: str = "mark",
    approval_id: uuid.UUID | None = None,
) -> Dispatch:
    """The outbox row, written in the caller's transaction (the one committing the call).

    The caller sends the first attempt right after commit, so the row is
    created already claimed by it: if the caller dies before recording an
    answer, the lease lapses and the reconciler takes over.
    """
    key = str(arguments.get("idempotency_key", ""))
    now = timezone.now()
    dispatch = Dispatch(
        attempts=1,
        lease_until=now + timedelta(seconds=float(handler.target["timeout_s"]) + LEASE_MARGIN_SECONDS),
        tool_call=tool_call,
        customer_id=ctx.agent_key.customer_id,
        idempotency_record=record,
        approval_id=approval_id,
        tool=tool,
        session_id=ctx.session.session_id,
        idempotency_key=key,
        kind=handler.kind,
        target=handler.target,
        body=handler.forwarded(arguments),
        upstream_key=upstream_key(customer_id=ctx.agent_key.customer_id, tool=tool, key=key),
        results=results,
        next_attempt_at=now,
        dispatched_at=now,
        traceparent=tracing.traceparent(),
    )
    # The statement is written once per model (core/pipelining.py), not
    # compiled for every call; it commits with the call's audit entries.
    insert_rows([dispatch])
    return dispatch


def dispatch_approved(*, approved: ApprovedDispatch, handler: ToolHandler) -> dict[str, Any]:
    """A reviewer approved a held upstream call (or an "outcome unknown" one): the worker sends it.

    The outbox's core.registries.HeldDispatcher (registered in outbox/apps.py).
    Called inside the decision's transaction, which holds the approval's row
    lock; the send is queued on commit, so it never runs under that lock.
    """
    now = timezone.now()
    dispatch = Dispatch.objects.select_for_update().filter(tool_call_id=approved.tool_call_id).first()
    if dispatch is None:
        key = str(approved.arguments.get("idempotency_key", ""))
        dispatch = Dispatch.objects.create(
            tool_call_id=approved.tool_call_id,
            customer_id=approved.customer_id,
            idempotency_record_id=approved.idempotency_record_id,
            approval_id=approved.approval_id,
            tool=approved.tool,
            session_id=approved.session_id,
            idempotency_key=key,
            kind=handler.kind,
            target=handler.target,
            body=handler.forwarded(approved.arguments),
            upstream_key=upstream_key(customer_id=approved.customer_id, tool=approved.tool, key=key),
            results=results_policy(approved.tool),
            next_attempt_at=now,
            dispatched_at=now,
        )
    else:
        # A reviewer looked into an unknown outcome and asks for another try:
        # the same Idempotency-Key, so an upstream that did apply it answers
        # with what it did instead of doing it again.
        dispatch.state = Dispatch.State.DISPATCHING
        dispatch.next_attempt_at = now
        dispatch.dispatched_at = now
        dispatch.lease_until = None
        dispatch.finished_at = None
        dispatch.save(update_fields=["state", "next_attempt_at", "dispatched_at", "lease_until", "finished_at"])
    dispatch_id = str(dispatch.id)
    transaction.on_commit(lambda: queue_dispatch_retry(dispatch_id))
    return _outcome(dispatch, ToolCallStatus.DISPATCHING, 202, approval_id=str(approved.approval_id))


def dispatch_first_answer(tool_call: ToolCall, stored: dict[str, Any]) -> dict[str, Any]:
    """A replay answered while an upstream call was in flight follows that call's answer now."""
    first = (
        Dispatch.objects.filter(
            customer_id=tool_call.customer_id,
            tool=tool_call.tool,
            idempotency_key=tool_call.idempotency_key,
            created_at__lte=tool_call.created_at,
        )
        .order_by("-created_at")
        .values_list("tool_call__response", flat=True)
        .first()
    )
    if first is None:
        return stored
    return {**first, "replayed": True, "arguments_mismatch": stored["arguments_mismatch"]}


def queue_dispatch_retry(dispatch_id: str) -> None:
    """Queue a (re-)send for the worker; a broker outage leaves it to the scheduled sweep."""
    from django_q.tasks import async_task

    try:
        async_task("outbox.tasks.dispatch_retry", dispatch_id)
    except Exception:
        logger.exception("could not queue the re-send of dispatch %s; the sweep will find it", dispatch_id)


def _outcome(
    dispatch: Dispatch,
    status: ToolCallStatus,
    http_status: int,
    *,
    result: Any = None,
    error: dict[str, Any] | None = None,
    approval_id: str | None = None,
) -> dict[str, Any]:
    return {
        "status": status,
        "http_status": http_status,
        "result": result,
        "error": error,
        "approval_id": approval_id or (str(dispatch.approval_id) if dispatch.approval_id else None),
    }


def dispatch_send(*, dispatch_id: uuid.UUID | str) -> dict[str, Any] | None:
    """One attempt: claim, send with no transaction open, record. None when another sender holds it."""
    dispatch = _claim(dispatch_id)
    if dispatch is None:
        return None
    return dispatch_send_claimed(dispatch=dispatch)


def dispatch_send_claimed(*, dispatch: Dispatch) -> dict[str, Any]:
    """Send a row this process holds the lease on (just claimed, or created claimed), and record the answer."""
    headers = {
        "Idempotency-Key": dispatch.upstream_key,
        "X-Toolguard-Call-Id": header_value(str(dispatch.tool_call_id)),
        "X-Toolguard-Customer": header_value(dispatch.customer.external_id),
    }
    # In the worker, the call's request is long gone: its stored trace is the parent.
    with tracing.resumed(dispatch.traceparent):
        attempt = transport_send(kind=dispatch.kind, target=dispatch.target, body=dispatch.body, headers=headers)
        with tracing.stage(tracing.AUDIT):
            return _record(dispatch, attempt)


def _claim(dispatch_id: uuid.UUID | str) -> Dispatch | None:
    now = timezone.now()
    with transaction.atomic():
        # SKIP LOCKED: a row another sender is claiming right now is theirs.
        dispatch = (
            Dispatch.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("customer")
            .filter(id=dispatch_id, state=Dispatch.State.DISPATCHING)
            .filter(Q(lease_until__isnull=True) | Q(lease_until__lt=now))
            .first()
        )
        if dispatch is None:
            return None
        dispatch.attempts += 1
        dispatch.lease_until = now + timedelta(seconds=float(dispatch.target["timeout_s"]) + LEASE_MARGIN_SECONDS)
        dispatch.save(update_fields=["attempts", "lease_until"])
    return dispatch


def _backoff(attempts: int) -> float:
    base = settings.TOOLGUARD_UPSTREAM_RETRY_SECONDS * 2 ** max(0, attempts - 1)
    # Jitter keeps many unknown outcomes from re-sending in lockstep.
    return min(MAX_BACKOFF_SECONDS, base) * random.uniform(0.8, 1.2)


def _record(claimed: Dispatch, attempt: Attempt) -> dict[str, Any]:
    """Record one attempt's answer in one short transaction.

    The row is taken back with a conditional UPDATE (still ours only if it is
    dispatching with our attempt number): it locks the row as a SELECT FOR
    UPDATE would, and BEGIN goes out with it. The call's other rows and the
    audit entries then go out with the COMMIT (a CommitFlight).
    """
    now = timezone.now()
    dispatch = claimed
    attempt_number = claimed.attempts
    state = _attempt_state(dispatch, attempt, now=now)
    delay = _backoff(attempt_number) if state == Dispatch.State.DISPATCHING else 0.0
    dispatch.lease_until = None
    dispatch.last_error = attempt.message[:300]
    if state == Dispatch.State.DISPATCHING:
        dispatch.next_attempt_at = now + timedelta(seconds=delay)
    else:
        dispatch.finished_at = now
    with CommitFlight():
        if not _take_back(dispatch, state=state, attempts=attempt_number):
            # Our lease lapsed and another sender took over: its answer stands.
            return _superseded(claimed, attempt)
        dispatch.state = state
        events: list[tuple[AuditAction, AuditResult, dict[str, Any]]] = []
        attempt_result = AuditResult.SUCCESS if attempt.verdict in ("completed", "failed") else AuditResult.FAILURE
        events.append((AuditAction.UPSTREAM_ATTEMPT, attempt_result, {"attempt": attempt_number, **attempt.details()}))
        answer = _definitive_answer(dispatch, attempt, events)
        if answer is not None:
            # Only a completed call's answer is stored: a refusal lets a retry of the key try again.
            keep = state == Dispatch.State.COMPLETED
            _publish(dispatch, answer, keep_record=keep, now=now, then=lambda: _events(dispatch, events))
            return answer
        if state == Dispatch.State.OUTCOME_UNKNOWN:
            outcome = _give_up(dispatch, events, now=now)
        else:
            outcome = _retry_later(dispatch, events, attempt_number=attempt_number, delay=delay)
        _events(dispatch, events)
    return outcome


def _attempt_state(dispatch: Dispatch, attempt: Attempt, *, now: datetime) -> str:
    """What one attempt's answer makes of the row."""
    if attempt.verdict == "completed":
        return Dispatch.State.COMPLETED
    if attempt.verdict == "failed":
        return Dispatch.State.FAILED
    if attempt.verdict == "unreachable" and dispatch.attempts == 1:
        return Dispatch.State.UNAVAILABLE
    if attempt.too_large:
        # A 2xx too large to keep: the call ran upstream, so it is neither failed
        # (a retry of the key would run it again wherever the upstream forgets
        # keys) nor completed (there is no answer to store). Re-sending would only
        # fetch the same answer: a reviewer settles it now, as any unknown outcome.
        return Dispatch.State.OUTCOME_UNKNOWN
    if dispatch.dispatched_at and now - dispatch.dispatched_at >= timedelta(
        seconds=settings.TOOLGUARD_UPSTREAM_GIVE_UP_SECONDS
    ):
        return Dispatch.State.OUTCOME_UNKNOWN
    return Dispatch.State.DISPATCHING


def _superseded(claimed: Dispatch, attempt: Attempt) -> dict[str, Any]:
    """An attempt whose lease lapsed: recorded as superseded; the call's answer is the other sender's."""
    current = Dispatch.objects.select_related("customer").get(id=claimed.id)
    _events(
        current,
        [(AuditAction.UPSTREAM_ATTEMPT, AuditResult.FAILURE, {**attempt.details(), "superseded": True})],
    )
    return dict(ToolCall.objects.values_list("response", flat=True).get(id=claimed.tool_call_id))


def _definitive_answer(
    dispatch: Dispatch, attempt: Attempt, events: list[tuple[AuditAction, AuditResult, dict[str, Any]]]
) -> dict[str, Any] | None:
    """The call's answer when the attempt settled it (completed, failed, unavailable), with its events."""
    if dispatch.state == Dispatch.State.COMPLETED:
        screened = result_screen_audited(
            attempt.result, policy=dispatch.results, report=lambda *event: events.append(event)
        )
        events.append((AuditAction.UPSTREAM_COMPLETED, AuditResult.SUCCESS, {"attempts": dispatch.attempts}))
        return _outcome(dispatch, ToolCallStatus.COMPLETED, 200, result=screened)
    if dispatch.state == Dispatch.State.FAILED:
        # The upstream's own words stay in the audit entries (attempt.details()); the model reads a fixed sentence.
        error = {
            "code": "upstream_rejected",
            "message": attempt.told(),
            "details": {"upstream_status": attempt.status_code},
        }
        events.append(
            (AuditAction.UPSTREAM_FAILED, AuditResult.FAILURE, {"code": "upstream_rejected", **attempt.details()})
        )
        return _outcome(dispatch, ToolCallStatus.FAILED, 422, error=error)
    if dispatch.state == Dispatch.State.UNAVAILABLE:
        error = {"code": "upstream_unavailable", "message": "the upstream is unreachable; nothing was sent"}
        events.append((AuditAction.UPSTREAM_UNAVAILABLE, AuditResult.FAILURE, {"code": "upstream_unavailable"}))
        return _outcome(dispatch, ToolCallStatus.FAILED, 503, error=error)
    return None


def _retry_later(
    dispatch: Dispatch,
    events: list[tuple[AuditAction, AuditResult, dict[str, Any]]],
    *,
    attempt_number: int,
    delay: float,
) -> dict[str, Any]:
    """Unknown (or the upstream is busy with this key): the same key again, later."""
    events.append(
        (
            AuditAction.UPSTREAM_RETRY_SCHEDULED,
            AuditResult.PENDING,
            {"attempt": attempt_number, "retry_in_s": round(delay, 3)},
        )
    )
    dispatch_id = str(dispatch.id)
    transaction.on_commit(lambda: queue_dispatch_retry(dispatch_id))
    return _outcome(dispatch, ToolCallStatus.DISPATCHING, 202)


_TAKE_BACK_SQL = (
    "UPDATE upstream_dispatch SET state = %s, lease_until = NULL, last_error = %s,"
    " finished_at = %s, next_attempt_at = %s"
    " WHERE id = %s AND state = %s AND attempts = %s RETURNING id"
)


def _take_back(dispatch: Dispatch, *, state: str, attempts: int) -> bool:
    """Write the attempt's state onto the row if it is still ours (in a CommitFlight, BEGIN goes out with it)."""
    with connection.cursor() as cursor:
        cursor.execute(
            _TAKE_BACK_SQL,
            [
                state,
                dispatch.last_error,
                dispatch.finished_at,
                dispatch.next_attempt_at,
                # As the backend stores a UUID (SQLite: 32 hex characters).
                Dispatch._meta.pk.get_db_prep_value(dispatch.id, connection),
                Dispatch.State.DISPATCHING,
                attempts,
            ],
        )
        return cursor.fetchone() is not None


def _publish(
    dispatch: Dispatch,
    outcome: dict[str, Any],
    *,
    keep_record: bool,
    now: datetime,
    then: Callable[[], None] | None = None,
) -> None:
    """Let the agent's retries and GET of the call see the answer.

    The updates go out together (core/pipelining.py), with `then` (the
    audit append): none of their row counts is read, so they share the audit
    lock's round trip. A settled call's value entry is locked and read first
    (one round trip) to move the windows' totals (core/windows.py).
    """
    record_id = dispatch.idempotency_record_id
    if record_id is not None and not keep_record:
        IdempotencyRecord.objects.filter(id=record_id).delete()
    with pipelined():
        send_update(
            ToolCall,
            where="id",
            equals=dispatch.tool_call_id,
            values={
                "status": outcome["status"],
                "http_status": outcome["http_status"],
                "response": {**outcome, "replayed": False, "arguments_mismatch": False},
            },
        )
        if dispatch.approval_id:
            approval_dispatch_answered(approval_id=dispatch.approval_id, outcome=outcome)
        if outcome["status"] != ToolCallStatus.DISPATCHING:
            counted = (
                ValueEntry.Status.COMPLETED if outcome["status"] == ToolCallStatus.COMPLETED else ValueEntry.Status.VOID
            )
            entries_settled_sent(dispatch.tool_call_id, counted)
        if record_id is not None and keep_record:
            send_update(IdempotencyRecord, where="id", equals=record_id, values={"outcome": outcome, "updated_at": now})
        if then is not None:
            then()
    scope = IdempotencyScope(dispatch.customer_id, dispatch.tool, dispatch.idempotency_key)
    transaction.on_commit(lambda: idempotency.outcome_forget(scope))


def _give_up(
    dispatch: Dispatch, events: list[tuple[AuditAction, AuditResult, dict[str, Any]]], *, now: datetime
) -> dict[str, Any]:
    """Stop re-sending: page someone, and queue the call for a reviewer to settle by hand."""
    approval = _outcome_unknown_approval(dispatch, now=now)
    outcome = _outcome(dispatch, ToolCallStatus.DISPATCHING, 202, approval_id=str(approval.id))
    _publish(dispatch, outcome, keep_record=True, now=now)
    events.append(
        (
            AuditAction.UPSTREAM_OUTCOME_UNKNOWN,
            AuditResult.FAILURE,
            {"attempts": dispatch.attempts, "gave_up": True, "last_error": dispatch.last_error},
        )
    )
    events.append(
        (
            AuditAction.APPROVAL_REQUESTED,
            AuditResult.PENDING,
            {"approval_id": approval.id, "rules": [OUTCOME_UNKNOWN_RULE]},
        )
    )
    alert_raise(
        rule="upstream_outcome_unknown",
        severity="critical",
        subject=f"dispatch:{dispatch.id}",
        window=timedelta(days=1),
        customer=dispatch.customer.external_id,
        session_id=dispatch.session_id,
        details={
            "tool": dispatch.tool,
            "tool_call_id": str(dispatch.tool_call_id),
            "attempts": dispatch.attempts,
            "approval_id": str(approval.id),
            "last_error": dispatch.last_error,
        },
        now=now,
    )
    return outcome


def _outcome_unknown_approval(dispatch: Dispatch, *, now: datetime) -> ApprovalRequest:
    """The reviewer's case for an outcome the upstream never gave: check upstream, then send again or reject."""
    # The row is already outcome_unknown (_record took it back with that state).
    return approval_outcome_unknown_open(
        customer_id=dispatch.customer_id,
        tool=dispatch.tool,
        tool_call_id=dispatch.tool_call_id,
        idempotency_record_id=dispatch.idempotency_record_id,
        session_id=dispatch.session_id,
        requested_by=ACTOR,
        arguments={**dispatch.body, "idempotency_key": dispatch.idempotency_key},
        agent_key_id=ToolCall.objects.values_list("agent_key_id", flat=True).get(id=dispatch.tool_call_id),
        summary={
            "title": "Upstream outcome unknown: check upstream, then approve to send again or reject",
            "fields": [
                {"label": "Attempts", "value": str(dispatch.attempts)},
                {"label": "Last error", "value": dispatch.last_error or "none"},
                *[
                    {"label": name.replace("_", " ").capitalize(), "value": str(value)}
                    for name, value in sorted(dispatch.body.items())
                ],
            ],
        },
        rule=OUTCOME_UNKNOWN_RULE,
        reasons=[
            {
                "rule": OUTCOME_UNKNOWN_RULE,
                "label": "Upstream outcome unknown",
                "kind": "upstream",
                "outcome": "held",
                "source": f"{dispatch.kind} upstream gave no answer after {dispatch.attempts} attempts",
                "fields": [],
                "figures": {"attempts": dispatch.attempts, "last_error": dispatch.last_error or "none"},
            }
        ],
        now=now,
    )


def _events(dispatch: Dispatch, events: list[tuple[AuditAction, AuditResult, dict[str, Any]]]) -> None:
    trace = tracing.trace_id()
    audit_append(
        [
            AuditEvent(
                actor=ACTOR,
                actor_type=ActorType.SYSTEM,
                customer=dispatch.customer.external_id,
                action=action,
                result=result,
                tool=dispatch.tool,
                tool_call_id=str(dispatch.tool_call_id),
                session_id=dispatch.session_id,
                idempotency_key=dispatch.idempotency_key,
                approval_id=str(details.pop("approval_id", None) or dispatch.approval_id or ""),
                details={"dispatch_id": str(dispatch.id), **details, **({"trace_id": trace} if trace else {})},
            )
            for action, result, details in events
        ]
    )


def dispatches_reconcile_due(*, limit: int = 100, budget_seconds: float = 40.0) -> int:
    """The sweep: re-send every dispatching row whose next attempt is due and whose sender is gone."""
    started = timezone.now()
    sent = 0
    due = (
        Dispatch.objects.filter(state=Dispatch.State.DISPATCHING, next_attempt_at__lte=started)
        .filter(Q(lease_until__isnull=True) | Q(lease_until__lt=started))
        .order_by("next_attempt_at")
        .values_list("id", flat=True)[:limit]
    )
    for dispatch_id in list(due):
        if (timezone.now() - started).total_seconds() > budget_seconds:
            break
        if dispatch_send(dispatch_id=dispatch_id) is not None:
            sent += 1
    return sent
