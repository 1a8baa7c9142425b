"""The demo bank: seed data for `make run`, the incident replay and the docs."""

from __future__ import annotations

import secrets
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

from banking.models import Account, Payee
from core.enums import ActorType
from core.models import Customer
from core.rates import RateRow, rates_load, reporting_currency
from people.credentials import agent_key_issue

DEMO_CUSTOMERS: list[dict[str, Any]] = [
    {
        "id": "user-123",
        "name": "Demo Customer",
        "accounts": [("checking-001", 5_000_000), ("savings-001", 10_000_000)],
        "payees": ["external-001"],
    },
    {"id": "user-456", "name": "Other Customer", "accounts": [("external-001", 0), ("external-002", 0)], "payees": []},
]
# What one unit of each is worth in US dollars. Every seed loads today's rates
# into the reporting currency from these (a rate is good for
# TOOLGUARD_RATE_MAX_AGE_DAYS), so the demo's EUR and GBP calls are counted.
DEMO_USD_VALUE = {"USD": Decimal("1"), "EUR": Decimal("1.08"), "GBP": Decimal("1.27")}
DEMO_PEOPLE = [("reviewer", "reviewers"), ("reviewer2", "reviewers"), ("compliance", "compliance")]


def demo_bank_seed() -> dict[str, Any]:
    """Create the demo bank if missing; return fresh credentials every time."""
    User = get_user_model()
    output: dict[str, Any] = {"customers": [], "reviewers": [], "compliance": []}
    with transaction.atomic():
        for spec in DEMO_CUSTOMERS:
            customer, _ = Customer.objects.get_or_create(external_id=spec["id"], defaults={"name": spec["name"]})
            for number, balance in spec["accounts"]:
                Account.objects.get_or_create(
                    number=number, defaults={"customer": customer, "currency": "USD", "balance_cents": balance}
                )
        for spec in DEMO_CUSTOMERS:
            customer = Customer.objects.get(external_id=spec["id"])
            for number in spec["payees"]:
                Payee.objects.get_or_create(customer=customer, account=Account.objects.get(number=number))
        for username, group in DEMO_PEOPLE:
            user, _ = User.objects.get_or_create(username=username, defaults={"email": f"{username}@bank.example"})
            password = secrets.token_urlsafe(12)
            user.set_password(password)
            user.save()
            user.groups.add(Group.objects.get(name=group))
            output["reviewers" if group == "reviewers" else "compliance"].append(
                {"username": username, "password": password}
            )
        rates_load(demo_rates(), actor="operator:seed_demo", actor_type=ActorType.SYSTEM)
    for spec in DEMO_CUSTOMERS:
        customer = Customer.objects.get(external_id=spec["id"])
        _, raw = agent_key_issue(customer=customer, name="demo")
        output["customers"].append(
            {"id": customer.external_id, "agent_key": raw, "accounts": [number for number, _ in spec["accounts"]]}
        )
    return output


def demo_rates() -> list[RateRow]:
    """Today's demo rates into the reporting currency (none when it is not one the demo knows)."""
    reporting = DEMO_USD_VALUE.get(reporting_currency())
    if reporting is None:
        return []
    today = timezone.localdate()
    return [
        RateRow(currency, today, (usd / reporting).quantize(Decimal("1e-10")), "demo")
        for currency, usd in DEMO_USD_VALUE.items()
        if currency != reporting_currency()
    ]
