"""State-changing calls: the idempotency claim, then the write phase in one transaction.

The key is claimed in Redis first (a replay answers from the hot cache; a
call of the same key still running answers 409). The write phase reads what
needs no lock, takes the customer's row lock with the windows and the policy,
and then goes one of three ways: held for a reviewer (approval_hold.py),
committed as dispatching to an upstream (dispatching.py), or executed here,
the tool's writes, this call's rows and its audit entries committing
together. A refusal the database raises at the COMMIT rolls all of that
back and is recorded in a transaction of its own.
"""

from __future__ import annotations

import dataclasses
import functools
from datetime import datetime

from django.db import DatabaseError, IntegrityError, connection, models, transaction
from django.utils import timezone

from audit.services import AuditEvent, audit_operations_read_ahead
from core import idempotency, tracing
from core.enums import OPERATION_STARTS, AuditAction, AuditResult, ToolCallStatus
from core.idempotency import IdempotencyScope, KeyClaim
from core.models import AgentSession, Customer, IdempotencyRecord, ToolCall, ValueEntry
from core.pipelining import CommitFlight, checked_refusal, pipelined, select_rows_sent
from core.principal_cache import agent_session_sent
from core.tools import BusinessError, Tool, ToolContext, ToolError
from toolguard.pipeline.approval_hold import hold_for_approval
from toolguard.pipeline.call import Call, Outcome, refusal, session_quarantined
from toolguard.pipeline.decided import Decided
from toolguard.pipeline.dispatching import commit_dispatching, dispatch_after_commit
from toolguard.pipeline.policy import PolicyCheck, policy_check
from toolguard.pipeline.recording import (
    finish,
    finish_policy_denied,
    finish_replay,
    finish_tool_error,
    record_row,
    remember_on_commit,
    screen_result,
    send_call_rows,
    tool_call_row,
    value_entry_row,
    write_audit,
)
from toolguard.pipeline.sanitization import with_injection_hold

# How long an agent is told to wait while another request runs its key:
# executions take milliseconds to a few seconds.
IN_PROGRESS_RETRY_AFTER_SECONDS = 1


def state_changing_run(
    call: Call, tool: Tool, session: AgentSession | None, claimed: KeyClaim | None = None
) -> tuple[Outcome, ToolCall]:
    """Claim the key (unless `claimed` already did), run the write phase, release the key;
    an upstream call is sent after all that."""
    assert call.arguments is not None
    scope = IdempotencyScope(call.agent_key.customer_id, tool.name, call.idempotency_key)
    args_hash = idempotency.arguments_hash(call.arguments)
    if claimed is None or claimed.scope != scope:
        if claimed is not None:
            claimed.release()  # claimed before sanitization changed the key's text: the sanitized key is the key
        claimed, _ = idempotency.key_claim(scope)
    if claimed.unavailable:
        return _finish_idempotency_unavailable(call)
    if claimed.hot is not None:
        return finish_replay(call, claimed.hot["outcome"], claimed.hot["arguments_hash"] != args_hash)
    if claimed.token is None:
        return _finish_in_progress(call)
    events_before = list(call.events)
    try:
        try:
            answer = execute_claimed(call, tool, scope, args_hash, session)
        except DatabaseError as exc:
            # A write checked in the database (sent with the COMMIT) failed: its refusal says why.
            checked = _refusal_at_commit(call, exc, events_before)
            if checked is None:
                raise
            raise checked from exc
    except (BusinessError, IntegrityError) as exc:
        return _answer_after_rollback(call, exc, scope, args_hash, events_before)
    finally:
        # With the settled outcome, when this call committed one, for the next retry.
        claimed.release(remember=call.remember)
    if call.dispatch is not None:
        return dispatch_after_commit(call.dispatch, answer[1])
    return answer


def _finish_idempotency_unavailable(call: Call) -> tuple[Outcome, ToolCall]:
    # Not knowing whether the key ran means not running it: a store
    # outage must never turn into a duplicate transfer.
    call.event(AuditAction.IDEMPOTENCY_UNAVAILABLE, AuditResult.FAILURE, code="idempotency_unavailable")
    return finish(
        call,
        refusal(
            ToolCallStatus.FAILED,
            503,
            "idempotency_unavailable",
            "the idempotency store is unreachable; retry later",
        ),
        headers={"Retry-After": "5"},
    )


def _finish_in_progress(call: Call) -> tuple[Outcome, ToolCall]:
    call.event(AuditAction.IDEMPOTENCY_IN_PROGRESS, AuditResult.FAILURE, code="idempotency_in_progress")
    return finish(
        call,
        refusal(
            ToolCallStatus.IN_PROGRESS,
            409,
            "idempotency_in_progress",
            "a call with this idempotency key is still executing; a retry with the same key returns its result",
            {"retry_after_seconds": IN_PROGRESS_RETRY_AFTER_SECONDS},
        ),
        headers={"Retry-After": str(IN_PROGRESS_RETRY_AFTER_SECONDS)},
    )


