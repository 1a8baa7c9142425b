"""SIEM in near real time: the process that commits an entry ships it, seconds later, with no worker running.

The bound a collector sees (TOOLGUARD_SIEM_SHIP_DELAY_MS after the commit,
plus one batch) is asserted through its mechanism: no worker or schedule
runs in these tests, so whatever arrives was shipped because it committed.
The waits are generous (a loaded machine); the measured delay is printed.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from django.utils import timezone

from audit import siem
from audit.models import AuditEntry, SiemCursor
from tests.audit.siem_servers import HttpCollectorServer
from tests.audit.test_siem import cursor_at_head, write_entries
from tests.conftest import make_bank, transfer_call
from tests.live import bearer, gunicorn, unique

pytestmark = pytest.mark.live

GENEROUS = 60.0


def wait_for(collector: HttpCollectorServer, ids: list[int]) -> list[dict[str, Any]]:
    deadline = time.monotonic() + GENEROUS
    while time.monotonic() < deadline:
        received = collector.entries()
        if {entry["id"] for entry in received} >= set(ids):
            return received
        time.sleep(0.05)
    return collector.entries()


def test_a_commit_ships_its_entries_in_id_order_once_without_the_worker(
    django_db_setup: Any, django_db_blocker: Any, settings: Any
) -> None:
    collector = HttpCollectorServer(token="realtime-token")
    settings.TOOLGUARD_SIEM_HTTP_URL, settings.TOOLGUARD_SIEM_HTTP_TOKEN = collector.url, collector.token
    with django_db_blocker.unblock():
        try:
            cursor_at_head("http")
            rounds = siem.rounds_after_commit
            # Three commits in a row: the first arms this process's timer, the others ride its round or the next.
            entries = write_entries(2, "first") + write_entries(3, "second") + write_entries(1, "third")
            committed = timezone.now()
            ids = [entry.id for entry in entries]
            received = wait_for(collector, ids)
            arrived = timezone.now()
            got = [entry["id"] for entry in received]
            assert got == ids, got  # every one, in id order, once
            assert siem.rounds_after_commit > rounds  # shipped because they committed
            # The collector has the batch before the shipper commits the cursor that says so.
            deadline = time.monotonic() + GENEROUS
            while SiemCursor.objects.get(destination="http").last_id < ids[-1] and time.monotonic() < deadline:
                time.sleep(0.05)
            cursor = SiemCursor.objects.get(destination="http")
            assert cursor.last_id == ids[-1] and cursor.failures == 0
            print(
                f"SIEM: {len(ids)} entries at the collector {(arrived - committed).total_seconds():.2f}s after commit"
            )
            # The worker's minute schedule never ran here: the cursor moved within the round's bound.
            assert cursor.last_sent_at is not None
            assert (cursor.last_sent_at - entries[-1].timestamp).total_seconds() < 5 + GENEROUS
        finally:
            # A round still running needs the database: it ends before the blocker is back.
            siem.timer_stop()
            collector.stop()


def test_a_guarded_call_reaches_the_collector_from_the_app_server_alone(
    django_db_setup: Any, django_db_blocker: Any
) -> None:
    sfx = unique("-")
    collector = HttpCollectorServer(token="realtime-app-token")
    try:
        with django_db_blocker.unblock():
            bank = make_bank(sfx)
            cursor_at_head("http")
            before = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0
        env = {"TOOLGUARD_SIEM_HTTP_URL": collector.url, "TOOLGUARD_SIEM_HTTP_TOKEN": collector.token}
        # gunicorn only: no qcluster, so no schedule can ship anything.
        with gunicorn(workers=2, env=env) as server:
            answer = httpx.post(
                f"{server.url}/api/v1/tool-calls",
                json=transfer_call(key=unique("siem"), amount=10, source=f"checking{sfx}", to=f"savings{sfx}"),
                headers=bearer(bank.alice_key),
                timeout=30,
            )
            assert answer.status_code == 200, answer.text
            with django_db_blocker.unblock():
                written = list(AuditEntry.objects.filter(id__gt=before).order_by("id").values_list("id", flat=True))
            assert written
            received = wait_for(collector, written)
        got = [entry["id"] for entry in received]
        assert got[: len(written)] == written, (got, written)
        assert len(got) == len(set(got))  # nothing twice
    finally:
        collector.stop()
