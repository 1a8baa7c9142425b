"""Template context every page gets: which staff groups the signed-in person is in (for the menu)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from people.roles import COMPLIANCE_GROUP, REVIEWERS_GROUP, person_groups


def person(request: HttpRequest) -> dict[str, bool]:
    groups = person_groups(request.user) if hasattr(request, "user") else set()
    return {
        "is_reviewer": REVIEWERS_GROUP in groups,
        "is_compliance": COMPLIANCE_GROUP in groups,
        "is_staff_person": bool(groups),
    }


def sign_in(request: HttpRequest) -> dict[str, object]:
    """Whether the OpenID Connect provider signs people in, and its name (step-up pages offer it)."""
    return {
        "oidc_enabled": settings.OIDC_ENABLED,
        "oidc_provider_name": settings.OIDC_PROVIDER_NAME,
        "local_login": settings.TOOLGUARD_LOCAL_LOGIN,
    }
