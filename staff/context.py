"""Template context every page gets: which staff groups the signed-in person is in (for the menu)."""

from __future__ import annotations

from django.http import HttpRequest

from people.roles import COMPLIANCE_GROUP, REVIEWERS_GROUP, person_groups


def person(request: HttpRequest) -> dict[str, bool]:
    groups = person_groups(request.user) if hasattr(request, "user") else set()
    return {
        "is_reviewer": REVIEWERS_GROUP in groups,
        "is_compliance": COMPLIANCE_GROUP in groups,
        "is_staff_person": bool(groups),
    }
