"""Load exchange rates from a CSV: `manage.py load_rates rates.csv` (or - for standard input).

The file has a header naming `currency,as_of,rate` (and optionally `source`);
each rate is units of the reporting currency for one unit of the currency.
Every line is checked before any is stored: a bad file loads nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.rates import RatesFileError, rates_load, rates_parse, reporting_currency


class Command(BaseCommand):
    help = "Load exchange rates into the reporting currency from a CSV (currency,as_of,rate[,source])."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="the CSV file, or - for standard input")
        parser.add_argument("--actor", default="operator:load_rates", help="who the audit log names as loading them")

    def handle(self, *args: Any, path: str, actor: str, **options: Any) -> None:
        try:
            if path == "-":
                rows = rates_parse(sys.stdin)
            else:
                with Path(path).open(newline="", encoding="utf-8") as handle:
                    rows = rates_parse(handle)
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror}") from exc
        except UnicodeDecodeError as exc:
            raise CommandError(f"{path}: not UTF-8 text") from exc
        except RatesFileError as exc:
            raise CommandError(f"{path}: {exc} (nothing loaded)") from exc
        created, updated = rates_load(rows, actor=actor, actor_type="system")
        self.stdout.write(
            f"{created} rate(s) added, {updated} replaced, into {reporting_currency()} (the reporting currency)"
        )
