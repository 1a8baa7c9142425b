"""Known second factors for the demo's people, so scripts and browser tests can pass step-up."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from people.stepup import totp_devices, totp_secret_base32


def enrol_demo_factors(users: list[AbstractBaseUser]) -> dict[str, str]:
    """Give each user one confirmed TOTP device with a fresh secret; return {username: base32 secret}."""
    secrets_by_user: dict[str, str] = {}
    with transaction.atomic():
        for user in users:
            totp_devices.filter(user=user).delete()
            device = totp_devices.create(user=user, name="demo", key=secrets.token_hex(20), confirmed=True)
            secrets_by_user[user.get_username()] = totp_secret_base32(device)
    return secrets_by_user
