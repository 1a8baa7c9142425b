"""Recompute the value windows' running totals from the entries: `manage.py check_windows`.

The totals (core.models.ValueTotal) are kept by triggers on the entries'
table (core/windows.py); this adds the entries up again, in Python, and
compares every bucket. It prints each bucket that differs and exits non-zero
when any does, so it can run from cron or after a restore. Both sides are
read from one snapshot: calls may keep running meanwhile.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.windows import differences


class Command(BaseCommand):
    help = "Recompute the value windows' totals from the value entries; exit non-zero when any bucket differs."

    def handle(self, *args: Any, **options: Any) -> None:
        found = differences()
        for difference in found:
            self.stdout.write(str(difference))
        if found:
            raise CommandError(f"windows_mismatch: {len(found)} bucket(s) differ from their entries")
        self.stdout.write("windows_ok: every bucket's totals equal its entries")
