"""A real worker (manage.py qcluster) streams audit entries to an HTTP collector, resuming at the stored cursor."""

from __future__ import annotations

import subprocess
import sys
import time
from typing import Any

import pytest
from django.utils import timezone
from django_q.models import Schedule

from audit.models import SiemCursor
from audit.siem import HttpCollector, destination_ship
from tests.audit.siem_servers import HttpCollectorServer
from tests.audit.test_siem import cursor_at_head, write_entries
from tests.live import ROOT, child_env, stop_process

pytestmark = pytest.mark.live


def test_a_real_worker_sends_what_the_last_shipper_left_and_nothing_twice(
    django_db_setup: Any, django_db_blocker: Any
) -> None:
    collector = HttpCollectorServer(token="live-siem-token")
    try:
        with django_db_blocker.unblock():
            cursor_at_head("http")
            before = write_entries(5, "shipped before the restart")
            # The shipper that ran before: it sent these and stored its cursor.
            assert destination_ship(HttpCollector(url=collector.url, token=collector.token, timeout=30)).sent == 5
            after = write_entries(6, "written while no shipper ran")
            # The schedule is due now, whatever an earlier run left as its next time.
            Schedule.objects.filter(name="audit-siem-ship").update(next_run=timezone.now())
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "qcluster"],
            cwd=ROOT,
            env=child_env(TOOLGUARD_SIEM_HTTP_URL=collector.url, TOOLGUARD_SIEM_HTTP_TOKEN=collector.token),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.monotonic() + 180
            while len(collector.entries()) < 11 and time.monotonic() < deadline:
                time.sleep(0.5)
        finally:
            stop_process(worker, grace=30)
        ids = [entry["id"] for entry in collector.entries()]
        mine = [entry.id for entry in before + after]
        # The worker may also ship entries its other tasks wrote meanwhile; they come after these.
        assert ids[:11] == mine, ids
        assert all(later > mine[-1] for later in ids[11:])
        with django_db_blocker.unblock():
            cursor = SiemCursor.objects.get(destination="http")
        assert cursor.last_id >= mine[-1] and cursor.failures == 0
    finally:
        collector.stop()
