"""The idempotency lock in the shared cache: taken once, released only by its holder."""

from __future__ import annotations

from typing import Any

import pytest

from core import idempotency
from core.idempotency import IdempotencyScope
from tests.live import unique

pytestmark = pytest.mark.django_db


def test_it_is_released_by_its_holder_only(db: Any) -> None:
    scope = IdempotencyScope(1, "issue_credit", unique("key"))
    token = idempotency.lock_acquire(scope)
    assert token is not None
    assert idempotency.lock_acquire(scope) is None  # held: a second request waits

    idempotency.lock_release(scope, token + 1)  # a lock that expired and was taken again is not ours
    assert idempotency.lock_acquire(scope) is None

    idempotency.lock_release(scope, token)
    again = idempotency.lock_acquire(scope)
    assert again is not None and again != token
    idempotency.lock_release(scope, again)


@pytest.mark.needs_redis
def test_claim_release_and_the_rate_counter_go_by_evalsha_one_round_trip_each(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading
    from collections import Counter

    import redis as redis_py
    from django.core.cache import cache
    from django_redis import get_redis_connection

    from core.models import AgentKey
    from toolguard.throttling import AgentKeyRateThrottle

    if not settings.REDIS_URL:
        pytest.skip("the embedded default's cache is the database")
    redis = get_redis_connection("default")
    # What this test's thread sends (Redis's own commandstats count every client of the
    # server: other test processes share it). Every command still goes to Redis.
    sent: Counter[str] = Counter()
    send = redis_py.Redis.execute_command
    me = threading.get_ident()

    def counted(self: Any, *args: Any, **options: Any) -> Any:
        if threading.get_ident() == me:
            sent[str(args[0]).split()[0].lower()] += 1
        return send(self, *args, **options)

    monkeypatch.setattr(redis_py.Redis, "execute_command", counted)

    def calls() -> dict[str, int]:
        return {name: sent[name] for name in ("eval", "evalsha", "script")}

    scope = IdempotencyScope(1, "issue_credit", unique("sha"))
    # Each script's first use in this Redis may find it unloaded (NOSCRIPT, then SCRIPT LOAD): done here.
    warm = IdempotencyScope(1, "issue_credit", unique("warm"))
    idempotency.lock_release(warm, idempotency.claim(warm)[1] or 0)
    AgentKeyRateThrottle().allow_key(AgentKey(prefix=unique("w")))
    before = calls()
    hot, token = idempotency.claim(scope)
    assert hot is None and token is not None
    idempotency.lock_release(scope, token, remember=({"outcome": {"status": "completed"}, "arguments_hash": "h"}, 60))
    assert idempotency.claim(scope) == ({"outcome": {"status": "completed"}, "arguments_hash": "h"}, None)
    key = AgentKey(prefix=unique("p"))
    throttle = AgentKeyRateThrottle()
    assert throttle.allow_key(key) and throttle.allow_key(key)
    after = calls()
    # Five scripts, by their SHA: no EVAL sending a script's text, no SCRIPT LOAD once registered.
    assert after["evalsha"] - before["evalsha"] == 5
    assert after["eval"] == before["eval"] and after["script"] == before["script"]
    # The counter counts what the cache reads, and expires with its window.
    [counter] = [k for k in redis.keys(cache.make_key(f"throttle:agent:{key.prefix}:*"))]
    assert int(redis.get(counter)) == 2 and 0 < redis.ttl(counter) <= 61
