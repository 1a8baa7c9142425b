"""One tree integrator for the deployment (issue 40), against gunicorn on PostgreSQL.

Every web worker used to integrate the Merkle tree from a timer of its own,
each round opening and closing a database connection (about four a second on
four workers). Now gunicorn's master runs one integrator beside its workers:
while calls arrive the workers open no connection, and the tree and its
signed checkpoints still follow the log within the MMD.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from django.db import connection

from audit import tree
from audit.models import AuditEntry
from tests.conftest import Bank
from tests.live import bearer, gunicorn, shared_audit_keys

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres, pytest.mark.needs_redis]


def sessions_opened() -> int:
    """How many connections the test database has ever had (pg_stat_database.sessions)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return int(cursor.fetchone()[0])


def sessions() -> list[tuple[int, str, Any]]:
    """The other connections to the test database: (pid, application_name, backend_start)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, application_name, backend_start FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return list(cursor.fetchall())


def test_web_workers_leave_the_tree_to_one_integrator_and_open_no_connection_for_it(
    live_bank: tuple[Bank, str, Any], tmp_path: Path
) -> None:
    bank, sfx, blocker = live_bank
    private, public = shared_audit_keys()
    env = {
        "TOOLGUARD_AUDIT_SIGNING_KEY": str(private),
        "TOOLGUARD_AUDIT_PUBLIC_KEY": str(public),
        "TOOLGUARD_AUDIT_MMD_SECONDS": "1",
    }
    # Other live servers of this test database may run integrators of their own (one without a
    # signing key stands by under its own lock): this server's are the ones that were not there before.
    with blocker.unblock():
        others = {pid for pid, name, _ in sessions() if name == tree.APPLICATION_NAME}
    with gunicorn(workers=2, env=env) as server, httpx.Client(base_url=server.url, timeout=60) as client:

        def check(n: int) -> int:
            call = {"id": f"c{n}", "name": "check_balance", "arguments": {"account_id": f"checking{sfx}"}}
            answer = client.post("/api/v1/tool-calls", json={**call, "session_id": "s"}, headers=bearer(bank.alice_key))
            assert answer.status_code == 200, answer.text
            return int(answer.json()["audit"]["entry_id"])

        for n in range(6):  # each worker has its connection now
            check(n)
        with blocker.unblock():
            opened_before = sessions_opened()
        last = 0
        deadline = time.monotonic() + 3
        n = 6
        while time.monotonic() < deadline:
            last = check(n)
            n += 1
        with blocker.unblock():
            opened = sessions_opened() - opened_before
            now = sessions()
            covered = AuditEntry.objects.filter(id__lte=last).count()
            # Signed by the integrator alone. How soon (the MMD) is bench/audit.py's figure:
            # on a loaded host the round may come late, so the test waits for it, generously.
            deadline = time.monotonic() + 90
            latest = tree.checkpoint_latest()
            while (latest is None or latest.size < covered) and time.monotonic() < deadline:
                time.sleep(0.2)
                latest = tree.checkpoint_latest()
    # No connection was opened while the calls came (the timers opened one a round, per worker).
    # At most each web worker's own first connection (keep-alive may have sent every warm-up
    # call to one worker); the timers opened one a round, per worker (about 12 in 3 s).
    assert opened <= 2, opened
    # This server's integrator.
    assert [pid for pid, name, _ in now if name == tree.APPLICATION_NAME and pid not in others]
    assert latest is not None and latest.size >= covered, (latest, covered)
    # The server gone, its integrator went with it.
    with blocker.unblock():

        def its_integrators() -> list[int]:
            return [pid for pid, name, _ in sessions() if name == tree.APPLICATION_NAME and pid not in others]

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and its_integrators():
            time.sleep(0.2)
        assert not its_integrators()
