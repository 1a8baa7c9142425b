"""Load with faults: a worker SIGKILLed, Redis restarted, PostgreSQL restarted, under 32 connections.

The guarantees must hold while the services underneath fail: every refusal is
a clean 503 or 409 (never a 500), no idempotency key moves money twice, money
is conserved, the audit chain verifies, and service comes back on its own.

PostgreSQL and Redis are the test's own, on spare ports, so stopping them
cannot hurt the machine's shared services.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import math
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import IN_CI, transfer_call
from tests.live import ROOT, Gunicorn, PostgresServer, RedisServer, bearer, child_env, gunicorn

pytestmark = pytest.mark.live

LOAD_SECONDS = 60.0
CONNECTIONS = 32
REQUEST_TIMEOUT = 10.0
POOL_ACCOUNTS = 8
POOL_BALANCE = 10_000_000
DBNAME = "toolguard_faults"
MAX_TRANSPORT_ERRORS = 32
MAX_RECOVERY_SECONDS = 20.0
# Seconds into the load at which each fault strikes.
KILL_WORKER_AT, RESTART_REDIS_AT, RESTART_POSTGRES_AT = 15.0, 30.0, 45.0
# What a caller may be told while a dependency is down: retry later, never "it broke".
CLEAN_REFUSALS = {
    409: {"idempotency_in_progress"},
    503: {"idempotency_unavailable", "database_unavailable"},
}

SEED = """
import json, os, sys
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toolguard.settings")
django.setup()
from tests.conftest import make_bank
from banking.models import Account
bank = make_bank("")
pool = [f"pool{n}" for n in range(int(sys.argv[1]))]
for number in pool:
    Account.objects.create(number=number, customer=bank.alice, currency="USD", balance_cents=int(sys.argv[2]))
