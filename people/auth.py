"""How people authenticate to the API: HTTP Basic under the sign-in limits, personal tokens, the session.

A personal token (`Authorization: Bearer tgp_...`) is checked with one
SHA-256, not a password hash. A provider-managed person's token obeys the
renewal of their session (people.oidc.provider_renewal_due): refused with
401 oidc_renewal_required once their groups were last confirmed more than
OIDC_RENEW_SECONDS ago.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions, permissions
from rest_framework.request import Request

from core.agents import AgentKeyAuthentication, is_agent
from people.models import TOKEN_SCHEME, PersonalToken
from people.oidc import provider_renewal_due
from people.roles import COMPLIANCE_GROUP, REVIEWERS_GROUP

# last_used_at is written at most this often per token, not on every request.
LAST_USED_RESOLUTION = timedelta(minutes=1)


def one_person(request: Request, user: Any) -> None:
    """Refuse credentials sent with a session cookie that belongs to someone else.

    Whoever holds a colleague's password and their own cookie (or the reverse)
    must not pass as either: the request is refused outright, before any view
    or step-up can be confused about who is asking.
    """
    session = getattr(request._request, "session", None)
    signed_in = session.get(SESSION_KEY) if session is not None else None
    if signed_in is not None and str(signed_in) != str(user.pk):
        raise exceptions.AuthenticationFailed("these credentials and the session cookie belong to different people")


class PersonalTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, PersonalToken] | None:
        header = authentication.get_authorization_header(request).decode("latin-1")
        scheme, _, raw = header.partition(" ")
        raw = raw.strip()
        if scheme.lower() != "bearer" or not raw.startswith(f"{TOKEN_SCHEME}_"):
            return None  # an agent key, or no bearer at all: another class decides
        token = PersonalToken.objects.authenticate(raw)
        if token is None:
            raise exceptions.AuthenticationFailed("invalid or revoked personal API token")
        now = timezone.now()
        one_person(request, token.user)
        if provider_renewal_due(token.user):
            raise RenewalRequired()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_RESOLUTION:
            PersonalToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="toolguard"'


class RenewalRequired(exceptions.AuthenticationFailed):
    """A provider-managed person's token past OIDC_RENEW_SECONDS since their groups were last confirmed."""

    default_detail = (
        "your roles come from the sign-in provider and need renewing: sign in there (load any page), "
        "then the token works again"
    )
    default_code = "oidc_renewal_required"


class PasswordsOff(exceptions.AuthenticationFailed):
    """HTTP Basic while TOOLGUARD_LOCAL_LOGIN=false: the provider signs people in (code local_login_disabled)."""

    default_detail = "sign-in with a password is turned off here; use a personal token or the sign-in provider"
    default_code = "local_login_disabled"


class TooManySignInAttempts(exceptions.Throttled):
    default_detail = "too many failed sign-in attempts for this account; try again later"
    default_code = "too_many_attempts"


class LimitedBasicAuthentication(authentication.BasicAuthentication):
    """HTTP Basic under the sign-in limits of the form (toolguard/signin.py).

    A failure is counted by django-axes through `authenticate()`; once the
    account is locked the answer is 429, and the right password is refused too.
    """

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        basic = authentication.get_authorization_header(request)[:6].lower() == b"basic "
        if basic and not settings.TOOLGUARD_LOCAL_LOGIN:
            # Passwords are off (TOOLGUARD_LOCAL_LOGIN=false): the provider signs people in.
            raise PasswordsOff()
        found = super().authenticate(request)
        if found is not None:
            one_person(request, found[0])
        return found

    def authenticate_credentials(self, userid: str, password: str, request: Any = None) -> tuple[Any, None]:
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            if request is not None and not AxesProxyHandler.is_allowed(request, {"username": userid}):
                raise TooManySignInAttempts(wait=settings.TOOLGUARD_LOGIN_WINDOW_SECONDS) from None
            raise


def in_group(request: Request, group: str) -> bool:
    user = request.user
    if is_agent(request) or user is None or not user.is_authenticated:
        return False
    return bool(user.groups.filter(name=group).exists())


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
# rather than an anonymous 401.
PEOPLE_FIRST = [
    LimitedBasicAuthentication,
    # Before the agent-key class, which would refuse any other Bearer value.
    PersonalTokenAuthentication,
    authentication.SessionAuthentication,
    AgentKeyAuthentication,
]


class LimitedBasicScheme(OpenApiAuthenticationExtension):
    """The OpenAPI document shows LimitedBasicAuthentication as the HTTP Basic it is."""

    target_class = LimitedBasicAuthentication
    name = "basicAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "basic"}
