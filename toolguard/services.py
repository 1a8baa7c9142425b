"""Flows over the bank's identities: demo data, agent keys, session release."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils import timezone

from audit.services import AuditEvent, audit_append
from toolguard.models import Account, AgentKey, AgentSession, Customer, Payee
from toolguard.tools.registry import all_tools

DEMO_CUSTOMERS: list[dict[str, Any]] = [
    {
        "id": "user-123",
        "name": "Demo Customer",
        "accounts": [("checking-001", 5_000_000), ("savings-001", 10_000_000)],
        "payees": ["external-001"],
    },
    {"id": "user-456", "name": "Other Customer", "accounts": [("external-001", 0), ("external-002", 0)], "payees": []},
]
DEMO_PEOPLE = [("reviewer", "reviewers"), ("reviewer2", "reviewers"), ("compliance", "compliance")]


def agent_key_issue(*, customer: Customer, tools: list[str] | None = None, name: str = "") -> tuple[AgentKey, str]:
    allowed = tools if tools is not None else [tool.name for tool in all_tools()]
    unknown = set(allowed) - {tool.name for tool in all_tools()}
    if unknown:
        raise ValueError(f"unknown tools: {', '.join(sorted(unknown))}")
    with transaction.atomic():
        key, raw = AgentKey.objects.issue(customer=customer, allowed_tools=allowed, name=name)
        audit_append(
            [
                AuditEvent(
                    actor="system:admin",
                    actor_type="system",
                    customer=customer.external_id,
                    action="agent_key_issued",
                    result="success",
                    details={"key": key.label, "tools": allowed},
                )
            ]
        )
    return key, raw


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
    for spec in DEMO_CUSTOMERS:
        customer = Customer.objects.get(external_id=spec["id"])
        _, raw = agent_key_issue(customer=customer, name="demo")
        output["customers"].append(
            {"id": customer.external_id, "agent_key": raw, "accounts": [number for number, _ in spec["accounts"]]}
        )
    return output


def session_release(*, customer_external_id: str, session_id: str, released_by: str) -> AgentSession:
    """A person lifts a quarantine; the block count starts again from zero."""
    with transaction.atomic():
        session = AgentSession.objects.select_for_update().get(
            customer__external_id=customer_external_id, session_id=session_id
        )
        if not session.is_quarantined:
            raise ValueError("this session is not quarantined")
        session.quarantined_at = None
        session.released_at = timezone.now()
        session.released_by = released_by
        session.injection_blocks = 0
        session.save(update_fields=["quarantined_at", "released_at", "released_by", "injection_blocks"])
        audit_append(
            [
                AuditEvent(
                    actor=released_by,
                    actor_type="reviewer" if released_by.startswith("reviewer:") else "system",
                    customer=customer_external_id,
                    action="session_released",
                    result="success",
                    session_id=session_id,
                )
            ]
        )
    return session
