"""System checks for people/: provider step-up (people/oidc.py)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Tags, Warning, register


@register(Tags.security, deploy=True)
def step_up_deploy_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """With OIDC on and no acr/amr named, the provider is no step-up factor: say so once at deploy."""
    if settings.OIDC_ENABLED and not (settings.OIDC_STEP_UP_ACR or settings.OIDC_STEP_UP_AMR):
        return [
            Warning(
                "OIDC_STEP_UP_ACR and OIDC_STEP_UP_AMR are unset: step-up is the reviewer's own TOTP code, "
                "never the provider's sign-in",
                hint="name the acr or amr your provider asserts for a second factor to accept it for step-up",
                id="people.W003",
            )
        ]
    return []
