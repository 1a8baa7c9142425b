"""Upstream tools: the dispatching path.

An upstream tool's effect happens in another system, which this transaction
cannot roll back. So the call is committed as `dispatching` first (tool call,
idempotency record, outbox row, audit: all under the customer's lock), and
sent only after commit, with no transaction or row lock open; the answer is
recorded in a second, short transaction, by the outbox (outbox/services.py)
for every handler that `dispatches` (core.tools.ToolHandler).
"""

from __future__ import annotations

from django.db import models

from core.enums import AuditAction, AuditResult, ToolCallStatus
from core.models import ToolCall, ValueEntry
from core.pipelining import pipelined, send_insert_returning_pk
from outbox.models import Dispatch
from outbox.services import dispatch_create, dispatch_send_claimed
from toolguard.pipeline.call import Outcome
from toolguard.pipeline.decided import Decided
from toolguard.pipeline.recording import (
    record_row,
    send_call_rows,
    tool_call_row,
    value_entry_row,
    write_audit,
)


def commit_dispatching(decided: Decided) -> tuple[Outcome, ToolCall]:
    """Commit the call as dispatching, in the state-changing call's transaction; `call.dispatch` is sent after."""
    call, tool, ctx, check = decided.call, decided.tool, decided.ctx, decided.check
    assert call.arguments is not None
    outcome = Outcome(status=ToolCallStatus.DISPATCHING, http_status=202)
    call.event(tool.audit_actions.initiated, AuditResult.PENDING, arguments=call.arguments, tool_version=tool.version)
    tool_call = tool_call_row(call, outcome)
    rows: list[models.Model] = [tool_call]
    # Counted as pending until the upstream answers: it may still happen.
    entry = value_entry_row(call, tool, check, tool_call, ValueEntry.Status.PENDING, decided.now)
    if entry is not None:
        rows.append(entry)
    # The record's id comes back (the outbox row points at it, to update or
    # remove it with the answer) in the same round trip as the rows before it.
    record = record_row(decided.scope, decided.args_hash, outcome, tool_call, decided.now)
    # From here only new rows: the outbox row and the audit entries go out with the COMMIT.
    decided.flight.start()
    with pipelined():
        send_call_rows(rows)
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
    write_audit(call)
    return outcome, tool_call


def dispatch_after_commit(dispatch: Dispatch, tool_call: ToolCall) -> tuple[Outcome, ToolCall]:
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
