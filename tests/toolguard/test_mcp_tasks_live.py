"""Held calls as MCP tasks, and the 2026-07-28 revision, over HTTP on gunicorn with PostgreSQL and Redis.

The tasks flow is raw JSON-RPC (the `mcp` package has no client for the
extension's 2026-07-28 shape); the revision itself is driven by the official
client at its newest protocol.
"""

from __future__ import annotations

from typing import Any

import anyio
import httpx
import mcp.types as mt
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from approvals.models import ApprovalRequest
from audit.models import AuditEntry
from banking.models import Account, Transfer
from tests.live import Gunicorn, bearer, unique
from tests.toolguard.mcp_tasks import MODERN, TASKS, conforms, headers, message

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres, pytest.mark.needs_redis]

PASSWORD = "correct-horse-battery"
AMOUNT = 7_300


class Raw:
    """A 2026-07-28 client in raw JSON-RPC: a fresh connection per request, as after any reconnect."""

    def __init__(self, url: str, key: str) -> None:
        self.url, self.key, self.next_id = url, key, 0

    def post(self, method: str, params: dict[str, Any] | None = None, **envelope_args: Any) -> httpx.Response:
        self.next_id += 1
        sent = {**bearer(self.key), **headers(method, params)}
        with httpx.Client(base_url=self.url, timeout=30) as http:
            return http.post("/mcp", json=message(self.next_id, method, params, **envelope_args), headers=sent)

    def result(self, method: str, params: dict[str, Any] | None = None, **envelope_args: Any) -> dict[str, Any]:
        response = self.post(method, params, **envelope_args)
        assert response.status_code == 200, response.text
        assert "Mcp-Session-Id" not in response.headers
        return response.json()["result"]


def held_transfer(sfx: str) -> dict[str, Any]:
    # To Bob's account, not one of Alice's payees: a new beneficiary waits for a reviewer.
    arguments = {
        "from_account": f"checking{sfx}",
        "to_account": f"bobext2{sfx}",
        "amount": AMOUNT,
        "currency": "USD",
        "idempotency_key": unique("k"),
    }
    return {"name": "transfer_funds", "arguments": arguments}


def decide(server: Gunicorn, reviewer: str, approval_id: str, decision: str) -> httpx.Response:
    body = {"decision": decision, "reason_code": "other", "reason": "checked by phone"}
    return httpx.post(
        f"{server.url}/api/v1/approvals/{approval_id}/decision", json=body, auth=(reviewer, PASSWORD), timeout=30
    )


def test_an_approved_task_completes_with_the_money_moved_once(server: Gunicorn, live_bank: Any) -> None:
    bank, sfx, blocker = live_bank
    agent = Raw(server.url, bank.alice_key)
    created = agent.result("tools/call", held_transfer(sfx))
    conforms("CreateTaskResult", created)
    assert created["resultType"] == "task" and created["status"] == "working"
    task_id = created["taskId"]

    # Durable at once, from any worker: every poll is a new connection.
    for _ in range(4):
        working = agent.result("tasks/get", {"taskId": task_id})
        conforms("GetTaskResult", working)
        assert working["status"] == "working"
    assert "reviewer" in working["statusMessage"] and "rule" not in working["statusMessage"]

    with blocker.unblock():
        approval_id = str(ApprovalRequest.objects.get(tool_call_id=task_id).id)
    pending = httpx.get(
        f"{server.url}/api/v1/approvals", params={"status": "pending"}, auth=(bank.reviewer.username, PASSWORD)
    ).json()
    assert approval_id in {row["id"] for row in pending}
    decided = decide(server, bank.reviewer.username, approval_id, "approve")
    assert decided.status_code == 200, decided.text

    done = agent.result("tasks/get", {"taskId": task_id})
    conforms("GetTaskResult", done)
    assert done["status"] == "completed" and done["result"]["isError"] is False
    content = done["result"]["structuredContent"]
    assert content["status"] == "completed" and content["result"]["amount"] == AMOUNT
    # Asked again, and by the status tool, the same result; the money moved once.
    assert agent.result("tasks/get", {"taskId": task_id})["result"] == done["result"]
    status = agent.result("tools/call", {"name": "get_tool_call_status", "arguments": {"call_id": task_id}})
    assert status["structuredContent"]["result"] == content["result"]
    with blocker.unblock():
        assert Account.objects.get(number=f"bobext2{sfx}").balance_cents == AMOUNT
        assert Account.objects.get(number=f"checking{sfx}").balance_cents == 5_000_000 - AMOUNT
        assert Transfer.objects.filter(to_account__number=f"bobext2{sfx}").count() == 1


