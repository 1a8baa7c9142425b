"""Who a signed-in person is to toolguard: their groups and their label in the audit log."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, PermissionsMixin, User
from django.http import HttpRequest

from core.enums import ActorType

REVIEWERS_GROUP = "reviewers"
COMPLIANCE_GROUP = "compliance"
STAFF_GROUPS = (REVIEWERS_GROUP, COMPLIANCE_GROUP)
# Not a staff role of its own: a reviewer or compliance user who may also be
# shown new agent secrets (people.credentials.agent_secret_refusal).
KEY_ADMINS_GROUP = "key_admins"


def signed_in_person(request: HttpRequest) -> User:
    """The person behind a request that sign-in already let through (staff_required, reviewer_required, the admin)."""
    user = request.user
    if not isinstance(user, User):
        raise TypeError("this view needs a signed-in person")
    return user


def person_groups(user: AbstractBaseUser | AnonymousUser) -> set[str]:
    if not user.is_authenticated:
        return set()
    if not isinstance(user, PermissionsMixin):
        # Groups come with PermissionsMixin, which the auth User has; any other user model must too.
        raise TypeError(f"{type(user).__name__} has no groups: the user model needs PermissionsMixin")
    return set(user.groups.filter(name__in=STAFF_GROUPS).values_list("name", flat=True))


def person_actor(user: AbstractBaseUser) -> tuple[str, ActorType]:
    """(actor label, actor type) for audit entries: reviewers as reviewer:NAME, others as compliance:NAME."""
    kind = ActorType.REVIEWER if REVIEWERS_GROUP in person_groups(user) else ActorType.COMPLIANCE
    return f"{kind}:{user.get_username()}", kind
