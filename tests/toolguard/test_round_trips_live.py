"""Round trips to PostgreSQL per guarded call, counted on the wire, and what each lock spans.

gunicorn reaches PostgreSQL through the delaying forwarder (topology/delayproxy.py,
no delay here), which counts flights (what a client sends after it last heard
back: one round trip each, whatever the statements) and logs every statement
with its flight. A guarded transfer with its key and session cached makes at
most 3 round trips (the connection's health check sends nothing: core/postgresql;
nor does turning autocommit back on after the COMMIT: core/pipelining);
the audit chain's lock, which every customer shares, goes
out in the same flight as the COMMIT that releases it; the customer's row lock
spans at most 2.
"""

from __future__ import annotations

import itertools
import threading
import time
import uuid
from typing import Any

import httpx
import psycopg
import pytest
from django.conf import settings
from django.db import connection

from core.models import AgentKey, agent_key_hash
from core.principal_cache import agent_key_forget
from tests.conftest import transfer_call
from tests.live import bearer, gunicorn
from tests.live import test_database_url as database_url
from topology.delayproxy import forwarder, lock_spans

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres, pytest.mark.needs_redis]

MAX_ROUND_TRIPS = 3
LOCKS = {
    # The chain's advisory lock, taken inside audit_chain_append (audit migration 0013).
    "audit_chain": r"audit_chain_append\(|pg_advisory_xact_lock\(7243180526\)",
    "customer": r'FROM "toolguard_customer" .*FOR NO KEY UPDATE',
}
ENV = {
    # Nothing else on the wire while a call is counted: no checkpoint timer round, a key cached throughout.
    "TOOLGUARD_AUDIT_MMD_SECONDS": "3600",
    "TOOLGUARD_CHECKPOINT_SECONDS": "3600",
    "TOOLGUARD_PRINCIPAL_CACHE_SECONDS": "300",
    "TOOLGUARD_AGENT_RATE": "100000/min",
}


# What only the tree integrator sends: it asks for its lock (audit.tree.Integrator).
INTEGRATOR_SQL = "pg_try_advisory_lock("

AMOUNTS = itertools.count(100)


def guarded(client: httpx.Client, key: str, sfx: str, session: str) -> httpx.Response:
    # A new amount each time: the same transfer again under a new key in one session
    # is the double-transfer incident, whose alert is a path of its own.
    amount = next(AMOUNTS)
    call = transfer_call(
        key=f"rt-{uuid.uuid4().hex[:10]}", amount=amount, source=f"checking{sfx}", to=f"savings{sfx}", session=session
    )
    return client.post("/api/v1/tool-calls", json=call, headers=bearer(key))


def call_flights(proxy: Any) -> int:
    """The flights of every connection but the tree integrator's (gunicorn's master runs it beside the
    workers: it rounds on its own clock, or stands by asking for its lock while another server's leads)."""
    integrator = {entry["conn"] for entry in proxy.statements() if INTEGRATOR_SQL in entry["sql"]}
    per_connection = proxy.stats()["per_connection"]
    return sum(flights for conn, flights in per_connection.items() if int(conn) not in integrator)


