"""Who a signed-in person is to toolguard: their groups and their label in the audit log."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

REVIEWERS_GROUP = "reviewers"
COMPLIANCE_GROUP = "compliance"
STAFF_GROUPS = (REVIEWERS_GROUP, COMPLIANCE_GROUP)


def person_groups(user: AbstractBaseUser | AnonymousUser) -> set[str]:
    if not user.is_authenticated:
        return set()
    groups = user.groups  # type: ignore[union-attr,attr-defined]  # the auth User, or a model with PermissionsMixin
    return set(groups.filter(name__in=STAFF_GROUPS).values_list("name", flat=True))


def person_actor(user: AbstractBaseUser) -> tuple[str, str]:
    """(actor label, actor type) for audit entries: reviewers as reviewer:NAME, others as compliance:NAME."""
    kind = "reviewer" if REVIEWERS_GROUP in person_groups(user) else "compliance"
    return f"{kind}:{user.get_username()}", kind
