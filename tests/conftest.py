"""Shared fixtures: a small bank, its people, and API clients for each persona.

Tests run inside a rolled-back transaction (`db`). Never use
`transactional_db` here: it empties tables with TRUNCATE/DELETE, which the
audit table refuses by design. Tests that need committed data (live servers)
create their own uniquely named customers instead; see tests/live.py.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from banking.models import Account, Payee
from core.models import AgentKey, Customer, ExchangeRate
from tests.audit.entries import bypass_append_only, restore_append_only
from tests.family import CREDIT_TOOL, family_registered
from tests.live import Gunicorn, gunicorn, unique
from tests.upstream.fakes import TOOLS, FakeUpstream, Guarded, Worker, upstream_env

IN_CI = os.environ.get("CI", "").lower() == "true"

# The embedded default makes itself an audit signing key under var/ (toolguard/embedded_key.py).
# Tests, and the servers they start (tests/live.py copies this environment), sign nothing
# unless a test names a key: a key set but empty says so.
if "TOOLGUARD_AUDIT_SIGNING_KEY" not in os.environ:
    os.environ["TOOLGUARD_AUDIT_SIGNING_KEY"] = ""
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = ""
# The checkpoint log (audit.checkpoint_log) is outside the database, so nothing rolls it back:
# servers a test starts write to this process's own file, never the checkout's var/, and each
# test reads and writes a file of its own (_own_checkpoint_log). pytest-xdist's processes inherit
# the controller's environment, and each has a test database (one log) of its own: each makes its
# own file too, marked as the suite's so that the next process does not take it for an operator's.
if "TOOLGUARD_AUDIT_CHECKPOINT_LOG" not in os.environ or os.environ.get("TOOLGUARD_TEST_CHECKPOINT_LOG"):
    os.environ["TOOLGUARD_AUDIT_CHECKPOINT_LOG"] = os.path.join(
        tempfile.mkdtemp(prefix="toolguard-checkpoints-"), "audit-checkpoints.jsonl"
    )
    os.environ["TOOLGUARD_TEST_CHECKPOINT_LOG"] = "1"
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = os.environ["TOOLGUARD_AUDIT_CHECKPOINT_LOG"]


@pytest.fixture(autouse=True)
def _own_checkpoint_log(settings: Any, tmp_path_factory: Any) -> None:
    """A checkpoint log per test: what an earlier, rolled-back test logged is not this test's log."""
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = str(tmp_path_factory.mktemp("checkpoint-log") / "audit.jsonl")


# pytest-xdist runs the suite in several processes, each on its own test
# database (test_toolguard_gw0, ...). Each takes its own Redis database too:
# row ids coincide across those test databases, and cached outcomes, locks
# and queued tasks keyed by them must never meet. The cache connects lazily,
# so changing the location here, before any test runs, is enough; servers the
# tests start get the same URL (tests/live.py: child_env).
_XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if settings.REDIS_URL and _XDIST_WORKER.startswith("gw"):
    _base, _, _db = settings.REDIS_URL.rpartition("/")
    _worker_db = (int(_db) if _db.isdigit() else 0) + int(_XDIST_WORKER[2:])
    settings.REDIS_URL = f"{_base}/{_worker_db}" if _db.isdigit() else f"{settings.REDIS_URL}/{_worker_db}"
    settings.CACHES["default"]["LOCATION"] = settings.REDIS_URL


def pytest_report_header(config: Any) -> list[str]:
    db = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    return [f"toolguard: database={db} cache={'redis' if settings.REDIS_URL else 'database'} ci={IN_CI}"]


def pytest_sessionstart(session: Any) -> None:
    if IN_CI:
        # CI proves the production pair; a missing service is a failure, never a skip.
        assert settings.DATABASES["default"]["ENGINE"] == settings.POSTGRESQL_ENGINE, (
            "CI needs DATABASE_URL=postgres://"
        )
        assert settings.REDIS_URL, "CI needs REDIS_URL"