def _refusal_at_commit(call: Call, exc: DatabaseError, events_before: list[AuditEvent]) -> Exception | None:
    """The refusal of a check the database made at the COMMIT, with what is still true to record; None if not one."""
    checked = checked_refusal(exc)
    if checked is None:
        return None
    # The refusal came at the COMMIT, with which this call's entries had
    # gone out: they rolled back too. The refusal's own transaction
    # records again what was true (received, initiated), never the
    # completion the rollback undid.
    call.events = [
        *events_before,
        *(event for event in call.sent_events if event.action in OPERATION_STARTS and event not in events_before),
    ]
    return checked


def _answer_after_rollback(
    call: Call,
    exc: BusinessError | IntegrityError,
    scope: IdempotencyScope,
    args_hash: str,
    events_before: list[AuditEvent],
) -> tuple[Outcome, ToolCall]:
    """The answer once the write phase rolled back: another execution's, or the refusal."""
    # Read behind the customer's lock, which the refusal's own transaction does not hold.
    call.stored_operations = None
    # Everything this execution wrote rolled back with its transaction.
    # If another execution of this key committed meanwhile (the lock
    # expired or Redis was flushed under us), our failure is an echo of
    # it: a key collision, or funds it already moved. Answer with theirs.
    committed = _committed_record(scope)
    if committed is not None:
        call.events = events_before
        return finish_replay(call, committed.outcome, committed.arguments_hash != args_hash)
    if isinstance(exc, IntegrityError):
        raise exc
    # A genuine refusal (insufficient funds...), recorded in a
    # transaction of its own. Not stored: a retry tries again.
    return finish_tool_error(call, exc)


def _committed_record(scope: IdempotencyScope) -> IdempotencyRecord | None:
    return IdempotencyRecord.objects.filter(
        customer_id=scope.customer_id, tool=scope.tool, key=scope.key, expires_at__gt=timezone.now()
    ).first()


def execute_claimed(
    call: Call, tool: Tool, scope: IdempotencyScope, args_hash: str, session: AgentSession | None
) -> tuple[Outcome, ToolCall]:
    """The write phase, ordered so that the hot locks are taken last and held shortest.

    Reads that need no lock come first (the key's record, the session, the
    tool's own lookups); then the customer's row lock, the windows and the
    policy; then the tool's writes, which end with the money moving (the
    account rows locked to commit); then this call's rows in one round trip;
    then the audit chain, whose lock every customer shares, last of all.
    """
    assert call.arguments is not None
    now = timezone.now()
    # Round trips, once the key and session are cached: the reads (BEGIN, the key's
    # record, the session row of a first call, the tool's lookups); the customer's
    # lock with the windows and the audit rules' read; then the tool's writes, this
    # call's rows, the audit chain's append and the COMMIT, together
    # (tests/toolguard/test_round_trips_live.py counts them).
    with CommitFlight() as flight:
        ctx, record, refused = _reads_before_lock(call, tool, scope, session)
        if ctx.session.is_quarantined:
            # Read here when it was not cached: refused as the executor refuses one it knew of.
            flight.start()
            return finish(call, session_quarantined(call))
        if record is not None and record.expires_at > now:
            return _replay_in_transaction(call, record, args_hash, flight)
        if record is not None:
            # Past its TTL a reused key is a new operation.
            record.delete()
        if refused is not None:
            return finish_tool_error(call, refused)
        try:
            check = _policy_check_locked(call, tool, ctx, now)
        except ToolError as exc:
            return finish_tool_error(call, exc)
        if check.verdict.denied:
            return finish_policy_denied(call, check)
        if call.suspicion is not None:
            check = with_injection_hold(check)
        decided = Decided(call, tool, ctx, scope, args_hash, check, now, flight)
        if check.verdict.held:
            with tracing.stage(tracing.APPROVAL_GATE):
                return hold_for_approval(decided)
        if tool.handler.dispatches:
            return commit_dispatching(decided)
        return _execute_in_transaction(decided)


def _reads_before_lock(
    call: Call, tool: Tool, scope: IdempotencyScope, session: AgentSession | None
) -> tuple[ToolContext, IdempotencyRecord | None, ToolError | None]:
    """The key's durable record, the session row of a first call and the tool's lookups, in one round trip.

    Returns the tool's context, the record (if any) and the tool's refusal,
    which is said only if the key has no answer to replay.
    """
    assert call.arguments is not None
    with pipelined():
        # Sent first, read after the tool's lookups: one round trip brings both.
        found_record = select_rows_sent(
            IdempotencyRecord, customer_id=scope.customer_id, tool=scope.tool, key=scope.key
        )
        refused: ToolError | None = None
        # No stage span here: in the pipeline its statements' answers come back after it,
        # so its time would say nothing; the policy stage waits for its own.
        # A session not cached goes out with the tool's own reads: created if new, read back either way.
        found_session = None
        if session is None:
            found_session = agent_session_sent(customer_id=scope.customer_id, session_id=call.request.session_id)
        ctx = call.context(session or AgentSession(customer_id=scope.customer_id, session_id=call.request.session_id))
        try:
            tool.handler.authorize(ctx, call.arguments)
        except ToolError as exc:
            refused = exc
        found = found_record()
        if found_session is not None:
            ctx = dataclasses.replace(ctx, session=found_session())
    return ctx, (found[0] if found else None), refused  # the scope is unique: one row at most


