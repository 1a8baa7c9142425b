"""Second factors: TOTP enrolment with django-otp, and step-up before large approvals.

A reviewer proves the factor again when approving more than
TOOLGUARD_STEP_UP_CENTS and the last check is older than
TOOLGUARD_STEP_UP_MAX_AGE_SECONDS. The last check (whose, and when) lives in
the signed-in session, so signing out or a new browser asks again, and a
request authenticated otherwise (HTTP Basic, a personal token) always brings
its code: it must not borrow a session's check, least of all someone else's.

The rule is enforced by the approval decision services through
step_up_require, so no entry point can approve around it.
"""

from __future__ import annotations

import base64
import time
from dataclasses import dataclass

import segno
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.sessions.backends.base import SessionBase
from django.db import models, transaction
from django.http import HttpRequest
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request

from audit.services import AuditEvent, audit_append
from core.enums import AuditAction, AuditResult
from people.roles import person_actor

VERIFIED_AT_SESSION_KEY = "staff_factor_verified_at"
ENROL_DEVICE_NAME = "Authenticator app"

# django-otp ships no type information, so its manager is typed here for the queries below to be checked.
totp_devices: models.Manager[TOTPDevice] = TOTPDevice.objects


def totp_confirmed(user: AbstractBaseUser) -> TOTPDevice | None:
    return totp_devices.filter(user=user, confirmed=True).order_by("id").first()


def totp_secret_base32(device: TOTPDevice) -> str:
    """The secret as authenticator apps and pyotp take it."""
    return base64.b32encode(device.bin_key).decode().rstrip("=")


def totp_enrol_start(*, user: AbstractBaseUser) -> TOTPDevice:
    """A fresh unconfirmed device; any earlier unconfirmed one is dropped."""
    with transaction.atomic():
        totp_devices.filter(user=user, confirmed=False).delete()
        return totp_devices.create(user=user, name=ENROL_DEVICE_NAME, confirmed=False)


def totp_qr_svg(device: TOTPDevice) -> str:
    """The otpauth:// URL as an inline SVG QR code (no image request, no external service)."""
    return segno.make(device.config_url, error="m").svg_inline(scale=4, title="Scan with your authenticator app")


@dataclass(frozen=True)
class StepUpProof:
    """What a decision brings to pass step-up: who decides, the code they typed, their session.

    `session` only when the request was authenticated by that signed-in
    session; None otherwise, so the code is then always asked.
    """

    user: AbstractBaseUser
    token: str = ""
    session: SessionBase | None = None


