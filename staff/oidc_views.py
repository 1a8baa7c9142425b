"""Sign-in pages: the password form (unless TOOLGUARD_LOCAL_LOGIN=false) and the
OpenID Connect provider's flow under /oidc/ (people/oidc.py has the rules).

/oidc/authenticate/  starts a sign-in at the provider (or a renewal: ?renew=1)
/oidc/step-up/       asks the provider for a fresh authentication as the step-up factor; from a
                     step-up page (?decision=<key>), the decision held there is taken on return
/oidc/callback/      where the provider sends the person back (the redirect URI)

Every refusal lands on the sign-in page (or, for a step-up, the page the
person came from) with a stable code: oidc_unavailable, oidc_state_mismatch,
oidc_provider_error, oidc_token_invalid, oidc_token_exchange_failed,
oidc_no_role, oidc_inactive, oidc_account_conflict, oidc_step_up_failed.

/accounts/logout/    signs out here and, for a session signed in through the
                     provider, at the provider too (RP-initiated logout).
"""

from __future__ import annotations

import logging
import math
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlparse

import requests
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import SuspiciousOperation
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect, JsonResponse
from django.shortcuts import resolve_url
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET
from mozilla_django_oidc.views import OIDCAuthenticationRequestView

from approvals.views import carried_decision_run
from audit.unauthenticated import unauthenticated_request_record
from core.addresses import client_address
from people import stepup
from people.oidc import (
    BACKEND_PATH,
    SESSION_ID_TOKEN,
    SESSION_STEP_UPS,
    OIDCRefused,
    RoleMappingOIDCBackend,
    discovery,
    oidc_setting,
    provider_step_up_enabled,
    roles_from_claims,
    session_start,
    signed_in_through_provider,
    step_up_check,
    step_up_decision_take,
)
from people.roles import REVIEWERS_GROUP, person_groups

logger = logging.getLogger(__name__)

SIGN_IN_ERRORS = {
    "oidc_unavailable": "The sign-in provider cannot be reached. Try again in a moment.",
    "oidc_state_mismatch": "That sign-in was not started here, or it was already used. Sign in again.",
    "oidc_provider_error": "The sign-in provider did not sign you in.",
    "oidc_token_invalid": "The sign-in provider's answer did not pass toolguard's checks.",
    "oidc_token_exchange_failed": "The sign-in provider refused to complete the sign-in.",
    "oidc_no_role": "Your account at the sign-in provider gives you no role in toolguard.",
    "oidc_inactive": "Your toolguard account is disabled.",
    "oidc_account_conflict": (
        "A toolguard account with your email address already exists and is not linked to your account at the"
        " sign-in provider. An administrator must link it."
    ),
    "oidc_renewal_required": "Your sign-in needed renewing and the provider did not renew it. Sign in again.",
}
LOCAL_LOGIN_OFF = "Sign-in with a password is turned off here; use the sign-in provider."


DEMO_CREDENTIALS = "var/demo-credentials.json"


def demo_credentials_path() -> str:
    """Where `make run` wrote the demo's passwords, for the sign-in page: in DEBUG or on the
    embedded default (SQLite, which only a developer's machine runs), and only when the file is there."""
    if not (settings.DEBUG or connection.vendor == "sqlite"):
        return ""
    return DEMO_CREDENTIALS if (Path(settings.BASE_DIR) / DEMO_CREDENTIALS).is_file() else ""


class SignInView(auth_views.LoginView):
    """Django's sign-in form, with the provider's link, and without the form when local sign-in is off."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        code = self.request.GET.get("error", "")
        context.update(
            oidc_enabled=settings.OIDC_ENABLED,
            oidc_provider_name=settings.OIDC_PROVIDER_NAME,
            local_login=settings.TOOLGUARD_LOCAL_LOGIN,
            oidc_error=SIGN_IN_ERRORS.get(code, ""),
            oidc_error_code=code if code in SIGN_IN_ERRORS else "",
            demo_credentials=demo_credentials_path(),
        )
        return context

    def get_success_url(self) -> str:
        return _safe_next(self.request, self.get_redirect_url())

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not settings.TOOLGUARD_LOCAL_LOGIN:
            return JsonResponse({"error": {"code": "local_login_disabled", "message": LOCAL_LOGIN_OFF}}, status=403)
        return super().post(request, *args, **kwargs)


class SignOutView(auth_views.LogoutView):
    """Django's sign-out; a session signed in through the provider is then sent to the
    provider's end_session_endpoint (OpenID Connect RP-Initiated Logout 1.0) with the
    ID token as id_token_hint, so the provider forgets the person too: otherwise the
    next /oidc/authenticate/ in this browser would sign them straight back in."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        id_token = request.session.get(SESSION_ID_TOKEN) if signed_in_through_provider(request) else None
        response: HttpResponse = super().post(request, *args, **kwargs)
        if not (settings.OIDC_ENABLED and isinstance(id_token, str) and id_token):
            return response
        try:
            end_session = discovery().get("end_session_endpoint")
        except OIDCRefused as exc:
            # Signed out here all the same; the provider's session ends on its own.
            logger.warning("OIDC sign-out at the provider skipped: %s", exc.message)
            return response
        if not end_session:
            return response
        params = {
            "id_token_hint": id_token,
            "client_id": settings.OIDC_RP_CLIENT_ID,
            "post_logout_redirect_uri": settings.OIDC_POST_LOGOUT_REDIRECT_URI
            or request.build_absolute_uri(resolve_url(settings.LOGOUT_REDIRECT_URL or settings.LOGIN_URL)),
        }
        separator = "&" if "?" in end_session else "?"
        return HttpResponseRedirect(f"{end_session}{separator}{urlencode(params)}")


