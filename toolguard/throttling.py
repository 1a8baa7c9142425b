"""Rate limits per agent key on the API (sign-in limits: toolguard/signin.py)."""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from core.idempotency import STORE_ERRORS, redis_script
from core.models import AgentKey

logger = logging.getLogger(__name__)


class AgentKeyRateThrottle(BaseThrottle):
    """Calls per agent key in fixed windows; a runaway agent loop gets 429 with Retry-After.

    A counter per window costs one cache round trip per call, whatever the
    rate, unlike a sliding log of timestamps.
    """

    def __init__(self) -> None:
        self.retry_after: float | None = None

    def allow_request(self, request: Request, view: Any) -> bool:
        if not isinstance(request.auth, AgentKey):
            return True
        return self.allow_key(request.auth)

    def allow_key(self, agent_key: AgentKey) -> bool:
        """The same budget for an endpoint outside DRF (the MCP one), which has the key but no Request."""
        count, per = _parse_rate(settings.TOOLGUARD_AGENT_RATE)
        now = time.time()
        window = int(now // per)
        key = f"throttle:agent:{agent_key.prefix}:{window}"
        try:
            calls = _count_call(key, timeout=per + 1)
        except (ValueError, *STORE_ERRORS):  # ValueError: the counter vanished mid-count (flush, eviction)
            # The limiter is a courtesy; the idempotency layer fails closed on
            # its own, so a cache outage must not turn every call into a 500.
            logger.warning("rate limiter store unreachable; not limiting")
            return True
        if calls <= count:
            return True
        self.retry_after = (window + 1) * per - now
        return False

    def wait(self) -> float | None:
        return self.retry_after


# The window's counter and its expiry in one EVALSHA: one round trip on every call,
# the window's first included (django-redis's incr sends a script's text by EVAL,
# and the first call of a window needed an add and an incr besides).
_COUNT_SCRIPT = """
local calls = redis.call('incr', KEYS[1])
if calls == 1 then redis.call('expire', KEYS[1], ARGV[1]) end
return calls
"""


def _count_call(key: str, *, timeout: int) -> int:
    """This window's count including this call: one round trip."""
    if settings.REDIS_URL:
        # The cache stores integers as their digits, so INCR counts what cache.get reads.
        return int(redis_script(_COUNT_SCRIPT)(keys=[cache.make_key(key)], args=[timeout]))
    try:
        return int(cache.incr(key))
    except ValueError:  # the window's first call: no counter yet
        if cache.add(key, 1, timeout=timeout):
            return 1
        return int(cache.incr(key))  # another call created it in between


def _parse_rate(rate: str) -> tuple[int, int]:
    count, _, period = rate.partition("/")
    seconds = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600}[period]
    return int(count), seconds
