"""Held calls as MCP tasks and the 2026-07-28 revision, in process (the live run is test_mcp_tasks_live.py)."""

from __future__ import annotations

import json
from typing import Any

import mcp.types as mt
import pytest
from django.test import Client
from mcp.types.methods import validate_server_result

from approvals.models import ApprovalRequest
from approvals.services import DecisionRefused, approval_decide
from audit.models import AuditEntry
from banking.models import Account, Transfer
from core.models import ToolCall, ValueEntry
from people.stepup import StepUpProof
from tests.conftest import Bank, transfer_call
from tests.toolguard.mcp_tasks import MODERN, TASKS, conforms, headers, message

pytestmark = pytest.mark.django_db


class Modern:
    """A 2026-07-28 client: no handshake, no session, its envelope on every request."""

    def __init__(self, key: str) -> None:
        self.client, self.key, self.next_id = Client(), key, 0

    def post(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        *,
        extra: dict[str, str] | None = None,
        **envelope_args: Any,
    ) -> Any:
        self.next_id += 1
        body = message(self.next_id, method, params, **envelope_args)
        sent = {"Authorization": f"Bearer {self.key}", **headers(method, params), **(extra or {})}
        return self.client.post("/mcp", data=json.dumps(body), content_type="application/json", headers=sent)

    def result(self, method: str, params: dict[str, Any] | None = None, **envelope_args: Any) -> dict[str, Any]:
        response = self.post(method, params, **envelope_args)
        assert response.status_code == 200, response.content
        return response.json()["result"]


@pytest.fixture
def modern(bank: Bank) -> Modern:
    return Modern(bank.alice_key)


def held_transfer(key: str) -> dict[str, Any]:
    # To Bob's account, not one of Alice's payees: a new beneficiary is held for approval.
    return {"name": "transfer_funds", "arguments": transfer_call(key=key, amount=5_000, to="bobext2")["arguments"]}


def test_discover_needs_no_session_and_names_the_tasks_extension(modern: Modern) -> None:
    found = modern.result("server/discover")
    validate_server_result("server/discover", MODERN, found)
    assert MODERN in found["supportedVersions"] and "2025-11-25" in found["supportedVersions"]
    assert found["capabilities"]["extensions"] == {TASKS: {}}
    assert found["capabilities"]["tools"] == {"listChanged": False}
    assert found["resultType"] == "complete"
    assert found["_meta"][mt.SERVER_INFO_META_KEY]["name"] == "toolguard"
    listed = modern.result("tools/list")
    validate_server_result("tools/list", MODERN, listed)
    assert "get_tool_call_status" in {tool["name"] for tool in listed["tools"]}


def test_the_envelope_is_checked_as_the_sdk_checks_it(modern: Modern) -> None:
    mismatch = modern.post("tools/list", extra={"Mcp-Method": "tools/call"})
    assert mismatch.status_code == 400 and mismatch.json()["error"]["code"] == mt.HEADER_MISMATCH
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    bare = modern.client.post(
        "/mcp",
        data=json.dumps(body),
        content_type="application/json",
        headers={"Authorization": f"Bearer {modern.key}", **headers("tools/list")},
    )
    assert bare.status_code == 400 and bare.json()["error"]["code"] == mt.INVALID_PARAMS
    gone = modern.post("ping")
    assert gone.status_code == 404 and gone.json()["error"]["code"] == mt.METHOD_NOT_FOUND


def test_a_call_that_is_not_held_is_answered_as_today(modern: Modern, bank: Bank) -> None:
    answer = modern.result("tools/call", {"name": "check_balance", "arguments": {"account_id": "checking"}})
    validate_server_result("tools/call", MODERN, answer)
    assert answer["resultType"] == "complete" and answer["isError"] is False
    assert answer["structuredContent"]["result"]["balance"] == 5_000_000
    # Session-less: the key's own session, unless the request names one.
    modern.result("tools/call", {"name": "check_balance", "arguments": {"account_id": "checking"}}, session="conv-7")
    sessions = set(ToolCall.objects.filter(customer=bank.alice).values_list("session_id", flat=True))
    prefix = (
        ToolCall.objects.filter(customer=bank.alice)
        .select_related("agent_key")
        .get(tool="check_balance", session_id="conv-7")
        .agent_key.prefix
    )
    assert sessions == {f"mcp-key-{prefix}", "conv-7"}


def test_a_held_call_without_the_opt_in_gets_todays_answer(modern: Modern) -> None:
    answer = modern.result("tools/call", held_transfer("k-7f3a6"), tasks=False)
    assert answer["resultType"] == "complete"
    assert answer["structuredContent"]["status"] == "pending_approval"
    refused = modern.post("tasks/get", {"taskId": answer["structuredContent"]["call_id"]}, tasks=False)
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == mt.MISSING_REQUIRED_CLIENT_CAPABILITY
    assert refused.json()["error"]["data"] == {"requiredCapabilities": {"extensions": {TASKS: {}}}}


