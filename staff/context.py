"""Template context every page gets: which staff groups the signed-in person is in (for the menu)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from people.oidc import provider_step_up_enabled
from people.roles import COMPLIANCE_GROUP, REVIEWERS_GROUP, person_groups


def person(request: HttpRequest) -> dict[str, bool]:
    groups = person_groups(request.user) if hasattr(request, "user") else set()
    return {
        "is_reviewer": REVIEWERS_GROUP in groups,
        "is_compliance": COMPLIANCE_GROUP in groups,
        "is_staff_person": bool(groups),
    }


def sign_in(request: HttpRequest) -> dict[str, object]:
    """Whether the OpenID Connect provider signs people in, its name, and whether step-up
    pages offer it (only when it asserts a second factor: people.oidc.provider_step_up_enabled)."""
    return {
        "oidc_enabled": settings.OIDC_ENABLED,
        "oidc_step_up": provider_step_up_enabled(),
        "oidc_provider_name": settings.OIDC_PROVIDER_NAME,
        "local_login": settings.TOOLGUARD_LOCAL_LOGIN,
    }
