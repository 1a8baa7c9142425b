"""The executor: the one path every tool call takes.

authenticate (done by the view) -> key and session quarantine -> schema
validation -> sanitization -> idempotency -> authorization and policy (the
tool's CEL policy over the value windows) -> approval gate ->
execution in one transaction -> stored result, audit entry, metrics.

Every return path writes its audit entries through `audit_append`, in the
same transaction as whatever the call changed.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, IntegrityError, connection, models, transaction
from django.utils import timezone

from approvals.models import ApprovalRequest
from approvals.services import approval_request_create
from audit.models import AuditEntry
from audit.receipts import entry_reference, tool_call_reference
from audit.redaction import redact_value
from audit.services import AuditEvent, audit_append, audit_operations_read_ahead
from core import idempotency, metrics, tracing
from core.describe import tool_describe
from core.enums import AuditAction, AuditResult, ToolCallStatus
from core.idempotency import IdempotencyScope, IdempotencyUnavailable
from core.models import AgentKey, AgentSession, Customer, IdempotencyRecord, ToolCall, ValueEntry
from core.pipelining import (
    CommitFlight,
    checked_refusal,
    insert_rows,
    pipelined,
    select_rows_sent,
    send_insert_returning_pk,
    send_inserts,
)
from core.principal_cache import agent_key_forget, agent_session_forget, agent_session_lookup
from core.reasons import argument_at, argument_text, relocated_span
from core.tools import BusinessError, Tool, ToolContext, ToolError, get_tool
from detection.masking import mask_storable_secrets
from detection.results import result_screen_audited
from detection.sanitizer import Block, InjectionClassifier, Suspicion, load_classifier, sanitize_arguments
from outbox.models import Dispatch
from outbox.services import dispatch_create, dispatch_first_answer, dispatch_send_claimed
from toolguard.pipeline.policy import PolicyCheck, policy_check
from toolguard.pipeline.reasons import INJECTION_SUSPECTED_RULE, hold_reasons, refusal_reasons
from toolguard.pipeline.validation import validation_errors

# How long an agent is told to wait while another request runs its key:
# executions take milliseconds to a few seconds.
IN_PROGRESS_RETRY_AFTER_SECONDS = 1


@dataclass(frozen=True)
class CallRequest:
    """One tool call, already lifted out of its provider's shape."""

    provider: str
    tool_call_id: str
    name: str
    arguments: Any
    session_id: str
    # Set when the provider's arguments could not even be parsed (truncated JSON).
    arguments_error: str = ""


@dataclass
class Outcome:
    status: str
    http_status: int
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    approval_id: str | None = None
    replayed: bool = False
    arguments_mismatch: bool = False
    headers: dict[str, str] = field(default_factory=dict)
    # The entry that recorded this outcome ({"entry_id", "leaf_hash"}), for the agent's receipt.
    # Not part of what is stored for replays: a replay is recorded by an entry of its own.
    audit: dict[str, Any] | None = None
    # The rules that decided it, for people (audit, traces), never in what the agent reads:
    # a steered model would learn how to split an amount or reword an injection.
    rules: list[str] = field(default_factory=list)

    def stored(self) -> dict[str, Any]:
        """What a replay answers with."""
        return {
            "status": self.status,
            "http_status": self.http_status,
            "result": self.result,
            "error": self.error,
            "approval_id": self.approval_id,
        }

    @classmethod
    def from_stored(cls, stored: dict[str, Any], *, arguments_mismatch: bool) -> Outcome:
        return cls(
            status=stored["status"],
            http_status=stored["http_status"],
            result=stored["result"],
            error=stored["error"],
            approval_id=stored["approval_id"],
            replayed=True,
            arguments_mismatch=arguments_mismatch,
            headers={"Idempotent-Replayed": "true"},
        )


def refusal(status: str, http_status: int, code: str, message: str, details: Any = None) -> Outcome:
    return Outcome(status=status, http_status=http_status, error={"code": code, "message": message, "details": details})