def requires_postgres() -> None:
    if settings.DATABASES["default"]["ENGINE"] != settings.POSTGRESQL_ENGINE:
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
    # The SIEM shipper's timer may be mid-round in a thread of this process: it
    # must not hold the test database while it is dropped.
    from audit.siem import timer_stop as siem_timer_stop

    siem_timer_stop()
    with django_db_blocker.unblock():
        teardown_databases(config, verbosity=verbosity)


@pytest.fixture(scope="session", autouse=True)
def _fresh_cache(django_db_setup: Any, django_db_blocker: Any) -> None:
    # Test databases restart their id sequences every run; cached outcomes
    # keyed by customer id from an earlier run must not answer this one.
    with django_db_blocker.unblock():
        cache.clear()


@dataclass
class Principals:
    """Two customers with an agent key each, two reviewers and a compliance officer: no tool family."""

    alice: Customer
    bob: Customer
    alice_key: str
    bob_key: str
    reviewer: User
    reviewer2: User
    compliance: User


def make_principals(suffix: str = "", *, tools: list[str] | None = None) -> Principals:
    alice = Customer.objects.create(external_id=f"alice{suffix}", name="Alice")
    bob = Customer.objects.create(external_id=f"bob{suffix}", name="Bob")
    allowed = tools if tools is not None else [CREDIT_TOOL]
    _, alice_key = AgentKey.objects.issue(customer=alice, allowed_tools=allowed)
    _, bob_key = AgentKey.objects.issue(customer=bob, allowed_tools=allowed)
    reviewers, compliance_group = Group.objects.get(name="reviewers"), Group.objects.get(name="compliance")
    people = {}
    for name, group in (("rev", reviewers), ("rev2", reviewers), ("comp", compliance_group)):
        user = User.objects.create_user(f"{name}{suffix}", password="correct-horse-battery")
        user.groups.add(group)
        people[name] = user
    return Principals(alice, bob, alice_key, bob_key, people["rev"], people["rev2"], people["comp"])


@pytest.fixture
def principals(db: Any) -> Principals:
    return make_principals()


@pytest.fixture
def credit_tool(tmp_path: Any) -> Iterator[None]:
    """The tests' own tool family (tests/family.py), registered from its catalog for one test."""
    with family_registered(tmp_path):
        yield


@dataclass
class Bank(Principals):
    """The principals with the demo bank's accounts: checking, savings, euro; Bob owns bob-ext-1/2."""

    def balance(self, number: str) -> int:
        return Account.objects.get(number=number).balance_cents

    def total_money(self) -> int:
        return sum(Account.objects.values_list("balance_cents", flat=True))


# What a bank's administrator keeps: today's rates into the reporting currency (USD).
BANK_RATES = {"EUR": Decimal("1.08"), "GBP": Decimal("1.27")}


def rates_today(rates: dict[str, Decimal] | None = None) -> None:
    for currency, rate in (BANK_RATES if rates is None else rates).items():
        ExchangeRate.objects.update_or_create(
            currency=currency, as_of=timezone.localdate(), defaults={"rate": rate, "source": "tests"}
        )


def make_bank(suffix: str = "") -> Bank:
    """Alice (user-123 in the demo) with checking/savings and payee bob-ext-1; Bob owns bob-ext-1/2; today's rates."""
    rates_today()
    principals = make_principals(suffix, tools=["transfer_funds", "check_balance", "list_transactions"])
    alice, bob = principals.alice, principals.bob
    Account.objects.create(number=f"checking{suffix}", customer=alice, currency="USD", balance_cents=5_000_000)
    Account.objects.create(number=f"savings{suffix}", customer=alice, currency="USD", balance_cents=10_000_000)
    Account.objects.create(number=f"euro{suffix}", customer=alice, currency="EUR", balance_cents=100_000)
    ext1 = Account.objects.create(number=f"bobext1{suffix}", customer=bob, currency="USD", balance_cents=0)
    Account.objects.create(number=f"bobext2{suffix}", customer=bob, currency="USD", balance_cents=0)
    Payee.objects.create(customer=alice, account=ext1)
    return Bank(**vars(principals))


@pytest.fixture
def bank(db: Any) -> Bank:
    return make_bank()


