"""The executor: the one path every tool call takes, and where it branches.

authenticate (done by the view) -> key and session quarantine -> schema
validation -> sanitization -> then by the tool:

- read-only (read_only.py): authorization and policy, execution, recorded;
- state-changing (state_changing.py): idempotency, then in one transaction
  authorization and policy (the tool's CEL policy over the value windows)
  and the approval gate, and one of: held for a reviewer (approval_hold.py),
  committed as dispatching to an upstream and sent after commit
  (dispatching.py), or executed; stored result, audit entry.

Every return path writes its audit entries through `audit_append`
(recording.py), in the same transaction as whatever the call changed;
metrics and the call's trace span are written here.
"""

from __future__ import annotations

import time
from typing import Any

from approvals.models import ApprovalRequest
from audit.receipts import entry_reference, tool_call_reference
from core import metrics, tracing
from core.enums import AuditAction, AuditResult, ToolCallStatus
from core.idempotency import IdempotencyScope, KeyClaim
from core.models import AgentKey, AgentSession, ToolCall
from core.principal_cache import Admission, ClaimAhead, agent_session_claiming, agent_session_lookup
from core.tools import Tool, get_tool
from outbox.services import dispatch_first_answer
from toolguard.pipeline.call import Call, CallRequest, Outcome, refusal, session_quarantined
from toolguard.pipeline.read_only import read_only_run
from toolguard.pipeline.recording import finish
from toolguard.pipeline.sanitization import arguments_sanitize
from toolguard.pipeline.state_changing import state_changing_run
from toolguard.pipeline.validation import validation_errors

# The API and MCP views, and the status pages, take the request and outcome types from here.
__all__ = ["CallRequest", "Outcome", "claim_ahead", "tool_call_answer", "tool_call_execute"]


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


def claim_ahead(request: CallRequest) -> ClaimAhead | None:
    """The call's key to claim before its validation and sanitization (which need no lock; a refusal
    on the way gives it back): a state-changing tool's, when its arguments name one."""
    tool = get_tool(request.name)
    arguments = request.arguments
    key = arguments.get("idempotency_key") if isinstance(arguments, dict) else None
    if tool is None or not tool.changes_state or not isinstance(key, str) or request.arguments_error:
        return None
    return ClaimAhead(tool=tool.name, key=key, session_id=request.session_id)


def tool_call_execute(
    *, agent_key: AgentKey, request: CallRequest, admission: Admission | None = None
) -> tuple[ToolCall, Outcome]:
    """Run the call; `admission` is what its authentication found, a claim of its key made ahead included."""
    tool = get_tool(request.name)
    name = tool.name if tool else None
    with tracing.call_span(tool=name, requested=request.name, tool_call_id=request.tool_call_id) as span:
        tool_call, outcome = _execute(agent_key, request, tool, admission)
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


def _execute(
    agent_key: AgentKey, request: CallRequest, tool: Tool | None, admission: Admission | None
) -> tuple[ToolCall, Outcome]:
    call = Call(agent_key=agent_key, request=request, tool=tool, started=time.perf_counter())
    call.event(
        AuditAction.TOOL_CALL_RECEIVED,
        AuditResult.SUCCESS,
        provider=request.provider,
        client_tool_call_id=request.tool_call_id[:128],
        requested_tool=request.name[:64],
    )
    outcome, tool_call = _run(call, admission)
    if call.dispatch is not None:
        # The outbox recorded the upstream's answer after this call's own entries.
        outcome.audit = tool_call_reference(str(call.id))
    else:
        outcome.audit = entry_reference(call.recorded)
    labels = call.tool_name if call.tool else "unknown"
    metrics.tool_call_count.labels(labels, outcome.status).inc()
    metrics.tool_execution_duration.labels(labels).observe(time.perf_counter() - call.started)
    return tool_call, outcome


