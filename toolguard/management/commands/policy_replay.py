import json
from pathlib import Path
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError

from toolguard.pipeline.replay import ReplayInputError, policy_replay, since_parse


class Command(BaseCommand):
    help = "Re-evaluate recorded tool calls under a draft catalog: which would newly be held, denied or let through."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--catalog", required=True, action="append", help="draft catalog YAML (repeatable; later files win)"
        )
        parser.add_argument("--since", default="7d", help="how far back: 7d, 24h, 30m or an ISO date-time")
        parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            since = since_parse(options["since"])
            report = policy_replay(catalogs=[Path(p) for p in options["catalog"]], since=since)
        except (ReplayInputError, ImproperlyConfigured) as exc:
            raise CommandError(str(exc)) from exc
        if options["json"]:
            self.stdout.write(json.dumps(report.as_json()))
            return
        self.stdout.write(
            f"{report.calls} recorded calls since {report.since:%Y-%m-%d %H:%M} UTC; "
            f"{len(report.changes)} would change; {report.skipped} skipped"
        )
        if report.apart:
            apart = "; ".join(f"{count} {reason}" for reason, count in sorted(report.apart.items()))
            self.stdout.write(f"not policy outcomes, never counted as changes: {apart}")
        rows = report.rows()
        if not rows:
            self.stdout.write("no call would be treated differently")
            return
        header = ("tool", "rule", "newly held", "newly denied", "newly through")
        table = [header] + [
            (r["tool"], r["rule"], str(r["newly_held"]), str(r["newly_denied"]), str(r["newly_through"])) for r in rows
        ]
        widths = [max(len(row[i]) for row in table) for i in range(len(header))]
        for row in table:
            self.stdout.write("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
