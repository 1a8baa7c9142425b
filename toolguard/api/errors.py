"""Every API error is `{"error": {"code", "message", "details"}}` with a stable code."""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler

from audit.services import AuditEvent, audit_append
from audit.unauthenticated import unauthenticated_request_record
from core.addresses import client_address
from core.api import error_body
from core.enums import ActorType, AuditAction, AuditResult
from core.models import AgentKey
from people.auth import PasswordsOff, RenewalRequired, TooManySignInAttempts
from people.roles import person_actor
from toolguard.api.parsers import InvalidText, MalformedJSON, RequestTooLarge

logger = logging.getLogger(__name__)

DATABASE_UNAVAILABLE = error_body("database_unavailable", "the database is unreachable; retry later")
# A failover takes about ten seconds (docs/operations.md): a client retrying
# every two finds the new primary soon after it takes writes.
DATABASE_RETRY_AFTER = "2"

CODES: dict[type[exceptions.APIException], str] = {
    RequestTooLarge: "request_too_large",
    # Before ParseError, which it is: the first match names the code.
    InvalidText: "invalid_text",
    TooManySignInAttempts: "too_many_attempts",
    PasswordsOff: "local_login_disabled",
    RenewalRequired: "oidc_renewal_required",
    exceptions.NotAuthenticated: "unauthenticated",
    exceptions.AuthenticationFailed: "unauthenticated",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.ParseError: "malformed_request",
    exceptions.ValidationError: "malformed_request",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.Throttled: "rate_limited",
}


# SQLSTATEs that say the database is not there for this request, not that the
# transaction went wrong: connection exceptions (class 08), shutdown, crash or
# start-up (57P01-57P03), no connection slot (53300), and a read-only
# transaction (25006: a connection still on a primary that failed over).
UNREACHABLE_SQLSTATES = ("08", "57P01", "57P02", "57P03", "53300", "25006")


def database_unreachable(exc: BaseException | None) -> bool:
    """A lost or refused connection, worth a retry: not a deadlock or a serialization failure, which are faults."""
    if isinstance(exc, InterfaceError):
        return True
    if not isinstance(exc, OperationalError):
        return False
    sqlstate = getattr(exc.__cause__, "sqlstate", None)
    # No SQLSTATE: the server never answered (connection lost, refused, timed out).
    return sqlstate is None or sqlstate.startswith(UNREACHABLE_SQLSTATES)


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if database_unreachable(exc):
        # The database went away mid-request (restart, failover). The
        # transaction rolled back whole, so the honest answer is "retry".
        logger.warning("database unavailable: %s: %s", type(exc).__name__, exc)
        response = Response(DATABASE_UNAVAILABLE, status=503)
        response["Retry-After"] = DATABASE_RETRY_AFTER
        return response
    if isinstance(exc, (exceptions.NotAuthenticated, exceptions.AuthenticationFailed)):
        # Audited once per address and minute, and rate-limited (audit.unauthenticated).
        request = context["request"]
        wait = unauthenticated_request_record(address=client_address(request), path=request.path)
        if wait is not None:
            exc = exceptions.Throttled(wait=wait, detail="too many unauthenticated requests from this address")
    handled = exception_handler(exc, context)
    if handled is None or not isinstance(exc, exceptions.APIException):
        return handled
    response = handled
    code = next((c for cls, c in CODES.items() if isinstance(exc, cls)), "error")
    if isinstance(exc, exceptions.ValidationError):
        response.data = error_body(code, "the request is malformed", exc.detail)
    elif isinstance(exc, InvalidText):
        _audit_invalid_text(context["request"], exc)
        response.data = error_body(code, str(exc.detail), exc.details())
    elif isinstance(exc, MalformedJSON):
        # One code for every unreadable body (the API table's malformed_request); the reason says which rule.
        response.data = error_body(code, str(exc.detail), {"reason": exc.reason})
    else:
        response.data = error_body(code, str(exc.detail))
    return response


def _audit_invalid_text(request: Any, exc: InvalidText) -> None:
    """A body that is not text is logged as refused, whoever sent it (views parsing for themselves log there)."""
    user = getattr(request, "user", None)
    key = getattr(request, "auth", None)
    if isinstance(key, AgentKey):
        actor, actor_type, customer = key.label, ActorType.AGENT, key.customer.external_id
    elif user is not None and user.is_authenticated:
        (actor, actor_type), customer = person_actor(user), ""
    else:
        actor, actor_type, customer = "anonymous", ActorType.ANONYMOUS, ""
    details = {"code": "invalid_text", "field": exc.path, "path": request.path, "remote_addr": client_address(request)}
    audit_append(
        [
            AuditEvent(
                actor=actor,
                actor_type=actor_type,
                customer=customer,
                action=AuditAction.MALFORMED_REQUEST,
                result=AuditResult.FAILURE,
                details=details,
            )
        ]
    )


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler404: under /api/ an unmatched path (a malformed id) is an API error too, not an HTML page."""
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("not_found", "no such API endpoint or resource"), status=404)
    return defaults.page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler400: a request Django itself refuses (an unreadable body, a bad Host) is a JSON error under /api/."""
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("malformed_request", "the request could not be read"), status=400)
    return defaults.bad_request(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: an API client gets the JSON error shape even from a fault (details stay in the log).

    A lost database (failover, restart) outside the API views (a page, a
    middleware reading the session) is a 503 with Retry-After too, not a fault:
    Django calls this handler inside its except block, so the exception is at hand.
    """
    if database_unreachable(sys.exc_info()[1]):
        logger.warning("database unavailable: %s: %s", type(sys.exc_info()[1]).__name__, sys.exc_info()[1])
        if request.path.startswith("/api/") or request.path == "/mcp":
            response: HttpResponse = JsonResponse(DATABASE_UNAVAILABLE, status=503)
        else:
            response = HttpResponse(
                "The database is unreachable for a moment; retry shortly.", status=503, content_type="text/plain"
            )
        response["Retry-After"] = DATABASE_RETRY_AFTER
        return response
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("internal_error", "the server failed; the error is logged"), status=500)
    return defaults.server_error(request)