def test_a_guarded_call_makes_at_most_three_round_trips_and_the_shared_lock_waits_on_none(live_bank: Any) -> None:
    bank, sfx, _ = live_bank
    session = f"rt-{uuid.uuid4().hex[:8]}"
    host_port = database_url().split("@", 1)[1].split("/", 1)[0]
    with forwarder(host_port, 0.0) as proxy:
        env = {**ENV, "DATABASE_URL": proxy.url(database_url())}
        with gunicorn(workers=1, env=env) as server, httpx.Client(base_url=server.url, timeout=60) as client:
            # The key and the session are cached, the connection open.
            for _ in range(2):
                assert guarded(client, bank.alice_key, sfx, session).status_code == 200
            counted: list[int] = []
            spans: dict[str, list[int]] = {name: [] for name in LOCKS}
            # Five calls in the cached session, then five that each open a session: its row is
            # created and read with the write phase's first statements, in no round trip of its own.
            for n in range(10):
                proxy.reset()
                since = len(proxy.statements())
                answer = guarded(client, bank.alice_key, sfx, session if n < 5 else f"rt-new-{uuid.uuid4().hex[:8]}")
                assert answer.status_code == 200, answer.text
                assert answer.json()["status"] == "completed"
                statements = proxy.statements(since)
                counted.append(call_flights(proxy))
                for name, found in lock_spans(statements, LOCKS).items():
                    spans[name] += found
    assert max(counted) <= MAX_ROUND_TRIPS, (counted, "\n".join(f"{s['flight']} {s['sql'][:90]}" for s in statements))
    assert not [s for s in statements if s["sql"].strip() == "SELECT 1"], "a health check went over the wire"
    # Each call took each lock once, and released it with the COMMIT in the same flight
    # (the chain) or one round trip later (the customer: the windows are read under it).
    assert len(spans["audit_chain"]) == 10 and len(spans["customer"]) == 10, spans
    assert set(spans["audit_chain"]) == {1}, spans
    assert max(spans["customer"]) <= 2, spans


def test_the_chain_lock_spans_a_single_statement_sent_with_its_commit(live_bank: Any) -> None:
    """On the wire, nothing but the COMMIT follows the chain append in its transaction."""
    bank, sfx, _ = live_bank
    session = f"rt-{uuid.uuid4().hex[:8]}"
    host_port = database_url().split("@", 1)[1].split("/", 1)[0]
    with forwarder(host_port, 0.0) as proxy:
        env = {**ENV, "DATABASE_URL": proxy.url(database_url())}
        with gunicorn(workers=1, env=env) as server, httpx.Client(base_url=server.url, timeout=60) as client:
            assert guarded(client, bank.alice_key, sfx, session).status_code == 200
            since = len(proxy.statements())
            # A completed call, a held one (to a stranger's account) and a refused one (no such account).
            assert guarded(client, bank.alice_key, sfx, session).status_code == 200
            held = transfer_call(
                key=f"rt-{uuid.uuid4().hex[:10]}",
                amount=100,
                source=f"checking{sfx}",
                to=f"bobext2{sfx}",
                session=session,
            )
            assert client.post("/api/v1/tool-calls", json=held, headers=bearer(bank.alice_key)).status_code == 202
            statements = proxy.statements(since)
    appends = [n for n, entry in enumerate(statements) if "audit_chain_append(" in entry["sql"]]
    assert len(appends) >= 2
    for n in appends:
        after = statements[n + 1]
        assert after["sql"].strip().upper() == "COMMIT", [s["sql"][:60] for s in statements[n : n + 3]]
        assert after["flight"] == statements[n]["flight"] and after["conn"] == statements[n]["conn"]
    # The lock itself is never taken by a statement of its own any more.
    assert not [entry for entry in statements if "pg_advisory_xact_lock(7243180526)" in entry["sql"]]


def test_a_request_after_its_connection_was_ended_by_the_server_succeeds(live_bank: Any) -> None:
    """The health check sends nothing, yet a persistent connection the server ended is replaced, not used."""
    bank, sfx, _ = live_bank
    session = f"rt-{uuid.uuid4().hex[:8]}"
    with gunicorn(workers=1, env=ENV) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        assert guarded(client, bank.alice_key, sfx, session).status_code == 200
        # Every connection to the test database but this process's own: the server's.
        connection.ensure_connection()
        mine = connection.connection.info.backend_pid
        with psycopg.connect(database_url(), autocommit=True) as admin:
            ended = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid NOT IN (pg_backend_pid(), %s) AND backend_type = 'client backend'",
                [mine],
            ).fetchall()
        assert ended and all(row == (True,) for row in ended), ended
        for _ in range(3):
            answer = guarded(client, bank.alice_key, sfx, session)
            assert answer.status_code == 200, answer.text
            assert answer.json()["status"] == "completed"


