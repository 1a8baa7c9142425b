"""The tool-execution API. Views authenticate, parse, call one service, render."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit.receipts import tool_call_reference
from audit.services import AuditEvent, audit_append
from core import tracing
from core.agents import AgentPrincipal, IsAgent
from core.api import error_body, error_responses
from core.enums import ActorType, AuditAction, AuditResult, ToolCallStatus
from core.models import AgentKey, ToolCall
from core.principal_cache import Admission, ClaimAhead
from core.tools import all_tools
from toolguard.api.auth import AGENT_FIRST, claim_ahead_of_body
from toolguard.api.exports import EXPORT_FORMATS, STRICT_FORMATS, exported_tools
from toolguard.api.formats import (
    Batch,
    MalformedRequest,
    MalformedText,
    batch_messages,
    parse_body,
    tool_content,
    tool_message,
)
from toolguard.api.parsers import InvalidText
from toolguard.api.schema import (
    IDEMPOTENT_REPLAYED,
    RETRY_AFTER_409,
    TOOL_CALL_OR_BATCH,
    TOOL_CALL_OR_ERROR,
)
from toolguard.api.serializers import ToolCallInputSerializer, ToolCallOutputSerializer, ToolExportSerializer
from toolguard.api.services import tool_call_batch_execute
from toolguard.api.status import is_status_call, status_body
from toolguard.pipeline.executor import Outcome, tool_call_answer, tool_call_execute


def tool_call_body(
    tool_call: ToolCall, response: dict[str, Any] | None = None, *, audit: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The answer about one call; `audit` references the entry that recorded it (the agent's receipt)."""
    response = tool_call.response if response is None else response
    return {
        "id": str(tool_call.id),
        "tool_call_id": tool_call.tool_call_id,
        "tool": tool_call.tool,
        "status": response["status"],
        "result": response["result"],
        "error": response["error"],
        "approval_id": response["approval_id"],
        "replayed": response["replayed"],
        "arguments_mismatch": response["arguments_mismatch"],
        "tool_message": tool_message(
            provider=tool_call.provider,
            tool_call_id=tool_call.tool_call_id,
            name=tool_call.tool,
            content=tool_content(response, call_id=str(tool_call.id)),
        ),
        "audit": audit,
    }


def batch_body(batch: Batch, answered: list[tuple[ToolCall, Outcome]]) -> dict[str, Any]:
    results = [
        {**tool_call_body(tool_call, audit=outcome.audit), "http_status": outcome.http_status}
        for tool_call, outcome in answered
    ]
    return {
        "results": results,
        "tool_messages": batch_messages(batch.provider, [result["tool_message"] for result in results]),
    }


def _batch_answer(agent_key: AgentKey, batch: Batch) -> dict[str, Any]:
    """A batch's results in the model's order; status calls among them are read, the rest run."""
    if not any(is_status_call(request) for request in batch.calls):
        return batch_body(batch, tool_call_batch_execute(agent_key=agent_key, batch=batch))
    results = []
    for request in batch.calls:
        if is_status_call(request):
            answer, http_status = status_body(agent_key, request)
            results.append({**answer, "http_status": http_status})
            continue
        [(tool_call, outcome)] = tool_call_batch_execute(
            agent_key=agent_key, batch=Batch(provider=batch.provider, session_id=batch.session_id, calls=[request])
        )
        results.append({**tool_call_body(tool_call, audit=outcome.audit), "http_status": outcome.http_status})
    return {
        "results": results,
        "tool_messages": batch_messages(batch.provider, [result["tool_message"] for result in results]),
    }


def _batch_retry_after(results: list[dict[str, Any]]) -> dict[str, str]:
    """A batch answers 200 whatever its calls did; one still in progress elsewhere still says when to retry."""
    waits = [
        int((result["error"].get("details") or {}).get("retry_after_seconds", 1))
        for result in results
        if result["status"] == ToolCallStatus.IN_PROGRESS and isinstance(result["error"], dict)
    ]
    return {"Retry-After": str(max(waits))} if waits else {}


