"""Load exchange rates from a CSV: `manage.py load_rates rates.csv` (or - for standard input).

The file has a header naming `currency,as_of,rate` (and optionally `source`);
each rate is units of the reporting currency for one unit of the currency.
Every line is checked before any is stored: a bad file loads nothing, and says
why in one line that starts with a stable code (rate_not_decimal, ...), audited.

A rate within TOOLGUARD_RATE_BAND_PERCENT of its currency's last week takes
effect; any other, and a currency's first rate, waits for a second person
(`manage.py confirm_rate`, core.rate_control). `--by NAME --code 123456` names
the loader as that person, proven by their authenticator; without it the
audit log names `--actor`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.enums import ActorType
from core.rate_control import plain, rate_refusal_audit, rates_submit
from core.rates import RatesFileError, rates_parse, reporting_currency
from people.management.commands._rate_person import rate_person


class Command(BaseCommand):
    help = "Load exchange rates into the reporting currency from a CSV (currency,as_of,rate[,source])."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="the CSV file, or - for standard input")
        parser.add_argument("--actor", default="operator:load_rates", help="who the audit log names as loading them")
        parser.add_argument("--by", default="", help="the person loading them (a username), proven with --code")
        parser.add_argument("--code", default="", help="that person's current authenticator code")

    def handle(self, *args: Any, path: str, actor: str, by: str, code: str, **options: Any) -> None:
        actor_type = ActorType.SYSTEM
        if by:
            actor, actor_type = rate_person(by, code, command="load_rates")
        try:
            if path == "-":
                rows = rates_parse(sys.stdin)
            else:
                with Path(path).open(newline="", encoding="utf-8") as handle:
                    rows = rates_parse(handle)
        except OSError as exc:
            raise self._refused(actor, actor_type, path, "rates_file_unreadable", f"{path}: {exc.strerror}") from exc
        except UnicodeDecodeError as exc:
            raise self._refused(actor, actor_type, path, "rates_file_not_utf8", f"{path}: not UTF-8 text") from exc
        except RatesFileError as exc:
            detail = str(exc).removeprefix(f"{exc.code}: ")
            raise self._refused(actor, actor_type, path, exc.code, f"{path}: {detail} (nothing loaded)") from exc
        done = rates_submit(rows, actor=actor, actor_type=actor_type)
        into = f"into {reporting_currency()} (the reporting currency)"
        self.stdout.write(f"{done.created} rate(s) added, {done.updated} replaced, {into}")
        for proposal in done.pending:
            self.stdout.write(
                f"rate_pending_confirmation: {proposal.currency} {plain(proposal.rate)} from {proposal.as_of} "
                "is outside the band of its recent rates (or its currency's first); calls keep the rate in force "
                f"until a second person runs `manage.py confirm_rate {proposal.pk}` (proposal {proposal.pk})"
            )

    @staticmethod
    def _refused(actor: str, actor_type: ActorType, path: str, code: str, message: str) -> CommandError:
        rate_refusal_audit(actor=actor, actor_type=actor_type, code=code, message=message, path=path[:200])
        return CommandError(f"{code}: {message}")
