"""A person's own security settings: their second factor and their API tokens."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from people import stepup
from people.credentials import personal_token_mint, personal_token_revoke
from people.roles import person_groups, signed_in_person
from people.stepup import StepUpRefused, step_up_proof
from staff import selectors

View = Callable[..., HttpResponse]
TOKEN_NAME_MAX = 100


def staff_required(view: View) -> View:
    """Signed-in reviewers and compliance staff; others see the 403 page."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not person_groups(request.user):
            return render(request, "403.html", status=403)
        return view(request, *args, **kwargs)

    return wrapper


def _safe_next(request: HttpRequest, fallback: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return fallback


@staff_required
def security(request: HttpRequest) -> HttpResponse:
    user = signed_in_person(request)
    device = stepup.totp_confirmed(user)
    pending = (
        request.session.get("staff_enrolling")
        and stepup.totp_devices.filter(user=user, confirmed=False).order_by("-id").first()
    )
    context = {
        "device": device,
        "pending": pending,
        "qr_svg": stepup.totp_qr_svg(pending) if pending else "",
        "pending_secret": stepup.totp_secret_base32(pending) if pending else "",
        "fresh": stepup.factor_fresh(request),
        "tokens": selectors.personal_tokens(user.pk),
        "new_token": request.session.pop("staff_new_token", None),
        "next": _safe_next(request, ""),
    }
    return render(request, "staff/security.html", context)


@require_POST
@staff_required
def factor_enrol(request: HttpRequest) -> HttpResponse:
    stepup.totp_enrol_start(user=signed_in_person(request))
    request.session["staff_enrolling"] = True
    return redirect("staff:security")


@require_POST
@staff_required
def factor_confirm(request: HttpRequest) -> HttpResponse:
    if stepup.factor_verify(request, user=signed_in_person(request), token=request.POST.get("token", ""), confirm=True):
        request.session.pop("staff_enrolling", None)
        messages.success(request, "Authenticator app enrolled: large approvals will ask for its code.")
        return redirect(_safe_next(request, "staff:security"))
    messages.error(request, "Not enrolled: that code did not match. Check the app's clock and try the next code.")
    return redirect("staff:security")


@require_POST
@staff_required
def token_create(request: HttpRequest) -> HttpResponse:
    name = request.POST.get("name", "").strip()
    if not name or len(name) > TOKEN_NAME_MAX:
        messages.error(
            request, f"Not created: name the token (1 to {TOKEN_NAME_MAX} characters), e.g. the script using it."
        )
        return redirect("staff:security")
    user = signed_in_person(request)
    try:
        _, raw = personal_token_mint(
            user=user, name=name, step_up=step_up_proof(request, token=request.POST.get("otp", ""))
        )
    except StepUpRefused as exc:
        messages.error(request, f"Not created: {exc.message}.")
        return redirect("staff:security")
    # Shown once, on the next page load, then gone: only its hash is stored.
    request.session["staff_new_token"] = {"name": name, "secret": raw}
    return redirect("staff:security")


@require_POST
@staff_required
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    if personal_token_revoke(user=signed_in_person(request), token_id=token_id) is not None:
        messages.success(request, "Token revoked: scripts using it now get 401.")
    else:
        messages.error(request, "Not revoked: no such live token of yours.")
    return redirect("staff:security")
