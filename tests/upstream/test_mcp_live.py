"""toolguard in front of a real MCP server (official SDK, streamable HTTP, its own process)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import httpx
import pytest
from django.contrib.auth.models import Group, User

from audit.models import AuditEntry
from outbox.services import upstream_key
from tests.live import ROOT, free_port, unique
from tests.upstream.fakes import Guarded, Worker, upstream_env

pytestmark = pytest.mark.live


def credit(key: str, amount: int = 2500) -> dict[str, Any]:
    return {"customer_id": "cust-42", "amount_cents": amount, "idempotency_key": key}


def applied(guarded: Guarded, key: str) -> int:
    scoped = upstream_key(customer_id=guarded.customer.id, tool="crm_add_credit", key=key)
    return int(guarded.mcp.effects()["applied"].get(scoped, 0))


def tools_sync(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "tools_sync"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_the_upstream_tools_are_listed_under_the_prefix_with_their_schemas(guarded: Guarded) -> None:
    listed = httpx.get(
        f"{guarded.server.url}/api/v1/tools?format=mcp", headers={"Authorization": f"Bearer {guarded.key}"}
    ).json()
    tools = {tool["name"]: tool for tool in listed["tools"]}
    lookup, add = tools["crm_lookup_customer"], tools["crm_add_credit"]
    assert lookup["annotations"]["readOnlyHint"] is True
    assert "idempotency_key" not in lookup["inputSchema"]["properties"]
    assert add["annotations"]["readOnlyHint"] is False
    assert set(add["inputSchema"]["properties"]) == {"customer_id", "amount_cents", "idempotency_key"}
    assert "idempotency_key" in add["inputSchema"]["required"]


def test_a_state_changing_mcp_tool_runs_once_and_toolguards_key_is_not_forwarded(guarded: Guarded) -> None:
    key = unique("cr-")
    first = guarded.call("crm_add_credit", credit(key))
    assert first.status_code == 200, first.text
    assert first.json()["result"]["amount_cents"] == 2500
    retry = guarded.call("crm_add_credit", credit(key))
    assert retry.json()["replayed"] is True and retry.json()["result"] == first.json()["result"]
    assert applied(guarded, key) == 1
    sent = [c for c in guarded.mcp.effects()["credits"] if c["credit_id"] == first.json()["result"]["credit_id"]]
    assert sent == [{"credit_id": sent[0]["credit_id"], "customer_id": "cust-42", "amount_cents": 2500}]


def test_the_schema_is_enforced_before_anything_reaches_the_upstream(guarded: Guarded) -> None:
    before = len(guarded.mcp.effects()["credits"])
    bad = guarded.call("crm_add_credit", {"customer_id": "cust-42", "amount_cents": "lots", "idempotency_key": "k1"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "validation_failed"
    missing_key = guarded.call("crm_add_credit", {"customer_id": "cust-42", "amount_cents": 5})
    assert missing_key.status_code == 422
    assert len(guarded.mcp.effects()["credits"]) == before


def test_a_read_only_mcp_tool_answers_directly_with_its_prose_marked(guarded: Guarded) -> None:
    answer = guarded.call("crm_lookup_customer", {"customer_id": "cust-42"})
    assert answer.status_code == 200, answer.text
    result = answer.json()["result"]
    assert result["customer_id"] == "cust-42" and result["tier"] == "gold"
    assert "<<data " in result["notes"] and "Prefers email contact." in result["notes"]


def test_an_mcp_error_result_fails_the_call_with_a_fixed_sentence(guarded: Guarded) -> None:
    guarded.mcp.admin("fault", {"mode": "error"})
    key = unique("err-")
    failed = guarded.call("crm_add_credit", credit(key))
    assert failed.status_code == 422, failed.text
    assert failed.json()["error"]["code"] == "upstream_rejected"
    assert failed.json()["error"]["message"] == "the upstream refused the call" and "frozen" not in failed.text
    # Not stored: the same key tries again, and this time it goes through.
    again = guarded.call("crm_add_credit", credit(key))
    assert again.status_code == 200 and again.json()["replayed"] is False
    assert applied(guarded, key) == 1


def test_a_held_mcp_call_is_approved_and_executed_once_by_the_worker(guarded: Guarded, worker: Worker) -> None:
    key = unique("big-")
    held = guarded.call("crm_add_credit", credit(key, amount=75_000))
    assert held.status_code == 202 and held.json()["status"] == "pending_approval"
    with guarded.blocker.unblock():
        reviewer = User.objects.create_user(unique("rev"), password="correct-horse-battery")
        reviewer.groups.add(Group.objects.get(name="reviewers"))
    url = f"{guarded.server.url}/api/v1/approvals/{held.json()['approval_id']}/decision"
    auth = (reviewer.username, "correct-horse-battery")
    decided = httpx.post(url, json={"decision": "approve"}, auth=auth, timeout=30)
    assert decided.status_code == 200, decided.text
    twice = httpx.post(url, json={"decision": "approve"}, auth=auth, timeout=30)
    assert twice.status_code == 409
    settled = guarded.wait_settled(held.json()["id"])
    assert settled["status"] == "completed" and settled["result"]["amount_cents"] == 75_000
    retry = guarded.call("crm_add_credit", credit(key, amount=75_000))
    assert retry.json()["status"] == "completed" and retry.json()["replayed"] is True
    assert applied(guarded, key) == 1


def test_tools_sync_records_a_changed_upstream_schema_as_a_new_audited_version(guarded: Guarded) -> None:
    first = tools_sync(guarded.env)
    assert first.returncode == 0, first.stderr
    # Listing an upstream is one JSON report, not a line per HTTP request or stream reconnect.
    assert "HTTP Request" not in first.stderr and "stream disconnected" not in first.stderr, first.stderr
    before = {t["name"]: t for t in json.loads(first.stdout)["sources"][0]["tools"]}
    guarded.mcp.admin("schema", {"v": 2})
    try:
        second = tools_sync(guarded.env)
    finally:
        guarded.mcp.admin("schema", {"v": 1})
    assert second.returncode == 0, second.stderr
    after = {t["name"]: t for t in json.loads(second.stdout)["sources"][0]["tools"]}
    assert after["crm_add_credit"]["changed"] is True and after["crm_add_credit"]["withheld"] is True
    assert after["crm_add_credit"]["version"] == before["crm_add_credit"]["version"] + 1
    assert after["crm_lookup_customer"]["changed"] is False
    with guarded.blocker.unblock():
        entry = AuditEntry.objects.filter(action="upstream_tool_changed", tool="crm_add_credit").latest("id")
    assert entry.details["schema_sha256"] == after["crm_add_credit"]["schema_sha256"]
    assert entry.details["previous_sha256"] == before["crm_add_credit"]["schema_sha256"]


def test_an_mcp_upstream_that_is_down_does_not_stop_start_up_and_tools_sync_names_it(guarded: Guarded) -> None:
    env = upstream_env(guarded.http, guarded.mcp)
    env["FAKE_MCP_URL"] = f"http://127.0.0.1:{free_port()}/mcp"
    checked = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert checked.returncode == 0, checked.stderr
    assert "is unavailable" in checked.stderr
    synced = tools_sync(env)
    assert synced.returncode == 1
    assert env["FAKE_MCP_URL"] in synced.stderr
    assert json.loads(synced.stdout)["sources"][0]["ok"] is False


def test_an_mcp_call_answered_past_the_timeout_is_reconciled_to_one_effect(guarded: Guarded, worker: Worker) -> None:
    guarded.mcp.admin("fault", {"mode": "slow", "slow_seconds": 7})
    key = unique("slow-")
    first = guarded.call("crm_add_credit", credit(key))
    assert first.status_code == 202, first.text
    assert first.json()["status"] == "dispatching"
    settled = guarded.wait_settled(first.json()["id"])
    assert settled["status"] == "completed" and settled["result"]["amount_cents"] == 2500
    assert applied(guarded, key) == 1
    with guarded.blocker.unblock():
        trail = list(
            AuditEntry.objects.filter(tool_call_id=first.json()["id"]).order_by("id").values_list("action", flat=True)
        )
    assert trail.count("upstream_attempt") >= 2 and "upstream_retry_scheduled" in trail
    assert "upstream_outcome_unknown" not in trail  # a retry is not a give-up