def _audit_refused_request(
    request: Request, action: AuditAction, code: str, extra: dict[str, Any] | None = None
) -> None:
    key = request.auth if isinstance(request.auth, AgentKey) else None
    audit_append(
        [
            AuditEvent(
                actor=key.label if key else "anonymous",
                actor_type=ActorType.AGENT if key else ActorType.ANONYMOUS,
                customer=key.customer.external_id if key else "",
                action=action,
                result=AuditResult.BLOCKED if action != AuditAction.MALFORMED_REQUEST else AuditResult.FAILURE,
                details={
                    "code": code,
                    "path": request.path,
                    "remote_addr": request.META.get("REMOTE_ADDR", ""),
                    **(extra or {}),
                },
            )
        ]
    )


def _malformed_answer(request: Request, exc: MalformedRequest | exceptions.ParseError) -> Response:
    """The 400 for a body that is not a tool call, audited like every refused request."""
    if isinstance(exc, InvalidText | MalformedText):
        # The field's path goes to the log, never its text: it is not valid text to store.
        details = exc.details()
        _audit_refused_request(request, AuditAction.MALFORMED_REQUEST, "invalid_text", {"field": details["path"]})
        message = str(exc.detail) if isinstance(exc, InvalidText) else str(exc)
        return Response(error_body("invalid_text", message, details), status=400)
    _audit_refused_request(request, AuditAction.MALFORMED_REQUEST, "malformed_request")
    message = str(exc.detail) if isinstance(exc, exceptions.ParseError) else str(exc)
    return Response(error_body("malformed_request", message), status=400)


class ToolCallCreateView(APIView):
    authentication_classes = AGENT_FIRST
    permission_classes = [IsAgent]

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        # Unauthenticated requests are audited per address and minute by the
        # API's exception handler (audit.unauthenticated), not one entry each.
        try:
            # The key, its permission and its rate: the call's first stage, timed before the body names the tool.
            with tracing.stage_before_call(tracing.AUTHENTICATE):
                super().initial(request, *args, **kwargs)
        except exceptions.PermissionDenied:
            _audit_refused_request(request, AuditAction.TOOL_CALL_DENIED, "agent_key_required")
            raise

    @extend_schema(
        operation_id="tool_calls_create",
        request=ToolCallInputSerializer,
        parameters=[IDEMPOTENT_REPLAYED, RETRY_AFTER_409],
        responses={
            200: OpenApiResponse(
                TOOL_CALL_OR_BATCH,
                "completed; or rejected / expired after a decision; or a batch: each call's result and the messages "
                "to append",
            ),
            202: OpenApiResponse(
                ToolCallOutputSerializer,
                "pending_approval: approval_id names the request; or dispatching: an upstream tool's outcome "
                "is not known yet (retry the key or GET the call)",
            ),
            403: OpenApiResponse(
                TOOL_CALL_OR_ERROR, "denied (forbidden_account, tool_not_allowed); or forbidden: not an agent key"
            ),
            404: OpenApiResponse(
                ToolCallOutputSerializer, "unknown_tool; or not_found: get_tool_call_status named no call of this key"
            ),
            409: OpenApiResponse(
                ToolCallOutputSerializer,
                "in_progress (idempotency_in_progress): not an error; the same key is still running elsewhere, "
                "a retry with it after Retry-After returns the result",
            ),
            422: OpenApiResponse(
                ToolCallOutputSerializer, "invalid (validation_failed), blocked (injection_blocked) or failed"
            ),
            423: OpenApiResponse(ToolCallOutputSerializer, "quarantined: session_quarantined"),
            503: OpenApiResponse(
                TOOL_CALL_OR_ERROR,
                "idempotency_unavailable or upstream_unavailable (nothing executed); or database_unavailable",
            ),
            **error_responses(400, 401, 415, 429),
        },
        summary="Run one tool call, or every call of one assistant message, through the guarded pipeline",
    )
    def post(self, request: Request) -> Response:
        agent_key = request.auth
        assert isinstance(agent_key, AgentKey)  # IsAgent let only agent keys through
        assert isinstance(request.user, AgentPrincipal)
        admission = request.user.admission
        try:
            return self._answer(request, agent_key, admission)
        finally:
            admission.release_unused()

    def claim_ahead(self, request: Request) -> ClaimAhead | None:
        """The call's key, claimed with the agent key's row (core/agents.py, ClaimsAhead)."""
        return claim_ahead_of_body(request)

    def _answer(self, request: Request, agent_key: AgentKey, admission: Admission) -> Response:
        try:
            call = parse_body(request.data)
        except (MalformedRequest, exceptions.ParseError) as exc:
            return _malformed_answer(request, exc)
        if isinstance(call, Batch):
            body = _batch_answer(agent_key, call)
            return Response(body, status=200, headers=_batch_retry_after(body["results"]))
        if is_status_call(call):
            # "Ask for its status later", in the caller's own shape: a read, no pipeline run.
            status_answer, http_status = status_body(agent_key, call)
            return Response(status_answer, status=http_status)
        tool_call, outcome = tool_call_execute(agent_key=agent_key, request=call, admission=admission)
        return Response(
            tool_call_body(tool_call, audit=outcome.audit), status=outcome.http_status, headers=outcome.headers
        )


