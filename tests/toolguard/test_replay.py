"""Policy replay: what a draft catalog would have done to the calls already recorded."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import CommandError, call_command
from django.test import Client

from core.tools import get_tool
from tests.conftest import Bank, transfer_call

pytestmark = pytest.mark.django_db


def draft(tmp_path: Path, hold_when: dict[str, str], deny_when: dict[str, str] | None = None) -> Path:
    """The banking catalog's transfer_funds with another policy."""
    tool = get_tool("transfer_funds")
    assert tool is not None
    entry = {
        "name": "transfer_funds",
        "changes_state": True,
        "schema": tool.schema,
        "fields": dict(tool.field_kinds),
        "value": {"amount": "args.amount", "currency": "args.currency", "beneficiary": "args.to_account"},
        "policy": {"hold_when": hold_when, "deny_when": deny_when or {}},
        "handler": "banking.tools.TransferFunds",
    }
    path = tmp_path / "draft.yaml"
    path.write_text(yaml.safe_dump({"tools": [entry]}))
    return path


@pytest.fixture
def recorded(bank: Bank, alice: Any) -> None:
    """Three small transfers that ran, one big one that was held."""
    for n, amount in enumerate((50_000, 150_000, 300_000)):
        assert (
            alice.post("/api/v1/tool-calls", transfer_call(key=f"r{n}", amount=amount), format="json").status_code
            == 200
        )
    big = alice.post("/api/v1/tool-calls", transfer_call(key="big", amount=2_000_000), format="json")
    assert big.status_code == 202


def replay(*args: str) -> str:
    out = StringIO()
    call_command("policy_replay", *args, stdout=out)
    return out.getvalue()


def test_a_stricter_draft_shows_what_would_newly_be_held_and_denied(recorded: None, tmp_path: Path) -> None:
    path = draft(tmp_path, {"over_1000": "value.amount > 100000"}, {"over_2500": "value.amount > 250000"})
    report = json.loads(replay("--catalog", str(path), "--since", "7d", "--json"))
    assert report["calls"] == 4 and report["skipped"] == 0
    rows = {(r["tool"], r["rule"]): r for r in report["rows"]}
    # $1,500 ran, would be held; $3,000 ran, would be denied; $20,000 was held, would be denied.
    assert rows[("transfer_funds", "over_1000")]["newly_held"] == 1
    assert rows[("transfer_funds", "over_2500")]["newly_denied"] == 2
    assert {(c["was"], c["now"]) for c in report["changes"]} == {
        ("through", "held"),
        ("through", "denied"),
        ("held", "denied"),
    }


def test_a_looser_draft_shows_what_would_newly_go_through(recorded: None, tmp_path: Path) -> None:
    path = draft(tmp_path, {"over_50k": "value.amount > 5000000"})
    report = json.loads(replay("--catalog", str(path), "--json"))
    through = [r for r in report["rows"] if r["newly_through"]]
    # Named by the rules that held it before.
    assert {r["rule"] for r in through} == {"over_threshold", "session_limit", "customer_window"}
    assert all(r["newly_through"] == 1 for r in through)


def test_the_window_is_read_as_the_call_saw_it(recorded: None, tmp_path: Path) -> None:
    # Before the third transfer the session had moved $2,000: a $4,000 window catches the third only.
    path = draft(tmp_path, {"window": "window.customer + value.amount > 400000"})
    report = json.loads(replay("--catalog", str(path), "--json"))
    newly_held = [c for c in report["changes"] if c["now"] == "held"]
    assert len(newly_held) == 1 and newly_held[0]["rules"] == ["window"]


def test_the_table_names_tool_and_rule(recorded: None, tmp_path: Path) -> None:
    out = replay("--catalog", str(draft(tmp_path, {"over_1000": "value.amount > 100000"})))
    assert "4 recorded calls since" in out
    header, row = out.splitlines()[1:3]
    assert header.split() == ["tool", "rule", "newly", "held", "newly", "denied", "newly", "through"]
    assert row.split() == ["transfer_funds", "over_1000", "2", "0", "0"]


def test_a_broken_draft_or_since_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="tool 'transfer_funds', rule 'bad'"):
        replay("--catalog", str(draft(tmp_path, {"bad": "value.amount >"})))
    with pytest.raises(CommandError, match="since must look like"):
        replay("--catalog", str(draft(tmp_path, {})), "--since", "last tuesday")


def test_compliance_sees_the_replay_page(bank: Bank, recorded: None, tmp_path: Path) -> None:
    client = Client()
    client.force_login(bank.compliance)
    assert client.get("/audit/policy-replay/").status_code == 200
    text = draft(tmp_path, {"over_1000": "value.amount > 100000"}).read_text()
    page = client.post("/audit/policy-replay/", {"catalog": text, "since": "7d"}).content.decode()
    assert "over_1000" in page and "4 recorded calls" in page
    broken = client.post("/audit/policy-replay/", {"catalog": "tools: [", "since": "7d"}).content.decode()
    assert "tool catalog draft:1: not valid YAML" in broken
    # A rule that cannot parse is named by the draft's line, never by a path on the server.
    bad = text.replace("value.amount > 100000", "value.amount >")
    named = client.post("/audit/policy-replay/", {"catalog": bad, "since": "7d"}).content.decode()
    assert "draft:2: tool &#x27;transfer_funds&#x27;, rule &#x27;over_1000&#x27;: Failed to parse" in named
    assert "toolguard-replay-" not in named and "/tmp" not in named


def test_reviewers_cannot_see_the_replay_page(bank: Bank) -> None:
    client = Client()
    client.force_login(bank.reviewer)
    assert client.get("/audit/policy-replay/").status_code == 403
