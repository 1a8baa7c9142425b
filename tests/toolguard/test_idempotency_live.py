"""Idempotency against real servers: multi-worker gunicorn, PostgreSQL, Redis."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import psycopg
import pytest
import redis

from audit.models import AuditEntry
from banking.models import Transfer
from tests.conftest import requires_redis, transfer_call
from tests.live import Gunicorn, RedisServer, bearer, gunicorn, unique
from tests.live import test_database_url as database_url

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres]


def committed(blocker: Any, fn: Any) -> Any:
    with blocker.unblock():
        return fn()


def test_fifty_concurrent_same_key_calls_execute_once(live_bank: Any) -> None:
    requires_redis()
    bank, sfx, blocker = live_bank
    call = transfer_call(
        key=unique("same"), amount=1_234, source=f"checking{sfx}", to=f"savings{sfx}", session=unique("s")
    )
    with gunicorn(workers=4) as server, ThreadPoolExecutor(max_workers=50) as pool:

        def fire(_: int) -> httpx.Response:
            return httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key), timeout=30)

        responses = list(pool.map(fire, range(50)))
    codes = [r.status_code for r in responses]
    assert set(codes) <= {200, 409}, [r.text for r in responses if r.status_code not in (200, 409)][:3]
    fresh = [r for r in responses if r.status_code == 200 and not r.json()["replayed"]]
    assert len(fresh) == 1
    assert all(r.headers.get("Retry-After") for r in responses if r.status_code == 409)
    transfer_ids = {r.json()["result"]["transfer_id"] for r in responses if r.status_code == 200}
    assert len(transfer_ids) == 1
    assert committed(blocker, lambda: Transfer.objects.filter(session_id=call["session_id"]).count()) == 1
    assert committed(blocker, lambda: bank.balance(f"checking{sfx}")) == 5_000_000 - 1_234


def test_flushing_redis_between_retries_does_not_execute_twice(server: Gunicorn, live_bank: Any) -> None:
    requires_redis()
    bank, sfx, blocker = live_bank
    call = transfer_call(
        key=unique("flush"), amount=700, source=f"checking{sfx}", to=f"savings{sfx}", session=unique("s")
    )
    first = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key))
    redis.Redis.from_url(server_redis_url()).flushdb()
    retry = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key))
    assert first.json()["status"] == "completed"
    assert retry.json()["replayed"] is True and retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json()["result"] == first.json()["result"]
    assert committed(blocker, lambda: bank.balance(f"checking{sfx}")) == 5_000_000 - 700


def server_redis_url() -> str:
    from django.conf import settings

    return settings.REDIS_URL


def test_same_key_other_customer_is_independent_live(server: Gunicorn, live_bank: Any) -> None:
    requires_redis()
    bank, sfx, blocker = live_bank
    key = unique("both")
    with blocker.unblock():
        bank.bob.accounts.filter(number=f"bobext1{sfx}").update(balance_cents=10_000)
    alice_call = transfer_call(key=key, amount=100, source=f"checking{sfx}", to=f"savings{sfx}")
    bob_call = transfer_call(key=key, amount=100, source=f"bobext1{sfx}", to=f"bobext2{sfx}")
    a = httpx.post(f"{server.url}/api/v1/tool-calls", json=alice_call, headers=bearer(bank.alice_key)).json()
    b = httpx.post(f"{server.url}/api/v1/tool-calls", json=bob_call, headers=bearer(bank.bob_key)).json()
    assert a["replayed"] is False and b["replayed"] is False
    assert a["result"]["transfer_id"] != b["result"]["transfer_id"]


def test_redis_outage_fails_closed_and_recovers(live_bank: Any) -> None:
    bank, sfx, blocker = live_bank
    own_redis = RedisServer()
    try:
        with gunicorn(workers=2, env={"REDIS_URL": own_redis.url}) as server:
            url, headers = f"{server.url}/api/v1/tool-calls", bearer(bank.alice_key)
            ok = httpx.post(
                url,
                json=transfer_call(key=unique("up"), amount=100, source=f"checking{sfx}", to=f"savings{sfx}"),
                headers=headers,
            )
            assert ok.status_code == 200
            own_redis.stop()
            down_key = unique("down")
            down = httpx.post(
                url,
                json=transfer_call(key=down_key, amount=100, source=f"checking{sfx}", to=f"savings{sfx}"),
                headers=headers,
                timeout=10,
            )
            assert down.status_code == 503
            assert down.json()["error"]["code"] == "idempotency_unavailable"
            assert down.headers["Retry-After"]
            assert committed(blocker, lambda: bank.balance(f"checking{sfx}")) == 5_000_000 - 100
            audited = committed(
                blocker,
                lambda: AuditEntry.objects.filter(action="idempotency_unavailable", idempotency_key=down_key).count(),
            )
            assert audited == 1
            ready = httpx.get(f"{server.url}/readyz")
            assert ready.status_code == 503
            own_redis.start()
            again = httpx.post(
                url,
                json=transfer_call(key=down_key, amount=100, source=f"checking{sfx}", to=f"savings{sfx}"),
                headers=headers,
            )
            assert again.status_code == 200 and again.json()["replayed"] is False
            assert committed(blocker, lambda: bank.balance(f"checking{sfx}")) == 5_000_000 - 200
    finally:
        own_redis.stop()


def _lock_waiters(blocker: Any) -> int:
    from django.db import connection

    def count() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            return int(cursor.fetchone()[0])

    return int(committed(blocker, count))


def _wait_for_waiters(blocker: Any, n: int) -> None:
    deadline = time.monotonic() + 20
    while _lock_waiters(blocker) < n:
        assert time.monotonic() < deadline, f"fewer than {n} calls reached the customer lock"
        time.sleep(0.02)


@pytest.mark.parametrize(
    ("balance", "amount"),
    [
        pytest.param(1_000, 700, id="second-execution-refused-for-funds"),
        pytest.param(5_000_000, 100, id="second-execution-collides-on-the-key"),
    ],
)
def test_a_lost_lock_answers_the_duplicate_with_the_committed_outcome(
    server: Gunicorn, live_bank: Any, balance: int, amount: int
) -> None:
    """Redis loses the key's lock while A waits on its customer row, so B runs too.

    Whichever way B's execution ends (the funds A moved are gone, or its
    record collides with A's), B must answer with A's result, never with an
    error of its own, and the money moves once.
    """
    requires_redis()
    from django.core.cache import cache

    from core.idempotency import IdempotencyScope
    from core.models import AgentSession

    bank, sfx, blocker = live_bank
    session_id, key = unique("lost"), unique("lost-key")
    call = transfer_call(key=key, amount=amount, source=f"checking{sfx}", to=f"savings{sfx}", session=session_id)
    with blocker.unblock():
        bank.alice.accounts.filter(number=f"checking{sfx}").update(balance_cents=balance)
        AgentSession.objects.create(customer=bank.alice, session_id=session_id)
    scope = IdempotencyScope(bank.alice.id, "transfer_funds", key)

    with ThreadPoolExecutor(max_workers=2) as pool:
        holder = psycopg.connect(database_url())
        try:
            # The customer row is what serialises one customer's state-changing calls.
            holder.execute("SELECT 1 FROM toolguard_customer WHERE id = %s FOR UPDATE", [bank.alice.id])

            def fire() -> httpx.Response:
                return httpx.post(
                    f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key), timeout=30
                )

            first = pool.submit(fire)
            _wait_for_waiters(blocker, 1)
            committed(blocker, lambda: cache.delete(scope.lock_key))  # the flush that loses A's lock
            second = pool.submit(fire)
            _wait_for_waiters(blocker, 2)
        finally:
            holder.rollback()
            holder.close()
        responses = [first.result(), second.result()]

    assert [r.status_code for r in responses] == [200, 200], [r.text for r in responses]
    bodies = [r.json() for r in responses]
    assert sorted(b["replayed"] for b in bodies) == [False, True]
    assert bodies[0]["result"] == bodies[1]["result"]
    assert committed(blocker, lambda: bank.balance(f"checking{sfx}")) == balance - amount
    assert committed(blocker, lambda: Transfer.objects.filter(session_id=session_id).count()) == 1
    refused = committed(blocker, lambda: AuditEntry.objects.filter(idempotency_key=key, result="failure").count())
    assert refused == 0
