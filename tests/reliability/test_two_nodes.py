"""Two app servers and two workers on one PostgreSQL and Redis."""

from __future__ import annotations

import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from django.utils import timezone

from approvals.models import ApprovalRequest
from audit.models import AuditEntry
from banking.models import Transfer
from tests.conftest import make_bank, requires_postgres, requires_redis, transfer_call
from tests.live import ROOT, bearer, child_env, gunicorn, stop_process, unique

pytestmark = pytest.mark.live


def test_two_servers_execute_once_and_two_workers_expire_once(django_db_setup: Any, django_db_blocker: Any) -> None:
    requires_postgres()
    requires_redis()
    sfx = unique("-")
    with django_db_blocker.unblock():
        bank = make_bank(sfx)
    ttl = {"TOOLGUARD_APPROVAL_TTL_SECONDS": "2"}
    with gunicorn(workers=2, env=ttl) as one, gunicorn(workers=2, env=ttl) as two:
        servers = [one.url, two.url]
        call = transfer_call(
            key=unique("twice"), amount=321, source=f"checking{sfx}", to=f"savings{sfx}", session=unique("s")
        )

        def fire(n: int) -> httpx.Response:
            return httpx.post(
                f"{servers[n % 2]}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key), timeout=30
            )

        with ThreadPoolExecutor(max_workers=30) as pool:
            responses = list(pool.map(fire, range(30)))
        assert {r.status_code for r in responses} <= {200, 409}
        assert len({r.json()["result"]["transfer_id"] for r in responses if r.status_code == 200}) == 1

        session = unique("held")
        held = [
            fire_held(
                servers[n % 2],
                bank.alice_key,
                transfer_call(
                    key=unique("h"), amount=2_000_000, source=f"checking{sfx}", to=f"savings{sfx}", session=session
                ),
            )
            for n in range(6)
        ]
    with django_db_blocker.unblock():
        assert Transfer.objects.filter(session_id=call["session_id"]).count() == 1
        from django_q.models import Schedule

        Schedule.objects.filter(name="expire-overdue-approvals").update(next_run=timezone.now())
    workers = [
        subprocess.Popen(
            [sys.executable, "manage.py", "qcluster"],
            cwd=ROOT,
            env=child_env(**ttl),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(2)
    ]
    try:
        deadline = time.monotonic() + 100
        pending = len(held)
        while pending and time.monotonic() < deadline:
            time.sleep(1)
            with django_db_blocker.unblock():
                pending = ApprovalRequest.objects.filter(id__in=held, status="pending").count()
    finally:
        for worker in workers:
            stop_process(worker, grace=30)
    assert pending == 0
    with django_db_blocker.unblock():
        for approval_id in held:
            assert AuditEntry.objects.filter(action="approval_expired", approval_id=approval_id).count() == 1


def fire_held(server: str, key: str, call: dict[str, Any]) -> str:
    response = httpx.post(f"{server}/api/v1/tool-calls", json=call, headers=bearer(key), timeout=30)
    assert response.status_code == 202, response.text
    return str(response.json()["approval_id"])
