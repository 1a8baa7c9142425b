"""Unauthenticated requests: one audit entry per source address and minute with a count, and a rate limit."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import httpx
import pytest
from django.utils import timezone

from audit.models import AuditEntry
from audit.unauthenticated import unauthenticated_minutes_fold, unauthenticated_request_record
from tests.live import gunicorn


def source_address() -> str:
    """A loopback address of this test's own (all of 127/8 is the host), so no other test's requests count."""
    raw = uuid.uuid4().bytes
    return f"127.{raw[0]}.{raw[1]}.{raw[2] % 250 + 2}"


def entries_from(address: str) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action="authentication_failed", details__remote_addr=address))


@pytest.mark.live
def test_three_hundred_bad_key_posts_make_a_handful_of_entries_that_count_them_all(django_db_blocker: Any) -> None:
    address = source_address()
    started = timezone.now()
    body = {"id": "c1", "name": "check_balance", "arguments": {"account_id": "a"}, "session_id": "s"}
    statuses: dict[int, int] = {}
    with (
        gunicorn(workers=1, env={"TOOLGUARD_UNAUTHENTICATED_RATE": "100"}) as server,
        httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=30) as client,
    ):
        for n in range(300):
            key = "tg_000000000000_" + uuid.uuid4().hex if n % 2 else ""
            headers = {"Authorization": f"Bearer {key}"} if key else {}
            response = client.post(f"{server.url}/api/v1/tool-calls", json=body, headers=headers)
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
            if response.status_code == 429:
                assert response.json()["error"]["code"] == "rate_limited"
                assert 1 <= int(response.headers["Retry-After"]) <= 60
            else:
                assert response.status_code == 401 and response.json()["error"]["code"] == "unauthenticated"
    minutes = int((timezone.now() - started).total_seconds() // 60) + 2  # the run may straddle a minute
    assert statuses[401] >= 100 and statuses[401] <= 100 * minutes and statuses.get(429, 0) >= 300 - 100 * minutes
    # Committed data, as the worker sees it (no test transaction: it would hold SQLite's write lock).
    with django_db_blocker.unblock():
        # Written at once: the first request of each minute.
        assert 1 <= len(entries_from(address)) <= minutes
        # The worker folds each finished minute's remaining count into one entry.
        unauthenticated_minutes_fold(now=timezone.now() + timedelta(minutes=1))
        entries = entries_from(address)
    assert len(entries) <= 2 * minutes
    assert sum(entry.details["count"] for entry in entries) == 300
    assert {entry.actor_type for entry in entries} == {"anonymous"}


@pytest.mark.django_db
def test_a_minute_is_folded_once() -> None:
    address, now = source_address(), timezone.now()
    for _ in range(5):
        unauthenticated_request_record(address=address, path="/api/v1/audit", now=now)
    later = now + timedelta(minutes=1)
    unauthenticated_minutes_fold(now=later)
    unauthenticated_minutes_fold(now=later)
    assert sorted(entry.details["count"] for entry in entries_from(address)) == [1, 4]


@pytest.mark.django_db
def test_bad_basic_credentials_are_counted_and_limited(settings: Any) -> None:
    from rest_framework.test import APIClient

    settings.TOOLGUARD_UNAUTHENTICATED_RATE = 3
    address = source_address()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Basic bm9ib2R5Ondyb25n")  # nobody:wrong
    codes = [client.get("/api/v1/audit", REMOTE_ADDR=address).status_code for _ in range(5)]
    assert codes == [401, 401, 401, 429, 429]
    [entry] = entries_from(address)
    assert entry.details["path"] == "/api/v1/audit" and entry.details["count"] == 1