@dataclass
class _Call:
    """Everything one pass through the pipeline has learned so far."""

    agent_key: AgentKey
    request: CallRequest
    tool: Tool | None
    started: float
    id: uuid.UUID = field(default_factory=uuid.uuid4)
    arguments: dict[str, Any] | None = None
    events: list[AuditEvent] = field(default_factory=list)
    # The events the last audit write sent: a transaction that fails at its COMMIT takes them with it.
    sent_events: list[AuditEvent] = field(default_factory=list)
    modifications: tuple[dict[str, Any], ...] = ()
    suspicion: Suspicion | None = None  # the sanitizer's model stage, when it holds
    # Set when an outbox handler's call was committed as dispatching: it is sent after commit.
    dispatch: Dispatch | None = None
    # A settled outcome this call committed, for the hot cache: (entry, seconds to keep it).
    remember: tuple[dict[str, Any], float] | None = None
    # The last entry this call wrote: the one that records its outcome.
    recorded: AuditEntry | None = None
    # The repeated-operation rule's read, made ahead behind the customer's lock (audit_operations_read_ahead).
    stored_operations: dict[tuple[str, str], list[tuple[Any, ...]]] | None = None
    # The call's trace, in each of its audit entries ("" when tracing is off).
    trace_id: str = field(default_factory=tracing.trace_id)

    @property
    def tool_name(self) -> str:
        return self.tool.name if self.tool else self.request.name[:64]

    @property
    def idempotency_key(self) -> str:
        if self.arguments and isinstance(self.arguments.get("idempotency_key"), str):
            return str(self.arguments["idempotency_key"])
        return ""

    def event(self, action: AuditAction, result: AuditResult, /, **details: Any) -> None:
        if self.trace_id:
            details["trace_id"] = self.trace_id
        self.events.append(
            AuditEvent(
                actor=self.agent_key.label,
                actor_type="agent",
                customer=self.agent_key.customer.external_id,
                action=action,
                result=result,
                tool=self.tool_name,
                tool_call_id=str(self.id),
                session_id=self.request.session_id,
                idempotency_key=self.idempotency_key,
                approval_id=str(details.pop("approval_id", "") or ""),
                details=details,
            )
        )

    def elapsed_ms(self) -> float:
        return round((time.perf_counter() - self.started) * 1000, 3)


def tool_call_answer(tool_call: ToolCall) -> dict[str, Any]:
    """A call's stored answer, brought up to date for a replay of a held call.

    A replay's row is a snapshot of the moment it was answered, but the
    reviewer's decision (or the expiry) is written to the held call's row.
    Asked about later, the replay answers with the held call's answer now,
    still marked as a replay, so an agent can poll whichever id it was given.
    """
    stored: dict[str, Any] = tool_call.response
    if stored.get("replayed") and stored.get("status") == ToolCallStatus.DISPATCHING:
        # The outbox knows the first call of the key.
        tool = get_tool(tool_call.tool)
        return dispatch_first_answer(tool_call, stored) if tool is not None and tool.handler.dispatches else stored
    if not (stored.get("replayed") and stored.get("approval_id")):
        return stored
    held = (
        ApprovalRequest.objects.filter(id=stored["approval_id"], customer_id=tool_call.customer_id)
        .values_list("tool_call__response", flat=True)
        .first()
    )
    if held is None:
        return stored
    return {**held, "replayed": True, "arguments_mismatch": stored["arguments_mismatch"]}


def tool_call_execute(*, agent_key: AgentKey, request: CallRequest) -> tuple[ToolCall, Outcome]:
    tool = get_tool(request.name)
    name = tool.name if tool else None
    with tracing.call_span(tool=name, requested=request.name, tool_call_id=request.tool_call_id) as span:
        tool_call, outcome = _execute(agent_key, request, tool)
        tracing.call_outcome(
            span,
            toolguard_id=str(tool_call.id),
            status=outcome.status,
            http_status=outcome.http_status,
            error_code=outcome.error["code"] if outcome.error else None,
            rules=list(outcome.rules),
            arguments=tool_call.arguments,
        )
    return tool_call, outcome


def _execute(agent_key: AgentKey, request: CallRequest, tool: Tool | None) -> tuple[ToolCall, Outcome]:
    call = _Call(agent_key=agent_key, request=request, tool=tool, started=time.perf_counter())
    call.event(
        AuditAction.TOOL_CALL_RECEIVED,
        AuditResult.SUCCESS,
        provider=request.provider,
        client_tool_call_id=request.tool_call_id[:128],
        requested_tool=request.name[:64],
    )
    outcome, tool_call = _run(call)
    if call.dispatch is not None:
        # The outbox recorded the upstream's answer after this call's own entries.
        outcome.audit = tool_call_reference(str(call.id))
    else:
        outcome.audit = entry_reference(call.recorded)
    labels = call.tool_name if call.tool else "unknown"
    metrics.tool_call_count.labels(labels, outcome.status).inc()
    metrics.tool_execution_duration.labels(labels).observe(time.perf_counter() - call.started)
    return tool_call, outcome


