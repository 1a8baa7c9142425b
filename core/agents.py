"""Agents as DRF sees them: `Authorization: Bearer tg_...` acts for the key's customer, never as a person."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from rest_framework import authentication, exceptions, permissions
from rest_framework.request import Request

from core.models import AgentKey
from core.principal_cache import Admission, ClaimAhead, agent_key_admit


@runtime_checkable
class ClaimsAhead(Protocol):
    """A view that runs a tool call: names the call whose key to claim with the agent key's row,
    in the one Redis round trip that authenticates the key (core/principal_cache.py)."""

    def claim_ahead(self, request: Request) -> ClaimAhead | None: ...


class AgentKeyAuthentication(authentication.BaseAuthentication):
    """`Authorization: Bearer tg_...`: the request acts for the key's customer."""

    def authenticate(self, request: Request) -> tuple[Any, AgentKey] | None:
        header = authentication.get_authorization_header(request).decode("latin-1")
        scheme, _, raw = header.partition(" ")
        if scheme.lower() != "bearer":
            return None
        # Cached for a second; revocation and quarantine invalidate it (core/principal_cache.py).
        # The call is counted in the key's budget in the same round trip when the row was cached,
        # and the claim of the call the request carries made with them (a view that runs calls says which).
        view = (request.parser_context or {}).get("view")
        ahead = view.claim_ahead(request) if isinstance(view, ClaimsAhead) else None
        admission = agent_key_admit(raw.strip(), ahead=ahead)
        if admission.key is None:
            raise exceptions.AuthenticationFailed("invalid or revoked agent key")
        return AgentPrincipal(admission.key, admission), admission.key

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="toolguard"'


class AgentPrincipal:
    """request.user for agent calls: authenticated, but never a person."""

    is_authenticated = True
    is_active = True
    is_staff = False
    is_superuser = False

    def __init__(self, key: AgentKey, admission: Admission | None = None) -> None:
        self.key = key
        # What authentication found besides the key: the call counted in the key's budget
        # (else the throttle counts it: toolguard/throttling.py) and a claim made ahead.
        self.admission = admission or Admission(key)

    def __str__(self) -> str:
        return self.key.label


def is_agent(request: Request) -> bool:
    return isinstance(request.auth, AgentKey)


class IsAgent(permissions.BasePermission):
    message = "an agent key is required; people cannot call tools"

    def has_permission(self, request: Request, view: Any) -> bool:
        return is_agent(request)
