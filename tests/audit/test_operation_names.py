"""Operations are audited under names of their own, and entries written under the older names keep their meaning.

Before the operation_* names existed, every tool's operation was written as
transfer_*. Those entries keep their stored names (their hashes cover them);
whatever looks for an operation by one name finds it by the other as well.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from approvals.models import ApprovalRequest
from approvals.services import approval_decide
from audit.models import Alert, AuditEntry
from audit.selectors import audit_iter, audit_page, encode_cursor
from audit.services import GENESIS_HASH, entry_hash
from audit.verify import audit_chain_verify
from core.enums import ActorType, AuditAction, AuditResult, action_synonyms
from core.models import AgentKey
from people.stepup import StepUpProof
from support.models import Order
from tests.audit.entries import append, event
from tests.conftest import Bank, agent_client, transfer_call

pytestmark = pytest.mark.django_db


@pytest.fixture
def shop(bank: Bank) -> Any:
    AgentKey.objects.filter(customer=bank.alice).update(allowed_tools=["refund_order", "transfer_funds"])
    Order.objects.create(
        number="ord-1", customer=bank.alice, customer_email="alice@example.com", total_cents=120_000, currency="USD"
    )
    return agent_client(bank.alice_key)


def refund(agent: Any, key: str, amount: int) -> Any:
    arguments = {"order_id": "ord-1", "amount_cents": amount, "currency": "USD", "reason": "arrived broken"}
    call = {"id": key, "name": "refund_order", "arguments": {**arguments, "idempotency_key": key}, "session_id": "s"}
    return agent.post("/api/v1/tool-calls", call, format="json")


def actions(tool_call_id: str) -> list[str]:
    return list(AuditEntry.objects.filter(tool_call_id=tool_call_id).order_by("id").values_list("action", flat=True))


# --- what new entries are written under ----------------------------------------------------


def test_a_refund_is_audited_under_the_operation_names(shop: Any) -> None:
    response = refund(shop, "r1", 2_000)
    assert response.status_code == 200, response.json()
    written = actions(response.json()["id"])
    assert written == ["tool_call_received", "operation_initiated", "operation_completed"]


def test_a_transfer_keeps_the_transfer_names(shop: Any) -> None:
    response = shop.post("/api/v1/tool-calls", transfer_call(key="t1", amount=1_000), format="json")
    assert response.status_code == 200, response.json()
    assert actions(response.json()["id"]) == ["tool_call_received", "transfer_initiated", "transfer_completed"]


def test_a_held_refund_a_reviewer_rejects_is_an_operation_rejected(bank: Bank, shop: Any) -> None:
    held = refund(shop, "r2", 60_000).json()
    assert held["status"] == "pending_approval", held
    approval_decide(
        approval_id=held["approval_id"],
        reviewer=bank.reviewer,
        step_up=StepUpProof(user=bank.reviewer),
        decision="reject",
        reason_code="policy",
        reason="not ours",
    )
    trail = actions(held["id"])
    assert trail[:3] == ["tool_call_received", "operation_initiated", "approval_requested"]
    assert trail[-2:] == ["approval_denied", "operation_rejected"]
    assert not [name for name in trail if name.startswith("transfer_")], trail


def test_a_held_refund_a_reviewer_approves_is_an_operation_completed(bank: Bank, shop: Any) -> None:
    held = refund(shop, "r3", 60_000).json()
    approval = approval_decide(
        approval_id=held["approval_id"],
        reviewer=bank.reviewer,
        step_up=StepUpProof(user=bank.reviewer),
        decision="approve",
    )
    assert approval.status == ApprovalRequest.Status.COMPLETED
    assert actions(held["id"])[-2:] == ["approval_granted", "operation_completed"]


# --- entries written under the older names -------------------------------------------------


def test_an_old_entry_hashes_as_it_always_did() -> None:
    """The enum members hash as the strings every stored entry was written with: a renamed value would fail here."""
    values = {
        "timestamp": datetime(2026, 12, 1, 9, 30, 0, 123456, tzinfo=UTC),
        "actor": "agent:alice:0123456789ab",
        "actor_type": ActorType.AGENT,
        "customer": "alice",
        "action": AuditAction.TRANSFER_INITIATED,
        "result": AuditResult.PENDING,
        "tool": "refund_order",
        "tool_call_id": "tc-old",
        "session_id": "s-old",
        "idempotency_key": "k-old",
        "approval_id": "",
        "details": {"arguments": {"order_id": "ord-1", "amount_cents": 500}},
        "duration_ms": None,
        "operation_hash": None,
    }
    # Computed from the plain strings by the writer as it was before the enums were required.
    assert entry_hash(values, GENESIS_HASH) == "37a98858edeac0277868e141e61b61d16d3e7879343acd873467e30097ae19e7"


def test_old_and_new_names_are_found_together_and_the_chain_verifies() -> None:
    """Interleaved old (refund_order as transfer_initiated) and new entries: every page finds both, in order."""
    written = []
    for n in range(6):
        name = "transfer_initiated" if n % 2 == 0 else "operation_initiated"
        written += append(event(name, tool="refund_order", tool_call_id=f"mix-{n}", session_id="mix"))
    append(event("tool_call_received", tool="refund_order", session_id="mix"))
    newest_first = [entry.id for entry in reversed(written)]

    for asked in ("transfer_initiated", "operation_initiated"):
        seen, cursor = [], None
        while True:
            page = audit_page({"session": "mix", "action": asked, **({"cursor": cursor} if cursor else {})}, limit=2)
            seen += [entry.id for entry in page.entries]
            if not page.next_cursor:
                break
            cursor = page.next_cursor
        assert seen == newest_first, asked
        # Towards the newer entries (`before`): the two just after the cursor's, newest first.
        back = audit_page({"session": "mix", "action": asked, "before": encode_cursor(written[1])}, limit=2)
        assert [entry.id for entry in back.entries] == newest_first[-4:-2], asked
        assert [entry.id for entry in audit_iter({"session": "mix", "action": asked})] == newest_first

    stored = AuditEntry.objects.filter(id__in=[e.id for e in written]).values_list("action", flat=True)
    assert sorted(set(stored)) == ["operation_initiated", "transfer_initiated"]
    assert audit_chain_verify()[0] is None


def test_the_repeated_operation_alert_sees_an_old_entry_and_a_new_one_as_one_operation() -> None:
    arguments = {"order_id": "ord-1", "amount_cents": 700, "currency": "USD"}
    append(
        event(
            "transfer_initiated",
            tool="refund_order",
            session_id="rep",
            idempotency_key="old",
            details={"arguments": {**arguments, "idempotency_key": "old"}},
        )
    )
    append(
        event(
            "operation_initiated",
            tool="refund_order",
            session_id="rep",
            idempotency_key="new",
            details={"arguments": {**arguments, "idempotency_key": "new"}},
        )
    )
    [alert] = Alert.objects.filter(rule=Alert.Rule.REPEATED_OPERATION)
    assert alert.details["idempotency_keys"] == ["old", "new"]


def test_each_operation_name_has_its_older_synonym() -> None:
    assert action_synonyms("operation_initiated") == ["operation_initiated", "transfer_initiated"]
    assert action_synonyms("transfer_completed") == ["transfer_completed", "operation_completed"]
    assert action_synonyms("transfer_rejected") == ["transfer_rejected", "operation_rejected"]
    assert action_synonyms("tool_executed") == ["tool_executed"]