def _run(call: _Call) -> tuple[Outcome, ToolCall]:
    tool, request = call.tool, call.request
    if tool is None:
        call.event(AuditAction.TOOL_CALL_REJECTED, AuditResult.FAILURE, code="unknown_tool")
        return _finish(
            call, refusal(ToolCallStatus.INVALID, 404, "unknown_tool", f"no tool named {request.name[:64]!r}")
        )
    if tool.name not in call.agent_key.allowed_tools:
        call.event(AuditAction.TOOL_CALL_DENIED, AuditResult.BLOCKED, code="tool_not_allowed")
        return _finish(
            call, refusal(ToolCallStatus.DENIED, 403, "tool_not_allowed", "this agent key may not call this tool")
        )

    if tool.withheld:
        call.event(AuditAction.TOOL_CALL_DENIED, AuditResult.BLOCKED, code="tool_withheld", withheld=tool.withheld)
        return _finish(
            call,
            refusal(
                ToolCallStatus.DENIED,
                409,
                "tool_withheld",
                "this tool is withheld until an operator reviews what its upstream changed; "
                "try again later or use another tool",
            ),
        )
    if call.agent_key.is_quarantined:
        # The key, not only one session: a fresh session id must not escape it.
        call.event(AuditAction.QUARANTINE_REFUSED, AuditResult.BLOCKED, code="key_quarantined")
        return _finish(
            call,
            refusal(
                ToolCallStatus.QUARANTINED,
                423,
                "key_quarantined",
                f"the agent key {call.agent_key.label} is quarantined (injection blocks across its sessions), "
                "whatever the session; a reviewer releases it on the Quarantines page, or an operator runs "
                f"`manage.py release_key --key {call.agent_key.prefix}`",
                {"quarantined": "key", "key": call.agent_key.label},
            ),
        )
    # Cached for a second; a block, a quarantine or a release invalidates it.
    session = agent_session_lookup(customer_id=call.agent_key.customer_id, session_id=request.session_id)
    if session is not None and session.is_quarantined:
        call.event(AuditAction.QUARANTINE_REFUSED, AuditResult.BLOCKED, code="session_quarantined")
        return _finish(
            call,
            refusal(
                ToolCallStatus.QUARANTINED,
                423,
                "session_quarantined",
                f"the session {request.session_id!r} is quarantined (injection blocks in it); the agent key is not, "
                "so other sessions still work; a reviewer releases it on the Quarantines page, or an operator runs "
                f"`manage.py release_session --customer {call.agent_key.customer.external_id} "
                f"--session {request.session_id}`",
                {"quarantined": "session", "session_id": request.session_id, "key": call.agent_key.label},
            ),
        )

    if request.arguments_error:
        errors = [{"path": "", "message": request.arguments_error, "code": "invalid_json"}]
    else:
        with tracing.stage(tracing.VALIDATE):
            errors = validation_errors(tool, request.arguments)
    if errors:
        metrics.tool_validation_failures.labels(tool.name).inc()
        call.event(AuditAction.VALIDATION_FAILED, AuditResult.FAILURE, errors=errors)
        return _finish(
            call,
            refusal(ToolCallStatus.INVALID, 422, "validation_failed", "the arguments do not match the schema", errors),
        )

    with tracing.stage(tracing.DETECT):
        sanitized = sanitize_arguments(
            request.arguments,
            tool.field_kinds,
            classifier=_injection_classifier(settings.TOOLGUARD_INJECTION_MODEL),
            threshold=settings.TOOLGUARD_INJECTION_THRESHOLD,
        )
    if sanitized.block is not None:
        return _finish_blocked(call, sanitized.block)
    suspicion = sanitized.suspicion
    if suspicion is not None and settings.TOOLGUARD_MODEL_ACTION == "block":
        metrics.tool_injection_suspected.labels(call.tool_name, "block").inc()
        return _finish_blocked(call, Block(field=suspicion.field, category=suspicion.category, rule=suspicion.rule))
    # Secrets masked before any handler sees what it will store (transfer memo,
    # approval, tool call): the one place arguments are made storable.
    call.arguments = mask_storable_secrets(sanitized.arguments, tool.field_kinds)
    if suspicion is not None:
        suspicion = _suspicion_in_stored(suspicion, sanitized.arguments, call.arguments)
    call.modifications = tuple(
        {"field": m.field, "kind": m.kind, "count": m.count, "code_points": list(m.code_points)}
        for m in sanitized.modifications
    )
    if call.modifications:
        call.event(AuditAction.ARGUMENTS_SANITIZED, AuditResult.SUCCESS, modifications=list(call.modifications))
    if suspicion is not None:
        _note_suspicion(call, tool, suspicion)

    if not tool.changes_state:
        return _run_read_only(call, tool, session)
    return _run_state_changing(call, tool, session)


def _context(call: _Call, session: AgentSession) -> ToolContext:
    return ToolContext(
        agent_key=call.agent_key,
        session=session,
        tool_call_id=call.request.tool_call_id,
        modifications=call.modifications,
    )


def _suspicion_in_stored(suspicion: Suspicion, cleaned: dict[str, Any], stored: dict[str, Any]) -> Suspicion:
    """The suspicion's span in the value as stored, which masking a secret may have changed."""
    before = argument_text(argument_at(cleaned, suspicion.field)[1])
    after = argument_text(argument_at(stored, suspicion.field)[1])
    return dataclasses.replace(suspicion, span=relocated_span(suspicion.span, before, after))


def _note_suspicion(call: _Call, tool: Tool, suspicion: Suspicion) -> None:
    """A model-stage finding under the hold or log action.  A read-only call
    has nothing to hold: it runs, and the finding stays in the audit log.  A
    state-changing one gets the approval rule below and waits for a reviewer."""
    action = settings.TOOLGUARD_MODEL_ACTION
    held = action == "hold" and tool.changes_state and tool.suspicion_action == "hold"
    metrics.tool_injection_suspected.labels(call.tool_name, action).inc()
    call.event(
        AuditAction.INJECTION_SUSPECTED,
        AuditResult.PENDING if held else AuditResult.SUCCESS,
        field=suspicion.field,
        rule=suspicion.rule,
        category=suspicion.category,
        score=suspicion.score,
        span=list(suspicion.span) if suspicion.span else None,
        action=action,
        model_suspicion=tool.suspicion_action,
        held=held,
    )
    if held:
        call.suspicion = suspicion


