"""Who may be shown a new agent secret holds wherever one is shown.

The rule lives in people.credentials.agent_secret_refusal. A person is shown
a new secret only by rotating a key (the Agent keys page, through
staff.incidents.agent_key_rotate); the system is shown one by
manage.py create_agent_key and the demo seeding. No REST endpoint issues
keys, and the admin's agent keys are read-only but for revoking: the last
test fails if a door that could is added without being walked here.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.urls import URLPattern, URLResolver, get_resolver

from audit.models import AuditEntry
from core.models import AgentKey
from people.credentials import KEY_ADMINS_ONLY, agent_secret_refusal
from people.roles import KEY_ADMINS_GROUP
from people.stepup import StepUpProof
from staff.incidents import IncidentRefused, agent_key_rotate
from tests.conftest import Bank, agent_client, factor_code, signed_in

pytestmark = pytest.mark.django_db

# (new secret, refusal message): exactly one of them is set.
Rotation = tuple[str | None, str | None]
Entry = Callable[[User, AgentKey], Rotation]


def make_key_admin(user: User) -> User:
    """`user` joins the group the people migration creates."""
    user.groups.add(Group.objects.get(name=KEY_ADMINS_GROUP))
    return user


def key_page(user: User, key: AgentKey) -> Rotation:
    html = (
        signed_in(user).post(f"/audit/keys/{key.pk}/rotate/", {"otp": factor_code(user)}, follow=True).content.decode()
    )
    secret = re.search(r'<pre class="mono" id="new-secret">([^<]+)</pre>', html)
    if secret is not None:
        return secret.group(1), None
    refused = re.search(r"Not rotated: ([^<]+)\.", html)
    assert refused is not None, html
    return None, refused.group(1).replace("&#x27;", "'")


def service(user: User, key: AgentKey) -> Rotation:
    try:
        _, raw = agent_key_rotate(key_id=key.pk, actor=user, step_up=StepUpProof(user=user, token=factor_code(user)))
    except IncidentRefused as exc:
        assert exc.code == "not_a_key_admin"
        return None, exc.message
    return raw, None


ENTRY_POINTS: list[Entry] = [key_page, service]
every_entry = pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda e: e.__name__)


def works(secret: str) -> bool:
    return bool(agent_client(secret).get("/api/v1/tools").status_code == 200)


def key_facts(bank: Bank) -> tuple[Any, ...]:
    keys = tuple(AgentKey.objects.filter(customer=bank.alice).order_by("id").values_list("id", "revoked_at"))
    return keys, AuditEntry.objects.filter(action__startswith="agent_key_").count()


@every_entry
@pytest.mark.parametrize("who", ["reviewer", "compliance"])
def test_a_plain_reviewer_or_compliance_user_is_refused_and_nothing_changes(bank: Bank, entry: Entry, who: str) -> None:
    key = AgentKey.objects.get(customer=bank.alice)
    before = key_facts(bank)
    secret, refusal = entry(getattr(bank, who), key)
    assert secret is None and refusal == KEY_ADMINS_ONLY
    assert key_facts(bank) == before
    assert works(bank.alice_key)


@every_entry
def test_a_key_admin_rotates_and_is_shown_the_new_secret(bank: Bank, entry: Entry) -> None:
    key = AgentKey.objects.get(customer=bank.alice)
    secret, refusal = entry(make_key_admin(bank.reviewer), key)
    assert refusal is None and secret is not None
    assert works(secret) and not works(bank.alice_key)
    assert AgentKey.objects.filter(customer=bank.alice, revoked_at__isnull=True).count() == 1


def test_a_staff_user_may_rotate_through_the_service(bank: Bank) -> None:
    staff = User.objects.create_user("ops", password="x", is_staff=True)
    secret, refusal = service(staff, AgentKey.objects.get(customer=bank.alice))
    assert refusal is None and secret is not None and works(secret)


def test_the_rule_itself(bank: Bank) -> None:
    assert agent_secret_refusal(None) is None  # the system: management commands, demo seeding
    assert agent_secret_refusal(User(username="s", is_staff=True)) is None
    assert agent_secret_refusal(make_key_admin(bank.compliance)) is None
    assert agent_secret_refusal(bank.reviewer) == KEY_ADMINS_ONLY
    assert agent_secret_refusal(User(username="gone", is_staff=True, is_active=False)) == KEY_ADMINS_ONLY


def test_the_key_page_offers_rotate_only_to_those_who_may(bank: Bank) -> None:
    assert ">Rotate</button>" not in signed_in(bank.reviewer).get("/audit/keys/").content.decode()
    assert ">Revoke</button>" in signed_in(bank.reviewer).get("/audit/keys/").content.decode()
    assert ">Rotate</button>" in signed_in(make_key_admin(bank.compliance)).get("/audit/keys/").content.decode()


def test_the_management_command_acts_as_the_system(bank: Bank) -> None:
    out = io.StringIO()
    call_command("create_agent_key", customer=bank.alice.external_id, stdout=out, stderr=io.StringIO())
    assert works(out.getvalue().strip())


def _named_urls(resolver: URLResolver, prefix: str = "") -> set[str]:
    names = set()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            names |= _named_urls(pattern, f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix)
        elif isinstance(pattern, URLPattern) and pattern.name:
            names.add(prefix + pattern.name)
    return names


def test_no_other_door_issues_agent_keys() -> None:
    key_urls = {
        name
        for name in _named_urls(get_resolver())
        if "key" in name.lower() and not name.startswith("admin:") and "release" not in name
    }
    # A new one here must be walked above, or shown not to issue keys.
    assert key_urls == {"audit:keys", "audit:key_revoke", "audit:key_rotate"}
    # The admin lists and revokes keys; it never adds one.
    assert "admin:core_agentkey_add" in _named_urls(get_resolver())
    admin = signed_in(User.objects.create_superuser("root", password="x"))
    assert admin.get("/admin/core/agentkey/add/").status_code == 403