class StepUpRefused(Exception):
    """`code` is step_up_required (no factor enrolled, or no code given) or step_up_failed (wrong code)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


NEEDS_FACTOR = "enrol a second factor before approving this amount"
NEEDS_CODE = "approving this amount needs your current TOTP code"
WRONG_CODE = "the TOTP code did not match"
CREDENTIAL_NEEDS_FACTOR = "enrol a second factor before creating a token or rotating a key"
CREDENTIAL_NEEDS_CODE = "creating a token or rotating a key needs your current TOTP code"


def step_up_proof(request: HttpRequest | Request, *, token: str = "") -> StepUpProof:
    """The proof a request carries; its session counts only if the session is what signed it in."""
    user = request.user
    if not isinstance(user, AbstractBaseUser):
        raise TypeError("step-up needs a signed-in person")
    if isinstance(request, Request):
        # A Basic or token request may still carry someone's session cookie.
        by_session = isinstance(request.successful_authenticator, SessionAuthentication)
    else:
        by_session = True
    return StepUpProof(user=user, token=token, session=request.session if by_session else None)


def step_up_applies(cents: int | None) -> bool:
    """Whether approving `cents` asks for the second factor: above TOOLGUARD_STEP_UP_CENTS, or
    of unknown size (None: a value no exchange rate converts is over any threshold)."""
    return cents is None or cents > settings.TOOLGUARD_STEP_UP_CENTS


def step_up_require(*, proof: StepUpProof, cents: int | None) -> None:
    """Return when approving `cents` (None: of unknown size) may go ahead; raise StepUpRefused otherwise.

    A good code is remembered in the proof's session, so the same reviewer is
    not asked again within the step-up window.
    """
    if not step_up_applies(cents):
        return
    _factor_require(proof, needs_factor=NEEDS_FACTOR, needs_code=NEEDS_CODE)


def credential_factor_require(*, proof: StepUpProof) -> None:
    """Minting or revealing a credential (a personal token, an agent key's secret) always asks for the factor.

    Whoever holds a password alone must not turn it into a lasting credential.
    """
    _factor_require(proof, needs_factor=CREDENTIAL_NEEDS_FACTOR, needs_code=CREDENTIAL_NEEDS_CODE)


def _factor_require(proof: StepUpProof, *, needs_factor: str, needs_code: str) -> None:
    if proof.session is not None and _session_fresh(proof.session, proof.user):
        return
    if totp_confirmed(proof.user) is None:
        raise StepUpRefused("step_up_required", needs_factor)
    if not proof.token.strip():
        raise StepUpRefused("step_up_required", needs_code)
    if not _factor_check(user=proof.user, token=proof.token):
        raise StepUpRefused("step_up_failed", WRONG_CODE)
    if proof.session is not None:
        _session_remember(proof.session, proof.user)


def _session_fresh(session: SessionBase, user: AbstractBaseUser) -> bool:
    check = session.get(VERIFIED_AT_SESSION_KEY)
    if not isinstance(check, dict) or check.get("user") != str(user.pk):
        return False
    at = check.get("at")
    return isinstance(at, (int, float)) and time.time() - at < settings.TOOLGUARD_STEP_UP_MAX_AGE_SECONDS


def _session_remember(session: SessionBase, user: AbstractBaseUser) -> None:
    session[VERIFIED_AT_SESSION_KEY] = {"user": str(user.pk), "at": time.time()}


def factor_fresh(request: HttpRequest) -> bool:
    """Whether the signed-in person checked their factor in this session within the step-up window."""
    user = request.user
    return isinstance(user, AbstractBaseUser) and _session_fresh(request.session, user)


def factor_verify(request: HttpRequest, *, user: AbstractBaseUser, token: str, confirm: bool = False) -> bool:
    """Check a TOTP code against the user's device; remember the check in the session on success.

    With `confirm`, the pending (unconfirmed) device is the one checked and a
    good code confirms it: that is enrolment.
    """
    ok = _factor_check(user=user, token=token, confirm=confirm)
    if ok:
        _session_remember(request.session, user)
    return ok


def provider_factor_record(
    request: HttpRequest, *, user: AbstractBaseUser, ok: bool, details: dict[str, object]
) -> None:
    """A fresh authentication at the OpenID Connect provider (people.oidc): audited, and on
    success the session's step-up check, exactly as a good TOTP code is."""
    label, kind = person_actor(user)
    with transaction.atomic():
        audit_append(
            [
                AuditEvent(
                    actor=label,
                    actor_type=kind,
                    action=AuditAction.SECOND_FACTOR_CHECKED,
                    result=AuditResult.SUCCESS if ok else AuditResult.FAILURE,
                    details=details,
                )
            ]
        )
    if ok:
        _session_remember(request.session, user)


def _factor_check(*, user: AbstractBaseUser, token: str, confirm: bool = False) -> bool:
    """Check a TOTP code against the user's device; audit both outcomes."""
    token = token.strip().replace(" ", "")
    devices = totp_devices.filter(user=user, confirmed=not confirm).order_by("-id")
    device = devices.first()
    ok = device is not None and token.isdigit() and bool(device.verify_token(token))
    label, kind = person_actor(user)
    with transaction.atomic():
        if ok and confirm and device is not None:
            totp_devices.filter(user=user, confirmed=True).delete()
            device.confirmed = True
            device.save(update_fields=["confirmed"])
        audit_append(
            [
                AuditEvent(
                    actor=label,
                    actor_type=kind,
                    action=AuditAction.SECOND_FACTOR_ENROLLED if confirm and ok else AuditAction.SECOND_FACTOR_CHECKED,
                    result=AuditResult.SUCCESS if ok else AuditResult.FAILURE,
                    details={"factor": "totp"},
                )
            ]
        )
    return ok
