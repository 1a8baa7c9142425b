"""Receipts: every answer names the entry that recorded it, and that entry's receipt verifies offline.

Agents' answers (REST, batch, GET, MCP), reviewers' decisions (API, page)
and case decisions carry `{"entry_id", "leaf_hash"}`; once a checkpoint
covers the entry, GET /api/v1/audit/<id>/receipt (and the pages' download
links) give the entry, its inclusion proof and the signed checkpoint, which
toolguard_verify checks with nothing but the public key.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from toolguard_verify.receipt import LogKey, VerificationError, verify_receipt

from approvals.models import ApprovalRequest
from audit import tree
from audit.keys import keypair_write
from audit.models import AuditEntry
from audit.receipts import AGENT_DISCLOSED
from core.models import AgentKey
from tests.conftest import Bank, agent_client, person_client, transfer_call
from tests.toolguard.test_mcp import Mcp

pytestmark = pytest.mark.django_db


@pytest.fixture
def signing(settings: Any, tmp_path: Path) -> Path:
    private, public = keypair_write(tmp_path / "keys")
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(private)
    settings.TOOLGUARD_AUDIT_PUBLIC_KEY = str(public)
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = str(tmp_path / "checkpoints.jsonl")
    return public


def leaf_of(entry_id: int) -> str:
    entry = AuditEntry.objects.get(id=entry_id)
    return base64.b64encode(hashlib.sha256(b"\x00" + bytes.fromhex(entry.hash)).digest()).decode()


def assert_names_its_last_entry(audit: dict[str, Any], tool_call_id: str) -> None:
    """The reference is the newest entry written about the call, with its RFC 9162 leaf hash."""
    last = AuditEntry.objects.filter(tool_call_id=tool_call_id).order_by("-id").first()
    assert last is not None and audit == {"entry_id": last.id, "leaf_hash": leaf_of(last.id)}


def test_a_completed_call_names_the_entry_recording_its_outcome(bank: Bank, alice: Any) -> None:
    body = alice.post("/api/v1/tool-calls", transfer_call(key="r1", amount=1000), format="json").json()
    assert body["status"] == "completed"
    assert_names_its_last_entry(body["audit"], body["id"])
    assert AuditEntry.objects.get(id=body["audit"]["entry_id"]).action == "transfer_completed"


def test_refusals_replays_and_holds_each_name_their_own_entry(bank: Bank, alice: Any) -> None:
    refused = alice.post("/api/v1/tool-calls", transfer_call(key="r2", amount=0), format="json")
    assert refused.status_code == 422
    assert_names_its_last_entry(refused.json()["audit"], refused.json()["id"])
    first = alice.post("/api/v1/tool-calls", transfer_call(key="r3", amount=1000), format="json").json()
    replay = alice.post("/api/v1/tool-calls", transfer_call(key="r3", amount=1000), format="json").json()
    assert replay["replayed"] is True and replay["audit"]["entry_id"] > first["audit"]["entry_id"]
    assert AuditEntry.objects.get(id=replay["audit"]["entry_id"]).action == "idempotency_hit"
    held = alice.post("/api/v1/tool-calls", transfer_call(key="r4", amount=2_000_000), format="json")
    assert held.status_code == 202
    assert AuditEntry.objects.get(id=held.json()["audit"]["entry_id"]).action == "approval_requested"
    # Asked again later, a call answers with its newest entry.
    again = alice.get(f"/api/v1/tool-calls/{held.json()['id']}").json()
    assert_names_its_last_entry(again["audit"], held.json()["id"])


def test_every_call_of_a_batch_names_its_entry(bank: Bank, alice: Any) -> None:
    calls = [
        {"type": "tool_use", "id": f"tu{n}", "name": "check_balance", "input": {"account_id": "checking"}}
        for n in range(2)
    ]
    body = alice.post(
        "/api/v1/tool-calls",
        {"session_id": "batch", "message": {"role": "assistant", "content": calls}},
        format="json",
    ).json()
    references = [result["audit"] for result in body["results"]]
    assert len({reference["entry_id"] for reference in references}) == 2
    for result in body["results"]:
        assert_names_its_last_entry(result["audit"], result["id"])


def test_an_mcp_tool_result_carries_its_entry_in_meta(bank: Bank) -> None:
    client = Mcp(bank.alice_key)
    client.initialize()
    answer = client.request("tools/call", {"name": "check_balance", "arguments": {"account_id": "checking"}})
    meta = answer["result"]["_meta"]["toolguard/audit"]
    entry = AuditEntry.objects.get(id=meta["entry_id"])
    assert entry.action == "tool_executed" and meta["leaf_hash"] == leaf_of(entry.id)


def test_a_receipt_waits_for_a_checkpoint_then_verifies_offline(bank: Bank, alice: Any, signing: Path) -> None:
    body = alice.post("/api/v1/tool-calls", transfer_call(key="r5", amount=1000), format="json").json()
    entry_id = body["audit"]["entry_id"]
    # The test's transaction never commits, so no checkpoint is made after it: not covered yet.
    pending = alice.get(f"/api/v1/audit/{entry_id}/receipt")
    assert pending.status_code == 409 and pending.json()["error"]["code"] == "not_yet_covered"
    tree.checkpoint_make()
    # The agent's receipt proves the leaf hash its answer carried, and withholds the entry (issue 36).
    receipt = alice.get(f"/api/v1/audit/{entry_id}/receipt").json()
    assert receipt["leaf_hash"] == body["audit"]["leaf_hash"] and receipt["audience"] == "agent"
    assert set(receipt["entry"]) == set(AGENT_DISCLOSED) and "details" in receipt["withheld"]
    result = verify_receipt(receipt, LogKey.load(str(signing)))
    assert result.leaf_index == receipt["leaf_index"] and not result.content_disclosed
    receipt["leaf_hash"] = receipt["inclusion_path"][0]
    with pytest.raises(VerificationError, match="inclusion proof"):
        verify_receipt(receipt, LogKey.load(str(signing)))
    # Compliance staff's receipt is the entry as stored: a changed field fails.
    whole = person_client(bank.compliance).get(f"/api/v1/audit/{entry_id}/receipt").json()
    assert whole["entry"]["id"] == entry_id and whole["leaf_hash"] == body["audit"]["leaf_hash"]
    assert verify_receipt(whole, LogKey.load(str(signing))).content_disclosed
    whole["entry"]["result"] = "failure"
    with pytest.raises(VerificationError, match="do not hash"):
        verify_receipt(whole, LogKey.load(str(signing)))


def test_who_may_fetch_a_receipt(bank: Bank, alice: Any, signing: Path) -> None:
    body = alice.post("/api/v1/tool-calls", transfer_call(key="r6", amount=1000), format="json").json()
    entry_id = body["audit"]["entry_id"]
    tree.checkpoint_make()
    assert person_client(bank.compliance).get(f"/api/v1/audit/{entry_id}/receipt").status_code == 200
    # Another customer's agent: the entry looks missing.
    other = agent_client(bank.bob_key).get(f"/api/v1/audit/{entry_id}/receipt")
    assert other.status_code == 404 and other.json()["error"]["code"] == "entry_not_found"
    assert person_client(bank.reviewer).get(f"/api/v1/audit/{entry_id}/receipt").status_code == 403
    assert Client().get(f"/api/v1/audit/{entry_id}/receipt").status_code == 401
    # Another principal of the same customer (an OAuth client's key): its entries look missing to alice's key.
    _, other_raw = AgentKey.objects.issue(customer=bank.alice, allowed_tools=["transfer_funds"], name="other")
    others = agent_client(other_raw).post("/api/v1/tool-calls", transfer_call(key="r6b", amount=1000), format="json")
    tree.checkpoint_make()
    theirs = others.json()["audit"]["entry_id"]
    assert alice.get(f"/api/v1/audit/{theirs}/receipt").status_code == 404
    assert agent_client(other_raw).get(f"/api/v1/audit/{theirs}/receipt").status_code == 200
    missing = alice.get("/api/v1/audit/999999999/receipt")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "entry_not_found"


def _hold(alice: Any, key: str) -> ApprovalRequest:
    response = alice.post("/api/v1/tool-calls", transfer_call(key=key, amount=2_000_000), format="json")
    assert response.status_code == 202
    return ApprovalRequest.objects.get(id=response.json()["approval_id"])


def test_a_decision_by_api_names_its_entry_and_the_page_offers_the_receipt(
    bank: Bank, alice: Any, signing: Path
) -> None:
    approval = _hold(alice, "d1")
    reviewer = person_client(bank.reviewer)
    decided = reviewer.post(f"/api/v1/approvals/{approval.id}/decision", {"decision": "approve"}, format="json")
    assert decided.status_code == 200, decided.json()
    audit = decided.json()["audit"]
    entry = AuditEntry.objects.get(id=audit["entry_id"])
    assert entry.actor == f"reviewer:{bank.reviewer.username}" and entry.action == "transfer_completed"
    assert decided.json()["decisions"][0]["audit"] == audit
    page = Client()
    page.force_login(bank.reviewer2)
    before = page.get(f"/review/{approval.id}/").content.decode()
    assert f'Audit entry <span class="mono">{entry.id}</span>' in before and "Download receipt" not in before
    tree.checkpoint_make()
    after = page.get(f"/review/{approval.id}/").content.decode()
    assert "Download receipt" in after
    download = page.get(f"/review/{approval.id}/receipts/{entry.id}/")
    assert download.status_code == 200 and "attachment" in download["Content-Disposition"]
    verify_receipt(json.loads(download.content), LogKey.load(str(signing)))
    # The link only gives entries of this request.
    other = _hold(alice, "d2")
    assert page.get(f"/review/{other.id}/receipts/{entry.id}/").status_code == 404


def test_a_case_decision_names_the_case_entry(bank: Bank, alice: Any) -> None:
    from approvals.cases import case_decide
    from people.stepup import StepUpProof

    approvals = [_hold(alice, f"c{n}") for n in range(2)]
    outcome = case_decide(
        approvals=approvals,
        reviewer=bank.reviewer,
        decision="reject",
        step_up=StepUpProof(user=bank.reviewer),
        reason_code="suspected_fraud",
    )
    assert outcome.audit is not None
    entry = AuditEntry.objects.get(id=outcome.audit["entry_id"])
    assert entry.action == "case_decided" and outcome.audit["leaf_hash"] == leaf_of(entry.id)


def test_the_case_page_tells_the_reviewer_their_entry(bank: Bank, alice: Any) -> None:
    approvals = [_hold(alice, f"p{n}") for n in range(2)]
    page = Client()
    page.force_login(bank.reviewer)
    requests = ",".join(f"{a.id}:{a.version}" for a in approvals)
    body = {"decision": "reject", "reason_code": "suspected_fraud", "reason": "not hers", "requests": requests}
    html = page.post(f"/review/cases/{approvals[0].id}/decision/", body, follow=True).content.decode()
    entry = AuditEntry.objects.filter(action="case_decided").latest("id")
    assert f"Recorded as audit entry {entry.id} (leaf hash {leaf_of(entry.id)})" in html
    assert f"/api/v1/audit/{entry.id}/receipt" in html


def test_the_compliance_entry_page_offers_the_receipt_once_covered(bank: Bank, alice: Any, signing: Path) -> None:
    body = alice.post("/api/v1/tool-calls", transfer_call(key="r7", amount=1000), format="json").json()
    entry_id = body["audit"]["entry_id"]
    page = Client()
    page.force_login(bank.compliance)
    assert "Download receipt" not in page.get(f"/audit/entries/{entry_id}/").content.decode()
    assert page.get(f"/audit/entries/{entry_id}/receipt/").status_code == 409
    tree.checkpoint_make()
    assert "Download receipt" in page.get(f"/audit/entries/{entry_id}/").content.decode()
    download = page.get(f"/audit/entries/{entry_id}/receipt/")
    verify_receipt(json.loads(download.content), LogKey.load(str(signing)))