def _sign_in_failed(request: HttpRequest, code: str, *, sign_out: bool = False) -> HttpResponse:
    if sign_out and request.user.is_authenticated:
        logout(request)
    return HttpResponseRedirect(f"{resolve_url(settings.LOGIN_URL)}?{urlencode({'error': code})}")


def _token_refused(request: HttpRequest, *, sign_out: bool) -> HttpResponse:
    """An ID token that failed the checks: audited and counted like any bad credential
    (audit.unauthenticated: one entry per address and minute, 429 past the rate)."""
    wait = unauthenticated_request_record(address=client_address(request), path=request.path, code="oidc_token_invalid")
    if wait is not None:
        response = JsonResponse(
            {"error": {"code": "rate_limited", "message": "too many refused sign-ins from this address"}}, status=429
        )
        response["Retry-After"] = str(math.ceil(wait))
        return response
    return _sign_in_failed(request, "oidc_token_invalid", sign_out=sign_out)


def landing(request: HttpRequest) -> str:
    """Where a sign-in without a page to return to lands: reviewers on the review queue, others on home."""
    if REVIEWERS_GROUP in person_groups(request.user):
        return reverse("review:queue")
    return str(resolve_url(settings.LOGIN_REDIRECT_URL))


def _safe_next(request: HttpRequest, candidate: str | None) -> str:
    # Home (`/`, where sign-in sends anyone who opened the bare address) is no page to return to.
    home = str(resolve_url(settings.LOGIN_REDIRECT_URL))
    if (
        candidate
        and candidate != home
        and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
    ):
        return candidate
    return landing(request)


class ProviderRedirectView(OIDCAuthenticationRequestView):  # type: ignore[misc]
    """mozilla-django-oidc's authorization request (state, nonce, PKCE), endpoints from discovery."""

    get_settings = staticmethod(oidc_setting)
    extra_params: dict[str, str] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Nothing from the provider until a request needs it (the library reads discovery here).
        super(OIDCAuthenticationRequestView, self).__init__(*args, **kwargs)
        self.OIDC_RP_CLIENT_ID = settings.OIDC_RP_CLIENT_ID

    def get(self, request: HttpRequest) -> HttpResponse:
        if not settings.OIDC_ENABLED:
            raise Http404("sign-in with a provider is not configured")
        try:
            self.OIDC_OP_AUTH_ENDPOINT = oidc_setting("OIDC_OP_AUTHORIZATION_ENDPOINT")
        except OIDCRefused as exc:
            logger.warning("OIDC sign-in: %s", exc.message)
            return _sign_in_failed(request, exc.code)
        response: HttpResponse = super().get(request)
        return response

    def get_extra_params(self, request: HttpRequest) -> dict[str, str]:
        params = dict(self.extra_params)
        if request.GET.get("renew") and request.user.is_authenticated:
            # Renewal: no page at the provider; it answers login_required if it no longer knows the person.
            params["prompt"] = "none"
        return params


authenticate = ProviderRedirectView.as_view()


class StepUpRedirectView(ProviderRedirectView):
    """A fresh authentication at the provider, whatever session it holds: prompt=login, max_age=0."""

    def get_extra_params(self, request: HttpRequest) -> dict[str, str]:
        params = {"prompt": "login", "max_age": "0"}
        if settings.OIDC_STEP_UP_ACR:
            params["acr_values"] = settings.OIDC_STEP_UP_ACR
        return params

    def get(self, request: HttpRequest) -> HttpResponse:
        next_url = _safe_next(request, request.GET.get("next"))
        # From a step-up page: the pending decision it held (people.oidc.step_up_decision_hold),
        # bound from here on to this step-up's state, and so its nonce; taken at the callback.
        decision = step_up_decision_take(request.session, request.GET.get("decision", ""))
        if settings.OIDC_ENABLED and not provider_step_up_enabled():
            # The provider's sign-in may be the password alone: never a second factor here.
            messages.error(
                request,
                "Not available: confirming with the sign-in provider is off here; use your authenticator app's code.",
                extra_tags="refused oidc_step_up_unavailable",
            )
            return HttpResponseRedirect(next_url)
        response = super().get(request)
        state = parse_qs(urlparse(response["Location"]).query).get("state", [""])[0]
        if state:
            pending = dict(request.session.get(SESSION_STEP_UPS) or {})
            # Keep a handful: one per open tab at most.
            for old in sorted(pending, key=lambda s: pending[s]["started"])[:-9]:
                pending.pop(old)
            pending[state] = {"started": time.time(), "next": next_url}
            if decision is not None:
                pending[state]["decision"] = decision
            request.session[SESSION_STEP_UPS] = pending
        return response


