"""The held-call examples run end to end against gunicorn: a reviewer decides while the agent waits.

examples/openai_agents_held.py (the OpenAI Agents SDK, a scripted `Model`) and
examples/langgraph_held.py (LangGraph's interrupt and resume, LangChain's fake
chat model) each send a transfer to a new payee, which toolguard holds; this
test approves it through the reviewers' API as the example waits, and checks
what came back to the model and that the money moved once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

import httpx
import pytest

from approvals.models import ApprovalRequest
from banking.models import Transfer
from tests.conftest import Bank
from tests.live import ROOT, Gunicorn, stop_process

pytestmark = pytest.mark.live

AMOUNT = 25_000


def run_while_approving(server: Gunicorn, bank: Bank, sfx: str, script: str) -> dict[str, Any]:
    env = {name: value for name, value in os.environ.items() if name != "OPENAI_API_KEY"}
    env["OPENAI_AGENTS_DISABLE_TRACING"] = "1"
    args = ["--base-url", server.url, "--agent-key", bank.alice_key]
    args += ["--from-account", f"checking{sfx}", "--to-account", f"bobext2{sfx}", "--wait", "60"]
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "examples" / script), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        deadline = time.monotonic() + 90
        held = None
        while held is None and time.monotonic() < deadline and proc.poll() is None:
            held = ApprovalRequest.objects.filter(customer=bank.alice, status="pending").first()
            time.sleep(0.2)
        assert held is not None, proc.communicate(timeout=30)
        httpx.post(
            f"{server.url}/api/v1/approvals/{held.id}/decision",
            json={"decision": "approve", "reason": "customer confirmed by phone"},
            auth=(f"rev{sfx}", "correct-horse-battery"),
            timeout=10,
        ).raise_for_status()
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            stop_process(proc)
    assert proc.returncode == 0, err[-3000:]
    return dict(json.loads(out.strip().splitlines()[-1]))


def test_openai_agents_sdk_agent_asks_the_status_tool_for_its_held_transfer(
    server: Gunicorn, live: tuple[Bank, str]
) -> None:
    bank, sfx = live
    summary = run_while_approving(server, bank, sfx, "openai_agents_held.py")
    assert summary["first"]["tool_statuses"] == ["pending_approval"]
    assert "pending_approval" in summary["first"]["final_output"]
    assert summary["decision"] == "completed"
    # The model asked in its own protocol and was answered with the outcome.
    assert summary["second"]["tool_statuses"] == ["completed"]
    assert summary["second"]["final_output"].startswith("toolguard says: completed")
    assert summary["tools_called"] == ["transfer_funds", "get_tool_call_status"]
    assert bank.balance(f"bobext2{sfx}") == AMOUNT
    assert Transfer.objects.filter(to_account__number=f"bobext2{sfx}").count() == 1


def test_langgraph_agent_interrupts_on_a_held_call_and_resumes_with_the_decision(
    server: Gunicorn, live: tuple[Bank, str]
) -> None:
    bank, sfx = live
    summary = run_while_approving(server, bank, sfx, "langgraph_held.py")
    assert len(summary["interrupt"]["held_call_ids"]) == 1
    assert summary["before_resume"] == ["completed", "pending_approval"]
    assert summary["decisions"] == ["completed"]
    # One ToolMessage per call, the held one replaced in place by its outcome.
    assert summary["tool_call_ids"] == ["lg_balance", "lg_move"]
    assert summary["after_resume"] == ["completed", "completed"]
    assert bank.balance(f"bobext2{sfx}") == AMOUNT
    assert Transfer.objects.filter(to_account__number=f"bobext2{sfx}").count() == 1