print(json.dumps({"alice_key": bank.alice_key, "pool": pool}))
"""


def needs(what: str, exc: Exception) -> None:
    if IN_CI:
        pytest.fail(f"this test needs {what}, and CI must provide it: {exc}")
    print(f"SKIP reason: needs {what}: {exc}")
    pytest.skip(f"needs {what}: {exc}")


@dataclass
class Sent:
    """One request as the agent saw it."""

    thread: int
    key: str
    retry: bool
    started: float
    ended: float
    status: int | None  # None: no HTTP answer at all (connection reset, timeout)
    code: str = ""
    replayed: bool = False
    transfer_id: str = ""
    retry_after: str | None = None
    transport: str = ""


def send(client: httpx.Client, call: dict[str, Any], *, thread: int, retry: bool, t0: float) -> Sent:
    started = time.monotonic() - t0
    try:
        response = client.post("/api/v1/tool-calls", json=call)
    except httpx.TransportError as exc:
        return Sent(
            thread,
            call["arguments"]["idempotency_key"],
            retry,
            started,
            time.monotonic() - t0,
            None,
            transport=type(exc).__name__,
        )
    ended = time.monotonic() - t0
    try:
        body = response.json()
    except ValueError:
        body = {}
    error = body.get("error") or {}
    result = body.get("result") or {}
    return Sent(
        thread,
        call["arguments"]["idempotency_key"],
        retry,
        started,
        ended,
        response.status_code,
        code=str(error.get("code", "")) if isinstance(error, dict) else "",
        replayed=bool(body.get("replayed")),
        transfer_id=str(result.get("transfer_id", "")) if response.status_code == 200 else "",
        retry_after=response.headers.get("Retry-After"),
    )


@dataclass
class Load:
    """Everything the agents sent, shared by their threads (appends are atomic)."""

    url: str
    key: str
    pool: list[str]
    t0: float
    log: list[Sent] = dataclasses.field(default_factory=list)
    calls: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    crashed: list[str] = dataclasses.field(default_factory=list)


def agent(n: int, load: Load) -> None:
    try:
        agent_loop(n, load)
    except Exception as exc:  # noqa: BLE001 - a dead loop must fail the test, not shrink the load silently
        load.crashed.append(f"agent {n}: {exc!r}")


def agent_loop(n: int, load: Load) -> None:
    """One agent connection: fresh keys, and now and then a retry of the previous call."""
    url, key, pool, t0, log, calls = load.url, load.key, load.pool, load.t0, load.log, load.calls
    rng = random.Random(n)
    source = pool[n % len(pool)]
    others = [number for number in pool if number != source]
    session = f"load-{n}"
    previous: dict[str, Any] | None = None
    made = 0
    with httpx.Client(base_url=url, headers=bearer(key), timeout=REQUEST_TIMEOUT) as client:
        while time.monotonic() - t0 < LOAD_SECONDS:
            retry = previous is not None and rng.random() < 0.25
            if retry:
                call = previous
            else:
                # Mostly between own accounts, sometimes to the registered payee:
                # both stay under every approval rule, so each call settles now.
                # Each amount is new in its session, so no two operations look
                # alike to the repeated-operation alert (fresh keys, same transfer).
                made += 1
                destination = "bobext1" if rng.random() < 0.1 else rng.choice(others)
                call = transfer_call(
                    key=f"k{n}-{uuid.uuid4().hex[:12]}", amount=made, source=source, to=destination, session=session
                )
                calls[call["arguments"]["idempotency_key"]] = call
            assert call is not None
            sent = send(client, call, thread=n, retry=retry, t0=t0)
            log.append(sent)
            previous = call
            if sent.status != 200:
                # A real agent backs off; this keeps 32 loops from spinning on an outage.
                time.sleep(0.2)


def settle(load: Load, keys: list[str]) -> tuple[list[Sent], list[str]]:
    """Retry every key that never got a 200 until it does: an unknown outcome must be safe to retry."""
    deadline = time.monotonic() + 45
    pending, log = list(keys), []
    with httpx.Client(base_url=load.url, headers=bearer(load.key), timeout=REQUEST_TIMEOUT) as client:
        while pending and time.monotonic() < deadline:
            still = []
            for idem in pending:
                sent = send(client, load.calls[idem], thread=-1, retry=True, t0=load.t0)
                log.append(sent)
                if sent.status != 200:
                    still.append(idem)
            pending = still
            if pending:
                time.sleep(1)
    return log, pending


def inject_faults(server: Gunicorn, redis: RedisServer, pg: PostgresServer, t0: float) -> list[dict[str, Any]]:
    """Kill a worker mid-request, then restart Redis, then PostgreSQL, each back on its own port."""

    def at(offset: float) -> None:
        time.sleep(max(0.0, t0 + offset - time.monotonic()))

    def now() -> float:
        return round(time.monotonic() - t0, 3)

    faults = []
    at(KILL_WORKER_AT)
    struck = now()
    # With 32 connections on 4 sync workers, every worker is inside a request.
    os.kill(server.worker_pids()[0], signal.SIGKILL)
    faults.append({"fault": "worker_sigkill", "at": struck, "back": struck})

    at(RESTART_REDIS_AT)
    struck = now()
    redis.stop()
    time.sleep(2)
    redis.start()
    faults.append({"fault": "redis_restart", "at": struck, "back": now()})

    at(RESTART_POSTGRES_AT)
    struck = now()
    pg.restart(pause=2)
    faults.append({"fault": "postgres_restart", "at": struck, "back": now()})
    return faults


def run(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def query(pg: PostgresServer, sql: str) -> list[tuple[Any, ...]]:
    with pg.connect(DBNAME) as conn:
        return list(conn.execute(sql).fetchall())


def first_ok_after(log: list[Sent], moment: float) -> float | None:
    """Seconds from `moment` until the first 200 to a request sent at or after it."""
    ends = [s.ended for s in log if s.status == 200 and s.started >= moment]
    return round(min(ends) - moment, 3) if ends else None


def label(sent: Sent) -> str:
    return f"{sent.status} {sent.code}" if sent.status is not None else f"transport:{sent.transport}"


def figures_of(load: list[Sent], faults: list[dict[str, Any]], load_seconds: float) -> dict[str, Any]:
    for fault, end in zip(faults, [f["at"] for f in faults[1:]] + [math.inf], strict=True):
        fault["recovery_s"] = first_ok_after(load, fault["back"])  # from the service being back
        fault["outage_s"] = first_ok_after(load, fault["at"])  # from the fault striking
        # By the time the caller got its answer: a request sent just before a fault fails in it.
        fault["errors"] = dict(Counter(label(s) for s in load if fault["at"] <= s.ended < end and s.status != 200))
    return {
        "load_seconds": load_seconds,
        "connections": CONNECTIONS,
        "requests": len(load),
        "rps": round(len(load) / LOAD_SECONDS, 1),
        "ok": sum(1 for s in load if s.status == 200),
        "replayed": sum(1 for s in load if s.status == 200 and s.replayed),
        "errors_by_code": dict(Counter(label(s) for s in load if s.status != 200)),
        "transport_errors": [
            {"sent": round(s.started, 3), "failed": round(s.ended, 3), "error": s.transport, "retry": s.retry}
            for s in load
            if s.status is None
        ],
        "faults": faults,
    }


@pytest.fixture
def quiet_httpx() -> Any:
    # Thousands of requests would each log a line at INFO.
    logger = logging.getLogger("httpx")
    level = logger.level
    logger.setLevel(logging.WARNING)
    yield
    logger.setLevel(level)


@pytest.fixture
def own_services(django_db_setup: Any) -> Iterator[tuple[PostgresServer, RedisServer]]:
    """A PostgreSQL cluster and a Redis of this test's own, migrated and seeded."""
    try:
        pg = PostgresServer()
    except (RuntimeError, LookupError, OSError) as exc:
        needs("the PostgreSQL server programs (initdb, pg_ctl)", exc)
    try:
        try:
            redis = RedisServer()
        except (RuntimeError, OSError) as exc:
            needs("redis-server", exc)
        try:
            yield pg, redis
        finally:
            redis.stop()
    finally:
        pg.cleanup()