def _with_injection_hold(check: PolicyCheck) -> PolicyCheck:
    """The policy's verdict with the model stage's hold added, as one more held rule."""
    verdict = check.verdict
    held = dataclasses.replace(verdict, held=(*verdict.held, INJECTION_SUSPECTED_RULE))
    return dataclasses.replace(check, verdict=held)


@functools.lru_cache(maxsize=4)
def _injection_classifier(path: str) -> InjectionClassifier | None:
    """The model stage's classifier, loaded once per configured path."""
    return load_classifier(path)


def _run_read_only(call: _Call, tool: Tool, session: AgentSession | None) -> tuple[Outcome, ToolCall]:
    assert call.arguments is not None
    ctx = _context(call, session or AgentSession(customer=call.agent_key.customer, session_id=call.request.session_id))
    try:
        with tracing.stage(tracing.POLICY):
            tool.handler.authorize(ctx, call.arguments)
            check = policy_check(tool=tool, ctx=ctx, arguments=call.arguments, now=timezone.now())
        if check.verdict.denied:
            return _finish_policy_denied(call, check)
        with tracing.stage(tracing.EXECUTE):
            result = tool.handler.execute(ctx, call.arguments)
    except ToolError as exc:
        return _finish_tool_error(call, exc)
    result = _screen_result(call, tool, result)
    call.event(AuditAction.TOOL_EXECUTED, AuditResult.SUCCESS)
    return _finish(call, Outcome(status=ToolCallStatus.COMPLETED, http_status=200, result=result))


