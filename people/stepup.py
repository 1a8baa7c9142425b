"""Second factors: TOTP enrolment with django-otp, and step-up before large approvals.

A reviewer proves the factor again when approving more than
TOOLGUARD_STEP_UP_CENTS and the last check is older than
TOOLGUARD_STEP_UP_MAX_AGE_SECONDS. The time of the last check lives in the
signed-in session, so signing out or a new browser asks again.
"""

from __future__ import annotations

import base64
import time

import segno
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.http import HttpRequest
from django_otp.plugins.otp_totp.models import TOTPDevice

from audit.services import AuditEvent, audit_append
from people.roles import person_actor

VERIFIED_AT_SESSION_KEY = "staff_factor_verified_at"
ENROL_DEVICE_NAME = "Authenticator app"


def totp_confirmed(user: AbstractBaseUser) -> TOTPDevice | None:
    return TOTPDevice.objects.filter(user=user, confirmed=True).order_by("id").first()  # type: ignore[misc]


def totp_secret_base32(device: TOTPDevice) -> str:
    """The secret as authenticator apps and pyotp take it."""
    return base64.b32encode(device.bin_key).decode().rstrip("=")


def totp_enrol_start(*, user: AbstractBaseUser) -> TOTPDevice:
    """A fresh unconfirmed device; any earlier unconfirmed one is dropped."""
    with transaction.atomic():
        TOTPDevice.objects.filter(user=user, confirmed=False).delete()  # type: ignore[misc]
        return TOTPDevice.objects.create(user=user, name=ENROL_DEVICE_NAME, confirmed=False)  # type: ignore[misc]


def totp_qr_svg(device: TOTPDevice) -> str:
    """The otpauth:// URL as an inline SVG QR code (no image request, no external service)."""
    return segno.make(device.config_url, error="m").svg_inline(scale=4, title="Scan with your authenticator app")


def factor_fresh(request: HttpRequest) -> bool:
    at = request.session.get(VERIFIED_AT_SESSION_KEY)
    return isinstance(at, (int, float)) and time.time() - at < settings.TOOLGUARD_STEP_UP_MAX_AGE_SECONDS


def step_up_needed(request: HttpRequest, *, cents: int) -> bool:
    return cents > settings.TOOLGUARD_STEP_UP_CENTS and not factor_fresh(request)


def factor_verify(request: HttpRequest, *, user: AbstractBaseUser, token: str, confirm: bool = False) -> bool:
    """Check a TOTP code against the user's device; remember the time on success; audit both outcomes.

    With `confirm`, the pending (unconfirmed) device is the one checked and a
    good code confirms it: that is enrolment.
    """
    token = token.strip().replace(" ", "")
    devices = TOTPDevice.objects.filter(user=user, confirmed=not confirm).order_by("-id")  # type: ignore[misc]
    device = devices.first()
    ok = device is not None and token.isdigit() and bool(device.verify_token(token))
    label, kind = person_actor(user)
    with transaction.atomic():
        if ok and confirm:
            TOTPDevice.objects.filter(user=user, confirmed=True).delete()  # type: ignore[misc]
            device.confirmed = True  # type: ignore[union-attr]
            device.save(update_fields=["confirmed"])  # type: ignore[union-attr]
        audit_append(
            [
                AuditEvent(
                    actor=label,
                    actor_type=kind,
                    action="second_factor_enrolled" if confirm and ok else "second_factor_checked",
                    result="success" if ok else "failure",
                    details={"factor": "totp"},
                )
            ]
        )
    if ok:
        request.session[VERIFIED_AT_SESSION_KEY] = time.time()
    return ok
