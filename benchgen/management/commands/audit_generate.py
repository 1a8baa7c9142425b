import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from benchgen.generate import MIXES, audit_generate


class Command(BaseCommand):
    help = (
        "Append N synthetic entries (a realistic mix over the last 30 days) to the audit chain through its one "
        "insert: benchmarks only (installed with TOOLGUARD_BENCH_APPS=1)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--entries", type=int, required=True, help="how many entries to append")
        parser.add_argument("--days", type=int, default=30, help="spread the timestamps over this many days")
        parser.add_argument("--seed", type=int, default=7, help="random seed, for repeatable data")
        parser.add_argument(
            "--mix", choices=MIXES, default="skewed", help="skewed: a few agents write most entries (default)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["entries"] < 1:
            raise CommandError("--entries must be at least 1")
        started = time.perf_counter()
        written = audit_generate(options["entries"], days=options["days"], seed=options["seed"], mix=options["mix"])
        elapsed = time.perf_counter() - started
        self.stdout.write(f"appended {written} audit entries in {elapsed:.1f}s ({written / elapsed:,.0f} entries/s)")