def factor_code(user: User) -> str:
    """The person's current authenticator code, enrolling an authenticator first if they have none."""
    from django_otp.oath import TOTP

    from people.demo import enrol_demo_factors
    from people.stepup import totp_confirmed

    device = totp_confirmed(user) or (enrol_demo_factors([user]) and totp_confirmed(user))
    assert device is not None
    return f"{TOTP(device.bin_key, step=device.step, t0=device.t0, digits=device.digits).token():0{device.digits}d}"


def fresh_factor_code(user: User) -> str:
    """A new code, as a person would wait for one: past django-otp's refusal of a code used
    before and its throttling after a wrong one."""
    from people.stepup import totp_devices

    totp_devices.filter(user=user).update(last_t=-1, throttling_failure_count=0, throttling_failure_timestamp=None)
    return factor_code(user)


def agent_client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def person_client(user: User) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def signed_in(user: User) -> Client:
    """The person's browser on the pages: a client holding their signed-in session."""
    client = Client()
    client.force_login(user)
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
    # The one place this is set for every test: step-up has its own tests
    # (tests/approvals/test_step_up_everywhere.py, tests/people), which lower it
    # again; elsewhere a reviewer's decision is about the decision, not the second factor.
    settings.TOOLGUARD_STEP_UP_CENTS = 10**12


@pytest.fixture(autouse=True)
def _fast_password_hashing(request: Any, settings: Any) -> None:
    # Personas are created per test; real PBKDF2 rounds would dominate the run.
    # Live servers check passwords with the production hashers, so their
    # personas keep the real ones.
    if request.node.get_closest_marker("live") is None:
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# --- The audit log: compliance's client, and history rewritten as an attacker would ---


@pytest.fixture
def compliance(bank: Bank) -> APIClient:
    return person_client(bank.compliance)


@pytest.fixture
def tamper(db: Any) -> Iterator[Any]:
    """Run raw SQL against the audit table with its append-only triggers off, then turn them on again."""

    def run(sql: str, params: list[Any]) -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)

    bypass_append_only()
    yield run
    restore_append_only()


# --- Fake upstreams in their own processes, and a toolguard guarding them ---


@pytest.fixture(scope="module")
def orders() -> Iterator[FakeUpstream]:
    """The fake orders API alone, for tests that send to it without a toolguard in front."""
    server = FakeUpstream("fake_http.py", "/health")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def guarded(django_db_setup: Any, django_db_blocker: Any) -> Iterator[Guarded]:
    requires_postgres()
    requires_redis()
    http = FakeUpstream("fake_http.py", "/health")
    mcp = FakeUpstream("fake_mcp.py", "/_admin/health")
    env = upstream_env(http, mcp)
    with django_db_blocker.unblock():
        customer = Customer.objects.create(external_id=unique("shop-"), name="Shop")
        _, key = AgentKey.objects.issue(customer=customer, allowed_tools=TOOLS)
    server = Gunicorn(workers=2, env=env)
    try:
        yield Guarded(server, http, mcp, customer, key, env, django_db_blocker)
    finally:
        server.stop()
        http.stop()
        mcp.stop()


@pytest.fixture
def worker(guarded: Guarded) -> Iterator[Worker]:
    running = Worker(guarded.env)
    try:
        yield running
    finally:
        running.stop()


# --- Live servers: one shared per test process, and data committed for them to read ---


@pytest.fixture(scope="session")
def server(django_db_setup: Any) -> Iterator[Gunicorn]:
    """One gunicorn (two workers) on the test database and Redis, for every test that needs nothing of its own.

    Tests that need other settings, more workers or a server to break start
    their own with tests.live.gunicorn.
    """
    with gunicorn(workers=2) as live:
        yield live


@pytest.fixture
def live_bank(django_db_setup: Any, django_db_blocker: Any) -> Iterator[tuple[Bank, str, Any]]:
    """A bank committed under a unique suffix (servers read it from their own connections), and the blocker."""
    suffix = unique("-")
    with django_db_blocker.unblock():
        yield make_bank(suffix), suffix, django_db_blocker


@pytest.fixture
def live(live_bank: tuple[Bank, str, Any]) -> tuple[Bank, str]:
    bank, suffix, _ = live_bank
    return bank, suffix


