"""Operational endpoints: health, readiness, metrics."""

from __future__ import annotations

import hmac

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST

from audit.keys import signing_key_problem
from core.idempotency import STORE_ERRORS
from core.metrics import metrics_exposition
from core.replica import REPLICA, read_source
from toolguard.signing import unsigned_notice


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """The process is up; says nothing about its dependencies."""
    return JsonResponse({"status": "ok"})


@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    """Ready to serve: the database answers, and so does the idempotency store."""
    checks: dict[str, str] = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        checks["database"] = "ok"
    except Exception as exc:  # noqa: BLE001 - any failure means not ready
        checks["database"] = f"error: {type(exc).__name__}"
    try:
        cache.set("readyz", "1", timeout=5)
        checks["cache"] = "ok" if cache.get("readyz") == "1" else "error: no read-back"
    except STORE_ERRORS as exc:
        checks["cache"] = f"error: {type(exc).__name__}"
    checks["cache_backend"] = "redis" if settings.REDIS_URL else "database"
    if REPLICA in settings.DATABASES:
        # Informational: without the standby, compliance reads fall back to the primary.
        source = read_source()
        checks["replica"] = "ok" if source.is_replica else f"error: {source.fallback_reason}"
    # Informational, as the replica: the node serves, but nothing it logs can be verified offline.
    checks["audit_signing"] = f"error: {notice}" if (notice := unsigned_notice()) else _audit_key_state()
    ready = checks["database"] == "ok" and checks["cache"] == "ok"
    if not ready:
        # The next request must reconnect (to a new primary after a failover),
        # not reuse the connection that just failed.
        connection.close_if_unusable_or_obsolete()
    # Degraded (503): the balancer sends this node nothing until it is ok again.
    return JsonResponse({"status": "ok" if ready else "degraded", "checks": checks}, status=200 if ready else 503)


def _audit_key_state() -> str:
    """ "ok" while the configured key is the log's current signing key; else why nothing is being signed."""
    try:
        # A key rotated out (or never the log's): checkpoints stop until the new key is configured.
        problem = signing_key_problem()
    except Exception as exc:  # noqa: BLE001 - an unreadable key file, or the database failure named above
        return f"error: {type(exc).__name__}: {exc}"
    return f"error: {problem}" if problem else "ok"


@require_GET
def metrics_view(request: HttpRequest) -> HttpResponse:
    """Prometheus scrape: with TOOLGUARD_METRICS_TOKEN set, a bearer token is
    required; without it, only scrapers on this machine are answered."""
    token = settings.TOOLGUARD_METRICS_TOKEN
    if token:
        given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        if not hmac.compare_digest(given.encode(), token.encode()):
            return JsonResponse({"error": {"code": "unauthenticated", "message": "metrics token required"}}, status=401)
    elif request.META.get("REMOTE_ADDR") not in ("127.0.0.1", "::1"):
        return JsonResponse({"error": {"code": "forbidden", "message": "set TOOLGUARD_METRICS_TOKEN"}}, status=403)
    return HttpResponse(metrics_exposition(), content_type=CONTENT_TYPE_LATEST)
