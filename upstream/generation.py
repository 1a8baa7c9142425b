"""A changed upstream schema takes effect in every running process, without a restart.

`manage.py tools_sync` records each new announcement an MCP upstream makes as
an `UpstreamToolVersion` row, and `manage.py tools_accept` accepts one. The
registry generation is the newest such row's id plus the number of accepted
versions: it only grows, and the database holds it, so it survives a cache flush.
The cache (Redis in production) keeps a copy that every request reads (one
GET, before the view runs); a process that sees a generation it has not
loaded lists its MCP sources again and re-registers their tools, so the next
call validates against the new schema. A cache miss reads the database.

Only processes that have MCP sources check at all; workers need no registry.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max

from upstream.mcp import mcp_source_sync, mcp_sources
from upstream.models import UpstreamToolVersion

logger = logging.getLogger(__name__)

CACHE_KEY = "upstream:tools_generation"
# After a failed reload (an upstream down), how long before a request tries again.
RETRY_SECONDS = 5.0

_lock = threading.Lock()
_loaded: int | None = None  # the generation this process's registry holds
_retry_after = 0.0


def tools_generation() -> int:
    """The newest recorded tool version's id (0 before any); cached, the database is the truth."""
    value = cache.get(CACHE_KEY)
    if value is None:
        value = tools_generation_publish()
    return int(value)


def tools_generation_publish() -> int:
    """Copy the database's generation to the cache (tools_sync calls this after recording a version)."""
    counts = UpstreamToolVersion.objects.aggregate(newest=Max("id"), accepted=Count("accepted_at"))
    value = int(counts["newest"] or 0) + int(counts["accepted"] or 0)
    cache.set(CACHE_KEY, value, timeout=None)
    return value


def registry_refresh(**_: Any) -> bool:
    """Reload the MCP tools when the generation moved since this process loaded them.

    Connected to `request_started`: the check is one cache read per request.
    The first request of a process loads once too, since a sync may have
    run between its start-up listing and now. Returns whether it reloaded.
    """
    global _loaded, _retry_after
    if not mcp_sources():
        return False
    try:
        current = tools_generation()
    except Exception:  # the cache and the database are down: keep serving what is loaded
        logger.warning("could not read the tools generation; keeping the loaded tools", exc_info=True)
        return False
    if current == _loaded or time.monotonic() < _retry_after:
        return False
    with _lock:
        if current == _loaded:
            return False
        ok = True
        for source in mcp_sources():
            try:
                mcp_source_sync(source)
            except (ConnectionError, ValueError) as exc:
                ok = False
                logger.warning("MCP upstream %s could not be listed again (%s); keeping its tools", source.url, exc)
        if ok:
            _loaded, _retry_after = current, 0.0
            logger.info("upstream tools reloaded at generation %s", current)
        else:
            _retry_after = time.monotonic() + RETRY_SECONDS
        return ok
