"""Known second factors for the demo's people, so scripts and browser tests can pass step-up."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django_otp.plugins.otp_totp.models import TOTPDevice

from people.stepup import totp_secret_base32


def enrol_demo_factors(users: list[AbstractBaseUser]) -> dict[str, str]:
    """Give each user one confirmed TOTP device with a fresh secret; return {username: base32 secret}."""
    secrets_by_user: dict[str, str] = {}
    with transaction.atomic():
        for user in users:
            TOTPDevice.objects.filter(user=user).delete()  # type: ignore[misc]
            device = TOTPDevice.objects.create(  # type: ignore[misc]
                user=user, name="demo", key=secrets.token_hex(20), confirmed=True
            )
            secrets_by_user[user.get_username()] = totp_secret_base32(device)
    return secrets_by_user
