"""Recompute the value windows' running totals from the entries: `manage.py value_totals_check`.

The totals (core.models.ValueTotal) are moved by every transaction that
writes an entry (core/windows.py); this adds the entries up again, in Python,
and compares every bucket. It prints each bucket that differs and exits 1
when any does (0 when all agree), so it can run from cron or after a
restore. Both sides are read from one snapshot: calls may keep running.
Only the buckets a window can still read are compared (core.windows.totals_horizon):
older ones are pruned every hour. `--all` compares every bucket kept.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.windows import differences, totals_horizon


class Command(BaseCommand):
    help = "Recompute the value windows' totals from the value entries; exit 1 when any bucket differs."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--all", action="store_true", help="compare every bucket kept, pruned ones included")

    def handle(self, *args: Any, **options: Any) -> None:
        found = differences(None if options["all"] else totals_horizon())
        for difference in found:
            self.stdout.write(str(difference))
        if found:
            raise CommandError(f"value_totals_mismatch: {len(found)} bucket(s) differ from their entries")
        self.stdout.write("value_totals_ok: every bucket's totals equal its entries")
