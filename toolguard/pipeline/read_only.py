"""Read-only calls: no idempotency key, no lock, nothing to hold; they run and are recorded.

Authorization and the tool's policy still apply (a deny rule refuses the
call); a model suspicion is only recorded, since there is nothing to hold.
"""

from __future__ import annotations

from django.utils import timezone

from core import tracing
from core.enums import AuditAction, AuditResult, ToolCallStatus
from core.models import AgentSession, ToolCall
from core.tools import Tool, ToolError
from toolguard.pipeline.call import Call, Outcome
from toolguard.pipeline.policy import policy_check
from toolguard.pipeline.recording import finish, finish_policy_denied, finish_tool_error, screen_result


def read_only_run(call: Call, tool: Tool, session: AgentSession | None) -> tuple[Outcome, ToolCall]:
    assert call.arguments is not None
    ctx = call.context(session or AgentSession(customer=call.agent_key.customer, session_id=call.request.session_id))
    try:
        with tracing.stage(tracing.POLICY):
            tool.handler.authorize(ctx, call.arguments)
            check = policy_check(tool=tool, ctx=ctx, arguments=call.arguments, now=timezone.now())
        if check.verdict.denied:
            return finish_policy_denied(call, check)
        with tracing.stage(tracing.EXECUTE):
            result = tool.handler.execute(ctx, call.arguments)
    except ToolError as exc:
        return finish_tool_error(call, exc)
    result = screen_result(call, tool, result)
    call.event(AuditAction.TOOL_EXECUTED, AuditResult.SUCCESS)
    return finish(call, Outcome(status=ToolCallStatus.COMPLETED, http_status=200, result=result))
