"""The core's currency rules, through the tests' own family: `value.amount` is the reporting currency's.

A variant of issue_credit whose agent names the currency: rules read
`value.amount`, converted at the call's day; a rule reading the amount
argument itself is refused when the catalog loads; a currency with no rate
is held for two reviewers, never denied by a rule that cannot be read and
never waved through.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

from approvals.models import ApprovalRequest
from core.catalog import catalog_load
from core.models import AgentKey, ExchangeRate, ValueEntry
from core.tools import unregister
from tests import family
from tests.answers import denied_rules, held_rules
from tests.conftest import Principals, agent_client

pytestmark = pytest.mark.django_db

TOOL = "issue_credit_fx"

# issue_credit with the currency an argument: the agent chooses it.
CATALOG = (
    family.CATALOG.replace("name: issue_credit", f"name: {TOOL}")
    .replace(
        "note: {type: string, maxLength: 200}",
        "note: {type: string, maxLength: 200}\n        currency: {type: string, enum: [USD, EUR, CHF]}",
    )
    .replace(
        "required: [amount_cents, note, idempotency_key]", "required: [amount_cents, note, currency, idempotency_key]"
    )
    .replace(
        "fields: {note: free_text, idempotency_key: identifier}",
        "fields: {note: free_text, currency: identifier, idempotency_key: identifier}",
    )
    .replace("""currency: "'USD'\"""", "currency: args.currency")
)


@pytest.fixture
def fx_tool(tmp_path: Path) -> Iterator[None]:
    assert "currency: args.currency" in CATALOG and TOOL in CATALOG
    path = tmp_path / "credit_fx.yaml"
    path.write_text(CATALOG)
    catalog_load(path)
    family.CREDITED.clear()
    try:
        yield
    finally:
        unregister(TOOL)


@pytest.fixture
def agent(principals: Principals, fx_tool: None) -> Any:
    AgentKey.objects.filter(customer=principals.alice).update(allowed_tools=[TOOL])
    ExchangeRate.objects.create(currency="EUR", as_of=timezone.localdate(), rate=Decimal("1.08"))
    return agent_client(principals.alice_key)


def credit(agent: Any, key: str, amount: int, currency: str) -> Any:
    arguments = {"amount_cents": amount, "note": "goodwill", "currency": currency, "idempotency_key": key}
    return agent.post(
        "/api/v1/tool-calls", {"id": key, "name": TOOL, "arguments": arguments, "session_id": "s1"}, format="json"
    )


def test_rules_read_the_converted_amount(agent: Any) -> None:
    # over_100 holds above 10,000 reporting cents: 9,000 EUR cents is 9,720, 9,500 is 10,260.
    assert credit(agent, "a", 9_000, "EUR").json()["status"] == "completed"
    held = credit(agent, "b", 9_500, "EUR").json()
    assert held_rules(held) == ["over_100"]
    entry = ValueEntry.objects.get(tool=TOOL, value_cents=9_000)
    assert (entry.currency, entry.reporting_cents) == ("EUR", 9_720)
    # absurd denies above 900,000 reporting cents: 850,000 EUR cents is 918,000.
    denied = credit(agent, "c", 850_000, "EUR")
    assert denied.status_code == 403 and denied_rules(denied.json()) == ["absurd"]


def test_no_rate_holds_for_two_reviewers_even_where_a_deny_rule_reads_the_amount(agent: Any) -> None:
    # absurd reads value.amount, which no rate gives: held for people to judge, not denied unread.
    held = credit(agent, "chf", 990_000, "CHF").json()
    assert held_rules(held) == ["no_rate"]
    approval = ApprovalRequest.objects.get(id=held["approval_id"])
    assert approval.required_approvals == 2 and approval.no_rate
    assert family.CREDITED == []


def test_a_rule_reading_the_amount_argument_is_refused_when_the_call_names_a_currency(tmp_path: Path) -> None:
    path = tmp_path / "raw.yaml"
    path.write_text(CATALOG.replace('over_100: "value.amount > 10000"', 'over_100: "args.amount_cents > 10000"'))
    with pytest.raises(ImproperlyConfigured) as raised:
        catalog_load(path, install=False)
    assert "rule 'over_100': args.amount_cents is in the currency the call names" in str(raised.value)
    assert "read value.amount" in str(raised.value)


def test_without_a_currency_the_amount_is_already_the_reporting_currencys(tmp_path: Path) -> None:
    path = tmp_path / "plain.yaml"
    text = family.CATALOG.replace(
        """value: {amount: args.amount_cents, currency: "'USD'"}""", "value: {amount: args.amount_cents}"
    )
    path.write_text(text.replace('over_100: "value.amount > 10000"', 'over_100: "args.amount_cents > 10000"'))
    (tool,) = catalog_load(path, install=False)
    assert tool.value is not None and tool.value.currency is None
