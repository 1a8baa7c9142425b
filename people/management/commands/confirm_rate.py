"""Confirm (or withdraw) a rate waiting for a second person: `manage.py confirm_rate 12 --by NAME --code 123456`.

A rate outside TOOLGUARD_RATE_BAND_PERCENT of its currency's recent rates, or
a currency's first, takes effect only when someone other than the person who
loaded it confirms it (core.rate_control). The confirmer is a person who may
keep rates, proven by their authenticator's current code; they cannot be the
loader. `--list` shows what waits. Every confirmation and refusal is audited.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.models import RateProposal
from core.rate_control import RateControlError, plain, rate_confirm, rate_withdraw
from people.management.commands._rate_person import rate_person


class Command(BaseCommand):
    help = "Confirm a pending exchange rate as a second person (or --withdraw it; --list what waits)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("proposal", nargs="?", type=int, help="the proposal's number, as load_rates printed it")
        parser.add_argument("--by", default="", help="the confirming person (a username), not the one who loaded it")
        parser.add_argument("--code", default="", help="that person's current authenticator code")
        parser.add_argument("--withdraw", action="store_true", help="drop the proposal instead of confirming it")
        parser.add_argument("--list", action="store_true", help="list the rates waiting for confirmation")

    def handle(self, *args: Any, proposal: int | None, by: str, code: str, withdraw: bool, **options: Any) -> None:
        if options["list"]:
            for waiting in RateProposal.objects.filter(status=RateProposal.Status.PENDING).order_by("id"):
                self.stdout.write(
                    f"{waiting.pk}\t{waiting.currency}\t{waiting.as_of}\t{plain(waiting.rate)}\t"
                    f"was {'none (first rate)' if waiting.reference_rate is None else plain(waiting.reference_rate)}\t"
                    f"by {waiting.proposed_by}"
                )
            return
        if proposal is None or not by:
            raise CommandError("rate_confirm_usage: name the proposal and --by the confirming person (with --code)")
        actor, actor_type = rate_person(by, code, command="confirm_rate")
        try:
            if withdraw:
                done = rate_withdraw(proposal, actor=actor, actor_type=actor_type)
            else:
                done = rate_confirm(proposal, actor=actor, actor_type=actor_type)
        except RateControlError as exc:
            raise CommandError(f"{exc.code}: {exc}") from exc
        verb = "withdrawn" if withdraw else "confirmed, in force"
        self.stdout.write(
            f"{done.currency} {plain(done.rate)} from {done.as_of} {verb} (proposal {done.pk}, by {actor})"
        )
