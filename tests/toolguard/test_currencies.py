"""One value, one currency: limits add every currency up in the reporting currency.

Against a $10,000 customer window, value split across USD, EUR and GBP adds up
as value split across calls does; a currency with no rate is held (`no_rate`);
the reviewer sees the amount as sent and as the limits count it.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from approvals.models import ApprovalRequest
from banking.models import Account
from core.models import ExchangeRate, ValueEntry
from tests.answers import held_rules
from tests.conftest import Bank, person_client, transfer_call

pytestmark = pytest.mark.django_db

# Alice's own accounts in each currency: transfers between them need no payee.
OWN = {"USD": ("checking", "savings"), "EUR": ("eur-a", "eur-b"), "GBP": ("gbp-a", "gbp-b")}


@pytest.fixture
def fx_bank(bank: Bank) -> Bank:
    for currency in ("EUR", "GBP"):
        source, destination = OWN[currency]
        Account.objects.create(number=source, customer=bank.alice, currency=currency, balance_cents=10_000_000)
        Account.objects.create(number=destination, customer=bank.alice, currency=currency, balance_cents=0)
    return bank


def send(client: Any, currency: str, amount: int, key: str, session: str = "s1") -> Any:
    source, destination = OWN[currency]
    call = transfer_call(key=key, amount=amount, source=source, to=destination, session=session, currency=currency)
    return client.post("/api/v1/tool-calls", call, format="json")


def page(user: User, url: str) -> str:
    """A page as the reviewer's browser gets it (signed in with a session)."""
    client = Client()
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def counted_cents(bank: Bank, status: str) -> int:
    entries = ValueEntry.objects.filter(customer=bank.alice, status=status)
    return sum(entry.reporting_cents or 0 for entry in entries)


def test_two_4000s_in_each_currency_stop_at_the_window(fx_bank: Bank, alice: Any) -> None:
    """The finding: 8,000 in each of three currencies moved with no reviewer against a 10,000 window."""
    outcomes = {
        (currency, n): send(alice, currency, 400_000, f"{currency}-{n}", session=f"s-{currency}-{n}").json()["status"]
        for currency in ("USD", "EUR", "GBP")
        for n in range(2)
    }
    assert outcomes == {
        ("USD", 0): "completed",
        ("USD", 1): "completed",
        ("EUR", 0): "pending_approval",
        ("EUR", 1): "pending_approval",
        ("GBP", 0): "pending_approval",
        ("GBP", 1): "pending_approval",
    }
    assert counted_cents(fx_bank, ValueEntry.Status.COMPLETED) == 800_000
    held = ApprovalRequest.objects.get(idempotency_record__key="EUR-0")
    assert "customer_window" in held.rules
    assert (held.value_cents, held.currency, held.reporting_cents, held.reporting_currency) == (
        400_000,
        "EUR",
        432_000,
        "USD",
    )


def test_a_single_9000_in_each_currency_is_one_window(fx_bank: Bank, alice: Any) -> None:
    statuses = [send(alice, c, 900_000, f"one-{c}", session=f"one-{c}").json()["status"] for c in ("USD", "EUR", "GBP")]
    assert statuses == ["completed", "pending_approval", "pending_approval"]
    # 9,000 GBP is $11,430: over the per-transfer threshold on its own.
    gbp = ApprovalRequest.objects.get(idempotency_record__key="one-GBP")
    assert gbp.reporting_cents == 1_143_000 and "over_threshold" in gbp.rules


def test_dual_control_counts_the_converted_value(fx_bank: Bank, alice: Any) -> None:
    # 40,000 GBP is $50,800: over the $50,000 dual-control amount; 40,000 USD would not be.
    held = send(alice, "GBP", 4_000_000, "dual").json()
    approval = ApprovalRequest.objects.get(id=held["approval_id"])
    assert approval.required_approvals == 2 and "dual_control" in approval.rules


