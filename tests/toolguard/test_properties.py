"""Property: any sequence of transfers, retries and failures conserves money
and executes each idempotency key at most once."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from approvals.models import ApprovalRequest
from approvals.services import DecisionRefused, approval_decide
from banking.models import Account, Transfer
from people.stepup import StepUpProof
from tests.conftest import Bank, transfer_call

pytestmark = pytest.mark.django_db

ACCOUNTS = ["checking", "savings", "bobext1"]
step = st.tuples(
    st.sampled_from(["transfer", "retry", "retry_changed", "approve", "reject"]),
    st.integers(min_value=0, max_value=5),  # which key
    st.sampled_from([1, 500, 250_000, 1_200_000, 9_000_000, 60_000_000]),  # amounts: small, held, unaffordable
    st.sampled_from(ACCOUNTS[:2]),
    st.sampled_from(ACCOUNTS),
)


class Rollback(Exception):
    pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(step, min_size=1, max_size=14))
def test_money_is_conserved_and_each_key_executes_at_most_once(bank: Bank, alice: Any, steps: list[Any]) -> None:
    try:
        with transaction.atomic():  # each example starts from the same bank
            _run(bank, alice, steps)
            raise Rollback
    except Rollback:
        pass


def _run(bank: Bank, alice: Any, steps: list[Any]) -> None:
    total = bank.total_money()
    sent: dict[str, dict[str, Any]] = {}  # key -> the arguments first sent
    executed: dict[str, set[str]] = {}  # key -> transfer ids seen completed for it
    for n, (op, key_index, amount, source, dest) in enumerate(steps):
        key = f"prop-{key_index}"
        if source == dest:
            dest = "bobext1"
        if op in ("approve", "reject"):
            approval = ApprovalRequest.objects.filter(status="pending").order_by("created_at").first()
            if approval is None:
                continue
            try:
                approval_decide(
                    approval_id=approval.id,
                    reviewer=bank.reviewer if n % 2 else bank.reviewer2,
                    step_up=StepUpProof(user=bank.reviewer if n % 2 else bank.reviewer2),
                    decision=op,
                    reason_code="policy" if op == "reject" else "",
                )
            except DecisionRefused:
                pass
            continue
        if op == "retry" and key in sent:
            call = {"name": "transfer_funds", "arguments": sent[key], "session_id": "prop"}
        else:
            call = transfer_call(key=key, amount=amount, source=source, to=dest, session=f"prop-{n % 3}")
            sent.setdefault(key, call["arguments"])
        body = alice.post("/api/v1/tool-calls", call, format="json").json()
        assert body["status"] in {
            "completed",
            "pending_approval",
            "failed",
            "rejected",
            "expired",
            "blocked",
            "invalid",
        }
        if body["status"] == "completed":
            executed.setdefault(key, set()).add(body["result"]["transfer_id"])
        assert bank.total_money() == total
        assert all(balance >= 0 for balance in Account.objects.values_list("balance_cents", flat=True))
    for key, transfer_ids in executed.items():
        assert len(transfer_ids) == 1, f"{key} executed {len(transfer_ids)} times"
    completed = Transfer.objects.filter(status="completed").count()
    assert completed <= len(sent)
