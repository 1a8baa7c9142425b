"""The status tool called in a provider's shape: a held call's current answer, as the model's next message.

A model told "ask for its status later" calls `get_tool_call_status` with the
call_id its pending result gave, in whichever shape it speaks. The answer is
the held call's current outcome (what GET /api/v1/tool-calls/<id> answers),
sent back as the result of *this* call: the status call's own tool_call_id, so
the conversation stays valid for every provider. It reads calls of the
caller's own agent key only, changes nothing, and runs no pipeline.
"""

from __future__ import annotations

import uuid
from typing import Any

from audit.receipts import tool_call_reference
from core.enums import ToolCallStatus
from core.models import AgentKey, ToolCall
from core.tools import get_tool
from toolguard.api.exports import STATUS_TOOL
from toolguard.api.formats import tool_content, tool_message
from toolguard.pipeline.executor import CallRequest, tool_call_answer

NOT_FOUND_NOTE = "No call with this call_id is known to this agent."


def is_status_call(request: CallRequest) -> bool:
    """The status tool, unless a registered tool has taken its name."""
    return request.name == STATUS_TOOL and get_tool(STATUS_TOOL) is None


def status_body(agent_key: AgentKey, request: CallRequest) -> tuple[dict[str, Any], int]:
    """The answer to one status call and its HTTP status (200, or 404 for a call this key never made)."""
    arguments = request.arguments if isinstance(request.arguments, dict) else {}
    call_id = arguments.get("call_id")
    tool_call = None
    if isinstance(call_id, str) and _is_uuid(call_id):
        tool_call = ToolCall.objects.filter(id=call_id, agent_key_id=agent_key.pk).first()
    if tool_call is None:
        error = {"code": "not_found", "message": "no such tool call", "details": None}
        answer: dict[str, Any] = {
            "status": ToolCallStatus.INVALID,
            "result": None,
            "error": error,
            "approval_id": None,
            "replayed": False,
            "arguments_mismatch": False,
        }
        content = {**tool_content(answer), "note": NOT_FOUND_NOTE}
        return _body(request, None, answer, content, audit=None), 404
    answer = tool_call_answer(tool_call)
    content = tool_content(answer, call_id=str(tool_call.id))
    return _body(request, tool_call, answer, content, audit=tool_call_reference(str(tool_call.id))), 200


def _body(
    request: CallRequest,
    held: ToolCall | None,
    answer: dict[str, Any],
    content: dict[str, Any],
    *,
    audit: dict[str, Any] | None,
) -> dict[str, Any]:
    # `id` names the held call (what to ask about again); `tool_call_id` and
    # the message answer the status call the model made.
    return {
        "id": str(held.id) if held is not None else None,
        "tool_call_id": request.tool_call_id,
        "tool": STATUS_TOOL,
        "status": answer["status"],
        "result": answer["result"],
        "error": answer["error"],
        "approval_id": answer["approval_id"],
        "replayed": answer["replayed"],
        "arguments_mismatch": answer["arguments_mismatch"],
        "tool_message": tool_message(
            provider=request.provider, tool_call_id=request.tool_call_id, name=STATUS_TOOL, content=content
        ),
        "audit": audit,
    }


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True