def test_a_currency_with_no_rate_is_held_never_waved_through(fx_bank: Bank, alice: Any) -> None:
    ExchangeRate.objects.filter(currency="EUR").delete()
    small = send(alice, "EUR", 100, "tiny").json()
    assert held_rules(small) == ["no_rate"]
    approval = ApprovalRequest.objects.get(id=small["approval_id"])
    assert approval.required_approvals == 2 and approval.reporting_cents is None and approval.no_rate
    entry = ValueEntry.objects.get(tool_call_id=approval.tool_call_id)
    assert (entry.value_cents, entry.currency, entry.reporting_cents) == (100, "EUR", None)
    # While it is counted, the customer's window is unknown: a dollar call is held too.
    after = send(alice, "USD", 100, "after", session="s2").json()
    assert held_rules(after) == ["no_rate"]


def test_a_stale_rate_is_no_rate(fx_bank: Bank, alice: Any, settings: Any) -> None:
    settings.TOOLGUARD_RATE_MAX_AGE_DAYS = 0
    ExchangeRate.objects.filter(currency="GBP").update(as_of="2020-01-01")
    assert held_rules(send(alice, "GBP", 100, "old").json()) == ["no_rate"]


def test_the_reviewer_sees_the_amount_sent_and_as_the_limits_count_it(fx_bank: Bank, alice: Any) -> None:
    held = send(alice, "EUR", 1_200_000, "show").json()
    detail = page(fx_bank.reviewer, f"/review/{held['approval_id']}/")
    assert "€12,000.00" in detail
    assert "$12,960.00 in USD, the reporting currency" in detail
    assert "$12,960.00 against the $10,000.00 per-transfer threshold" in detail
    queue = page(fx_bank.reviewer, "/review/")
    assert "€12,000.00" in queue and "= $12,960.00" in queue
    api = person_client(fx_bank.reviewer).get(f"/api/v1/approvals/{held['approval_id']}").json()
    assert (api["value_cents"], api["currency"], api["reporting_cents"], api["reporting_currency"]) == (
        1_200_000,
        "EUR",
        1_296_000,
        "USD",
    )


def test_the_reviewer_is_told_when_no_rate_converts(fx_bank: Bank, alice: Any) -> None:
    ExchangeRate.objects.filter(currency="GBP").delete()
    held = send(alice, "GBP", 5_000, "norate").json()
    detail = page(fx_bank.reviewer, f"/review/{held['approval_id']}/")
    assert "No exchange rate for a value the limits count" in detail
    assert "no GBP rate into USD for the call's day" in detail
    assert "no rate into USD for GBP: its size against the limits is unknown" in detail
    assert "£50.00" in detail


def test_a_rejected_no_rate_request_leaves_the_windows_known_again(fx_bank: Bank, alice: Any, settings: Any) -> None:
    ExchangeRate.objects.filter(currency="EUR").delete()
    held = send(alice, "EUR", 100, "reject-me").json()
    reviewer: User = fx_bank.reviewer
    decided = person_client(reviewer).post(
        f"/api/v1/approvals/{held['approval_id']}/decision",
        {"decision": "reject", "reason_code": "insufficient_context", "reason": "no rate"},
        format="json",
    )
    assert decided.status_code == 200, decided.content
    assert send(alice, "USD", 100, "clean", session="s3").json()["status"] == "completed"


def test_value_in_other_currencies_shows_in_the_session_total(fx_bank: Bank, alice: Any) -> None:
    send(alice, "USD", 300_000, "t1", session="mix")
    held = send(alice, "EUR", 800_000, "t2", session="mix").json()  # 3,000 + 8,640 > 10,000: held
    detail = page(fx_bank.reviewer, f"/review/{held['approval_id']}/")
    assert "Session total, completed and pending: <strong>$11,640.00</strong>" in detail
    assert "€8,000.00" in detail and "= $8,640.00" in detail