def test_a_rejected_task_completes_as_an_error(server: Gunicorn, live_bank: Any) -> None:
    bank, sfx, blocker = live_bank
    agent = Raw(server.url, bank.alice_key)
    created = agent.result("tools/call", held_transfer(sfx))
    with blocker.unblock():
        approval_id = str(ApprovalRequest.objects.get(tool_call_id=created["taskId"]).id)
    assert decide(server, bank.reviewer.username, approval_id, "reject").status_code == 200
    done = agent.result("tasks/get", {"taskId": created["taskId"]})
    conforms("GetTaskResult", done)
    assert done["status"] == "completed" and done["result"]["isError"] is True
    assert done["result"]["structuredContent"]["status"] == "rejected"
    assert "phone" not in str(done)
    with blocker.unblock():
        assert Account.objects.get(number=f"bobext2{sfx}").balance_cents == 0


def test_a_cancelled_task_leaves_no_pending_request(server: Gunicorn, live_bank: Any) -> None:
    bank, sfx, blocker = live_bank
    agent = Raw(server.url, bank.alice_key)
    created = agent.result("tools/call", held_transfer(sfx))
    task_id = created["taskId"]
    # Another key, even of the same deployment, neither sees nor cancels it.
    stranger = Raw(server.url, bank.bob_key).post("tasks/cancel", {"taskId": task_id})
    assert stranger.status_code == 400 and stranger.json()["error"]["code"] == mt.INVALID_PARAMS

    conforms("CancelTaskResult", agent.result("tasks/cancel", {"taskId": task_id}))
    cancelled = agent.result("tasks/get", {"taskId": task_id})
    conforms("GetTaskResult", cancelled)
    assert cancelled["status"] == "cancelled"

    with blocker.unblock():
        approval = ApprovalRequest.objects.get(tool_call_id=task_id)
        assert approval.status == "withdrawn"
    pending = httpx.get(
        f"{server.url}/api/v1/approvals", params={"status": "pending"}, auth=(bank.reviewer.username, PASSWORD)
    ).json()
    assert str(approval.id) not in {row["id"] for row in pending}
    withdrawn = httpx.get(
        f"{server.url}/api/v1/approvals", params={"status": "withdrawn"}, auth=(bank.reviewer.username, PASSWORD)
    ).json()
    assert str(approval.id) in {row["id"] for row in withdrawn}
    with blocker.unblock():
        assert AuditEntry.objects.filter(action="approval_withdrawn", approval_id=str(approval.id)).count() == 1
    late = decide(server, bank.reviewer.username, str(approval.id), "approve")
    assert late.status_code == 409 and late.json()["error"]["code"] == "already_decided"
    with blocker.unblock():
        assert Account.objects.get(number=f"bobext2{sfx}").balance_cents == 0


def test_discover_works_without_a_session(server: Gunicorn, live_bank: Any) -> None:
    bank, _, _ = live_bank
    found = Raw(server.url, bank.alice_key).result("server/discover", tasks=False)
    assert MODERN in found["supportedVersions"]
    assert found["capabilities"]["extensions"] == {TASKS: {}}


async def _official(url: str, key: str, sfx: str) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    transport = streamable_http_client(f"{url}/mcp", http_client=create_mcp_http_client(headers=bearer(key)))
    async with Client(transport) as client:
        seen["version"] = client.protocol_version
        seen["discover"] = client.session.discover_result
        seen["tools"] = await client.list_tools()
        seen["balance"] = await client.call_tool("check_balance", {"account_id": f"checking{sfx}"})
        seen["held"] = await client.call_tool("transfer_funds", held_transfer(sfx)["arguments"])
    return seen


def test_the_official_client_at_its_newest_protocol(server: Gunicorn, live_bank: Any) -> None:
    bank, sfx, _ = live_bank
    seen = anyio.run(_official, server.url, bank.alice_key, sfx)
    assert seen["version"] == MODERN
    assert seen["discover"] is not None and TASKS in (seen["discover"].capabilities.extensions or {})
    assert "transfer_funds" in {tool.name for tool in seen["tools"].tools}
    assert seen["balance"].is_error is False
    assert seen["balance"].structured_content["result"]["balance"] == 5_000_000
    # It did not opt in to tasks: a held call is answered as it always was.
    assert seen["held"].structured_content["status"] == "pending_approval"
    assert seen["held"].structured_content["status_tool"] == "get_tool_call_status"
