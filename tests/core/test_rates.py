"""Exchange rates: the table, its CSV loader and admin page, and the conversion every limit reads."""

from __future__ import annotations

import io
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from audit.models import AuditEntry
from core.enums import ActorType
from core.models import AgentKey, AgentSession, Customer, ExchangeRate, RateProposal, ToolCall, ValueEntry
from core.rate_control import rate_confirm
from core.rates import (
    RatesFileError,
    converted,
    in_reporting,
    rate_on,
    rates_parse,
    reporting_currency,
    values_convert_waiting,
)

pytestmark = pytest.mark.django_db

TODAY = date(2026, 12, 5)


def rate(currency: str, as_of: date, value: str) -> ExchangeRate:
    return ExchangeRate.objects.create(currency=currency, as_of=as_of, rate=Decimal(value))


def test_the_newest_rate_on_or_before_the_day_applies() -> None:
    rate("EUR", TODAY - timedelta(days=3), "1.05")
    rate("EUR", TODAY - timedelta(days=1), "1.08")
    rate("EUR", TODAY + timedelta(days=1), "9.99")  # not yet in force
    assert rate_on("EUR", TODAY) == Decimal("1.08")
    assert rate_on("EUR", TODAY - timedelta(days=2)) == Decimal("1.05")
    assert rate_on("GBP", TODAY) is None


def test_a_rate_older_than_the_max_age_is_no_rate(settings: Any) -> None:
    settings.TOOLGUARD_RATE_MAX_AGE_DAYS = 7
    rate("EUR", TODAY - timedelta(days=8), "1.08")
    assert rate_on("EUR", TODAY) is None
    assert rate_on("EUR", TODAY - timedelta(days=1)) == Decimal("1.08")


def test_the_reporting_currency_and_no_currency_need_no_rate(settings: Any) -> None:
    assert reporting_currency() == "USD"
    assert in_reporting(12_345, "USD", TODAY) == 12_345
    assert in_reporting(12_345, "", TODAY) == 12_345
    settings.TOOLGUARD_REPORTING_CURRENCY = "EUR"
    assert in_reporting(12_345, "EUR", TODAY) == 12_345
    assert in_reporting(12_345, "USD", TODAY) is None


def test_conversion_rounds_up_so_splitting_never_shrinks_a_value() -> None:
    assert converted(1, Decimal("1.08")) == 2
    assert converted(100, Decimal("1.08")) == 108
    assert converted(3, Decimal("0.3333333333")) == 1
    # Split into single cents, a value counts for at least as much as whole.
    assert sum(converted(1, Decimal("0.9")) for _ in range(1000)) >= converted(1000, Decimal("0.9"))