def _run(call: Call, admission: Admission | None) -> tuple[Outcome, ToolCall]:
    tool, request = call.tool, call.request
    if tool is None:
        call.event(AuditAction.TOOL_CALL_REJECTED, AuditResult.FAILURE, code="unknown_tool")
        return finish(
            call, refusal(ToolCallStatus.INVALID, 404, "unknown_tool", f"no tool named {request.name[:64]!r}")
        )
    refused = _access_refusal(call, tool)
    if refused is not None:
        return finish(call, refused)
    session, claimed = _session_and_claim(call, tool, admission)
    try:
        if session is not None and session.is_quarantined:
            return finish(call, session_quarantined(call))
        refused = _validation_refusal(call, tool)
        if refused is not None:
            return finish(call, refused)
        blocked = arguments_sanitize(call, tool)
        if blocked is not None:
            return blocked
        if not tool.changes_state:
            return read_only_run(call, tool, session)
        return state_changing_run(call, tool, session, claimed)
    finally:
        if claimed is not None:
            claimed.release()  # the call stopped before its write phase (a no-op once that released it)


def _session_and_claim(
    call: Call, tool: Tool, admission: Admission | None
) -> tuple[AgentSession | None, KeyClaim | None]:
    """The call's session (cached for a second; a block, a quarantine or a release invalidates it)
    and, for a state-changing call that names its key, the key's claim: made with the key's row
    when the authentication was asked to (claim_ahead), else here, in one Redis round trip."""
    customer_id, session_id = call.agent_key.customer_id, call.request.session_id
    ahead = claim_ahead(call.request)
    if ahead is None:
        return agent_session_lookup(customer_id=customer_id, session_id=session_id), None
    scope = IdempotencyScope(customer_id, ahead.tool, ahead.key)
    made = admission.take(scope, session_id) if admission is not None else None
    if made is not None:
        return made
    return agent_session_claiming(customer_id=customer_id, session_id=session_id, scope=scope)


def _access_refusal(call: Call, tool: Tool) -> Outcome | None:
    """The refusal and its audit event when this key may not call this tool now: not allowed, withheld, quarantined."""
    if tool.name not in call.agent_key.allowed_tools:
        call.event(AuditAction.TOOL_CALL_DENIED, AuditResult.BLOCKED, code="tool_not_allowed")
        return refusal(ToolCallStatus.DENIED, 403, "tool_not_allowed", "this agent key may not call this tool")
    if tool.withheld:
        call.event(AuditAction.TOOL_CALL_DENIED, AuditResult.BLOCKED, code="tool_withheld", withheld=tool.withheld)
        return refusal(
            ToolCallStatus.DENIED,
            409,
            "tool_withheld",
            "this tool is withheld until an operator reviews what its upstream changed; "
            "try again later or use another tool",
        )
    if call.agent_key.is_quarantined:
        # The key, not only one session: a fresh session id must not escape it.
        call.event(AuditAction.QUARANTINE_REFUSED, AuditResult.BLOCKED, code="key_quarantined")
        return refusal(
            ToolCallStatus.QUARANTINED,
            423,
            "key_quarantined",
            f"the agent key {call.agent_key.label} is quarantined (injection blocks across its sessions), "
            "whatever the session; a reviewer releases it on the Quarantines page, or an operator runs "
            f"`manage.py release_key --key {call.agent_key.prefix}`",
            {"quarantined": "key", "key": call.agent_key.label},
        )
    return None


def _validation_refusal(call: Call, tool: Tool) -> Outcome | None:
    """The refusal, with its audit event, when the arguments do not match the tool's schema."""
    request = call.request
    if request.arguments_error:
        errors = [{"path": "", "message": request.arguments_error, "code": "invalid_json"}]
    else:
        with tracing.stage(tracing.VALIDATE):
            errors = validation_errors(tool, request.arguments)
    if not errors:
        return None
    metrics.tool_validation_failures.labels(tool.name).inc()
    call.event(AuditAction.VALIDATION_FAILED, AuditResult.FAILURE, errors=errors)
    return refusal(ToolCallStatus.INVALID, 422, "validation_failed", "the arguments do not match the schema", errors)
