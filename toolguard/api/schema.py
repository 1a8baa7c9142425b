"""OpenAPI description of the API: agent-key authentication and the error responses every operation can give."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer

from core.api import ERROR_DESCRIPTIONS, ErrorResponseSerializer
from toolguard.api.serializers import BatchOutputSerializer, ToolCallOutputSerializer


class AgentKeyScheme(OpenApiAuthenticationExtension):
    target_class = "toolguard.api.auth.AgentKeyAuthentication"
    name = "agentKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "bearer", "description": "An agent key: tg_<prefix>_<secret>"}


# Answered by any operation: every one needs credentials and a database.
COMMON_ERRORS = (401, 503)
RETRY_AFTER = {"schema": {"type": "integer"}, "description": "Seconds to wait before retrying"}
RETRY_STATUSES = ("429", "503")
# Answered by gunicorn before the application sees the request, so in its own HTML.
URI_TOO_LONG = {
    "content": {"text/html": {"schema": {"type": "string"}}},
    "description": "The request line is longer than the HTTP server accepts (gunicorn's limit_request_line, "
    "4094 bytes): shorten the query",
}


# POST /tool-calls refuses in two shapes: the pipeline answers with a tool call
# (status denied/failed, error.code forbidden_account, idempotency_unavailable...),
# the layers before it (authentication, permissions, database) with a bare error.
TOOL_CALL_OR_ERROR = PolymorphicProxySerializer(
    component_name="ToolCallOrError",
    serializers=[ToolCallOutputSerializer, ErrorResponseSerializer],
    resource_type_field_name=None,
)

# A body holding one call is answered with that call; a whole assistant
# message (`message` or `items`) with every call's result.
TOOL_CALL_OR_BATCH = PolymorphicProxySerializer(
    component_name="ToolCallOrBatch",
    serializers=[ToolCallOutputSerializer, BatchOutputSerializer],
    resource_type_field_name=None,
)

IDEMPOTENT_REPLAYED = OpenApiParameter(
    "Idempotent-Replayed",
    str,
    location=OpenApiParameter.HEADER,
    enum=["true"],
    description="Present when the body is the stored result of an earlier call with the same idempotency key",
    response=[200, 202],
)
RETRY_AFTER_409 = OpenApiParameter(
    "Retry-After",
    int,
    location=OpenApiParameter.HEADER,
    description="Seconds to wait before retrying",
    response=[409],
)


def postprocess_error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular hook: the errors any operation can give, and Retry-After wherever it is sent.

    Operations that take query or path parameters can also meet the HTTP
    server's limit on the request line. An error body is exactly
    `{"error": ...}`: closing it keeps it apart from a tool call carrying an
    `error` in a oneOf.
    """
    schemas = result.get("components", {}).get("schemas", {})
    if "ErrorResponse" in schemas:
        schemas["ErrorResponse"]["additionalProperties"] = False
    error_content = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}}
    for path, item in result.get("paths", {}).items():
        if not path.startswith("/api/"):
            continue
        for operation in item.values():
            responses = operation.setdefault("responses", {})
            for code in COMMON_ERRORS:
                responses.setdefault(str(code), {"content": error_content, "description": ERROR_DESCRIPTIONS[code]})
            if operation.get("parameters"):
                responses.setdefault("414", URI_TOO_LONG)
            for status in RETRY_STATUSES:
                if status in responses:
                    responses[status].setdefault("headers", {}).setdefault("Retry-After", RETRY_AFTER)
            operation["responses"] = dict(sorted(responses.items()))
    return result
