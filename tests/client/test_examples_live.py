"""The agent examples run end to end against gunicorn, with no API key (scripted or constructed model output)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from tests.conftest import Bank
from tests.live import ROOT, Gunicorn

pytestmark = pytest.mark.live


def run_example(script: str, *args: str) -> dict[str, Any]:
    env = {name: value for name, value in os.environ.items() if name != "OPENAI_API_KEY"}
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / script), *args],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_openai_agents_sdk_agent_uses_toolguard_over_mcp(server: Gunicorn, live: tuple[Bank, str]) -> None:
    bank, sfx = live
    summary = run_example(
        "openai_agents_mcp.py",
        "--base-url",
        server.url,
        "--agent-key",
        bank.alice_key,
        "--from-account",
        f"checking{sfx}",
        "--to-account",
        f"savings{sfx}",
    )
    assert summary["tool_statuses"] == ["completed", "pending_approval"]
    assert "pending_approval" in summary["final_output"]
    assert bank.balance(f"checking{sfx}") == 5_000_000  # held, not moved


def test_langchain_tool_wrapper_runs_calls_through_toolguard(server: Gunicorn, live: tuple[Bank, str]) -> None:
    bank, sfx = live
    summary = run_example(
        "langchain_tools.py",
        "--base-url",
        server.url,
        "--agent-key",
        bank.alice_key,
        "--from-account",
        f"checking{sfx}",
        "--to-account",
        f"savings{sfx}",
    )
    assert summary["tools"] == ["check_balance", "get_tool_call_status", "list_transactions", "transfer_funds"]
    assert summary["tool_messages"] == [
        {"tool_call_id": "lc_balance", "status": "success", "toolguard_status": "completed"},
        {"tool_call_id": "lc_transfer", "status": "error", "toolguard_status": "blocked"},
    ]
    assert bank.balance(f"checking{sfx}") == 5_000_000
