"""One value, one currency, over HTTP against gunicorn on PostgreSQL + Redis.

The finding: against a $10,000 customer window, 4,000 twice in each of USD,
EUR and GBP completed 24,000 with no reviewer. Now the window adds every
currency up in USD through the rates table, racing calls included; a
currency without a rate is held for two reviewers; reviewers read both
amounts from the API.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from typing import Any

import httpx
import pytest
from django.utils import timezone

from banking.models import Account, Transfer
from core.models import ExchangeRate, ValueEntry
from tests.answers import held_rules
from tests.conftest import BANK_RATES, transfer_call
from tests.live import Gunicorn, bearer, unique

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres, pytest.mark.needs_redis]
PASSWORD = "correct-horse-battery"
CURRENCIES = ("USD", "EUR", "GBP")


def post(server: Gunicorn, key: str, call: dict[str, Any]) -> dict[str, Any]:
    response = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(key), timeout=60)
    return {"http": response.status_code, **response.json()}


def own_accounts(bank: Any, sfx: str) -> dict[str, tuple[str, str]]:
    """Alice's own pair of accounts in each currency: transfers between them need no payee."""
    pairs = {"USD": (f"checking{sfx}", f"savings{sfx}")}
    for currency in ("EUR", "GBP"):
        pairs[currency] = (f"{currency.lower()}-a{sfx}", f"{currency.lower()}-b{sfx}")
        Account.objects.create(number=pairs[currency][0], customer=bank.alice, currency=currency, balance_cents=10**7)
        Account.objects.create(number=pairs[currency][1], customer=bank.alice, currency=currency, balance_cents=0)
    return pairs


def call(pairs: dict[str, tuple[str, str]], currency: str, amount: int) -> dict[str, Any]:
    source, destination = pairs[currency]
    return transfer_call(
        key=unique("k"), amount=amount, source=source, to=destination, currency=currency, session=unique("s")
    )


def test_racing_calls_in_three_currencies_complete_at_most_the_window(server: Gunicorn, live_bank: Any) -> None:
    bank, sfx, blocker = live_bank
    with blocker.unblock():
        pairs = own_accounts(bank, sfx)
        before = sum(Account.objects.filter(customer=bank.alice).values_list("balance_cents", flat=True))
    calls = [call(pairs, currency, 400_000) for currency in CURRENCIES for _ in range(4)]
    with ThreadPoolExecutor(max_workers=6) as pool:
        answers = list(pool.map(lambda c: post(server, bank.alice_key, c), calls))
    assert {a["status"] for a in answers} <= {"completed", "pending_approval"}, answers
    with blocker.unblock():
        completed = ValueEntry.objects.filter(customer=bank.alice, status="completed")
        counted = sum(entry.reporting_cents or 0 for entry in completed)
        # At most $10,000 in USD terms moved without a reviewer, whichever calls won the race.
        assert 400_000 <= counted <= 1_000_000, counted
        # One or two complete, depending on the race (pending value counts too); never a third.
        done = sum(a["status"] == "completed" for a in answers)
        assert completed.count() == done and done in (1, 2)
        # Money is conserved: Alice's accounts only moved money among themselves.
        after = sum(Account.objects.filter(customer=bank.alice).values_list("balance_cents", flat=True))
        assert after == before
        assert Transfer.objects.filter(customer=bank.alice, status="completed").count() == done
    held = next(a for a in answers if a["status"] == "pending_approval" and a["approval_id"])
    api = httpx.get(
        f"{server.url}/api/v1/approvals/{held['approval_id']}", auth=(bank.reviewer.username, PASSWORD), timeout=60
    ).json()
    rate = {"USD": Decimal(1), **BANK_RATES}[api["currency"]]
    assert api["value_cents"] == 400_000 and api["reporting_currency"] == "USD"
    assert api["reporting_cents"] == int(400_000 * rate)


def test_a_currency_without_a_rate_is_held_for_two_reviewers(server: Gunicorn, live_bank: Any) -> None:
    bank, sfx, blocker = live_bank
    with blocker.unblock():
        pairs = own_accounts(bank, sfx)
        ExchangeRate.objects.filter(currency="GBP").delete()
    try:
        answer = post(server, bank.alice_key, call(pairs, "GBP", 100))
        assert answer["http"] == 202, answer
        with blocker.unblock():
            assert held_rules(answer) == ["no_rate"]
        api = httpx.get(
            f"{server.url}/api/v1/approvals/{answer['approval_id']}",
            auth=(bank.reviewer.username, PASSWORD),
            timeout=60,
        ).json()
        assert api["required_approvals"] == 2 and api["reporting_cents"] is None and api["currency"] == "GBP"
        with blocker.unblock():
            assert bank.balance(pairs["GBP"][1]) == 0
    finally:
        with blocker.unblock():
            ExchangeRate.objects.update_or_create(
                currency="GBP", as_of=timezone.localdate(), defaults={"rate": BANK_RATES["GBP"]}
            )
