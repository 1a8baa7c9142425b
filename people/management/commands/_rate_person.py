"""Who runs a rates command, proven: a person who may keep rates, with their authenticator's current code."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.core.management.base import CommandError

from core.enums import ActorType
from core.rate_control import rate_refusal_audit
from people.roles import person_actor
from people.stepup import totp_confirmed

RATE_PERMISSION = "core.change_exchangerate"


def rate_person(username: str, code: str, *, command: str) -> tuple[str, ActorType]:
    """(actor, actor type) of the person named, or CommandError with a code (audited)."""
    user = User.objects.filter(username=username).first()
    refusal = message = ""
    if user is None or not user.is_active or not user.has_perm(RATE_PERMISSION):
        refusal = "rate_person_unknown"
        message = f"{username!r} is no active person allowed to keep exchange rates"
    else:
        device = totp_confirmed(user)
        if device is None:
            refusal = "rate_person_no_factor"
            message = f"{username} has no authenticator enrolled; enrol one on the staff pages first"
        elif not re.fullmatch(r"[0-9]{6,8}", code.strip()) or not device.verify_token(code.strip()):
            refusal = "rate_person_code_wrong"
            message = f"the code is not {username}'s current authenticator code"
    if refusal:
        rate_refusal_audit(
            actor=f"operator:{command}",
            actor_type=ActorType.SYSTEM,
            code=refusal,
            message=message,
            person=username[:150],
        )
        raise CommandError(f"{refusal}: {message}")
    assert user is not None
    return person_actor(user)
