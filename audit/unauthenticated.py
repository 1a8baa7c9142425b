"""Unauthenticated requests: one audit entry per source address and minute, and a rate limit.

A bad or missing agent key, or bad Basic credentials, used to write one
entry each: three hundred bad POSTs, three hundred entries, all through the
one chain lock. Now the first request of an (address, minute) writes an
`authentication_failed` entry at once (an attack is visible in the log
immediately), the rest are counted in the cache, and the worker folds the
count into one `authentication_failed` entry per minute once the minute is
over (`details.count`; the counts of an address's entries add up to its
requests). Past TOOLGUARD_UNAUTHENTICATED_RATE requests in a minute an
address gets 429 `rate_limited` with Retry-After, still counted.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from redis.exceptions import RedisError

from audit.models import UnauthenticatedMinute
from audit.services import AuditEvent, audit_append
from core.enums import ActorType, AuditAction, AuditResult

logger = logging.getLogger(__name__)

STORE_ERRORS = (RedisError, DatabaseError, OSError)
ACTION = AuditAction.AUTHENTICATION_FAILED


def _counter_key(address: str, minute: datetime) -> str:
    return f"unauthenticated:{address}:{int(minute.timestamp())}"


def _count(key: str) -> int:
    try:
        return int(cache.incr(key))
    except ValueError:  # the minute's first request: no counter yet
        if cache.add(key, 1, timeout=600):
            return 1
        return int(cache.incr(key))


def _event(*, address: str, path: str, minute: datetime, count: int, code: str) -> AuditEvent:
    return AuditEvent(
        actor="anonymous",
        actor_type=ActorType.ANONYMOUS,
        action=ACTION,
        result=AuditResult.BLOCKED,
        details={"code": code, "remote_addr": address, "path": path, "minute": minute.isoformat(), "count": count},
    )


def unauthenticated_request_record(
    *, address: str, path: str, code: str = "unauthenticated", now: datetime | None = None
) -> float | None:
    """Count one unauthenticated request; return the seconds to wait when the address is over its rate."""
    now = now or timezone.now()
    minute = now.replace(second=0, microsecond=0)
    try:
        count = _count(_counter_key(address, minute))
    except (ValueError, *STORE_ERRORS):
        # Without a counter, fall back to one entry per request for the
        # first of the minute only (the row below dedups it) and no limit.
        logger.warning("unauthenticated-request counter unreachable; not limiting")
        count = 0
    if count <= 1:
        try:
            with transaction.atomic():
                UnauthenticatedMinute.objects.create(address=address, minute=minute, path=path[:200])
                audit_append([_event(address=address, path=path[:200], minute=minute, count=1, code=code)])
        except IntegrityError:
            pass  # this minute's entry exists already (the counter was lost in between)
    if count > settings.TOOLGUARD_UNAUTHENTICATED_RATE:
        return max((minute + timedelta(minutes=1) - now).total_seconds(), 1.0)
    return None


def unauthenticated_minutes_fold(*, now: datetime | None = None) -> int:
    """django-q2 task, every minute: fold each finished minute's remaining count into one entry each."""
    current = (now or timezone.now()).replace(second=0, microsecond=0)
    written = 0
    for pending in UnauthenticatedMinute.objects.filter(folded=False, minute__lt=current).order_by("minute")[:1000]:
        with transaction.atomic():
            # Lock the row: two workers must not fold the same minute twice.
            row = UnauthenticatedMinute.objects.select_for_update().filter(id=pending.id, folded=False).first()
            if row is None:
                continue
            try:
                total = int(cache.get(_counter_key(row.address, row.minute)) or 1)
            except STORE_ERRORS:
                logger.warning("unauthenticated-request counter unreachable; minute %s left for later", row.minute)
                continue
            if total > 1:
                # The first request already has its entry; this one carries the rest.
                audit_append(
                    [
                        _event(
                            address=row.address,
                            path=row.path,
                            minute=row.minute,
                            count=total - 1,
                            code="unauthenticated",
                        )
                    ]
                )
                written += 1
            UnauthenticatedMinute.objects.filter(id=row.id).update(folded=True)
    return written
