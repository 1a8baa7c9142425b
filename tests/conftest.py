"""Shared fixtures: a small bank, its people, and API clients for each persona.

Tests run inside a rolled-back transaction (`db`). Never use
`transactional_db` here: it empties tables with TRUNCATE/DELETE, which the
audit table refuses by design. Tests that need committed data (live servers)
create their own uniquely named customers instead; see tests/live.py.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.cache import cache
from rest_framework.test import APIClient

from banking.models import Account, Payee
from core.models import AgentKey, Customer

IN_CI = os.environ.get("CI", "").lower() == "true"


def pytest_report_header(config: Any) -> list[str]:
    db = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    return [f"toolguard: database={db} cache={'redis' if settings.REDIS_URL else 'database'} ci={IN_CI}"]


def pytest_sessionstart(session: Any) -> None:
    if IN_CI:
        # CI proves the production pair; a missing service is a failure, never a skip.
        assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql", (
            "CI needs DATABASE_URL=postgres://"
        )
        assert settings.REDIS_URL, "CI needs REDIS_URL"


def requires_postgres() -> None:
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        if IN_CI:
            pytest.fail("this test needs PostgreSQL, and CI must provide it")
        print("SKIP reason: needs PostgreSQL (set DATABASE_URL=postgres://...)")
        pytest.skip("needs PostgreSQL: set DATABASE_URL=postgres://...")


def requires_redis() -> None:
    if not settings.REDIS_URL:
        if IN_CI:
            pytest.fail("this test needs Redis, and CI must provide it")
        print("SKIP reason: needs Redis (set REDIS_URL=redis://...)")
        pytest.skip("needs Redis: set REDIS_URL=redis://...")


@pytest.fixture(scope="session")
def django_db_setup(
    request: Any, django_test_environment: Any, django_db_blocker: Any, django_db_modify_db_settings: Any
) -> Any:
    """Always create the test database: live-server tests need it without the `db` mark."""
    from django.test.utils import setup_databases, teardown_databases

    verbosity = request.config.option.verbose
    with django_db_blocker.unblock():
        config = setup_databases(verbosity=verbosity, interactive=False, aliases={"default"})
    yield
    with django_db_blocker.unblock():
        teardown_databases(config, verbosity=verbosity)


@pytest.fixture(scope="session", autouse=True)
def _fresh_cache(django_db_setup: Any, django_db_blocker: Any) -> None:
    # Test databases restart their id sequences every run; cached outcomes
    # keyed by customer id from an earlier run must not answer this one.
    with django_db_blocker.unblock():
        cache.clear()


@dataclass
class Bank:
    alice: Customer
    bob: Customer
    alice_key: str
    bob_key: str
    reviewer: User
    reviewer2: User
    compliance: User

    def balance(self, number: str) -> int:
        return Account.objects.get(number=number).balance_cents

    def total_money(self) -> int:
        return sum(Account.objects.values_list("balance_cents", flat=True))


def make_bank(suffix: str = "") -> Bank:
    """Alice (user-123 in the demo) with checking/savings and payee bob-ext-1; Bob owns bob-ext-1/2."""
    alice = Customer.objects.create(external_id=f"alice{suffix}", name="Alice")
    bob = Customer.objects.create(external_id=f"bob{suffix}", name="Bob")
    Account.objects.create(number=f"checking{suffix}", customer=alice, currency="USD", balance_cents=5_000_000)
    Account.objects.create(number=f"savings{suffix}", customer=alice, currency="USD", balance_cents=10_000_000)
    Account.objects.create(number=f"euro{suffix}", customer=alice, currency="EUR", balance_cents=100_000)
    ext1 = Account.objects.create(number=f"bobext1{suffix}", customer=bob, currency="USD", balance_cents=0)
    Account.objects.create(number=f"bobext2{suffix}", customer=bob, currency="USD", balance_cents=0)
    Payee.objects.create(customer=alice, account=ext1)
    tools = ["transfer_funds", "check_balance", "list_transactions"]
    _, alice_key = AgentKey.objects.issue(customer=alice, allowed_tools=tools)
    _, bob_key = AgentKey.objects.issue(customer=bob, allowed_tools=tools)
    reviewers, compliance_group = Group.objects.get(name="reviewers"), Group.objects.get(name="compliance")
    people = {}
    for name, group in (("rev", reviewers), ("rev2", reviewers), ("comp", compliance_group)):
        user = User.objects.create_user(f"{name}{suffix}", password="correct-horse-battery")
        user.groups.add(group)
        people[name] = user
    return Bank(alice, bob, alice_key, bob_key, people["rev"], people["rev2"], people["comp"])


@pytest.fixture
def bank(db: Any) -> Bank:
    return make_bank()


def agent_client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def person_client(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


@pytest.fixture
def alice(bank: Bank) -> APIClient:
    return agent_client(bank.alice_key)


@pytest.fixture
def bob(bank: Bank) -> APIClient:
    return agent_client(bank.bob_key)


def transfer_call(
    *, key: str, amount: int = 10_000, to: str = "savings", source: str = "checking", session: str = "s1", **extra: Any
) -> dict[str, Any]:
    arguments = {"from_account": source, "to_account": to, "amount": amount, "currency": "USD", "idempotency_key": key}
    arguments.update(extra)
    return {"id": f"call-{key}", "name": "transfer_funds", "arguments": arguments, "session_id": session}


@pytest.fixture(autouse=True)
def _no_step_up(settings: Any) -> None:
    # Step-up has its own tests (tests/staff), which lower this again; elsewhere
    # a reviewer's decision is about the decision, not the second factor.
    settings.TOOLGUARD_STEP_UP_CENTS = 10**12


@pytest.fixture(autouse=True)
def _fast_password_hashing(request: Any, settings: Any) -> None:
    # Personas are created per test; real PBKDF2 rounds would dominate the run.
    # Live servers check passwords with the production hashers, so their
    # personas keep the real ones.
    if request.node.get_closest_marker("live") is None:
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
