"""Approvals against real servers: concurrent reviewers, a real django-q2 worker."""

from __future__ import annotations

import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import httpx
import pytest
from django.utils import timezone

from approvals.models import ApprovalRequest
from banking.models import Transfer
from tests.conftest import requires_postgres, transfer_call
from tests.live import ROOT, bearer, child_env, gunicorn, stop_process, unique

pytestmark = pytest.mark.live
PASSWORD = "correct-horse-battery"


def test_twenty_concurrent_approvals_execute_once(live_bank: Any) -> None:
    requires_postgres()
    bank, sfx, blocker = live_bank
    call = transfer_call(
        key=unique("held"), amount=2_000_000, source=f"checking{sfx}", to=f"savings{sfx}", session=unique("s")
    )
    with gunicorn(workers=4) as server:
        held = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key)).json()
        assert held["status"] == "pending_approval"
        url = f"{server.url}/api/v1/approvals/{held['approval_id']}/decision"
        reviewers = [bank.reviewer.username, bank.reviewer2.username]

        def approve(n: int) -> httpx.Response:
            return httpx.post(url, json={"decision": "approve"}, auth=(reviewers[n % 2], PASSWORD), timeout=60)

        with ThreadPoolExecutor(max_workers=20) as pool:
            responses = list(pool.map(approve, range(20)))
        retry = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key)).json()
    codes = [r.status_code for r in responses]
    assert all(code < 500 for code in codes), codes
    assert codes.count(200) == 1, codes
    assert set(codes) <= {200, 409}
    assert retry["status"] == "completed" and retry["replayed"] is True
    with blocker.unblock():
        assert bank.balance(f"checking{sfx}") == 3_000_000
        assert Transfer.objects.filter(session_id=call["session_id"], status="completed").count() == 1


def test_a_real_worker_expires_what_nobody_decides(live_bank: Any) -> None:
    bank, sfx, blocker = live_bank
    call = transfer_call(
        key=unique("late"), amount=2_000_000, source=f"checking{sfx}", to=f"savings{sfx}", session=unique("s")
    )
    ttl = {"TOOLGUARD_APPROVAL_TTL_SECONDS": "2"}
    with gunicorn(workers=2, env=ttl) as server:
        held = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key)).json()
        assert held["status"] == "pending_approval"
        with blocker.unblock():
            from django_q.models import Schedule

            # The sweep is due now, whatever an earlier run left as its next time.
            Schedule.objects.filter(name="expire-overdue-approvals").update(next_run=timezone.now())
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "qcluster"],
            cwd=ROOT,
            env=child_env(**ttl),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            status = "pending"
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline and status == "pending":
                time.sleep(1)
                with blocker.unblock():
                    status = ApprovalRequest.objects.get(id=held["approval_id"]).status
        finally:
            stop_process(worker, grace=30)
        assert status == "expired"
        retry = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key)).json()
        assert retry["status"] == "expired" and retry["replayed"] is True
        late = httpx.post(
            f"{server.url}/api/v1/approvals/{held['approval_id']}/decision",
            json={"decision": "approve"},
            auth=(bank.reviewer.username, PASSWORD),
        )
        assert late.status_code == 409 and late.json()["error"]["details"]["status"] == "expired"
    with blocker.unblock():
        assert bank.balance(f"checking{sfx}") == 5_000_000
        assert ApprovalRequest.objects.get(id=held["approval_id"]).expires_at < timezone.now() - timedelta(seconds=0)