def _replay_in_transaction(
    call: Call, record: IdempotencyRecord, args_hash: str, flight: CommitFlight
) -> tuple[Outcome, ToolCall]:
    """The key's stored answer, found in the write phase's own transaction."""
    flight.start()  # the replay's entries go out with the COMMIT
    outcome, tool_call = finish_replay(call, record.outcome, record.arguments_hash != args_hash)
    if outcome.status not in (ToolCallStatus.PENDING_APPROVAL, ToolCallStatus.DISPATCHING):
        # Pending results change when a reviewer decides (or the
        # upstream answers), so only settled ones are copied to the hot cache.
        remember_on_commit(call, record)
    return outcome, tool_call


def _policy_check_locked(call: Call, tool: Tool, ctx: ToolContext, now: datetime) -> PolicyCheck:
    """The customer's row lock, the windows and the policy, and the audit rules' read, in one round trip."""
    assert call.arguments is not None
    with tracing.stage(tracing.POLICY):
        # The customer's row lock (FOR NO KEY UPDATE on toolguard_customer)
        # serialises one customer's state-changing calls from here to commit:
        # the windows and session total the policy reads cannot be read by a
        # concurrent call before this call's own value is counted, so no two
        # calls pass a limit together (tests/toolguard/test_limits_live.py
        # races 20 calls over one limit). NO KEY: rows that merely reference
        # the customer (a replay's tool call) are not blocked by it.
        # The lock goes out with the windows' query and the repeated-operation
        # rule's read (behind the lock, so no operation of this customer can
        # commit between it and this call's append): one round trip for all.
        with pipelined():
            with connection.cursor() as cursor:
                cursor.execute(_customer_lock_sql(), [call.agent_key.customer_id])
            operations = audit_operations_read_ahead([_operation_probe(call, tool)])
            check = policy_check(tool=tool, ctx=ctx, arguments=call.arguments, now=now)
            call.stored_operations = operations()
    return check


def _execute_in_transaction(decided: Decided) -> tuple[Outcome, ToolCall]:
    """The tool's writes, this call's rows and its audit entries, committing together."""
    call, tool, ctx, check = decided.call, decided.tool, decided.ctx, decided.check
    assert call.arguments is not None
    call.event(tool.audit_actions.initiated, AuditResult.SUCCESS, arguments=call.arguments, tool_version=tool.version)
    # A BusinessError raised here leaves this transaction and rolls back
    # the tool's writes with it; state_changing_run records the refusal
    # (a check that failed in the database included, at the COMMIT).
    with tracing.stage(tracing.EXECUTE):
        result = tool.handler.execute(ctx, call.arguments)
    call.event(tool.audit_actions.completed, AuditResult.SUCCESS, result=result)
    result = screen_result(call, tool, result)
    outcome = Outcome(status=ToolCallStatus.COMPLETED, http_status=200, result=result)
    tool_call = tool_call_row(call, outcome)
    record = record_row(decided.scope, decided.args_hash, outcome, tool_call, decided.now)
    rows: list[models.Model] = [tool_call, record]
    entry = value_entry_row(call, tool, check, tool_call, ValueEntry.Status.COMPLETED, decided.now)
    if entry is not None:
        rows.append(entry)
    decided.flight.start()
    with pipelined():
        send_call_rows(rows)
    write_audit(call)  # last: the chain lock is held from here to commit, in one decided.flight
    remember_on_commit(call, record)
    return outcome, tool_call


@functools.cache
def _customer_lock_sql() -> str:
    """The customer row lock's statement, compiled once (nothing on SQLite, whose write lock serialises)."""
    locking = Customer.objects.select_for_update(no_key=True).filter(id=0).values("id")
    with transaction.atomic():  # select_for_update compiles only inside one
        sql, _ = locking.query.sql_with_params()
    return sql


def _operation_probe(call: Call, tool: Tool) -> AuditEvent:
    """The entry that will start this call's operation (operation_initiated), as the rules will see it."""
    probe = Call(agent_key=call.agent_key, request=call.request, tool=tool, started=call.started)
    probe.arguments = call.arguments
    probe.event(tool.audit_actions.initiated, AuditResult.SUCCESS, arguments=call.arguments)
    return probe.events[0]