def _run_state_changing(call: _Call, tool: Tool, session: AgentSession | None) -> tuple[Outcome, ToolCall]:
    assert call.arguments is not None
    scope = IdempotencyScope(call.agent_key.customer_id, tool.name, call.idempotency_key)
    args_hash = idempotency.arguments_hash(call.arguments)
    try:
        hot, token = idempotency.claim(scope)
        if hot is not None:
            return _finish_replay(call, hot["outcome"], hot["arguments_hash"] != args_hash)
    except IdempotencyUnavailable:
        # Not knowing whether the key ran means not running it: a store
        # outage must never turn into a duplicate transfer.
        call.event(AuditAction.IDEMPOTENCY_UNAVAILABLE, AuditResult.FAILURE, code="idempotency_unavailable")
        return _finish(
            call,
            refusal(
                ToolCallStatus.FAILED,
                503,
                "idempotency_unavailable",
                "the idempotency store is unreachable; retry later",
            ),
            headers={"Retry-After": "5"},
        )
    if token is None:
        call.event(AuditAction.IDEMPOTENCY_IN_PROGRESS, AuditResult.FAILURE, code="idempotency_in_progress")
        return _finish(
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
    events_before = list(call.events)
    try:
        try:
            answer = _execute_claimed(call, tool, scope, args_hash, session)
        except DatabaseError as exc:
            # A write checked in the database (sent with the COMMIT) failed: its refusal says why.
            checked = checked_refusal(exc)
            if checked is None:
                raise
            # The refusal came at the COMMIT, with which this call's entries had
            # gone out: they rolled back too. The refusal's own transaction
            # records again what was true (received, initiated), never the
            # completion the rollback undid.
            call.events = [
                *events_before,
                *(
                    event
                    for event in call.sent_events
                    if event.action == AuditAction.TRANSFER_INITIATED and event not in events_before
                ),
            ]
            raise checked from exc
    except (BusinessError, IntegrityError) as exc:
        # Read behind the customer's lock, which the refusal's own transaction does not hold.
        call.stored_operations = None
        # Everything this execution wrote rolled back with its transaction.
        # If another execution of this key committed meanwhile (the lock
        # expired or Redis was flushed under us), our failure is an echo of
        # it: a key collision, or funds it already moved. Answer with theirs.
        committed = _committed_record(scope)
        if committed is not None:
            call.events = events_before
            return _finish_replay(call, committed.outcome, committed.arguments_hash != args_hash)
        if isinstance(exc, IntegrityError):
            raise
        # A genuine refusal (insufficient funds...), recorded in a
        # transaction of its own. Not stored: a retry tries again.
        return _finish_tool_error(call, exc)
    finally:
        # With the settled outcome, when this call committed one, for the next retry.
        idempotency.lock_release(scope, token, remember=call.remember)
    if call.dispatch is not None:
        return _dispatch_after_commit(tool, call.dispatch, answer[1])
    return answer


def _committed_record(scope: IdempotencyScope) -> IdempotencyRecord | None:
    return IdempotencyRecord.objects.filter(
        customer_id=scope.customer_id, tool=scope.tool, key=scope.key, expires_at__gt=timezone.now()
    ).first()


def _execute_claimed(
    call: _Call, tool: Tool, scope: IdempotencyScope, args_hash: str, session: AgentSession | None
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
    with CommitFlight() as flight, transaction.atomic():
        with pipelined():
            # Sent first, read after the tool's lookups: one round trip brings both.
            found_record = select_rows_sent(
                IdempotencyRecord, customer_id=scope.customer_id, tool=scope.tool, key=scope.key
            )
            refused: ToolError | None = None
            try:
                # No stage span here: in the pipeline its statements' answers come back after it,
                # so its time would say nothing; the policy stage below waits for its own.
                # A first call's session row goes out with the tool's own reads.
                ctx = _context(call, session or _session_create(call))
                tool.handler.authorize(ctx, call.arguments)
            except ToolError as exc:
                refused = exc  # said only if the key has no answer to replay
            found = found_record()
        record = found[0] if found else None  # the scope is unique: one row at most
        if record is not None and record.expires_at > now:
            flight.start()  # the replay's entries go out with the COMMIT
            outcome, tool_call = _finish_replay(call, record.outcome, record.arguments_hash != args_hash)
            if outcome.status not in (ToolCallStatus.PENDING_APPROVAL, ToolCallStatus.DISPATCHING):
                # Pending results change when a reviewer decides (or the
                # upstream answers), so only settled ones are copied to the hot cache.
                _remember_on_commit(call, record)
            return outcome, tool_call
        if record is not None:
            # Past its TTL a reused key is a new operation.
            record.delete()
        if refused is not None:
            return _finish_tool_error(call, refused)

        try:
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
        except ToolError as exc:
            return _finish_tool_error(call, exc)
        if check.verdict.denied:
            return _finish_policy_denied(call, check)
        if call.suspicion is not None:
            check = _with_injection_hold(check)
        if check.verdict.held:
            with tracing.stage(tracing.APPROVAL_GATE):
                return _hold_for_approval(call, tool, ctx, scope, args_hash, check, now, flight)
        if tool.handler.dispatches:
            return _commit_dispatching(call, tool, ctx, scope, args_hash, check, now, flight)

        call.event(
            AuditAction.TRANSFER_INITIATED, AuditResult.SUCCESS, arguments=call.arguments, tool_version=tool.version
        )
        if tool.handler.execute_rides_commit:
            # From here the statements go out with the COMMIT: the account rows and
            # the audit chain are locked for no network wait, the customer's row for one.
            flight.start()
        # A BusinessError raised here leaves this transaction and rolls back
        # the tool's writes with it; _run_state_changing records the refusal
        # (a check that failed in the database included, at the COMMIT).
        with tracing.stage(tracing.EXECUTE):
            result = tool.handler.execute(ctx, call.arguments)
        call.event(AuditAction.TRANSFER_COMPLETED, AuditResult.SUCCESS, result=result)
        result = _screen_result(call, tool, result)
        outcome = Outcome(status=ToolCallStatus.COMPLETED, http_status=200, result=result)
        tool_call = _tool_call_row(call, outcome)
        record = _record_row(scope, args_hash, outcome, tool_call, now)
        rows: list[models.Model] = [tool_call, record]
        entry = _value_entry_row(call, tool, check, tool_call, ValueEntry.Status.COMPLETED, now)
        if entry is not None:
            rows.append(entry)
        flight.start()
        insert_rows(rows)
        _write_audit(call)  # last: the chain lock is held from here to commit, in one flight
        _remember_on_commit(call, record)
        return outcome, tool_call


def _operation_probe(call: _Call, tool: Tool) -> AuditEvent:
    """The entry that will start this call's operation (transfer_initiated), as the rules will see it."""
    probe = _Call(agent_key=call.agent_key, request=call.request, tool=tool, started=call.started)
    probe.arguments = call.arguments
    probe.event(AuditAction.TRANSFER_INITIATED, AuditResult.SUCCESS, arguments=call.arguments)
    return probe.events[0]


# --- Upstream tools: the dispatching branch -------------------------------------
#
# An upstream tool's effect happens in another system, which this transaction
# cannot roll back. So the call is committed as `dispatching` first (tool call,
# idempotency record, outbox row, audit: all under the session lock), and sent
# only after commit, with no transaction or row lock open; the answer is
# recorded in a second, short transaction, by the outbox (outbox/services.py)
# for every handler that `dispatches` (core.tools.ToolHandler).


def _commit_dispatching(
    call: _Call,
    tool: Tool,
    ctx: ToolContext,
    scope: IdempotencyScope,
    args_hash: str,
    check: PolicyCheck,
    now: datetime,
    flight: CommitFlight,
) -> tuple[Outcome, ToolCall]:
    assert call.arguments is not None
    outcome = Outcome(status=ToolCallStatus.DISPATCHING, http_status=202)
    call.event(AuditAction.TRANSFER_INITIATED, AuditResult.PENDING, arguments=call.arguments, tool_version=tool.version)
    tool_call = _tool_call_row(call, outcome)
    rows: list[models.Model] = [tool_call]
    # Counted as pending until the upstream answers: it may still happen.
    entry = _value_entry_row(call, tool, check, tool_call, ValueEntry.Status.PENDING, now)
    if entry is not None:
        rows.append(entry)
    # The record's id comes back (the outbox row points at it, to update or
    # remove it with the answer) in the same round trip as the rows before it.
    record = _record_row(scope, args_hash, outcome, tool_call, now)
    # From here only new rows: the outbox row and the audit entries go out with the COMMIT.
    flight.start()
    with pipelined():
        send_inserts(rows)
        send_insert_returning_pk(record)
    dispatch = dispatch_create(
        ctx=ctx,
        tool_call=tool_call,
        record=record,
        handler=tool.handler,
        tool=tool.name,
        arguments=call.arguments,
        results=tool.results,
    )
    # The sender needs the customer's external id for its headers: no second read.
    dispatch.customer = ctx.agent_key.customer
    call.dispatch = dispatch
    call.event(
        AuditAction.UPSTREAM_DISPATCHING, AuditResult.PENDING, dispatch_id=str(dispatch.id), upstream=dispatch.kind
    )
    _write_audit(call)
    return outcome, tool_call


def _dispatch_after_commit(tool: Tool, dispatch: Dispatch, tool_call: ToolCall) -> tuple[Outcome, ToolCall]:
    """The first attempt, outside any transaction; its answer (screened by the outbox) is the agent's answer."""
    # The row was committed already claimed by this request (dispatch_create).
    stored = dispatch_send_claimed(dispatch=dispatch)
    tool_call.status, tool_call.http_status = stored["status"], stored["http_status"]
    tool_call.response = {**stored, "replayed": False, "arguments_mismatch": False}
    outcome = Outcome(
        status=stored["status"],
        http_status=stored["http_status"],
        result=stored["result"],
        error=stored["error"],
        approval_id=stored["approval_id"],
    )
    if outcome.status == ToolCallStatus.DISPATCHING or outcome.http_status == 503:
        outcome.headers["Retry-After"] = "2"
    return outcome, tool_call


def _screen_result(call: _Call, tool: Tool, result: Any) -> Any:
    """What the model will see of the result (detection/results.py); screened once, then stored."""
    return result_screen_audited(
        result,
        policy=tool.results,
        report=lambda action, outcome, details: call.event(action, outcome, **details),
        trusted=tool.handler.trusted_result_fields,
    )


@functools.cache
def _customer_lock_sql() -> str:
    """The customer row lock's statement, compiled once (nothing on SQLite, whose write lock serialises)."""
    locking = Customer.objects.select_for_update(no_key=True).filter(id=0).values("id")
    with transaction.atomic():  # select_for_update compiles only inside one
        sql, _ = locking.query.sql_with_params()
    return sql


def _session_create(call: _Call) -> AgentSession:
    """The session row of a session's first call, in one statement.

    A racing first call of the same session may create it first; either row
    is the same fresh session, so the conflict is ignored rather than retried.
    """
    session = AgentSession(customer_id=call.agent_key.customer_id, session_id=call.request.session_id)
    AgentSession.objects.bulk_create([session], ignore_conflicts=True)
    return session


def _hold_for_approval(
    call: _Call,
    tool: Tool,
    ctx: ToolContext,
    scope: IdempotencyScope,
    args_hash: str,
    check: PolicyCheck,
    now: datetime,
    flight: CommitFlight,
) -> tuple[Outcome, ToolCall]:
    assert call.arguments is not None
    rules = list(check.verdict.held)
    reasons = hold_reasons(tool=tool, check=check, arguments=call.arguments, suspicion=call.suspicion)
    held = tool.handler.hold(ctx, call.arguments)
    approval_id = uuid.uuid4()
    outcome = Outcome(
        status=ToolCallStatus.PENDING_APPROVAL,
        http_status=202,
        result=held.result,
        approval_id=str(approval_id),
        rules=rules,
    )
    call.event(AuditAction.TRANSFER_INITIATED, AuditResult.PENDING, arguments=call.arguments, tool_version=tool.version)
    call.event(
        AuditAction.APPROVAL_REQUESTED,
        AuditResult.PENDING,
        approval_id=approval_id,
        rules=rules,
        reasons=reasons,
        required_approvals=check.verdict.approvals_required,
        window=check.window,
    )
    # The tool call row must exist before the approval and the record point at it;
    # _finish writes the audit entries last, after both.
    tool_call = _tool_call_row(call, outcome)
    entry = _value_entry_row(call, tool, check, tool_call, ValueEntry.Status.PENDING, now)
    # From here only new rows: the record's id comes back with the rows before it,
    # and the approval and the audit entries go out with the COMMIT.
    flight.start()
    insert_rows([tool_call] if entry is None else [tool_call, entry])
    record = _record_row(scope, args_hash, outcome, tool_call, now)
    record.save(force_insert=True)  # the approval refers to its id
    approval_request_create(
        approval_id=approval_id,
        ctx=ctx,
        tool=tool,
        tool_call=tool_call,
        idempotency_record=record,
        arguments=call.arguments,
        arguments_hash=args_hash,
        rules=rules,
        reasons=reasons,
        required_approvals=check.verdict.approvals_required,
        held_ref=held.held_ref,
        summary=tool_describe(tool, call.arguments, check.value),
        value=check.value,
    )
    _write_audit(call)
    return outcome, tool_call


def _value_entry_row(
    call: _Call, tool: Tool, check: PolicyCheck, tool_call: ToolCall, status: str, now: datetime
) -> ValueEntry | None:
    """This call's value as the windows count it, written in the call's own transaction."""
    if check.value is None:
        return None
    return ValueEntry(
        customer_id=call.agent_key.customer_id,
        agent_key=call.agent_key,
        session_id=call.request.session_id,
        tool=tool.name,
        tool_call=tool_call,
        beneficiary=check.value.beneficiary,
        value_cents=check.value.amount_cents,
        currency=check.value.currency,
        reporting_cents=check.value.reporting_cents,
        status=status,
        created_at=now,
    )


def _finish_policy_denied(call: _Call, check: PolicyCheck) -> tuple[Outcome, ToolCall]:
    assert call.tool is not None and call.arguments is not None
    rules = list(check.verdict.denied)
    call.event(
        AuditAction.POLICY_DENIED,
        AuditResult.BLOCKED,
        code="policy_denied",
        rules=rules,
        reasons=refusal_reasons(tool=call.tool, check=check, arguments=call.arguments),
        arguments=call.arguments,
    )
    outcome = refusal(ToolCallStatus.DENIED, 403, "policy_denied", "refused by the deployment's policy for this tool")
    outcome.rules = rules
    return _finish(call, outcome)


def _finish_blocked(call: _Call, block: Block) -> tuple[Outcome, ToolCall]:
    field_path, category = block.field, block.category
    raw = _value_at(call.request.arguments, field_path)
    metrics.tool_injection_blocks.labels(call.tool_name, category, block.rule).inc()
    # Never the payload: its category and the rule that fired, where it was,
    # how long, and a hash to match it against other sightings.
    call.event(
        AuditAction.INJECTION_BLOCKED,
        AuditResult.BLOCKED,
        field=field_path,
        category=category,
        rule=block.rule,
        length=len(raw),
        sha256=hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest(),
    )
    outcome = refusal(
        ToolCallStatus.BLOCKED,
        422,
        "injection_blocked",
        "the arguments were blocked by the sanitizer",
        {"field": field_path, "category": category},
    )
    outcome.rules = [block.rule]
    with transaction.atomic():
        # Lock order (core/models.py): the session, then the key, then the audit lock as the entries go in.
        session, _ = AgentSession.objects.select_for_update(no_key=True).get_or_create(
            customer_id=call.agent_key.customer_id, session_id=call.request.session_id
        )
        session.injection_blocks += 1
        update = ["injection_blocks"]
        if session.injection_blocks >= settings.TOOLGUARD_QUARANTINE_BLOCKS and not session.is_quarantined:
            session.quarantined_at = timezone.now()
            update.append("quarantined_at")
            call.event(AuditAction.SESSION_QUARANTINED, AuditResult.BLOCKED, injection_blocks=session.injection_blocks)
        session.save(update_fields=update)
        agent_session_forget(customer_id=session.customer_id, session_id=session.session_id)
        _key_quarantine_count(call)
        return _finish(call, outcome)


def _key_quarantine_count(call: _Call) -> None:
    """Quarantine the agent key once its blocks in the window reach the limit across sessions.

    Blocks confined to one session are that session's quarantine; as soon as
    they come from more than one session the key is quarantined too, so a
    fresh session id never escapes. The key's row lock makes concurrent blocks
    from several sessions count one after the other.
    """
    # FOR NO KEY UPDATE: another call's insert that refers to this key checks the
    # reference at its COMMIT with FOR KEY SHARE, while holding the audit lock;
    # a FOR UPDATE here would wait for that lock and block that check: a deadlock.
    key = AgentKey.objects.select_for_update(no_key=True).get(id=call.agent_key.id)
    if key.is_quarantined:
        return
    now = timezone.now()
    since = now - timedelta(seconds=settings.TOOLGUARD_VALUE_WINDOW_SECONDS)
    if key.released_at is not None and key.released_at > since:
        since = key.released_at  # blocks a person has already looked at do not count again
    sessions = list(
        ToolCall.objects.filter(agent_key_id=key.id, status=ToolCallStatus.BLOCKED, created_at__gte=since).values_list(
            "session_id", flat=True
        )
    )
    sessions.append(call.request.session_id)
    if len(sessions) >= settings.TOOLGUARD_QUARANTINE_BLOCKS and len(set(sessions)) > 1:
        key.quarantined_at = now
        key.save(update_fields=["quarantined_at"])
        agent_key_forget(key)
        call.agent_key.quarantined_at = now
        call.event(AuditAction.KEY_QUARANTINED, AuditResult.BLOCKED, key=key.label, injection_blocks=len(sessions))


def _finish_tool_error(call: _Call, exc: ToolError) -> tuple[Outcome, ToolCall]:
    if isinstance(exc, BusinessError):
        call.event(
            call.tool.handler.refusal_action if call.tool is not None else AuditAction.TOOL_FAILED,
            AuditResult.FAILURE,
            code=exc.code,
            **exc.audit,
        )
    else:
        call.event(AuditAction.AUTHORIZATION_DENIED, AuditResult.BLOCKED, code=exc.code, **exc.details)
    return _finish(call, refusal(exc.status, exc.http_status, exc.code, exc.message, exc.details or None))


def _finish_replay(call: _Call, stored: dict[str, Any], mismatch: bool) -> tuple[Outcome, ToolCall]:
    assert call.tool is not None
    metrics.tool_idempotency_hits.labels(call.tool.name).inc()
    outcome = Outcome.from_stored(stored, arguments_mismatch=mismatch)
    if outcome.status == ToolCallStatus.DISPATCHING:
        # The upstream has not answered yet: say when asking again is worth it.
        outcome.headers["Retry-After"] = "2"
    call.event(
        AuditAction.IDEMPOTENCY_HIT,
        AuditResult.SUCCESS,
        replayed_status=outcome.status,
        approval_id=outcome.approval_id,
    )
    if mismatch:
        # Key wins: the first result stands, but a retry that changed the
        # amount or destination is worth a human's look.
        call.event(AuditAction.IDEMPOTENCY_MISMATCH, AuditResult.BLOCKED, approval_id=outcome.approval_id)
    return _finish(call, outcome)


def _record_row(
    scope: IdempotencyScope, args_hash: str, outcome: Outcome, tool_call: ToolCall, now: datetime
) -> IdempotencyRecord:
    """The durable claim on the key; its unique constraint stops a second execution."""
    return IdempotencyRecord(
        customer_id=scope.customer_id,
        tool=scope.tool,
        key=scope.key,
        arguments_hash=args_hash,
        outcome=outcome.stored(),
        tool_call=tool_call,
        expires_at=now + timedelta(seconds=settings.TOOLGUARD_IDEMPOTENCY_TTL_SECONDS),
    )


def _remember_on_commit(call: _Call, record: IdempotencyRecord) -> None:
    """Once committed, the outcome goes to the hot cache with the lock's release (one round trip)."""
    entry = {"outcome": record.outcome, "arguments_hash": record.arguments_hash}

    def settled() -> None:
        call.remember = (entry, (record.expires_at - timezone.now()).total_seconds())

    transaction.on_commit(settled)


def _tool_call_row(call: _Call, outcome: Outcome) -> ToolCall:
    return ToolCall(
        id=call.id,
        customer_id=call.agent_key.customer_id,
        agent_key=call.agent_key,
        session_id=call.request.session_id,
        tool=call.tool_name,
        tool_call_id=call.request.tool_call_id[:128],
        provider=call.request.provider,
        # In progress is said to the agent, not kept: this request ran nothing.
        status=ToolCallStatus.FAILED if outcome.status == ToolCallStatus.IN_PROGRESS else outcome.status,
        http_status=outcome.http_status,
        # The same masking as the audit log: a key pasted into a memo stays out.
        arguments=redact_value(call.arguments),
        response={**outcome.stored(), "replayed": outcome.replayed, "arguments_mismatch": outcome.arguments_mismatch},
        idempotency_key=call.idempotency_key,
        duration_ms=call.elapsed_ms(),
    )


def _write_audit(call: _Call) -> None:
    if call.events:
        last = call.events[-1]
        call.events[-1] = AuditEvent(**{**last.__dict__, "duration_ms": call.elapsed_ms()})
    call.sent_events = list(call.events)
    with tracing.stage(tracing.AUDIT):
        written = audit_append(call.events, stored_operations=call.stored_operations)
    if written:
        # The last write wins: an earlier one rolled back with its transaction is superseded.
        call.recorded = written[-1]
    call.events = []


def _finish(call: _Call, outcome: Outcome, *, headers: dict[str, str] | None = None) -> tuple[Outcome, ToolCall]:
    if headers:
        outcome.headers.update(headers)
    # BEGIN, the row, the audit entries and the COMMIT in one round trip (the
    # COMMIT's, or the savepoint's release inside a caller's transaction).
    with CommitFlight() as flight, transaction.atomic():
        flight.start()
        tool_call = _tool_call_row(call, outcome)
        insert_rows([tool_call])
        _write_audit(call)
    return outcome, tool_call


def _value_at(arguments: Any, pointer: str) -> str:
    value = arguments
    for part in [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]:
        if isinstance(value, dict):
            value = value.get(part, "")
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return ""
    return value if isinstance(value, str) else str(value)
