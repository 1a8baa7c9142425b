"""What every API of toolguard answers on error: `{"error": {"code", "message", "details"}}`, and its OpenAPI shape."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details}}


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    details = serializers.JSONField(allow_null=True)


class ErrorResponseSerializer(serializers.Serializer):
    error = ErrorSerializer()


ERROR_DESCRIPTIONS = {
    400: "malformed_request or invalid_filter: the request itself is wrong; invalid_text: a string of the body is "
    "not Unicode (a lone surrogate escape, invalid UTF-8), details.path names the field",
    401: "unauthenticated: no credentials, wrong ones, or a revoked agent key",
    403: "forbidden: these credentials may not use this endpoint (an agent key on a people's endpoint, "
    "a person on an agent's, a missing CSRF token with a session cookie)",
    404: "not_found: no such resource, or a malformed id in the path",
    409: "conflict: the request collides with the resource's current state",
    415: "unsupported_media_type: the body must be application/json",
    429: "rate_limited: too many calls for this agent key; retry after Retry-After seconds",
    503: "database_unavailable: a dependency is unreachable; retry after Retry-After seconds",
}


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    """`{"error": {code, message, details}}` responses, for extend_schema(responses=...)."""
    return {code: OpenApiResponse(ErrorResponseSerializer, description=ERROR_DESCRIPTIONS[code]) for code in codes}