class RedisCommands:
    """Commands clients send to one Redis database, as MONITOR shows them. A script's own commands,
    run inside Redis, are not sent: MONITOR marks them [lua], and they are left out."""

    def __init__(self, url: str) -> None:
        import redis

        self.client = redis.Redis.from_url(url)
        self.db = self.client.connection_pool.connection_kwargs.get("db", 0)
        self.seen: list[str] = []
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        with self.client.monitor() as monitor:
            self.ready.set()
            for line in monitor.listen():
                command = str(line.get("command", ""))
                if line.get("db") == self.db and line.get("client_type") != "lua":
                    self.seen.append(command)
                if command.startswith("SET toolguard-test:monitor:stop"):
                    return

    def __enter__(self) -> RedisCommands:
        self.thread.start()
        assert self.ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        self.client.set("toolguard-test:monitor:stop", "1", ex=5)
        self.thread.join(10)

    def during(self, action: Any) -> list[str]:
        """The names of the commands sent while `action` ran: MONITOR shows them in order, so a
        marker written after it ends them."""
        start, end = (f"toolguard-test:monitor:{uuid.uuid4().hex}" for _ in range(2))
        self.client.set(start, "1", ex=5)
        action()
        self.client.set(end, "1", ex=5)
        deadline = time.monotonic() + 30
        while not any(end in command for command in self.seen) and time.monotonic() < deadline:
            time.sleep(0.01)
        lines = self.seen[:]
        first = next(n for n, command in enumerate(lines) if start in command)
        last = next(n for n, command in enumerate(lines) if end in command)
        return [command.split(" ", 1)[0].upper() for command in lines[first + 1 : last]]


def test_a_guarded_call_makes_two_redis_round_trips_and_a_replay_one(live_bank: Any) -> None:
    """The key's row with its budget, the call's session and its key's claim in one script; the
    release in another. A settled key's replay is answered by the first alone. A key whose row
    the cache no longer holds costs one script more."""
    bank, sfx, blocker = live_bank
    with (
        gunicorn(workers=1, env=ENV) as server,
        httpx.Client(base_url=server.url, timeout=60) as client,
        RedisCommands(settings.REDIS_URL) as redis_commands,
    ):
        assert guarded(client, bank.alice_key, sfx, f"rt-{uuid.uuid4().hex[:8]}").status_code == 200  # key cached
        answers: list[httpx.Response] = []
        for _ in range(5):
            # A new session each time, as an agent's first call of a conversation: nothing of it is cached.
            commands = redis_commands.during(
                lambda: answers.append(guarded(client, bank.alice_key, sfx, f"rt-{uuid.uuid4().hex[:8]}"))
            )
            assert answers[-1].status_code == 200 and answers[-1].json()["status"] == "completed"
            assert commands == ["EVALSHA"] * 2, commands
        # The key's row gone from the cache (as a revocation or the TTL leaves it): read from the
        # database, then cached with the count and the claim in one more script.
        with blocker.unblock():
            agent_key_forget(AgentKey.objects.get(key_hash=agent_key_hash(bank.alice_key)))
        commands = redis_commands.during(
            lambda: answers.append(guarded(client, bank.alice_key, sfx, f"rt-{uuid.uuid4().hex[:8]}"))
        )
        assert answers[-1].status_code == 200 and answers[-1].json()["status"] == "completed"
        assert commands == ["EVALSHA"] * 3, commands
        replayed = answers[-1].json()
        call = transfer_call(
            key=replayed["tool_call_id"].removeprefix("call-"),
            amount=replayed["result"]["amount"],
            source=f"checking{sfx}",
            to=f"savings{sfx}",
            session=f"rt-{uuid.uuid4().hex[:8]}",
        )
        replay: list[httpx.Response] = []
        commands = redis_commands.during(
            lambda: replay.append(client.post("/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key)))
        )
    assert replay[0].json()["replayed"] is True and replay[0].json()["arguments_mismatch"] is False, replay[0].json()
    assert commands == ["EVALSHA"], commands