step_up = login_required(StepUpRedirectView.as_view())


@require_GET
def callback(request: HttpRequest) -> HttpResponseBase:
    if not settings.OIDC_ENABLED:
        raise Http404("sign-in with a provider is not configured")
    state = request.GET.get("state", "")
    states = dict(request.session.get("oidc_states") or {})
    step_ups = dict(request.session.get(SESSION_STEP_UPS) or {})
    flow = states.pop(state, None)
    step = step_ups.pop(state, None)
    request.session["oidc_states"] = states
    request.session[SESSION_STEP_UPS] = step_ups
    renewing = request.user.is_authenticated and signed_in_through_provider(request)
    if flow is None:
        # Unknown or replayed state: nothing of this answer is used.
        return _sign_in_failed(request, "oidc_state_mismatch")
    if step is not None and not request.user.is_authenticated:
        return _sign_in_failed(request, "oidc_state_mismatch")
    if request.GET.get("error") or not request.GET.get("code"):
        error = request.GET.get("error", "no code")
        logger.info("OIDC provider answered %s: %s", error, request.GET.get("error_description", ""))
        if step is not None:
            return _step_up_failed(request, step, f"the provider answered {error}")
        return _sign_in_failed(request, "oidc_renewal_required" if renewing else "oidc_provider_error", sign_out=True)

    backend = RoleMappingOIDCBackend()
    try:
        user = backend.authenticate(request, nonce=flow.get("nonce"), code_verifier=flow.get("code_verifier"))
    except OIDCRefused as exc:
        logger.warning("OIDC sign-in: %s", exc.message)
        return _sign_in_failed(request, exc.code, sign_out=renewing)
    except requests.HTTPError as exc:
        logger.warning("OIDC token exchange refused: %s", exc)
        return _sign_in_failed(request, "oidc_token_exchange_failed", sign_out=renewing)
    except (SuspiciousOperation, requests.RequestException) as exc:
        logger.warning("OIDC sign-in refused: %s", exc)
        return _token_refused(request, sign_out=renewing)
    if user is None:
        return _token_refused(request, sign_out=renewing)

    if step is not None:
        if user.pk != request.user.pk:
            return _step_up_failed(request, step, "the provider authenticated someone else")
        try:
            step_up_check(backend.id_claims, started=float(step["started"]))
        except OIDCRefused as exc:
            return _step_up_failed(request, step, exc.message)
        stepup.provider_factor_record(request, user=user, ok=True, details=_factor_details(backend.id_claims))
        if backend.id_token:
            request.session[SESSION_ID_TOKEN] = backend.id_token  # the newest hint for a sign-out at the provider
        messages.success(request, f"Confirmed with {settings.OIDC_PROVIDER_NAME}.")
        if step.get("decision"):
            # The decision the reviewer posted before leaving: taken now, by the same services.
            return carried_decision_run(request, step["decision"])
        return HttpResponseRedirect(step["next"])

    if not user.is_active:
        return _sign_in_failed(request, "oidc_inactive", sign_out=True)
    if not roles_from_claims(backend.claims):
        return _sign_in_failed(request, "oidc_no_role", sign_out=True)
    if not (request.user.is_authenticated and request.user.pk == user.pk):
        login(request, user, backend=BACKEND_PATH)
    session_start(request, backend.id_claims, backend.id_token)
    return HttpResponseRedirect(_safe_next(request, request.session.pop("oidc_login_next", None)))


def _factor_details(claims: dict[str, Any]) -> dict[str, Any]:
    return {"factor": "oidc", "acr": claims.get("acr"), "amr": claims.get("amr"), "auth_time": claims.get("auth_time")}


def _step_up_failed(request: HttpRequest, step: dict[str, Any], reason: str) -> HttpResponse:
    user = request.user
    if user.is_authenticated:
        stepup.provider_factor_record(request, user=user, ok=False, details={"factor": "oidc", "reason": reason})
    undecided = " Nothing was decided." if step.get("decision") else ""
    messages.error(request, f"Not confirmed: {reason}.{undecided}", extra_tags="refused oidc_step_up_failed")
    return HttpResponseRedirect(str(step["next"]))
