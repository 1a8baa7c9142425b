"""toolguard as an MCP server: JSON-RPC messages in, JSON-RPC messages out.

Speaks the streamable-HTTP transport in its JSON-response form (one POST, one
JSON answer; no server-initiated stream), in two eras side by side:

- the handshake revisions (2024-11-05 to 2025-11-25): `initialize` first; the
  MCP session id it issues is the toolguard session id, so the session's
  limits and quarantine apply to everything sent under it;
- the 2026-07-28 revision: no handshake and no MCP session; `server/discover`
  names the versions and capabilities, and every request carries its own
  protocol version and client capabilities in `params._meta` (checked with
  the SDK's own inbound ladder). The toolguard session is the one the request
  names in `_meta["toolguard/session"]`, else one per agent key.

Messages are read and written with the official SDK's types (`mcp.types`),
and 2026-07-28 results go through the SDK's per-revision result surface.
Every `tools/call` takes the same pipeline as `POST /api/v1/tool-calls`; a
request that opts in to the Tasks extension gets a held call back as a task
(toolguard.mcp.tasks).
"""

from __future__ import annotations

import json
import math
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import mcp.types as mt
from django.core.cache import cache
from mcp.shared.inbound import ERROR_CODE_HTTP_STATUS, InboundLadderRejection, classify_inbound_request
from mcp.types.methods import serialize_server_result
from mcp.types.version import HANDSHAKE_PROTOCOL_VERSIONS, LATEST_HANDSHAKE_VERSION, MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel, TypeAdapter, ValidationError

from audit.receipts import tool_call_reference
from core import tracing
from core.enums import ToolCallStatus
from core.models import AgentKey, ToolCall
from core.tools import all_tools, get_tool
from toolguard.api.exports import tool_export
from toolguard.api.formats import SESSION_ID, MalformedRequest, is_error, named_call, tool_content
from toolguard.mcp import tasks
from toolguard.pipeline.executor import tool_call_answer, tool_call_execute

SERVER_NAME = "toolguard"
SERVER_VERSION = "1"
STATUS_TOOL = "get_tool_call_status"
# An idle MCP session is forgotten after a day; the client re-initializes on 404.
SESSION_TTL_SECONDS = 24 * 3600
INSTRUCTIONS = (
    "Every tool call is checked by toolguard before it runs. A call may be held for a human's approval: "
    f"then nothing has happened yet; tell the user, and ask {STATUS_TOOL} with the call_id later. "
    "A result with isError true means the tool did not do what was asked."
)

_MESSAGE: TypeAdapter[Any] = TypeAdapter(mt.JSONRPCMessage)
# Server-defined JSON-RPC error codes (the -32000 to -32099 range is the server's).
UNAUTHENTICATED = -32001
SESSION_NOT_FOUND = -32002
RATE_LIMITED = -32003


@dataclass
class Reply:
    """What the view sends back: a JSON-RPC message (or none, for notifications) and its HTTP framing."""

    status: int
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)