# Tests that commit rows outside the test transaction: every live-server and
# browser test, and any test (or project fixture) that unblocks the database
# itself. Their rows outlive them, and a database test in the same process
# that counts rows would see them; pytest-django runs database tests first
# within one process, but pytest-xdist hands tests out in any order. So
# `--phase=isolated` runs the rest and `--phase=committing` runs these, each
# phase in processes of its own (see the Makefile's `test`).
COMMITTING_FIXTURES = {"django_db_blocker", "server", "live_bank", "live"}
# Session set-up unblocks the database to create it and empty the cache; it commits no rows.
SETUP_FIXTURES = {"django_db_setup", "_fresh_cache"}


def pytest_addoption(parser: Any) -> None:
    parser.addoption(
        "--phase",
        choices=("all", "isolated", "committing"),
        default="all",
        help="run only the tests that keep to their transaction (isolated) or only those that commit (committing)",
    )


def commits_outside_transaction(item: Any) -> bool:
    if item.get_closest_marker("live") or item.get_closest_marker("browser"):
        return True
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    if COMMITTING_FIXTURES & set(info.argnames):
        return True
    for name in info.names_closure:
        for fixturedef in info.name2fixturedefs.get(name, ()):
            # pytest-django's own fixtures (baseid "") unblock inside a transaction.
            if fixturedef.baseid and name not in SETUP_FIXTURES and COMMITTING_FIXTURES & set(fixturedef.argnames):
                return True
    return False


# The committing phase's longest files, in seconds of test time on the two-core CI machine
# (--durations, summed per file). `--dist loadfile` hands out whole files in the order they
# are collected, each worker taking the next when it is nearly done: started first, the long
# ones run side by side while short files fill in at the end, instead of one worker finishing
# a long file alone while the other waits. Unlisted files follow in collection order.
COMMITTING_SECONDS = {
    "tests/audit/test_witness_log.py": 440,
    "tests/audit/test_tamper.py": 420,
    "tests/audit/test_verify_export_live.py": 350,
    "tests/topology/test_deployment.py": 250,
    "tests/reliability/test_schema_fuzz.py": 200,
    "tests/reliability/test_faults.py": 120,
    "tests/upstream/test_catalog_mcp_live.py": 110,
    "tests/toolguard/test_principal_cache_live.py": 110,
    "tests/approvals/test_incident_browser.py": 105,
    "tests/reliability/test_stateful.py": 105,
    "tests/toolguard/test_idempotency_live.py": 95,
    "tests/toolguard/test_lock_order_live.py": 95,
    "tests/people/test_oidc_browser.py": 85,
    "tests/outbox/test_http_live.py": 80,
    "tests/reliability/test_two_nodes.py": 80,
    "tests/toolguard/test_round_trips_live.py": 75,
    "tests/approvals/test_live.py": 75,
    "tests/core/test_migrations.py": 65,
    "tests/toolguard/test_limits_live.py": 55,
    "tests/approvals/test_reason_browser.py": 50,
}


def pytest_configure(config: Any) -> None:
    # pytest-xdist would otherwise reorder the files by their number of tests, which
    # says little about their length here (test_faults.py is one test of two minutes).
    if config.getoption("phase") == "committing" and hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    phase = config.getoption("phase")
    if phase == "all":
        return
    keep, drop = [], []
    for item in items:
        (keep if commits_outside_transaction(item) == (phase == "committing") else drop).append(item)
    if phase == "committing":
        # Stable: a file's tests keep their order (fixtures shared by a module rely on it).
        keep.sort(key=lambda item: -COMMITTING_SECONDS.get(item.nodeid.split("::", 1)[0], 0))
    if drop:
        config.hook.pytest_deselected(items=drop)
    items[:] = keep


def pytest_runtest_setup(item: Any) -> None:
    # Marks instead of a call in every fixture: `needs_postgres` and `needs_redis`
    # skip with the reason printed (never in CI, where they fail instead).
    if item.get_closest_marker("needs_postgres") is not None:
        requires_postgres()
    if item.get_closest_marker("needs_redis") is not None:
        requires_redis()
