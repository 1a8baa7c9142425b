"""How every path through the pipeline records its outcome.

The rows a call writes (its tool call, the key's durable record, its value
for the windows) and its audit entries, written through `audit_append` in
the same transaction as whatever the call changed; and the short paths that
end a call with nothing executed (a refusal, a replay) in a transaction of
their own, in one round trip.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone

from audit.redaction import redact_value
from audit.services import AuditEvent, audit_append
from core import metrics, tracing
from core.enums import AuditAction, AuditResult, ToolCallStatus
from core.idempotency import IdempotencyScope
from core.models import IdempotencyRecord, ToolCall, ValueEntry
from core.pipelining import CommitFlight, insert_rows, send_inserts
from core.tools import BusinessError, Tool, ToolError
from core.windows import send_entries_added
from detection.results import result_screen_audited
from toolguard.pipeline.call import Call, Outcome, refusal
from toolguard.pipeline.policy import PolicyCheck
from toolguard.pipeline.reasons import refusal_reasons


def tool_call_row(call: Call, outcome: Outcome) -> ToolCall:
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


def record_row(
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


def value_entry_row(
    call: Call, tool: Tool, check: PolicyCheck, tool_call: ToolCall, status: str, now: datetime
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


def send_call_rows(rows: Sequence[models.Model]) -> None:
    """This call's new rows, its value entry added to its windows' running totals with them
    (core/windows.py), sent without waiting: inside the caller's `pipelined()` block, or after
    its flight's start()."""
    send_inserts(rows)
    send_entries_added(row for row in rows if isinstance(row, ValueEntry))


def remember_on_commit(call: Call, record: IdempotencyRecord) -> None:
    """Once committed, the outcome goes to the hot cache with the lock's release (one round trip)."""
    entry = {"outcome": record.outcome, "arguments_hash": record.arguments_hash}

    def settled() -> None:
        call.remember = (entry, (record.expires_at - timezone.now()).total_seconds())

    transaction.on_commit(settled)


def screen_result(call: Call, tool: Tool, result: Any) -> Any:
    """What the model will see of the result (detection/results.py); screened once, then stored."""
    return result_screen_audited(
        result,
        policy=tool.results,
        report=lambda action, outcome, details: call.event(action, outcome, **details),
        trusted=tool.handler.trusted_result_fields,
    )


def write_audit(call: Call) -> None:
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


def finish(call: Call, outcome: Outcome, *, headers: dict[str, str] | None = None) -> tuple[Outcome, ToolCall]:
    """A call that executed nothing: its tool call row and its audit entries, in one transaction."""
    if headers:
        outcome.headers.update(headers)
    # BEGIN, the row, the audit entries and the COMMIT in one round trip (the
    # COMMIT's, or the savepoint's release inside a caller's transaction).
    with CommitFlight() as flight:
        flight.start()
        tool_call = tool_call_row(call, outcome)
        insert_rows([tool_call])
        write_audit(call)
    return outcome, tool_call


def finish_tool_error(call: Call, exc: ToolError) -> tuple[Outcome, ToolCall]:
    if isinstance(exc, BusinessError):
        call.event(
            call.tool.handler.refusal_action if call.tool is not None else AuditAction.TOOL_FAILED,
            AuditResult.FAILURE,
            code=exc.code,
            **exc.audit,
        )
    else:
        call.event(AuditAction.AUTHORIZATION_DENIED, AuditResult.BLOCKED, code=exc.code, **exc.details)
    return finish(call, refusal(exc.status, exc.http_status, exc.code, exc.message, exc.details or None))


def finish_replay(call: Call, stored: dict[str, Any], mismatch: bool) -> tuple[Outcome, ToolCall]:
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
    return finish(call, outcome)


def finish_policy_denied(call: Call, check: PolicyCheck) -> tuple[Outcome, ToolCall]:
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
    return finish(call, outcome)