def wire(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def error_reply(status: int, request_id: Any, code: int, message: str, data: Any = None, **headers: str) -> Reply:
    error = mt.JSONRPCError(jsonrpc="2.0", id=request_id, error=mt.ErrorData(code=code, message=message, data=data))
    return Reply(status, error_wire(error), headers)


def error_wire(error: mt.JSONRPCError) -> dict[str, Any]:
    body = wire(error)
    # JSON-RPC requires the member in every error, null when the request's id could not be read.
    body.setdefault("id", None)
    return body


def result_reply(request_id: Any, result: BaseModel | dict[str, Any], **headers: str) -> Reply:
    payload = wire(result) if isinstance(result, BaseModel) else result
    return Reply(200, {"jsonrpc": "2.0", "id": request_id, "result": payload}, headers)


# -- sessions ------------------------------------------------------------------


def session_start(*, agent_key: AgentKey) -> str:
    session_id = f"mcp-{secrets.token_hex(16)}"
    cache.set(_session_cache_key(session_id), agent_key.pk, SESSION_TTL_SECONDS)
    return session_id


def session_is_live(*, agent_key: AgentKey, session_id: str) -> bool:
    # A session belongs to the key that opened it; another key's id looks unknown.
    owner = cache.get(_session_cache_key(session_id))
    if owner is None or owner != agent_key.pk:
        return False
    cache.touch(_session_cache_key(session_id), SESSION_TTL_SECONDS)
    return True


def session_end(*, agent_key: AgentKey, session_id: str) -> bool:
    if not session_is_live(agent_key=agent_key, session_id=session_id):
        return False
    cache.delete(_session_cache_key(session_id))
    return True


def _session_cache_key(session_id: str) -> str:
    return f"mcp-session:{session_id}"


# -- messages --------------------------------------------------------------------


def message_handle(
    *,
    agent_key: AgentKey,
    message: Any,
    session_id: str | None,
    protocol_version: str | None,
    scope_challenge: Callable[[Any, str], Reply] | None = None,
    headers: dict[str, str] | None = None,
) -> Reply:
    """One JSON-RPC message posted to /mcp, answered as the transport requires.

    `scope_challenge` answers a call of a tool the caller's OAuth token has no
    scope for (403 insufficient_scope, so the client may ask for more); the call
    still goes through the pipeline first, which records the refusal.
    `headers` are the request's HTTP headers, names in lower case (the
    2026-07-28 revision checks `Mcp-Method` and `Mcp-Name` against the body).
    """
    if isinstance(message, list):
        return error_reply(400, None, mt.INVALID_REQUEST, "JSON-RPC batches are not supported; send one message")
    try:
        parsed = _MESSAGE.validate_python(message)
    except ValidationError:
        return error_reply(400, _id_of(message), mt.INVALID_REQUEST, "not a JSON-RPC 2.0 request or notification")
    if not isinstance(parsed, mt.JSONRPCRequest):
        if isinstance(parsed, mt.JSONRPCNotification) and isinstance(message, dict) and "id" in message:
            # A request whose id MCP cannot carry (an object, true, null, 1.5) read as a notification
            # would be run with no answer; it is refused instead.
            return _bad_id_reply(message["id"])
        # Notifications (initialized, cancelled) and answers need no reply.
        return Reply(202)
    if _is_modern(protocol_version, message):
        return _modern_handle(agent_key, parsed, message, headers or {}, scope_challenge)
    if parsed.method == "initialize":
        return _initialize(agent_key, parsed)
    if protocol_version is not None and protocol_version not in HANDSHAKE_PROTOCOL_VERSIONS:
        return error_reply(400, parsed.id, mt.INVALID_REQUEST, f"unsupported MCP-Protocol-Version {protocol_version}")
    if not session_id:
        return error_reply(400, parsed.id, mt.INVALID_REQUEST, "the Mcp-Session-Id header is required after initialize")
    if not session_is_live(agent_key=agent_key, session_id=session_id):
        return error_reply(404, parsed.id, SESSION_NOT_FOUND, "unknown or ended session: initialize again")
    if parsed.method == "ping":
        return result_reply(parsed.id, {})
    if parsed.method == "tools/list":
        return result_reply(parsed.id, _tools_list(agent_key))
    if parsed.method == "tools/call":
        return _tools_call_reply(agent_key, session_id, parsed, scope_challenge, version=None)
    if parsed.method.startswith("tasks/"):
        # A handshake-era client may opt in per request too, with the same `_meta` capability.
        return _tasks_reply(agent_key, parsed, version=None)
    return error_reply(200, parsed.id, mt.METHOD_NOT_FOUND, f"method {parsed.method[:64]!r} is not supported")


def _tools_call_reply(
    agent_key: AgentKey,
    session_id: str,
    request: mt.JSONRPCRequest,
    scope_challenge: Callable[[Any, str], Reply] | None,
    *,
    version: str | None,
) -> Reply:
    """`tools/call` in either era (`version` None: a handshake session's)."""
    invalid = 200 if version is None else ERROR_CODE_HTTP_STATUS[mt.INVALID_PARAMS]
    try:
        params = mt.CallToolRequestParams.model_validate(request.params or {})
    except ValidationError as exc:
        return error_reply(
            invalid, request.id, mt.INVALID_PARAMS, f"invalid tools/call params: {exc.errors()[0]['msg']}"
        )
    try:
        result, headers, tool_call = _tools_call(agent_key, session_id, request.id, params)
    except MalformedRequest as exc:
        return error_reply(invalid, request.id, mt.INVALID_PARAMS, str(exc))
    if scope_challenge is not None and _error_code(result) == "tool_not_allowed":
        return scope_challenge(request.id, params.name)
    held = tool_call is not None and (result.structured_content or {}).get("status") in tasks.HELD_STATUSES
    if held and tool_call is not None and tasks.tasks_opted_in(request.params):
        # The hold is committed (tool_call_execute returned), so tasks/get resolves from now on.
        created = tasks.task_created(tool_call, tool_call_answer(tool_call))
        return _modern_result(request.id, created, version, **headers)
    if version is not None:
        return _modern_result(
            request.id, serialize_server_result("tools/call", version, wire(result)), version, **headers
        )
    return result_reply(request.id, result, **headers)


def _tasks_reply(agent_key: AgentKey, request: mt.JSONRPCRequest, *, version: str | None) -> Reply:
    """`tasks/get`, `tasks/update` and `tasks/cancel` of the Tasks extension."""
    bad = 200 if version is None else ERROR_CODE_HTTP_STATUS[mt.INVALID_PARAMS]
    if request.method not in ("tasks/get", "tasks/cancel", "tasks/update"):
        status = 200 if version is None else ERROR_CODE_HTTP_STATUS[mt.METHOD_NOT_FOUND]
        return error_reply(status, request.id, mt.METHOD_NOT_FOUND, f"method {request.method[:64]!r} is not supported")
    if not tasks.tasks_opted_in(request.params):
        status = 200 if version is None else ERROR_CODE_HTTP_STATUS[mt.MISSING_REQUIRED_CLIENT_CAPABILITY]
        return error_reply(
            status,
            request.id,
            mt.MISSING_REQUIRED_CLIENT_CAPABILITY,
            "Missing required client capability: declare the io.modelcontextprotocol/tasks extension",
            tasks.missing_capability_data(),
        )
    task_id = (request.params or {}).get("taskId")
    if not isinstance(task_id, str):
        return error_reply(bad, request.id, mt.INVALID_PARAMS, f"invalid {request.method} params: taskId is required")
    try:
        if request.method == "tasks/get":
            found = tasks.task_get(agent_key=agent_key, task_id=task_id, call_result=_call_result_wire)
            return _modern_result(request.id, found, version)
        if request.method == "tasks/cancel":
            tasks.task_cancel(agent_key=agent_key, task_id=task_id)
        else:
            tasks.task_update(agent_key=agent_key, task_id=task_id)
    except tasks.TaskNotFound:
        return error_reply(bad, request.id, mt.INVALID_PARAMS, "Failed to retrieve task: Task not found")
    return _modern_result(request.id, {"resultType": "complete"}, version)


def _call_result_wire(answer: dict[str, Any], *, call_id: str, audit: dict[str, Any] | None) -> dict[str, Any]:
    return wire(call_result(answer, call_id=call_id, audit=audit))


def _modern_result(request_id: Any, result: dict[str, Any], version: str | None, **headers: str) -> Reply:
    """A result as sent: 2026-07-28 results carry `resultType` and the server's identity in `_meta`."""
    if version is not None:
        result.setdefault("resultType", "complete")
        stamped = result.get("_meta")
        meta: dict[str, Any] = stamped if isinstance(stamped, dict) else {}
        result["_meta"] = {**meta, mt.SERVER_INFO_META_KEY: {"name": SERVER_NAME, "version": SERVER_VERSION}}
    return result_reply(request_id, result, **headers)


# -- the 2026-07-28 revision: no handshake, no session --------------------------------

# A request names its conversation here (the REST API's session_id); without one, one session per key.
SESSION_META = "toolguard/session"


def _is_modern(protocol_version: str | None, message: Any) -> bool:
    """A 2026-07-28 request: its header names that revision, or (no header) its `_meta` does."""
    if protocol_version is not None:
        return protocol_version in MODERN_PROTOCOL_VERSIONS
    params = message.get("params") if isinstance(message, dict) else None
    meta = params.get("_meta") if isinstance(params, dict) else None
    return isinstance(meta, dict) and mt.PROTOCOL_VERSION_META_KEY in meta


def _modern_handle(
    agent_key: AgentKey,
    request: mt.JSONRPCRequest,
    message: dict[str, Any],
    headers: dict[str, str],
    scope_challenge: Callable[[Any, str], Reply] | None,
) -> Reply:
    verdict = classify_inbound_request(message, headers=headers)
    if isinstance(verdict, InboundLadderRejection):
        status = ERROR_CODE_HTTP_STATUS.get(verdict.code, 200)
        return error_reply(status, request.id, verdict.code, verdict.message, verdict.data)
    version = verdict.protocol_version
    task_id = (request.params or {}).get("taskId")
    name = headers.get("mcp-name")
    if request.method.startswith("tasks/") and name is not None and name != task_id:
        return error_reply(400, request.id, mt.HEADER_MISMATCH, "Mcp-Name header does not match params.taskId")
    if request.method == "server/discover":
        return _modern_result(request.id, _discover(), version)
    if request.method == "tools/list":
        listed = serialize_server_result("tools/list", version, wire(_tools_list(agent_key)))
        return _modern_result(request.id, listed, version)
    if request.method == "tools/call":
        return _tools_call_reply(
            agent_key, _modern_session(agent_key, request), request, scope_challenge, version=version
        )
    if request.method.startswith("tasks/"):
        return _tasks_reply(agent_key, request, version=version)
    status = ERROR_CODE_HTTP_STATUS[mt.METHOD_NOT_FOUND]
    return error_reply(status, request.id, mt.METHOD_NOT_FOUND, f"method {request.method[:64]!r} is not supported")


def _discover() -> dict[str, Any]:
    result = mt.DiscoverResult(
        supported_versions=[*HANDSHAKE_PROTOCOL_VERSIONS, *MODERN_PROTOCOL_VERSIONS],
        capabilities=_capabilities(),
        instructions=INSTRUCTIONS,
        # The same for every caller, but a cache shared between keys has no business holding it.
        cache_scope="private",
    )
    return wire(result)


def _capabilities() -> mt.ServerCapabilities:
    return mt.ServerCapabilities(tools=mt.ToolsCapability(list_changed=False), extensions={tasks.TASKS_EXTENSION: {}})


def _modern_session(agent_key: AgentKey, request: mt.JSONRPCRequest) -> str:
    meta = (request.params or {}).get("_meta")
    named = meta.get(SESSION_META) if isinstance(meta, dict) else None
    if isinstance(named, str) and SESSION_ID.match(named):
        return named
    return f"mcp-key-{agent_key.prefix}"


def _error_code(result: mt.CallToolResult) -> str | None:
    error = (result.structured_content or {}).get("error")
    return error.get("code") if isinstance(error, dict) else None


def _bad_id_reply(request_id: Any) -> Reply:
    # JSON-RPC answers a number with the same number; anything else cannot be echoed, so null.
    number = isinstance(request_id, int | float) and not isinstance(request_id, bool) and math.isfinite(request_id)
    error = {"code": mt.INVALID_REQUEST, "message": "a request id must be a string or an integer"}
    return Reply(400, {"jsonrpc": "2.0", "id": request_id if number else None, "error": error})


def _id_of(message: Any) -> Any:
    value = message.get("id") if isinstance(message, dict) else None
    return value if isinstance(value, (str, int)) and not isinstance(value, bool) else None


def _initialize(agent_key: AgentKey, request: mt.JSONRPCRequest) -> Reply:
    try:
        params = mt.InitializeRequestParams.model_validate(request.params or {})
    except ValidationError as exc:
        return error_reply(400, request.id, mt.INVALID_PARAMS, f"invalid initialize params: {exc.errors()[0]['msg']}")
    # Answer with the client's revision when toolguard speaks it, else the newest it does.
    version = params.protocol_version if params.protocol_version in HANDSHAKE_PROTOCOL_VERSIONS else None
    result = mt.InitializeResult(
        protocol_version=version or LATEST_HANDSHAKE_VERSION,
        # The handshake revisions' capabilities, as before: the extensions member is 2026-07-28's.
        capabilities=mt.ServerCapabilities(tools=mt.ToolsCapability(list_changed=False)),
        server_info=mt.Implementation(name=SERVER_NAME, version=SERVER_VERSION),
        instructions=INSTRUCTIONS,
    )
    return result_reply(request.id, result, **{"Mcp-Session-Id": session_start(agent_key=agent_key)})


def _tools_list(agent_key: AgentKey) -> mt.ListToolsResult:
    tools = [
        mt.Tool.model_validate(tool_export(tool, "mcp")) for tool in all_tools() if tool.name in agent_key.allowed_tools
    ]
    tools.append(
        mt.Tool(
            name=STATUS_TOOL,
            description="The current outcome of a call toolguard held for approval (or whose outcome was not "
            "known yet): pass the call_id its pending result gave.",
            input_schema={
                "type": "object",
                "properties": {"call_id": {"type": "string", "description": "toolguard's id of the held call"}},
                "required": ["call_id"],
                "additionalProperties": False,
            },
            annotations=mt.ToolAnnotations(read_only_hint=True, idempotent_hint=True),
        )
    )
    return mt.ListToolsResult(tools=tools)


def _tools_call(
    agent_key: AgentKey, session_id: str, request_id: Any, params: mt.CallToolRequestParams
) -> tuple[mt.CallToolResult, dict[str, str], ToolCall | None]:
    """The result, the HTTP headers to send with it (`Retry-After` while the key is in progress), and its row."""
    if params.name == STATUS_TOOL and get_tool(STATUS_TOOL) is None:
        return _call_status(agent_key, params.arguments or {}), {}, None
    call = named_call(provider="mcp", tool_call_id=str(request_id)[:128], name=params.name, arguments=params.arguments)
    # An MCP client SDK sends its trace context in the request's _meta rather than as a header.
    meta = params.meta if isinstance(params.meta, dict) else {}
    traceparent = meta.get("traceparent")
    with tracing.resumed(traceparent if isinstance(traceparent, str) else ""):
        tool_call, outcome = tool_call_execute(agent_key=agent_key, request=call.request(session_id))
    headers = {"Retry-After": outcome.headers["Retry-After"]} if "Retry-After" in outcome.headers else {}
    result = call_result(tool_call.response, call_id=str(tool_call.id), audit=outcome.audit)
    return result, headers, tool_call


def _call_status(agent_key: AgentKey, arguments: dict[str, Any]) -> mt.CallToolResult:
    call_id = arguments.get("call_id")
    tool_call = None
    if isinstance(call_id, str) and _is_uuid(call_id):
        # An agent sees its own customer's calls only; others' look missing.
        tool_call = ToolCall.objects.filter(id=call_id, customer_id=agent_key.customer_id).first()
    if tool_call is None:
        content = {
            "status": ToolCallStatus.INVALID,
            "note": "No call with this call_id is known to this agent.",
            "error": {"code": "not_found", "message": "no such tool call", "details": None},
        }
        return _result(content)
    answer = tool_call_answer(tool_call)
    return call_result(answer, call_id=str(tool_call.id), audit=tool_call_reference(str(tool_call.id)))


def call_result(response: dict[str, Any], *, call_id: str, audit: dict[str, Any] | None = None) -> mt.CallToolResult:
    content = tool_content(response, call_id=call_id)
    if content["status"] in (ToolCallStatus.PENDING_APPROVAL, ToolCallStatus.DISPATCHING):
        content["status_tool"] = STATUS_TOOL
    return _result(content, audit=audit)


# The result's _meta key for the audit entry recording it: metadata for the client
# keeping receipts, not content for the model.
AUDIT_META = "toolguard/audit"


def _result(content: dict[str, Any], *, audit: dict[str, Any] | None = None) -> mt.CallToolResult:
    text = json.dumps(content, separators=(",", ":"), ensure_ascii=False)
    return mt.CallToolResult(
        content=[mt.TextContent(type="text", text=text)],
        structured_content=content,
        is_error=is_error(str(content["status"])),
        _meta={AUDIT_META: audit} if audit is not None else None,
    )


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True
