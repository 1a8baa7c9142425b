"""Rates under dual control over HTTP against gunicorn on PostgreSQL + Redis (issue 36).

The finding: `load_rates EUR,<today>,0.0000000001` was accepted and large euro
calls then completed with no hold. Now the tiny rate waits for a second
person: a €20,000 transfer is still valued at today's 1.08 ($21,600) and held
as before; the loader cannot confirm it; once another person confirms, the
new rate is what values the next call.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import httpx
import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.utils import timezone

from banking.models import Account
from core.models import ExchangeRate, RateProposal, ValueEntry
from tests.conftest import BANK_RATES, fresh_factor_code, transfer_call
from tests.live import Gunicorn, bearer, unique

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres, pytest.mark.needs_redis]


def euro_transfer(server: Gunicorn, bank: Any, pair: tuple[str, str], cents: int) -> tuple[dict[str, Any], int | None]:
    call = transfer_call(key=unique("k"), amount=cents, source=pair[0], to=pair[1], currency="EUR", session=unique("s"))
    response = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key), timeout=60)
    answer = {"http": response.status_code, **response.json()}
    entry = ValueEntry.objects.filter(customer=bank.alice).order_by("-id").first()
    return answer, None if entry is None else entry.reporting_cents


def test_one_persons_tiny_rate_moves_nothing_until_a_second_confirms_it(
    server: Gunicorn, live_bank: Any, tmp_path: Path
) -> None:
    bank, sfx, blocker = live_bank
    today = timezone.localdate()
    with blocker.unblock():
        pair = (f"eur-a{sfx}", f"eur-b{sfx}")
        Account.objects.create(number=pair[0], customer=bank.alice, currency="EUR", balance_cents=10**9)
        Account.objects.create(number=pair[1], customer=bank.alice, currency="EUR", balance_cents=0)
        ann = User.objects.create_superuser(unique("ann"), "ann@bank.example", "pw-ann-long-enough")
        ben = User.objects.create_superuser(unique("ben"), "ben@bank.example", "pw-ben-long-enough")
    try:
        with blocker.unblock():
            path = tmp_path / "rates.csv"
            path.write_text(f"currency,as_of,rate\nEUR,{today.isoformat()},0.0000000001\n")
            out = io.StringIO()
            call_command("load_rates", str(path), "--by", ann.username, "--code", fresh_factor_code(ann), stdout=out)
            assert "rate_pending_confirmation" in out.getvalue()
            proposal = RateProposal.objects.get(currency="EUR", as_of=today, status="pending")
        answer, valued = euro_transfer(server, bank, pair, 2_000_000)
        with blocker.unblock():
            assert answer["http"] == 202 and answer["status"] == "pending_approval", answer
            assert valued == 2_160_000  # €20,000 at the rate in force, 1.08
            assert bank.balance(pair[1]) == 0
            with pytest.raises(CommandError, match=r"^rate_confirm_own: "):
                call_command("confirm_rate", str(proposal.pk), "--by", ann.username, "--code", fresh_factor_code(ann))
        answer, valued = euro_transfer(server, bank, pair, 2_000_000)
        with blocker.unblock():
            assert answer["http"] == 202 and valued == 2_160_000, answer
            done = io.StringIO()
            call_command(
                "confirm_rate", str(proposal.pk), "--by", ben.username, "--code", fresh_factor_code(ben), stdout=done
            )
            assert "confirmed, in force" in done.getvalue()
        # Confirmed by a second person, the new rate is what values the next call: 1 cent, rounded up.
        answer, valued = euro_transfer(server, bank, pair, 2_000_000)
        with blocker.unblock():
            assert valued == 1, answer
    finally:
        with blocker.unblock():
            RateProposal.objects.filter(currency="EUR", status="pending").update(status="withdrawn")
            ExchangeRate.objects.update_or_create(
                currency="EUR", as_of=today, defaults={"rate": BANK_RATES["EUR"], "source": "tests"}
            )