def test_a_rates_file_loads_with_its_audit_entries(tmp_path: Path, admin_user: User) -> None:
    path = tmp_path / "rates.csv"
    path.write_text("currency,as_of,rate,source\neur,2026-12-04,1.08,ECB\nGBP,2026-12-04,1.27,\n")
    out = io.StringIO()
    call_command("load_rates", str(path), stdout=out)
    # A currency's first rate waits for a second person (core.rate_control).
    assert "0 rate(s) added, 0 replaced" in out.getvalue() and out.getvalue().count("rate_pending_confirmation") == 2
    assert rate_on("EUR", TODAY) is None
    for proposal in RateProposal.objects.order_by("id"):
        rate_confirm(proposal.pk, actor=f"compliance:{admin_user.username}", actor_type=ActorType.COMPLIANCE)
    assert rate_on("EUR", TODAY) == Decimal("1.08")
    path.write_text("currency,as_of,rate\nEUR,2026-12-04,1.09\n")
    call_command("load_rates", str(path), stdout=out)
    assert "0 rate(s) added, 1 replaced" in out.getvalue()
    assert rate_on("EUR", TODAY) == Decimal("1.09")
    entries = AuditEntry.objects.filter(action="exchange_rate_changed").order_by("id")
    assert [(e.details["currency"], e.details["rate"], e.details["outcome"]) for e in entries] == [
        ("EUR", "1.08", "pending_confirmation"),
        ("GBP", "1.27", "pending_confirmation"),
        ("EUR", "1.08", "confirmed"),
        ("GBP", "1.27", "confirmed"),
        ("EUR", "1.09", "in_force"),
    ]
    assert {e.actor for e in entries} == {"operator:load_rates", f"compliance:{admin_user.username}"}
    assert entries[0].details["reporting_currency"] == "USD"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("currency,rate\nEUR,1.08\n", "line 1: the header must name currency, as_of, rate (missing as_of)"),
        ("currency,as_of,rate\nEURO,2026-12-04,1.08\n", "line 2: currency 'EURO' is not a three-letter code"),
        ("currency,as_of,rate\nUSD,2026-12-04,1\n", "line 2: USD is the reporting currency"),
        ("currency,as_of,rate\nEUR,04/12/2026,1.08\n", "line 2: as_of '04/12/2026' is not a date"),
        ("currency,as_of,rate\nEUR,2026-12-04,abc\n", "line 2: rate 'abc' is not a number"),
        ("currency,as_of,rate\nEUR,2026-12-04,0\n", "line 2: rate '0' must be a positive number"),
        ("currency,as_of,rate\nEUR,2026-12-04,-1.2\n", "line 2: rate '-1.2' must be a positive number"),
        ("currency,as_of,rate\nEUR,2026-12-04,NaN\n", "line 2: rate 'NaN' must be a positive number"),
        ("currency,as_of,rate\nEUR,2026-12-04,1.000000000001\n", "needs at most 10 digits"),
        ("currency,as_of,rate\nEUR,2026-12-04,1.08\nEUR,2026-12-04,1.09\n", "line 3: EUR on 2026-12-04 is given twice"),
    ],
)
def test_a_bad_rates_file_names_its_line_and_loads_nothing(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(RatesFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        rates_parse(io.StringIO(text))
    path = tmp_path / "rates.csv"
    path.write_text("currency,as_of,rate\nGBP,2026-12-04,1.27\n" + text.split("\n", 1)[1])
    if "header" not in message:
        with pytest.raises(CommandError, match="nothing loaded"):
            call_command("load_rates", str(path), stdout=io.StringIO())
        assert not ExchangeRate.objects.exists()


def test_an_unreadable_rates_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="No such file"):
        call_command("load_rates", str(tmp_path / "missing.csv"))
    binary = tmp_path / "rates.csv"
    binary.write_bytes(b"currency,as_of,rate\n\xff\xfe,2026-12-04,1\n")
    with pytest.raises(CommandError, match="not UTF-8"):
        call_command("load_rates", str(binary))


def _value(customer: Customer, key: AgentKey, cents: int, currency: str) -> ValueEntry:
    AgentSession.objects.get_or_create(customer=customer, session_id="s")
    call = ToolCall.objects.create(
        customer=customer,
        agent_key=key,
        session_id="s",
        tool="pay",
        provider="native",
        status="pending_approval",
        http_status=202,
        response={},
    )
    return ValueEntry.objects.create(
        customer=customer,
        agent_key=key,
        session_id="s",
        tool="pay",
        tool_call=call,
        value_cents=cents,
        currency=currency,
        reporting_cents=None,
        status=ValueEntry.Status.PENDING,
    )


def test_a_rate_loaded_late_converts_the_values_waiting_for_it(tmp_path: Path) -> None:
    customer = Customer.objects.create(external_id="c-late", name="Late")
    key, _ = AgentKey.objects.issue(customer=customer, allowed_tools=["pay"])
    waiting = _value(customer, key, 10_000, "CHF")
    assert values_convert_waiting() == 0
    path = tmp_path / "rates.csv"
    path.write_text(f"currency,as_of,rate\nCHF,{timezone.localdate().isoformat()},1.1234\n")
    call_command("load_rates", str(path), stdout=io.StringIO())
    waiting.refresh_from_db()
    assert waiting.reporting_cents is None  # CHF's first rate waits for a second person
    rate_confirm(RateProposal.objects.get().pk, actor="compliance:second", actor_type=ActorType.COMPLIANCE)
    waiting.refresh_from_db()
    assert waiting.reporting_cents == 11_234


def test_the_admin_keeps_rates_and_audits_each_change(admin_user: User) -> None:
    client = Client()
    client.force_login(admin_user)
    add = "/admin/core/exchangerate/add/"
    refused = client.post(add, {"currency": "usd", "as_of": "2026-12-04", "rate": "1", "source": ""})
    assert refused.status_code == 200 and "is the reporting currency" in refused.content.decode()
    refused = client.post(add, {"currency": "E1R", "as_of": "2026-12-04", "rate": "1.08", "source": ""})
    assert "three-letter currency code" in refused.content.decode()
    refused = client.post(add, {"currency": "EUR", "as_of": "2026-12-04", "rate": "-1", "source": ""})
    assert refused.status_code == 200 and not ExchangeRate.objects.exists()
    for bad, code in [("1_000", "rate_not_decimal"), ("\u0663", "rate_not_decimal"), ("1e-3", "rate_not_decimal")]:
        refused = client.post(add, {"currency": "EUR", "as_of": "2026-12-04", "rate": bad, "source": ""})
        assert refused.status_code == 200 and code in refused.content.decode()
    refused = client.post(add, {"currency": "EUR", "as_of": "2999-12-31", "rate": "1.08", "source": ""})
    assert refused.status_code == 200 and "rate_date_future" in refused.content.decode()
    assert not ExchangeRate.objects.exists() and not RateProposal.objects.exists()
    # A first rate is a proposal; its proposer cannot confirm it, another person can.
    done = client.post(add, {"currency": "eur", "as_of": "2026-12-04", "rate": "1.08", "source": "ECB"}, follow=True)
    assert "rate_pending_confirmation" in done.content.decode() and not ExchangeRate.objects.exists()
    proposal = RateProposal.objects.get()
    action = {"action": "confirm", "_selected_action": [proposal.pk]}
    own = client.post("/admin/core/rateproposal/", action, follow=True)
    assert "rate_confirm_own" in own.content.decode() and not ExchangeRate.objects.exists()
    second = User.objects.create_superuser("second-admin", "second@bank.example", "pw-second-admin")
    other = Client()
    other.force_login(second)
    other.post("/admin/core/rateproposal/", action, follow=True)
    saved = ExchangeRate.objects.get()
    assert (saved.currency, saved.rate) == ("EUR", Decimal("1.08"))
    # Within the band an edit takes effect; outside it, the rate in force stays.
    client.post(f"/admin/core/exchangerate/{saved.pk}/change/", {"rate": "1.10", "source": "ECB"})
    assert ExchangeRate.objects.get().rate == Decimal("1.10")
    client.post(f"/admin/core/exchangerate/{saved.pk}/change/", {"rate": "0.0000000001", "source": "x"})
    assert ExchangeRate.objects.get().rate == Decimal("1.10")
    assert RateProposal.objects.filter(status="pending").count() == 1
    client.post(f"/admin/core/exchangerate/{saved.pk}/delete/", {"post": "yes"})
    assert not ExchangeRate.objects.exists()
    entries = list(AuditEntry.objects.filter(action="exchange_rate_changed").order_by("id"))
    me, them = f"compliance:{admin_user.username}", "compliance:second-admin"
    assert [(e.actor, e.result, e.details.get("outcome"), e.details.get("deleted")) for e in entries] == [
        (me, "success", "pending_confirmation", False),
        (me, "failure", "refused", None),
        (them, "success", "confirmed", False),
        (me, "success", "in_force", False),
        (me, "success", "pending_confirmation", False),
        (me, "success", None, True),
    ]
    assert entries[1].details["code"] == "rate_confirm_own"
