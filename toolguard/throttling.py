"""Rate limits per agent key on the API (sign-in limits: toolguard/signin.py)."""

from __future__ import annotations

import logging
from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from core.agents import AgentPrincipal
from core.call_budget import BudgetWindow, budget_window, call_count
from core.idempotency import STORE_ERRORS
from core.models import AgentKey

logger = logging.getLogger(__name__)


class AgentKeyRateThrottle(BaseThrottle):
    """Calls per agent key in fixed windows (core/call_budget.py); a runaway agent loop gets 429 with Retry-After."""

    def __init__(self) -> None:
        self.retry_after: float | None = None

    def allow_request(self, request: Request, view: Any) -> bool:
        if not isinstance(request.auth, AgentKey):
            return True
        principal = request.user
        if isinstance(principal, AgentPrincipal) and principal.admission.budget is not None:
            # Counted by the authentication, in the round trip that read the key's row.
            return self.allow_counted(*principal.admission.budget)
        return self.allow_key(request.auth)

    def allow_key(self, agent_key: AgentKey) -> bool:
        """The same budget for an endpoint outside DRF (the MCP one), which has the key but no Request."""
        window = budget_window(agent_key.prefix)
        try:
            calls = call_count(window)
        except (ValueError, *STORE_ERRORS):  # ValueError: the counter vanished mid-count (flush, eviction)
            # The limiter is a courtesy; the idempotency layer fails closed on
            # its own, so a cache outage must not turn every call into a 500.
            logger.warning("rate limiter store unreachable; not limiting")
            return True
        return self.allow_counted(window, calls)

    def allow_counted(self, window: BudgetWindow, calls: int) -> bool:
        """The decision for a call already counted (with its key's row: core/principal_cache.py)."""
        if calls <= window.limit:
            return True
        self.retry_after = window.retry_after()
        return False

    def wait(self) -> float | None:
        return self.retry_after
