"""/mcp as an OAuth 2.1 protected resource: who the caller is, and the challenges that tell a client how to ask.

Off while TOOLGUARD_OAUTH_ISSUERS is empty: then only agent keys are read,
as before. When on, a Bearer value that is an agent key (`tg_...`) is still
an agent key; anything else is an access token (toolguard/mcp/access_tokens.py). The
answers follow RFC 6750 and RFC 9728: 401 with `WWW-Authenticate: Bearer
resource_metadata="<base>/.well-known/oauth-protected-resource"` (plus
`error="invalid_token"` for a token that was refused), 403
`error="insufficient_scope"` naming the scope a tool needs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import mcp.types as mt
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from audit.unauthenticated import unauthenticated_request_record
from core.addresses import client_address
from core.call_budget import BudgetWindow
from core.models import AgentKey
from core.principal_cache import agent_key_admit
from toolguard.mcp.access_tokens import (
    SCOPE_PREFIX,
    InvalidToken,
    IssuerUnavailable,
    access_token_verify,
    oauth_enabled,
    oauth_principal_key,
    scopes_supported,
)
from toolguard.mcp.server import RATE_LIMITED, UNAUTHENTICATED, Reply, error_wire

INSUFFICIENT_SCOPE = -32004
AUTHORIZATION_SERVER_UNAVAILABLE = -32005
# How long a client waits before asking again while an issuer's keys cannot be fetched.
ISSUER_RETRY_AFTER_SECONDS = 5


@dataclass
class Caller:
    """Who is calling /mcp: an agent key, or the key of an OAuth principal with its token's tools."""

    key: AgentKey
    oauth: bool
    # (the key's budget window, calls in it counting this one) when authentication counted it
    # with the key's cached row (core/principal_cache.py agent_key_admit); else the view counts.
    budget: tuple[BudgetWindow, int] | None = None


def resource_uri(request: HttpRequest) -> str:
    """The audience a token must name: TOOLGUARD_RESOURCE_URI, else this server's /mcp as the request reached it."""
    return settings.TOOLGUARD_RESOURCE_URI or request.build_absolute_uri(reverse("mcp"))


def metadata_url(request: HttpRequest) -> str:
    path = reverse("oauth-protected-resource")
    if settings.TOOLGUARD_RESOURCE_URI:
        parts = urlsplit(settings.TOOLGUARD_RESOURCE_URI)
        return f"{parts.scheme}://{parts.netloc}{path}"
    return request.build_absolute_uri(path)


@require_GET
def protected_resource_metadata(request: HttpRequest) -> HttpResponse:
    """RFC 9728 metadata: which authorization servers issue tokens for /mcp, and the scopes it knows."""
    if not oauth_enabled():
        return JsonResponse({"error": {"code": "not_found", "message": "OAuth is not enabled"}}, status=404)
    document = {
        "resource": resource_uri(request),
        "authorization_servers": list(settings.TOOLGUARD_OAUTH_ISSUERS),
        "scopes_supported": scopes_supported(),
    }
    response = JsonResponse(document)
    # A public document that browser-based MCP clients read from another origin.
    response["Access-Control-Allow-Origin"] = "*"
    return response


def caller_authenticate(request: HttpRequest) -> Caller | Reply:
    """The caller, or the refusal to send (401, 429, 503)."""
    scheme, _, raw = request.headers.get("Authorization", "").partition(" ")
    raw = raw.strip()
    if scheme.lower() != "bearer" or not raw:
        return _unauthenticated(request, "unauthenticated", None)
    if not oauth_enabled() or raw.startswith("tg_"):
        # Cached for a second, as on the REST API; revocation and quarantine invalidate it.
        admission = agent_key_admit(raw)
        if admission.key is None:
            return _unauthenticated(request, "unauthenticated", None)
        return Caller(key=admission.key, oauth=False, budget=admission.budget)
    try:
        token = access_token_verify(raw, audience=resource_uri(request))
        return Caller(key=oauth_principal_key(token), oauth=True)
    except InvalidToken as exc:
        return _unauthenticated(request, "invalid_token", str(exc))
    except IssuerUnavailable as exc:
        return _reply(
            503,
            None,
            AUTHORIZATION_SERVER_UNAVAILABLE,
            f"{exc}; try again shortly",
            {"code": "authorization_server_unavailable"},
            **{"Retry-After": str(ISSUER_RETRY_AFTER_SECONDS)},
        )


def scope_challenge(request: HttpRequest) -> Callable[[Any, str], Reply]:
    """For an OAuth caller: the 403 a tools/call outside the token's scopes gets (the client may ask for more)."""

    def challenge(request_id: Any, tool: str) -> Reply:
        scope = f"{SCOPE_PREFIX}{tool}"
        description = f"the access token's scopes do not include {scope}"
        header = _challenge(request, error="insufficient_scope", description=description, scope=scope)
        return _reply(
            403,
            request_id,
            INSUFFICIENT_SCOPE,
            description,
            {"code": "insufficient_scope", "scope": scope},
            **{"WWW-Authenticate": header},
        )

    return challenge


def _unauthenticated(request: HttpRequest, code: str, description: str | None) -> Reply:
    # Audited once per address and minute and rate-limited, as on the REST API.
    wait = unauthenticated_request_record(address=client_address(request), path=request.path, code=code)
    if wait is not None:
        return _reply(
            429,
            None,
            RATE_LIMITED,
            "too many unauthenticated requests from this address",
            None,
            **{"Retry-After": str(math.ceil(wait))},
        )
    if not oauth_enabled():
        message = "an agent key is required: Authorization: Bearer <key>"
        return _reply(401, None, UNAUTHENTICATED, message, None, **{"WWW-Authenticate": 'Bearer realm="toolguard"'})
    if description is None:
        message = "an access token (or an agent key) is required: Authorization: Bearer <token>"
        header = _challenge(request)
    else:
        message = f"the access token was refused: {description}"
        header = _challenge(request, error="invalid_token", description=description)
    return _reply(401, None, UNAUTHENTICATED, message, {"code": code}, **{"WWW-Authenticate": header})


def _challenge(request: HttpRequest, *, error: str = "", description: str = "", scope: str = "") -> str:
    params = []
    if error:
        params.append(f'error="{error}"')
        params.append(f'error_description="{_quotable(description)}"')
    if scope:
        params.append(f'scope="{scope}"')
    params.append(f'resource_metadata="{metadata_url(request)}"')
    return "Bearer " + ", ".join(params)


def _quotable(text: str) -> str:
    """RFC 6750 error_description: printable ASCII without quote or backslash."""
    return re.sub(r"[^\x20\x21\x23-\x5b\x5d-\x7e]", "?", text)[:300]


def _reply(status: int, request_id: Any, rpc_code: int, message: str, data: Any, **headers: str) -> Reply:
    error = mt.JSONRPCError(jsonrpc="2.0", id=request_id, error=mt.ErrorData(code=rpc_code, message=message, data=data))
    return Reply(status, error_wire(error), headers)
