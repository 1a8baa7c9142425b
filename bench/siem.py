"""Audit entries to a SIEM: how fast the worker drains a backlog to Debian's rsyslogd and to an HTTP collector.

Creates a PostgreSQL database of its own (toolguard_bench_siem, dropped and
re-created), migrates it, appends `--entries` entries through the one chain
insert, then for each destination and batch size sends the whole backlog
from a cursor at the start (audit.siem.destination_ship, as the worker
does) and measures entries/s until the collector has every entry. The
collectors are the tests' own (tests/audit/siem_servers.py): rsyslogd with
direct queues writing each parsed message to a file, and the small HTTP
collector. Prints one JSON object; progress goes to stderr.

    .venv/bin/python bench/siem.py [--entries 20000] [--batches 100,500,2000]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import ROOT, log, machine, manage, postgres_recreate

DATABASE = "toolguard_bench_siem"


def line_count(path: Path) -> int:
    return len(path.read_bytes().splitlines()) if path.exists() else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--batches", default="100,500,2000")
    args = parser.parse_args()
    batches = [int(size) for size in args.batches.split(",")]

    os.environ["DATABASE_URL"] = postgres_recreate(DATABASE)
    os.environ.pop("REDIS_URL", None)  # the database cache: this bench measures no Redis
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toolguard.settings")
    log(f"migrating {DATABASE}")
    manage("migrate", "--no-input", env=os.environ)
    os.chdir(ROOT)
    import django

    django.setup()
    from django.conf import settings

    from audit.models import SiemCursor
    from audit.services import audit_append
    from audit.siem import HttpCollector, SyslogCollector, destination_ship
    from core.enums import ActorType, AuditAction, AuditResult
    from core.events import AuditEvent
    from tests.audit.siem_servers import HttpCollectorServer, Rsyslog

    log(f"appending {args.entries} entries")
    started = time.perf_counter()
    for start in range(0, args.entries, 500):
        audit_append(
            [
                AuditEvent(
                    actor="agent:bench:0123456789ab",
                    actor_type=ActorType.AGENT,
                    action=AuditAction.TOOL_CALL_RECEIVED,
                    result=AuditResult.SUCCESS,
                    customer="bench",
                    tool="transfer_funds",
                    session_id=f"s{number // 50}",
                    details={"n": number, "memo": "monthly rent, flat 3"},
                )
                for number in range(start, min(start + 500, args.entries))
            ]
        )
    log(f"appended in {time.perf_counter() - started:.1f}s")

    rsyslog, http = Rsyslog(), HttpCollectorServer(token="bench-token")
    results: dict[str, Any] = {"entries": args.entries, "machine": machine(), "syslog": {}, "http": {}}
    try:
        for size in batches:
            settings.TOOLGUARD_SIEM_BATCH = size
            for name, collector, received in (
                ("syslog", SyslogCollector(host="127.0.0.1", port=rsyslog.port, timeout=60), rsyslog.received),
                ("http", HttpCollector(url=http.url, token=http.token, timeout=60), http.received),
            ):
                SiemCursor.objects.update_or_create(
                    destination=name,
                    defaults={"last_id": 0, "last_hash": "", "previous_id": 0, "previous_hash": "", "failures": 0},
                )
                before = line_count(received)  # rsyslogd keeps its file open: count, never remove
                started = time.perf_counter()
                report = destination_ship(collector, budget_seconds=3600)
                elapsed = time.perf_counter() - started
                lines = line_count(received) - before
                assert (report.outcome, report.sent, lines) == ("caught_up", args.entries, args.entries), (
                    report,
                    lines,
                )
                results[name][f"batch_{size}"] = {
                    "seconds": round(elapsed, 2),
                    "entries_per_s": round(args.entries / elapsed),
                }
                log(f"{name} batch {size}: {args.entries / elapsed:.0f} entries/s")
    finally:
        rsyslog.stop()
        http.stop()
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