def test_load_with_worker_kill_redis_and_postgres_restarts(
    own_services: tuple[PostgresServer, RedisServer], quiet_httpx: Any, tmp_path: Path
) -> None:
    pg, redis = own_services
    db_url = pg.create_database(DBNAME)
    # A database of its own is a log of its own: its checkpoint log too (nothing here signs one).
    checkpoint_log = str(tmp_path / "audit-checkpoints.jsonl")
    env = child_env(DATABASE_URL=db_url, REDIS_URL=redis.url, TOOLGUARD_AUDIT_CHECKPOINT_LOG=checkpoint_log)
    migrated = run([sys.executable, "manage.py", "migrate", "--noinput"], env)
    assert migrated.returncode == 0, migrated.stderr[-3000:]
    seeded = run([sys.executable, "-c", SEED, str(POOL_ACCOUNTS), str(POOL_BALANCE)], env)
    assert seeded.returncode == 0, seeded.stderr[-3000:]
    bank = json.loads(seeded.stdout.strip().splitlines()[-1])
    money_before = query(pg, "SELECT sum(balance_cents) FROM toolguard_account")[0][0]

    server_env = {
        "DATABASE_URL": db_url,
        "REDIS_URL": redis.url,
        "TOOLGUARD_AUDIT_CHECKPOINT_LOG": checkpoint_log,
        "TOOLGUARD_AGENT_RATE": "100000/min",
        # Every transfer settles at once: no approvals to wait for.
        "TOOLGUARD_SESSION_LIMIT_CENTS": "1000000000000",
        "TOOLGUARD_APPROVAL_THRESHOLD_CENTS": "1000000000",
    }
    with gunicorn(workers=4, env=server_env) as server:
        try:
            load = Load(url=server.url, key=bank["alice_key"], pool=bank["pool"], t0=time.monotonic())
            threads = [threading.Thread(target=agent, args=(n, load)) for n in range(CONNECTIONS)]
            for thread in threads:
                thread.start()
            faults = inject_faults(server, redis, pg, load.t0)
            for thread in threads:
                thread.join(timeout=LOAD_SECONDS + REQUEST_TIMEOUT + 30)
            assert not any(thread.is_alive() for thread in threads), "an agent loop did not stop"
            assert not load.crashed, load.crashed
            load_seconds = round(time.monotonic() - load.t0, 3)
            sent = list(load.log)
            answered = {s.key for s in sent if s.status == 200}
            unanswered = [k for k in load.calls if k not in answered]
            settle_log, never = settle(load, unanswered)
        finally:
            gunicorn_log = server.logs()

    transfers = {
        row[0]: (row[1], row[2]) for row in query(pg, "SELECT id::text, status, amount_cents FROM toolguard_transfer")
    }
    records = dict(
        query(
            pg,
            "SELECT key, outcome->'result'->>'transfer_id' FROM toolguard_idempotencyrecord "
            "WHERE tool = 'transfer_funds'",
        )
    )
    money_after = query(pg, "SELECT sum(balance_cents) FROM toolguard_account")[0][0]
    verify = run([sys.executable, "manage.py", "verify_audit", "--full"], env)

    figures = figures_of(sent, faults, load_seconds)
    figures.update(
        {
            "keys": len(load.calls),
            "keys_answered_only_after_load": len(unanswered) - len(never),
            "settle_requests": len(settle_log),
            "transfers": len(transfers),
            "money_conserved": money_after == money_before,
            "verify_audit": (verify.stdout.strip() or verify.stderr.strip())[-300:],
        }
    )
    print(json.dumps(figures))
    if os.environ.get("TOOLGUARD_FAULTS_DUMP"):
        # Every request, and what the server and the database said, for reading an incident after the fact.
        out = Path(os.environ["TOOLGUARD_FAULTS_DUMP"])
        out.mkdir(parents=True, exist_ok=True)
        (out / "requests.jsonl").write_text(
            "".join(json.dumps(dataclasses.asdict(s)) + "\n" for s in sent + settle_log)
        )
        (out / "gunicorn.log").write_text(gunicorn_log)
        (out / "postgres.log").write_text(pg.logs())
        (out / "figures.json").write_text(json.dumps(figures, indent=2))

    everything = sent + settle_log
    # No server error of any kind: a refusal is a clean, retryable 409 or 503.
    unclean = [
        s for s in everything if s.status not in (200, None) and s.code not in CLEAN_REFUSALS.get(s.status, set())
    ]
    if unclean:
        print(gunicorn_log[-20_000:])
    assert not unclean, Counter(label(s) for s in unclean)
    assert all(s.retry_after for s in everything if s.status in CLEAN_REFUSALS)
    # Only requests inside the killed worker may lose their connection.
    transport = [s for s in everything if s.status is None]
    assert len(transport) <= MAX_TRANSPORT_ERRORS, figures["transport_errors"]

    # Exactly once: each key has one record and one transfer, of its own amount,
    # and every 200 it ever got names that same transfer.
    assert not never, f"{len(never)} keys never got a 200 after the faults"
    assert set(records) == set(load.calls)
    assert len(transfers) == len(records)
    assert set(records.values()) == set(transfers)
    assert all(transfers[records[k]] == ("completed", call["arguments"]["amount"]) for k, call in load.calls.items())
    answers: dict[str, set[str]] = defaultdict(set)
    for s in everything:
        if s.status == 200:
            answers[s.key].add(s.transfer_id)
    assert all(answers[k] == {records[k]} for k in load.calls), "a key answered with two different transfers"

    assert money_after == money_before
    assert verify.returncode == 0, verify.stderr + verify.stdout
    for fault in faults:
        assert fault["recovery_s"] is not None and fault["recovery_s"] <= MAX_RECOVERY_SECONDS, fault
