"""Decision workflow: exactly one decision wins, duties stay separate, nothing half-done."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from approvals.models import ApprovalRequest
from approvals.services import DecisionRefused, approval_decide, approvals_expire
from audit.models import AuditEntry
from audit.verify import audit_chain_verify
from banking.models import Transfer
from core.models import IdempotencyRecord
from people.stepup import StepUpProof
from tests.conftest import Bank, person_client, transfer_call

pytestmark = pytest.mark.django_db


def hold(client: Any, *, key: str = "held", amount: int = 2_000_000, **kwargs: Any) -> ApprovalRequest:
    response = client.post("/api/v1/tool-calls", transfer_call(key=key, amount=amount, **kwargs), format="json")
    assert response.status_code == 202, response.json()
    return ApprovalRequest.objects.get(id=response.json()["approval_id"])


def retry(client: Any, *, key: str = "held", amount: int = 2_000_000, **kwargs: Any) -> dict[str, Any]:
    return client.post("/api/v1/tool-calls", transfer_call(key=key, amount=amount, **kwargs), format="json").json()


def test_approve_executes_once_and_the_retry_sees_it(bank: Bank, alice: Any) -> None:
    approval = hold(alice)
    decided = approval_decide(
        approval_id=approval.id,
        reviewer=bank.reviewer,
        step_up=StepUpProof(user=bank.reviewer),
        decision="approve",
        reason="ok",
    )
    assert decided.status == "completed"
    assert bank.balance("checking") == 3_000_000
    body = retry(alice)
    assert body["status"] == "completed" and body["replayed"] is True
    with pytest.raises(DecisionRefused) as refused:
        approval_decide(
            approval_id=approval.id,
            reviewer=bank.reviewer2,
            step_up=StepUpProof(user=bank.reviewer2),
            decision="approve",
        )
    assert refused.value.code == "already_decided"
    assert bank.balance("checking") == 3_000_000


def test_reject_needs_a_reason_code_and_is_final(bank: Bank, alice: Any) -> None:
    approval = hold(alice)
    with pytest.raises(DecisionRefused) as refused:
        approval_decide(
            approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="reject"
        )
    assert refused.value.code == "reason_required"
    approval_decide(
        approval_id=approval.id,
        reviewer=bank.reviewer,
        step_up=StepUpProof(user=bank.reviewer),
        decision="reject",
        reason_code="suspected_fraud",
        reason="odd",
    )
    body = retry(alice)
    assert body["status"] == "rejected" and body["result"]["reason_code"] == "suspected_fraud"
    assert Transfer.objects.get(id=body["result"]["transfer_id"]).status == "rejected"
    assert bank.balance("checking") == 5_000_000


@pytest.mark.parametrize("decision", ["approve", "reject"])
def test_the_reviewers_own_words_never_reach_the_agent(bank: Bank, alice: Any, decision: str) -> None:
    approval = hold(alice, key=f"note-{decision}")
    note = "private: her phone was stolen, call back on the landline"
    approval_decide(
        approval_id=approval.id,
        reviewer=bank.reviewer,
        step_up=StepUpProof(user=bank.reviewer),
        decision=decision,
        reason_code="policy",
        reason=note,
    )
    for body in (retry(alice, key=f"note-{decision}"), alice.get(f"/api/v1/tool-calls/{approval.tool_call_id}").json()):
        assert body["result"]["reason_code"] == "policy"
        assert note not in str(body), body
    # The reviewer pages and the audit log keep it.
    assert AuditEntry.objects.filter(approval_id=str(approval.id), details__reason=note).exists()


def test_dual_control_needs_two_different_reviewers(bank: Bank, alice: Any) -> None:
    approval = hold(alice, key="dual", amount=6_000_000, source="savings", to="checking")
    first = approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
    )
    assert first.status == "pending" and first.version == 2
    assert bank.balance("savings") == 10_000_000
    with pytest.raises(DecisionRefused) as twice:
        approval_decide(
            approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
        )
    assert twice.value.code == "already_decided_by_you"
    second = approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer2, step_up=StepUpProof(user=bank.reviewer2), decision="approve"
    )
    assert second.status == "completed"
    assert bank.balance("checking") == 11_000_000


def test_dual_control_any_rejection_is_final(bank: Bank, alice: Any) -> None:
    approval = hold(alice, key="dual", amount=6_000_000, source="savings", to="checking")
    approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
    )
    rejected = approval_decide(
        approval_id=approval.id,
        reviewer=bank.reviewer2,
        step_up=StepUpProof(user=bank.reviewer2),
        decision="reject",
        reason_code="policy",
    )
    assert rejected.status == "rejected"
    assert bank.balance("savings") == 10_000_000


def test_a_reviewer_cannot_decide_their_own_request(bank: Bank, alice: Any) -> None:
    bank.alice.user = bank.reviewer
    bank.alice.save()
    approval = hold(alice)
    with pytest.raises(DecisionRefused) as refused:
        approval_decide(
            approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
        )
    assert (refused.value.code, refused.value.http_status) == ("own_request", 403)
    assert (
        approval_decide(
            approval_id=approval.id,
            reviewer=bank.reviewer2,
            step_up=StepUpProof(user=bank.reviewer2),
            decision="approve",
        ).status
        == "completed"
    )


def test_stale_version_is_refused(bank: Bank, alice: Any) -> None:
    approval = hold(alice, key="dual", amount=6_000_000, source="savings", to="checking")
    drawn = approval.version
    approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
    )
    with pytest.raises(DecisionRefused) as refused:
        approval_decide(
            approval_id=approval.id,
            reviewer=bank.reviewer2,
            step_up=StepUpProof(user=bank.reviewer2),
            decision="approve",
            version=drawn,
        )
    assert refused.value.code == "stale_version"


def test_non_reviewers_cannot_decide(bank: Bank, alice: Any) -> None:
    approval = hold(alice)
    with pytest.raises(DecisionRefused) as refused:
        approval_decide(
            approval_id=approval.id,
            reviewer=bank.compliance,
            step_up=StepUpProof(user=bank.compliance),
            decision="approve",
        )
    assert refused.value.http_status == 403
    api = person_client(bank.compliance).post(
        f"/api/v1/approvals/{approval.id}/decision", {"decision": "approve"}, format="json"
    )
    assert api.status_code == 403
    agent = alice.post(f"/api/v1/approvals/{approval.id}/decision", {"decision": "approve"}, format="json")
    assert agent.status_code == 403
    assert alice.get("/api/v1/approvals").status_code == 403
    assert bank.balance("checking") == 5_000_000


def test_re_check_at_execution_fails_cleanly_when_the_balance_is_gone(bank: Bank, alice: Any) -> None:
    approval = hold(alice)
    bank.alice.accounts.filter(number="checking").update(balance_cents=100)
    decided = approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
    )
    assert decided.status == "failed" and decided.failure_reason == "insufficient_funds"
    assert bank.balance("checking") == 100 and bank.balance("savings") == 10_000_000
    assert retry(alice)["status"] == "failed"


def test_tampered_arguments_are_not_executed(bank: Bank, alice: Any) -> None:
    approval = hold(alice)
    Transfer.objects.filter(id=approval.held_ref).update(amount_cents=4_000_000)
    decided = approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
    )
    assert decided.status == "failed" and decided.failure_reason == "arguments_changed"
    assert bank.balance("checking") == 5_000_000


def test_arguments_changed_since_the_hold_are_not_executed(bank: Bank, alice: Any) -> None:
    approval = hold(alice)
    # The stored arguments no longer hash to what was held (the held transfer itself still matches them).
    ApprovalRequest.objects.filter(id=approval.id).update(arguments_hash="0" * 64)
    decided = approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
    )
    assert decided.status == "failed" and decided.failure_reason == "arguments_changed"
    assert decided.outcome["error"]["message"] == "the arguments no longer match what was approved"
    assert bank.balance("checking") == 5_000_000 and bank.balance("savings") == 10_000_000
    refused = AuditEntry.objects.get(approval_id=str(approval.id), action="transfer_rejected")
    assert refused.details["code"] == "arguments_changed"


def test_expiry_by_the_sweep_and_late_decisions_refused(bank: Bank, alice: Any) -> None:
    approval = hold(alice)
    assert approvals_expire(now=timezone.now()) == 0
    assert approvals_expire(now=timezone.now() + timedelta(hours=2)) == 1
    approval.refresh_from_db()
    assert approval.status == "expired"
    body = retry(alice)
    assert body["status"] == "expired" and body["replayed"] is True
    with pytest.raises(DecisionRefused) as refused:
        approval_decide(
            approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
        )
    assert refused.value.code == "already_decided"
    assert bank.balance("checking") == 5_000_000
    assert AuditEntry.objects.filter(action="approval_expired", approval_id=str(approval.id)).count() == 1


def test_expiry_is_enforced_inside_the_decision(bank: Bank, alice: Any) -> None:
    """Frozen clock: no sweeper ran, the deadline passed, the decision itself refuses."""
    approval = hold(alice)
    ApprovalRequest.objects.filter(id=approval.id).update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(DecisionRefused) as refused:
        approval_decide(
            approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
        )
    assert refused.value.code == "expired"
    approval.refresh_from_db()
    assert approval.status == "expired"
    assert IdempotencyRecord.objects.get(key="held").outcome["status"] == "expired"
    assert bank.balance("checking") == 5_000_000


def test_expire_approvals_command(bank: Bank, alice: Any, settings: Any) -> None:
    from io import StringIO

    from django.core.management import call_command

    hold(alice)
    ApprovalRequest.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    out = StringIO()
    call_command("expire_approvals", stdout=out)
    assert "expired 1" in out.getvalue()


def test_every_transition_keeps_the_chain_valid(bank: Bank, alice: Any) -> None:
    approval = hold(alice)
    approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
    )
    hold(alice, key="other")
    approvals_expire(now=timezone.now() + timedelta(days=1))
    broken, _, _ = audit_chain_verify()
    assert broken is None
    actions = list(AuditEntry.objects.filter(approval_id=str(approval.id)).values_list("action", flat=True))
    assert actions == ["approval_requested", "approval_granted", "transfer_completed"]


def test_reviewer_api_lists_reads_and_decides(bank: Bank, alice: Any) -> None:
    approval = hold(alice)
    reviewer = person_client(bank.reviewer)
    listed = reviewer.get("/api/v1/approvals?status=pending").json()
    assert [a["id"] for a in listed] == [str(approval.id)]
    assert reviewer.get(f"/api/v1/approvals/{approval.id}").json()["arguments"]["amount"] == 2_000_000
    bad = reviewer.post(f"/api/v1/approvals/{approval.id}/decision", {"decision": "reject"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "reason_required"
    ok = reviewer.post(
        f"/api/v1/approvals/{approval.id}/decision", {"decision": "approve", "version": 1}, format="json"
    )
    assert ok.status_code == 200 and ok.json()["status"] == "completed"
    late = reviewer.post(f"/api/v1/approvals/{approval.id}/decision", {"decision": "approve"}, format="json")
    assert late.status_code == 409 and late.json()["error"]["details"]["status"] == "completed"


def test_basic_auth_works_for_reviewers(bank: Bank, alice: Any) -> None:
    import base64

    from rest_framework.test import APIClient

    hold(alice)
    client = APIClient()
    token = base64.b64encode(f"{bank.reviewer.username}:correct-horse-battery".encode()).decode()
    client.credentials(HTTP_AUTHORIZATION=f"Basic {token}")
    assert client.get("/api/v1/approvals").status_code == 200
    assert APIClient().get("/api/v1/approvals").status_code == 401