class ToolCallDetailView(APIView):
    authentication_classes = AGENT_FIRST
    permission_classes = [IsAgent]

    @extend_schema(
        operation_id="tool_calls_retrieve",
        summary="A tool call's current answer (a replay of a held call follows the held call's decision)",
        responses={200: ToolCallOutputSerializer, **error_responses(401, 403, 404, 429)},
    )
    def get(self, request: Request, tool_call_id: str) -> Response:
        agent_key = request.auth
        assert isinstance(agent_key, AgentKey)  # IsAgent let only agent keys through
        # An agent sees its own customer's calls only; others' look missing.
        tool_call = ToolCall.objects.filter(id=tool_call_id, customer_id=agent_key.customer_id).first()
        if tool_call is None:
            raise exceptions.NotFound("no such tool call")
        answer = tool_call_answer(tool_call)
        return Response(tool_call_body(tool_call, answer, audit=tool_call_reference(str(tool_call.id))))


class ToolListView(APIView):
    authentication_classes = AGENT_FIRST

    @extend_schema(
        operation_id="tools_list",
        parameters=[
            OpenApiParameter("format", str, enum=list(EXPORT_FORMATS), description="Provider shape"),
            OpenApiParameter(
                "strict",
                bool,
                description="OpenAI formats: every property required, optional ones nullable (strict mode)",
            ),
        ],
        responses={200: ToolExportSerializer, **error_responses(400, 401, 429)},
    )
    def get(self, request: Request) -> Response:
        fmt = request.query_params.get("format", "native")
        if fmt not in EXPORT_FORMATS:
            return Response(
                error_body("malformed_request", f"format must be one of {', '.join(EXPORT_FORMATS)}"), status=400
            )
        strict = request.query_params.get("strict", "false")
        if strict not in ("true", "false"):
            return Response(error_body("malformed_request", "strict must be true or false"), status=400)
        if strict == "true" and fmt not in STRICT_FORMATS:
            return Response(
                error_body("malformed_request", f"strict applies to {' and '.join(STRICT_FORMATS)} only"), status=400
            )
        tools = all_tools()
        if isinstance(request.auth, AgentKey):
            allowed = request.auth.allowed_tools
            tools = [tool for tool in tools if tool.name in allowed]
        # Every list ends with the status tool, so a held call's "ask for its status later" can be done.
        exported = exported_tools(tools, fmt, strict=strict == "true")
        return Response({"format": fmt, "tools": exported})