def test_an_approved_task_completes_with_the_transfer_once(modern: Modern, bank: Bank) -> None:
    created = modern.result("tools/call", held_transfer("k-7f3a1"))
    conforms("CreateTaskResult", created)
    assert created["resultType"] == "task" and created["status"] == "working"
    task_id = created["taskId"]
    tool_call = ToolCall.objects.get(id=task_id)
    assert tool_call.status == "pending_approval" and tool_call.agent_key.customer == bank.alice

    working = modern.result("tasks/get", {"taskId": task_id})
    conforms("GetTaskResult", working)
    assert working["status"] == "working" and working["pollIntervalMs"] > 0
    assert "reviewer" in working["statusMessage"] and "new_beneficiary" not in working["statusMessage"]

    approval = ApprovalRequest.objects.get(tool_call_id=task_id)
    approval_decide(
        approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
    )
    done = modern.result("tasks/get", {"taskId": task_id})
    conforms("GetTaskResult", done)
    assert done["status"] == "completed" and done["result"]["isError"] is False
    assert done["result"]["structuredContent"]["status"] == "completed"
    assert done["result"]["structuredContent"]["result"]["status"] == "completed"
    assert Account.objects.get(number="bobext2").balance_cents == 5_000
    again = modern.result("tasks/get", {"taskId": task_id})
    assert again["result"] == done["result"]
    assert Transfer.objects.filter(to_account__number="bobext2", status="completed").count() == 1


def test_a_rejected_task_completes_as_an_error(modern: Modern, bank: Bank) -> None:
    created = modern.result("tools/call", held_transfer("k-7f3a2"))
    approval_decide(
        approval_id=ApprovalRequest.objects.get(tool_call_id=created["taskId"]).id,
        reviewer=bank.reviewer,
        step_up=StepUpProof(user=bank.reviewer),
        decision="reject",
        reason_code="policy",
        reason="not this one, friend",
    )
    done = modern.result("tasks/get", {"taskId": created["taskId"]})
    conforms("GetTaskResult", done)
    assert done["status"] == "completed" and done["result"]["isError"] is True
    assert done["result"]["structuredContent"]["status"] == "rejected"
    assert "friend" not in json.dumps(done)


def test_cancel_withdraws_the_pending_request(modern: Modern, bank: Bank) -> None:
    created = modern.result("tools/call", held_transfer("k-7f3a3"))
    task_id = created["taskId"]
    ack = modern.result("tasks/cancel", {"taskId": task_id})
    conforms("CancelTaskResult", ack)
    cancelled = modern.result("tasks/get", {"taskId": task_id})
    conforms("GetTaskResult", cancelled)
    assert cancelled["status"] == "cancelled" and "result" not in cancelled

    approval = ApprovalRequest.objects.get(tool_call_id=task_id)
    assert approval.status == "withdrawn"
    assert not ApprovalRequest.objects.filter(customer=bank.alice, status="pending").exists()
    assert Transfer.objects.get(id=approval.held_ref).status == "failed"
    assert ValueEntry.objects.get(tool_call_id=task_id).status == ValueEntry.Status.VOID
    entry = AuditEntry.objects.get(action="approval_withdrawn", approval_id=str(approval.id))
    assert entry.actor_type == "agent"
    # A reviewer who opens it now finds it withdrawn, not decidable.
    with pytest.raises(DecisionRefused) as refused:
        approval_decide(
            approval_id=approval.id, reviewer=bank.reviewer, step_up=StepUpProof(user=bank.reviewer), decision="approve"
        )
    assert refused.value.code == "already_decided"
    # Cancelling again changes nothing and is still acknowledged.
    assert modern.result("tasks/cancel", {"taskId": task_id})["resultType"] == "complete"
    assert AuditEntry.objects.filter(action="approval_withdrawn", approval_id=str(approval.id)).count() == 1


def test_another_key_cannot_read_or_cancel_a_task(modern: Modern, bank: Bank) -> None:
    created = modern.result("tools/call", held_transfer("k-7f3a4"))
    bob = Modern(bank.bob_key)
    for method in ("tasks/get", "tasks/cancel", "tasks/update"):
        peek = bob.post(method, {"taskId": created["taskId"], "inputResponses": {}})
        assert peek.status_code == 400 and peek.json()["error"]["code"] == mt.INVALID_PARAMS
    assert bob.post("tasks/get", {"taskId": "not-a-task"}).json()["error"]["code"] == mt.INVALID_PARAMS
    assert ApprovalRequest.objects.get(tool_call_id=created["taskId"]).status == "pending"


def test_a_handshake_session_may_opt_in_per_request_too(bank: Bank) -> None:
    client = Client()
    auth = {"Authorization": f"Bearer {bank.alice_key}"}
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }
    opened = client.post("/mcp", data=json.dumps(init), content_type="application/json", headers=auth)
    session = {**auth, "Mcp-Session-Id": opened["Mcp-Session-Id"]}
    assert "extensions" not in opened.json()["result"]["capabilities"]
    opt_in: dict[str, Any] = {mt.CLIENT_CAPABILITIES_META_KEY: {"extensions": {TASKS: {}}}}
    call = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {**held_transfer("k-7f3a5"), "_meta": opt_in},
    }
    created = client.post("/mcp", data=json.dumps(call), content_type="application/json", headers=session).json()
    conforms("CreateTaskResult", created["result"])
    poll = {
        "jsonrpc": "2.0",
        "id": 3,
        "method": "tasks/get",
        "params": {"taskId": created["result"]["taskId"], "_meta": opt_in},
    }
    got = client.post("/mcp", data=json.dumps(poll), content_type="application/json", headers=session).json()
    assert got["result"]["status"] == "working"
