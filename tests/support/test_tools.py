"""The support family: a second set of tools, held and approved through the same generic core."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from approvals.models import ApprovalRequest
from approvals.services import approval_decide
from core.models import AgentKey, Customer
from people.stepup import StepUpProof
from support.models import Order, OutboundEmail, Refund
from tests.answers import held_rules
from tests.conftest import Bank, agent_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def shop(bank: Bank) -> Any:
    AgentKey.objects.filter(customer=bank.alice).update(allowed_tools=["refund_order", "send_customer_email"])
    Order.objects.create(
        number="ord-1", customer=bank.alice, customer_email="alice@example.com", total_cents=120_000, currency="USD"
    )
    Order.objects.create(
        number="ord-bob", customer=bank.bob, customer_email="bob@example.com", total_cents=5_000, currency="USD"
    )
    return agent_client(bank.alice_key)


def review_page(reviewer: Any, approval: ApprovalRequest) -> str:
    client = Client()
    client.force_login(reviewer)
    response = client.get(f"/review/{approval.id}/")
    assert response.status_code == 200
    return response.content.decode()


def refund(agent: Any, key: str, amount: int, order: str = "ord-1") -> Any:
    arguments = {"order_id": order, "amount_cents": amount, "currency": "USD", "reason": "arrived broken"}
    call = {"id": key, "name": "refund_order", "arguments": {**arguments, "idempotency_key": key}, "session_id": "s"}
    return agent.post("/api/v1/tool-calls", call, format="json")


def email(agent: Any, key: str, to: str, body: str) -> Any:
    arguments = {"to": to, "subject": "Your order", "body": body, "idempotency_key": key}
    call = {"id": key, "name": "send_customer_email", "arguments": arguments, "session_id": "s"}
    return agent.post("/api/v1/tool-calls", call, format="json")


def test_a_small_refund_runs_at_once(shop: Any) -> None:
    response = refund(shop, "r1", 2_000)
    assert response.status_code == 200 and response.json()["result"]["status"] == "completed"
    assert Order.objects.get(number="ord-1").refunded_cents == 2_000


def test_a_large_refund_for_a_young_customer_is_held_then_approved(bank: Bank, shop: Any) -> None:
    held = refund(shop, "r2", 60_000)
    body = held.json()
    assert held.status_code == 202 and held_rules(body) == ["young_customer_large_refund"]
    approval = ApprovalRequest.objects.get(id=body["approval_id"])
    assert approval.summary == {
        "title": "Refund $600.00 USD on order ord-1",
        "fields": [
            {"label": "Order", "value": "ord-1"},
            {"label": "Refund", "value": "$600.00 USD"},
            {"label": "Reason given", "value": "arrived broken"},
        ],
    }
    assert (approval.value_cents, approval.beneficiary) == (60_000, "ord-1")
    assert Order.objects.get(number="ord-1").refunded_cents == 0
    page = review_page(bank.reviewer, approval)
    assert "Refund $600.00 USD on order ord-1" in page and "Over $500 for a customer younger than 30 days" in page
    approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
    )
    assert Order.objects.get(number="ord-1").refunded_cents == 60_000
    assert Refund.objects.get(id=approval.held_ref).status == "completed"
    assert refund(shop, "r2", 60_000).json()["status"] == "completed"


def test_the_same_refund_for_an_older_customer_runs(bank: Bank, shop: Any) -> None:
    Customer.objects.filter(id=bank.alice.id).update(created_at=timezone.now() - timedelta(days=90))
    assert refund(shop, "r3", 60_000).status_code == 200


def test_an_approved_refund_rechecks_what_is_left_of_the_order(bank: Bank, shop: Any) -> None:
    held = refund(shop, "r4", 100_000).json()
    Customer.objects.filter(id=bank.alice.id).update(created_at=timezone.now() - timedelta(days=90))
    assert refund(shop, "r5", 30_000).status_code == 200  # meanwhile $300 of the $1,200 went back
    decided = approval_decide(
        approval_id=held["approval_id"],
        reviewer=bank.reviewer,
        step_up=StepUpProof(user=bank.reviewer),
        decision="approve",
    )
    assert decided.status == "failed" and decided.failure_reason == "refund_exceeds_order"
    assert Order.objects.get(number="ord-1").refunded_cents == 30_000
    assert Refund.objects.get(id=decided.held_ref).status == "failed"


def test_another_customers_order_is_forbidden(shop: Any) -> None:
    response = refund(shop, "r6", 1_000, order="ord-bob")
    assert response.status_code == 403 and response.json()["error"]["code"] == "forbidden_order"


def test_an_email_to_the_address_on_file_goes_out_on_commit(shop: Any, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = email(shop, "e1", "alice@example.com", "Your refund is on its way.")
    assert response.status_code == 200 and response.json()["result"]["status"] == "sent"
    assert [m.to for m in mail.outbox] == [["alice@example.com"]]


def test_an_email_with_a_link_is_held_with_its_own_summary_then_approved(
    bank: Bank, shop: Any, django_capture_on_commit_callbacks: Any
) -> None:
    held = email(shop, "e2", "someone@elsewhere.example", "Reset here: https://evil.example/login")
    body = held.json()
    assert held.status_code == 202
    # The policy's own rules: a link, to a stranger. The model stage reads for
    # text addressed to a model, which a password-reset line is not.
    assert held_rules(body) == ["contains_link", "recipient_not_on_file"]
    approval = ApprovalRequest.objects.get(id=body["approval_id"])
    assert approval.value_cents is None and approval.currency == "" and approval.held_ref == ""
    assert approval.summary["title"] == "Email to someone@elsewhere.example: Your order"
    assert {"label": "Body", "value": "Reset here: https://evil.example/login"} in approval.summary["fields"]
    page = review_page(bank.reviewer, approval)
    assert "Email to someone@elsewhere.example: Your order" in page
    assert not OutboundEmail.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        approval_decide(
            approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
        )
    assert OutboundEmail.objects.get().to == "someone@elsewhere.example"
    assert [m.to for m in mail.outbox] == [["someone@elsewhere.example"]]
