"""POST/DELETE /mcp: the MCP streamable-HTTP endpoint, in its JSON-response form."""

from __future__ import annotations

import math
from typing import Any

import mcp.types as mt
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from audit.services import AuditEvent, audit_append
from core import tracing
from core.enums import ActorType, AuditAction, AuditResult
from core.models import AgentKey
from toolguard.api.parsers import InvalidText, MalformedJSON, RequestTooLarge, body_read, strict_json_body
from toolguard.mcp.oauth import caller_authenticate, scope_challenge
from toolguard.mcp.server import (
    RATE_LIMITED,
    UNAUTHENTICATED,
    Reply,
    error_reply,
    error_wire,
    message_handle,
    session_end,
)
from toolguard.throttling import AgentKeyRateThrottle

SESSION_HEADER = "Mcp-Session-Id"


@csrf_exempt
def mcp_endpoint(request: HttpRequest) -> HttpResponse:
    if request.method not in ("POST", "DELETE"):
        # No server-initiated stream: everything is answered on the POST.
        response = HttpResponse(status=405)
        response["Allow"] = "POST, DELETE"
        return response
    if not _origin_allowed(request):
        return _render(error_reply(403, None, UNAUTHENTICATED, "cross-origin requests are refused"))
    with tracing.stage_before_call(tracing.AUTHENTICATE):
        caller = caller_authenticate(request)
    if isinstance(caller, Reply):
        return _render(caller)
    agent_key = caller.key
    throttle = AgentKeyRateThrottle()
    # The same per-key budget as the REST API: a runaway loop cannot switch transports to escape it.
    if not (throttle.allow_counted(*caller.budget) if caller.budget else throttle.allow_key(agent_key)):
        retry_after = str(math.ceil(throttle.wait() or 1))
        return _render(
            error_reply(429, None, RATE_LIMITED, "too many calls for this agent key", **{"Retry-After": retry_after})
        )
    session_id = request.headers.get(SESSION_HEADER)
    if request.method == "DELETE":
        ended = session_id is not None and session_end(agent_key=agent_key, session_id=session_id)
        return HttpResponse(status=204 if ended else 404)
    try:
        # The REST API's strict reading: duplicate keys, NaN, deep nesting and non-text refused alike.
        message = strict_json_body(body_read(request, request.META.get("CONTENT_LENGTH")))
    except RequestTooLarge as exc:
        return _render(_refusal(413, mt.INVALID_REQUEST, str(exc.detail), "request_too_large"))
    except InvalidText as exc:
        _audit_malformed(request, agent_key=agent_key, code="invalid_text", field=exc.path)
        return _render(_refusal(400, mt.PARSE_ERROR, str(exc.detail), "invalid_text", exc.details()))
    except MalformedJSON as exc:
        _audit_malformed(request, agent_key=agent_key)
        reason = {"reason": exc.reason}
        return _render(
            _refusal(400, mt.PARSE_ERROR, f"the body is not JSON: {exc.detail}", "malformed_request", reason)
        )
    reply = message_handle(
        agent_key=agent_key,
        message=message,
        session_id=session_id,
        protocol_version=request.headers.get("MCP-Protocol-Version"),
        scope_challenge=scope_challenge(request) if caller.oauth else None,
        headers={name.lower(): value for name, value in request.headers.items()},
    )
    return _render(reply)


def _refusal(status: int, rpc_code: int, message: str, code: str, details: Any = None) -> Reply:
    """A JSON-RPC error for a body never read as a message (so its id is null), with the REST API's code in `data`."""
    data = {"code": code, "details": details}
    error = mt.JSONRPCError(jsonrpc="2.0", id=None, error=mt.ErrorData(code=rpc_code, message=message, data=data))
    return Reply(status, error_wire(error))


def _render(reply: Reply) -> HttpResponse:
    response: HttpResponse
    if reply.body is None:
        response = HttpResponse(status=reply.status)
    else:
        response = JsonResponse(reply.body, status=reply.status)
    for name, value in reply.headers.items():
        response[name] = value
    return response


def _origin_allowed(request: HttpRequest) -> bool:
    """A browser page on another site must not drive a local agent's key (DNS rebinding)."""
    origin = request.headers.get("Origin")
    if not origin:
        return True
    return origin.split("://", 1)[-1].rstrip("/") == request.get_host()


def _audit_malformed(
    request: HttpRequest, *, agent_key: AgentKey, code: str = "malformed_request", field: str | None = None
) -> None:
    details: dict[str, Any] = {"code": code, "path": request.path}
    if code == "invalid_text":
        # The field's path, never its text: it is not valid text to store.
        details["field"] = field
    audit_append(
        [
            AuditEvent(
                actor=agent_key.label,
                actor_type=ActorType.AGENT,
                customer=agent_key.customer.external_id,
                action=AuditAction.MALFORMED_REQUEST,
                result=AuditResult.FAILURE,
                details=details,
            )
        ]
    )
