"""Who is calling: agents by key, people by session or HTTP Basic."""

from __future__ import annotations

from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, permissions
from rest_framework.request import Request

from staff.auth import PersonalTokenAuthentication
from toolguard.models import AgentKey
from toolguard.principal_cache import agent_key_authenticate

COMPLIANCE_GROUP = "compliance"
REVIEWERS_GROUP = "reviewers"


class AgentKeyAuthentication(authentication.BaseAuthentication):
    """`Authorization: Bearer tg_...`: the request acts for the key's customer."""

    def authenticate(self, request: Request) -> tuple[Any, AgentKey] | None:
        header = authentication.get_authorization_header(request).decode("latin-1")
        scheme, _, raw = header.partition(" ")
        if scheme.lower() != "bearer":
            return None
        # Cached for a second; revocation and quarantine invalidate it (toolguard/principal_cache.py).
        key = agent_key_authenticate(raw.strip())
        if key is None:
            raise exceptions.AuthenticationFailed("invalid or revoked agent key")
        return AgentPrincipal(key), key

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="toolguard"'


class TooManySignInAttempts(exceptions.Throttled):
    default_detail = "too many failed sign-in attempts for this account; try again later"
    default_code = "too_many_attempts"


class LimitedBasicAuthentication(authentication.BasicAuthentication):
    """HTTP Basic under the sign-in limits of the form (toolguard/signin.py).

    A failure is counted by django-axes through `authenticate()`; once the
    account is locked the answer is 429, and the right password is refused too.
    """

    def authenticate_credentials(self, userid: str, password: str, request: Any = None) -> tuple[Any, None]:
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            if request is not None and not AxesProxyHandler.is_allowed(request, {"username": userid}):
                raise TooManySignInAttempts(wait=settings.TOOLGUARD_LOGIN_WINDOW_SECONDS) from None
            raise


class AgentPrincipal:
    """request.user for agent calls: authenticated, but never a person."""

    is_authenticated = True
    is_active = True
    is_staff = False
    is_superuser = False

    def __init__(self, key: AgentKey) -> None:
        self.key = key

    def __str__(self) -> str:
        return self.key.label


def is_agent(request: Request) -> bool:
    return isinstance(request.auth, AgentKey)


def in_group(request: Request, group: str) -> bool:
    user = request.user
    if is_agent(request) or user is None or not user.is_authenticated:
        return False
    return bool(user.groups.filter(name=group).exists())


class IsAgent(permissions.BasePermission):
    message = "an agent key is required; people cannot call tools"

    def has_permission(self, request: Request, view: Any) -> bool:
        return is_agent(request)


class IsReviewer(permissions.BasePermission):
    message = "only reviewers may do this"

    def has_permission(self, request: Request, view: Any) -> bool:
        return in_group(request, REVIEWERS_GROUP)


class IsCompliance(permissions.BasePermission):
    message = "only compliance staff may read the audit log"

    def has_permission(self, request: Request, view: Any) -> bool:
        return in_group(request, COMPLIANCE_GROUP)


# The first class answers a 401's WWW-Authenticate. Agent keys are recognised
# on people's endpoints too, so that an agent is refused with a clear 403
# rather than an anonymous 401, and people's credentials likewise on agents'.
AGENT_FIRST = [AgentKeyAuthentication, LimitedBasicAuthentication, authentication.SessionAuthentication]
PEOPLE_FIRST = [
    LimitedBasicAuthentication,
    # Before the agent-key class, which would refuse any other Bearer value.
    PersonalTokenAuthentication,
    authentication.SessionAuthentication,
    AgentKeyAuthentication,
]


class LimitedBasicScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The OpenAPI document shows LimitedBasicAuthentication as the HTTP Basic it is."""

    target_class = LimitedBasicAuthentication
    name = "basicAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "basic"}
