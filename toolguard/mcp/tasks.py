"""Held calls as MCP tasks: the Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663, 2026-07-28).

A client opts in per request, by naming the extension in the request's
`_meta["io.modelcontextprotocol/clientCapabilities"].extensions`. To such a
`tools/call` toolguard answers a `CreateTaskResult` (`resultType: "task"`)
when it holds the call: held for a reviewer's approval, or sent upstream with
the outcome not known yet. The hold is committed before the answer leaves,
so `tasks/get` resolves at once.

The task id is the held call's toolguard id (`call_id`, a random UUID): the
tool call row is the durable task, readable from any app server and after any
reconnect, and only by the agent key that made the call. A task is `working`
while the call is held, then `completed` with exactly the `CallToolResult` the
call answers now (an approved and executed call's result; a rejection or an
expiry as `isError: true`), or `cancelled` once `tasks/cancel` withdrew the
pending approval request (approvals.services.approval_withdraw).

Nothing here asks the client for input (no `input_required`), and there is no
server-initiated stream, so `notifications/tasks` are not sent: clients poll.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

import mcp.types as mt

from approvals.models import ApprovalRequest
from approvals.services import WITHDRAWN_CODE, DecisionRefused, approval_withdraw
from audit.receipts import tool_call_reference
from core.enums import ToolCallStatus
from core.models import AgentKey, ToolCall
from toolguard.pipeline.executor import tool_call_answer

TASKS_EXTENSION = "io.modelcontextprotocol/tasks"
# The calls that become tasks: held, with nothing known of their outcome yet.
HELD_STATUSES = (ToolCallStatus.PENDING_APPROVAL, ToolCallStatus.DISPATCHING)
# People decide in minutes, not milliseconds: a poll every five seconds is plenty.
POLL_INTERVAL_MS = 5000
CANCELLED_MESSAGE = "Withdrawn before a reviewer decided it; nothing was done."


class TaskNotFound(Exception):
    """No task with this id for this agent key (another key's task looks the same)."""


def tasks_opted_in(params: dict[str, Any] | None) -> bool:
    """The request names the tasks extension in its per-request client capabilities."""
    meta = params.get("_meta") if isinstance(params, dict) else None
    capabilities = meta.get(mt.CLIENT_CAPABILITIES_META_KEY) if isinstance(meta, dict) else None
    extensions = capabilities.get("extensions") if isinstance(capabilities, dict) else None
    return isinstance(extensions, dict) and isinstance(extensions.get(TASKS_EXTENSION), dict)


def missing_capability_data() -> dict[str, Any]:
    """The `data` of a -32021 error: the capability a tasks request must declare."""
    return {"requiredCapabilities": {"extensions": {TASKS_EXTENSION: {}}}}


def task_created(tool_call: ToolCall, answer: dict[str, Any]) -> dict[str, Any]:
    """The `CreateTaskResult` for a call toolguard holds, as sent (the row is committed)."""
    return {"resultType": "task", **_task(tool_call, answer, status="working")}


def task_get(*, agent_key: AgentKey, task_id: str, call_result: Any) -> dict[str, Any]:
    """The `GetTaskResult`: the task as it stands, with the call's result once it has one.

    `call_result(answer, call_id, audit)` builds the `CallToolResult` the call
    itself would answer now (toolguard.mcp.server.call_result), so a task's
    result and a status poll's never differ.
    """
    tool_call = _task_call(agent_key, task_id)
    answer = tool_call_answer(tool_call)
    status = str(answer.get("status"))
    if status in HELD_STATUSES:
        return {"resultType": "complete", **_task(tool_call, answer, status="working")}
    if _withdrawn(answer):
        return {"resultType": "complete", **_task(tool_call, answer, status="cancelled")}
    call_id = str(tool_call.id)
    result = call_result(answer, call_id=call_id, audit=tool_call_reference(call_id))
    return {"resultType": "complete", **_task(tool_call, answer, status="completed"), "result": result}


def task_cancel(*, agent_key: AgentKey, task_id: str) -> None:
    """Withdraw the held call's pending approval request; any other state is left as it is.

    Cancellation is cooperative (the extension's word): a call already
    decided, or approved and sent upstream, goes on to its outcome, and its
    task completes with it.
    """
    tool_call = _task_call(agent_key, task_id)
    answer = tool_call_answer(tool_call)
    approval_id = answer.get("approval_id")
    if answer.get("status") != ToolCallStatus.PENDING_APPROVAL or not approval_id:
        return
    try:
        approval_withdraw(approval_id=approval_id, agent_key=agent_key)
    except DecisionRefused:
        # Another key's request (a replay across keys of one customer): not this key's to withdraw.
        return


def task_update(*, agent_key: AgentKey, task_id: str) -> None:
    """`tasks/update`: toolguard never asks a task for input, so every response is to no outstanding key."""
    _task_call(agent_key, task_id)


def _task_call(agent_key: AgentKey, task_id: str) -> ToolCall:
    if not _is_uuid(task_id):
        raise TaskNotFound(task_id)
    tool_call = ToolCall.objects.filter(id=task_id, agent_key=agent_key, provider="mcp").first()
    if tool_call is None:
        raise TaskNotFound(task_id)
    return tool_call


def _task(tool_call: ToolCall, answer: dict[str, Any], *, status: str) -> dict[str, Any]:
    task: dict[str, Any] = {
        "taskId": str(tool_call.id),
        "status": status,
        "createdAt": _iso(tool_call.created_at),
        "lastUpdatedAt": _iso(_last_updated(tool_call, answer)),
        # A held call is never discarded: its row is the audit trail's.
        "ttlMs": None,
    }
    message = _status_message(answer, status)
    if message:
        task["statusMessage"] = message
    if status == "working":
        task["pollIntervalMs"] = POLL_INTERVAL_MS
    return task


def _status_message(answer: dict[str, Any], status: str) -> str:
    """What the task waits for, or how it ended: the category only, never a rule."""
    if status == "cancelled":
        return CANCELLED_MESSAGE
    if status != "working":
        return ""
    if answer.get("status") == ToolCallStatus.DISPATCHING:
        return "Approved and sent; waiting for the service behind the tool to confirm the outcome."
    approval = _approval(answer)
    if approval is not None and approval.required_approvals > 1:
        approved = approval.decisions.filter(decision="approve").count()
        return (
            f"Waiting for {approval.required_approvals} human reviewers to approve or reject this call "
            f"({approved} approved so far); nothing has happened yet."
        )
    return "Waiting for a human reviewer to approve or reject this call; nothing has happened yet."


def _last_updated(tool_call: ToolCall, answer: dict[str, Any]) -> datetime:
    approval = _approval(answer)
    if approval is not None and approval.decided_at is not None:
        return max(approval.decided_at, tool_call.created_at)
    return tool_call.created_at


def _approval(answer: dict[str, Any]) -> ApprovalRequest | None:
    approval_id = answer.get("approval_id")
    if not isinstance(approval_id, str) or not _is_uuid(approval_id):
        return None
    return ApprovalRequest.objects.filter(id=approval_id).only("required_approvals", "decided_at").first()


def _withdrawn(answer: dict[str, Any]) -> bool:
    error = answer.get("error")
    return isinstance(error, dict) and error.get("code") == WITHDRAWN_CODE


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True
