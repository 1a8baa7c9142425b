"""Sign-in limits (django-axes): per account, and per account and address.

Counting per address alone would lock out everyone behind one reverse proxy
after five mistakes by one of them; counting per account alone lets a
guesser spread over many addresses. So failures are counted

* per (normalized username, client address): TOOLGUARD_LOGIN_ATTEMPTS,
* per normalized username from any address: TOOLGUARD_LOGIN_ATTEMPTS_PER_USER,

within TOOLGUARD_LOGIN_WINDOW_SECONDS. Past either limit the account is
locked for that (username, address) or everywhere, and the right password is
refused too: a locked account must not confirm a guess. The form and HTTP
Basic on /api/v1/* share the same counters.
"""

from __future__ import annotations

import unicodedata
from datetime import timedelta
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from core.api import error_body

LOCKED_MESSAGE = "Too many failed sign-in attempts for this account; try again later."


def normalized_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str:
    """One counter per person: "reviewer2 ", "REVIEWER2" and full-width "ｒｅｖｉｅｗｅｒ2" are the same name."""
    raw = (credentials or {}).get("username")
    if raw is None:
        raw = request.POST.get("username", "") if request.method == "POST" else ""
    return unicodedata.normalize("NFKC", str(raw)).casefold().strip()[:150]


def failure_limit(request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
    return int(settings.TOOLGUARD_LOGIN_ATTEMPTS)


def cool_off(request: HttpRequest | None = None) -> timedelta:
    return timedelta(seconds=settings.TOOLGUARD_LOGIN_WINDOW_SECONDS)


class SignInAttemptHandler(AxesDatabaseHandler):
    """Two limits over the two counters of AXES_LOCKOUT_PARAMETERS, in their order."""

    def get_failures(self, request: Any, credentials: dict[str, Any] | None = None) -> int:
        per_pair, per_user = (
            sum(attempts.values_list("failures_since_start", flat=True))
            for attempts in self.get_user_attempts(request, credentials)
        )
        if per_user >= settings.TOOLGUARD_LOGIN_ATTEMPTS_PER_USER:
            return max(per_pair, failure_limit(request, credentials))
        return per_pair


def lockout_response(request: HttpRequest, response: HttpResponse | None, credentials: Any = None) -> HttpResponse:
    """429 with Retry-After: JSON under /api/, the sign-in page with a message elsewhere."""
    if request.path.startswith("/api/"):
        locked: HttpResponse = JsonResponse(error_body("too_many_attempts", LOCKED_MESSAGE), status=429)
    else:
        form = AuthenticationForm(request)
        locked = render(
            request, "registration/login.html", {"form": form, "locked_message": LOCKED_MESSAGE}, status=429
        )
    locked["Retry-After"] = str(settings.TOOLGUARD_LOGIN_WINDOW_SECONDS)
    return locked
