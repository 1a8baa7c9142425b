"""The hold path: a state-changing call a rule holds waits for a reviewer as an approval request.

Nothing is executed: the tool's handler says what it holds (a transfer's
funds, say), and the call is committed as pending approval with its key's
record (a retry answers the same 202 and approval id), its value counted as
pending in the windows, the approval request and the audit entries.
approvals/services.py carries the call through the decision.
"""

from __future__ import annotations

import uuid
from typing import Any

from approvals.services import approval_request_create
from core.describe import tool_describe
from core.enums import AuditAction, AuditResult, ToolCallStatus
from core.models import ToolCall, ValueEntry
from core.pipelining import pipelined
from core.tools import Tool
from toolguard.pipeline.call import Call, Outcome
from toolguard.pipeline.decided import Decided
from toolguard.pipeline.policy import PolicyCheck
from toolguard.pipeline.reasons import hold_reasons
from toolguard.pipeline.recording import (
    record_row,
    send_call_rows,
    tool_call_row,
    value_entry_row,
    write_audit,
)


def hold_for_approval(decided: Decided) -> tuple[Outcome, ToolCall]:
    """Commit the call as pending approval; called in the state-changing call's transaction."""
    call, tool, ctx, check = decided.call, decided.tool, decided.ctx, decided.check
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
    _held_events(call, tool, check, approval_id, rules, reasons)
    # The tool call row must exist before the approval and the record point at it;
    # the audit entries are written last, after both.
    tool_call = tool_call_row(call, outcome)
    entry = value_entry_row(call, tool, check, tool_call, ValueEntry.Status.PENDING, decided.now)
    # From here only new rows: the record's id comes back with the rows before it,
    # and the approval and the audit entries go out with the COMMIT.
    decided.flight.start()
    with pipelined():
        send_call_rows([tool_call] if entry is None else [tool_call, entry])
    record = record_row(decided.scope, decided.args_hash, outcome, tool_call, decided.now)
    record.save(force_insert=True)  # the approval refers to its id
    approval_request_create(
        approval_id=approval_id,
        ctx=ctx,
        tool=tool,
        tool_call=tool_call,
        idempotency_record=record,
        arguments=call.arguments,
        arguments_hash=decided.args_hash,
        rules=rules,
        reasons=reasons,
        required_approvals=check.verdict.approvals_required,
        held_ref=held.held_ref,
        summary=tool_describe(tool, call.arguments, check.value),
        value=check.value,
    )
    write_audit(call)
    return outcome, tool_call


def _held_events(
    call: Call, tool: Tool, check: PolicyCheck, approval_id: uuid.UUID, rules: list[str], reasons: list[dict[str, Any]]
) -> None:
    """The operation starts pending, and the approval is requested, with its reasons for the reviewer."""
    call.event(tool.audit_actions.initiated, AuditResult.PENDING, arguments=call.arguments, tool_version=tool.version)
    call.event(
        AuditAction.APPROVAL_REQUESTED,
        AuditResult.PENDING,
        approval_id=approval_id,
        rules=rules,
        reasons=reasons,
        required_approvals=check.verdict.approvals_required,
        window=check.window,
    )
