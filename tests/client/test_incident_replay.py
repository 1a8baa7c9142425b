"""examples/incident_replay.py against a live gunicorn seeded with the demo bank."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from approvals.models import ApprovalRequest
from banking.models import Account, Transfer
from core.models import AgentSession
from tests.live import ROOT, Gunicorn, child_env, gunicorn
from toolguard_client import ToolResult

SCRIPT = ROOT / "examples" / "incident_replay.py"


@pytest.fixture(scope="module")
def demo(django_db_setup: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Gunicorn, Path]]:
    # seed_demo uses the demo's fixed ids (user-123, checking-001), so the
    # shared test database is seeded once, by the command itself.
    seeded = subprocess.run(
        [sys.executable, "manage.py", "seed_demo", "--json"],
        cwd=ROOT,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    credentials = tmp_path_factory.mktemp("demo") / "demo-credentials.json"
    credentials.write_text(json.dumps(json.loads(seeded.stdout)))
    with gunicorn(workers=2) as server:
        yield server, credentials


def external_002(blocker: Any) -> int:
    with blocker.unblock():
        return Account.objects.get(number="external-002").balance_cents


@pytest.mark.live
def test_the_replay_is_stopped_at_every_layer(demo: tuple[Gunicorn, Path], django_db_blocker: Any) -> None:
    server, credentials = demo
    before = external_002(django_db_blocker)
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--base-url", server.url, "--credentials", str(credentials)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
    )
    out = run.stdout
    assert run.returncode == 0, out + run.stderr + server.logs()[-3000:]

    for layer in (
        "stopped by SCHEMA VALIDATION",
        "stopped by AUTHORIZATION: forbidden_account",
        "stopped by the SANITIZER: prompt_injection in /memo",
        "stopped by the SANITIZER: hidden_payload in /memo",
        "HTTP 423 quarantined: stopped by SESSION QUARANTINE",
        "held by the APPROVAL GATE (202), rules: new_payee",
        "held by the APPROVAL GATE (202), rules: session_limit, new_payee",
        "IDEMPOTENCY replay of key txn-",
        "arguments_mismatch=true",
    ):
        assert layer in out, f"{layer!r} missing from:\n{out}"
    assert "6 pending, $48,000.00 in total" in out
    assert "sanitizer stripped U+200B" in out
    alerts = out.split("5. Alerts", 1)[1].split("6. Audit trail", 1)[0]
    assert "alerts API not available" in alerts or "injection_spike" in alerts, alerts
    for action in ("validation_failed", "injection_blocked", "session_quarantined", "quarantine_refused"):
        assert re.search(rf"^\s+\S+\s+{action}\s", out, re.M), action
    for action in ("approval_requested", "idempotency_hit", "idempotency_mismatch", "arguments_sanitized"):
        assert re.search(rf"^\s+\S+\s+{action}\s", out, re.M), action
    assert "money moved out to external-002: $0.00" in out
    assert "incident STOPPED" in out

    # What the server holds agrees with what the script printed.
    poisoned, resumed = re.search(r"sessions (\S+) \(poisoned\) and (\S+) \(resumed\)", out).groups()  # type: ignore[union-attr]
    with django_db_blocker.unblock():
        assert AgentSession.objects.get(session_id=poisoned, customer__external_id="user-123").is_quarantined
        held = ApprovalRequest.objects.filter(session_id=resumed, status="pending")
        assert held.count() == 6 and {a.value_cents for a in held} == {800_000}
        assert not Transfer.objects.filter(session_id__in=[poisoned, resumed], status="completed").exists()
    assert external_002(django_db_blocker) == before


def load_script() -> Any:
    spec = importlib.util.spec_from_file_location("incident_replay", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_verdict_comes_from_the_money() -> None:
    script = load_script()
    credentials = {
        "customers": [{"id": "user-123", "agent_key": "k1"}, {"id": "user-456", "agent_key": "k2"}],
        "reviewers": [{"username": "r", "password": "p"}],
        "compliance": [{"username": "c", "password": "p"}],
    }
    replay = script.Replay("http://toolguard.invalid", credentials, 1.0)
    held = ToolResult(status="pending_approval", http_status=202, approval_id="a1")
    assert replay.summary(0, 0) == 0
    replay.results = [("s", held)]
    assert replay.summary(0, 0) == 0
    assert replay.summary(0, 800_000) == 1  # money arrived, whatever the responses said
    moved = ToolResult(status="completed", http_status=200, result={"to_account": "external-002", "amount": 800_000})
    replay.results.append(("s", moved))
    assert replay.summary(None, None) == 1
