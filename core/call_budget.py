"""An agent key's budget of calls (TOOLGUARD_AGENT_RATE), counted in fixed windows.

A counter per window costs one cache command per call, whatever the rate,
unlike a sliding log of timestamps. The REST API counts a call in the same
Redis round trip that reads its key's cached row (core.principal_cache,
agent_key_admit); other callers count it here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from core.idempotency import redis_script


@dataclass(frozen=True)
class BudgetWindow:
    """The window a call falls in: its counter's cache key, the calls it allows, when it ends."""

    cache_key: str
    limit: int
    ends_at: float
    seconds: int

    @property
    def counter_ttl(self) -> int:
        """The counter outlives its window by a second, so a call at its very end still finds it."""
        return self.seconds + 1

    def retry_after(self, now: float | None = None) -> float:
        return self.ends_at - (time.time() if now is None else now)


def budget_window(prefix: str, now: float | None = None) -> BudgetWindow:
    limit, seconds = _parse_rate(settings.TOOLGUARD_AGENT_RATE)
    window = int((time.time() if now is None else now) // seconds)
    return BudgetWindow(f"throttle:agent:{prefix}:{window}", limit, (window + 1) * seconds, seconds)


# The window's counter and its expiry in one EVALSHA: one round trip on every call,
# the window's first included (django-redis's incr sends a script's text by EVAL,
# and the first call of a window needed an add and an incr besides).
COUNT_SCRIPT = """
local calls = redis.call('incr', KEYS[1])
if calls == 1 then redis.call('expire', KEYS[1], ARGV[1]) end
return calls
"""


def call_count(window: BudgetWindow) -> int:
    """This window's count including this call: one round trip.

    Raises ValueError when the counter vanished mid-count (a flush, an
    eviction) and the cache's errors when it is unreachable.
    """
    if settings.REDIS_URL:
        # The cache stores integers as their digits, so INCR counts what cache.get reads.
        return int(redis_script(COUNT_SCRIPT)(keys=[cache.make_key(window.cache_key)], args=[window.counter_ttl]))
    try:
        return int(cache.incr(window.cache_key))
    except ValueError:  # the window's first call: no counter yet
        if cache.add(window.cache_key, 1, timeout=window.counter_ttl):
            return 1
        return int(cache.incr(window.cache_key))  # another call created it in between


def _parse_rate(rate: str) -> tuple[int, int]:
    count, _, period = rate.partition("/")
    seconds = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600}[period]
    return int(count), seconds
