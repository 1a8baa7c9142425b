"""An agent's receipt says no more than its answers (issue 36), over HTTP against gunicorn.

A held transfer is rejected by a reviewer with an internal note. The agent's
answer says `rejected`; its receipt of the same decision proves that the leaf
hash its answer carried is in the signed log, and holds none of the note, the
reviewer's name, the rules, limits or window totals, nor another principal of
its customer; `toolguard-verify receipt` verifies it offline and says that
the entry's content was not disclosed. Compliance staff's receipt of the same
entry is the whole entry, every field rehashed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from audit import tree
from audit.models import AuditEntry
from audit.receipts import AGENT_DISCLOSED
from core.models import AgentKey
from tests.conftest import requires_postgres, transfer_call
from tests.live import bearer, gunicorn, shared_audit_keys, unique

pytestmark = pytest.mark.live
PASSWORD = "correct-horse-battery"
NOTE = "INTERNAL: customer on fraud watchlist since March, do not tell her; case FW-4471"
VERIFY = str(Path(sys.executable).with_name("toolguard-verify"))


def toolguard_verify(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([VERIFY, *args], capture_output=True, text=True, timeout=60)


def test_an_agents_receipt_of_a_rejection_withholds_what_its_answers_do_and_still_verifies(
    live_bank: Any, settings: Any, tmp_path: Path
) -> None:
    requires_postgres()
    bank, sfx, blocker = live_bank
    private, public = shared_audit_keys()
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(private)
    settings.TOOLGUARD_AUDIT_PUBLIC_KEY = str(public)
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = str(tmp_path / "checkpoints.jsonl")
    with blocker.unblock():
        # Another principal of the same customer (as an OAuth client and subject is).
        other, other_raw = AgentKey.objects.issue(customer=bank.alice, allowed_tools=["check_balance"], name="other")
        other.principal_name = f"oauth:crm-sync{sfx}:svc-7731"
        other.save(update_fields=["principal_name"])
    call = transfer_call(
        key=unique("held"), amount=2_000_000, source=f"checking{sfx}", to=f"savings{sfx}", session=unique("s")
    )
    with gunicorn(workers=1) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        held = client.post("/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key))
        assert held.status_code == 202 and held.json()["status"] == "pending_approval", held.text
        rejected = client.post(
            f"/api/v1/approvals/{held.json()['approval_id']}/decision",
            json={"decision": "reject", "reason_code": "suspected_fraud", "reason": NOTE},
            auth=(bank.reviewer.username, PASSWORD),
        )
        assert rejected.status_code == 200, rejected.text
        others = client.post(
            "/api/v1/tool-calls",
            json={
                "id": "o1",
                "name": "check_balance",
                "session_id": "o",
                "arguments": {"account_id": f"checking{sfx}"},
            },
            headers=bearer(other_raw),
        )
        assert others.status_code == 200, others.text
        # The agent's answer about its call: the rejection and the entry recording it.
        answer = client.get(f"/api/v1/tool-calls/{held.json()['id']}", headers=bearer(bank.alice_key)).json()
        assert answer["status"] == "rejected"
        entry_id, leaf = answer["audit"]["entry_id"], answer["audit"]["leaf_hash"]
        with blocker.unblock():
            entry = AuditEntry.objects.get(id=entry_id)
            # Every entry about the call and its request: the hold, the reviewer's decision, the rejection.
            about = list(
                AuditEntry.objects.filter(tool_call_id=held.json()["id"])
                | AuditEntry.objects.filter(approval_id=held.json()["approval_id"])
            )
            tree.checkpoint_make()
        # What the log holds about it is what the agent must not learn.
        stored = " ".join(json.dumps(e.details) + e.actor for e in about)
        assert NOTE in stored and bank.reviewer.username in stored, stored

        agents = client.get(f"/api/v1/audit/{entry_id}/receipt", headers=bearer(bank.alice_key))
        people = client.get(f"/api/v1/audit/{entry_id}/receipt", auth=(bank.compliance.username, PASSWORD))
        noted = next(e for e in about if NOTE in json.dumps(e.details))
        noted_agents = client.get(f"/api/v1/audit/{noted.id}/receipt", headers=bearer(bank.alice_key))
        noted_people = client.get(f"/api/v1/audit/{noted.id}/receipt", auth=(bank.compliance.username, PASSWORD))
        every = [client.get(f"/api/v1/audit/{e.id}/receipt", headers=bearer(bank.alice_key)) for e in about]
        # Another principal's entry, even of the same customer, looks missing to the agent.
        other_entry = others.json()["audit"]["entry_id"]
        missing = client.get(f"/api/v1/audit/{other_entry}/receipt", headers=bearer(bank.alice_key))
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "entry_not_found"
        assert client.get(f"/api/v1/audit/{other_entry}/receipt", headers=bearer(other_raw)).status_code == 200

    assert agents.status_code == 200 and noted_agents.status_code == 200, (agents.text, noted_agents.text)
    assert all(response.status_code == 200 for response in every)
    receipt = agents.json()
    assert receipt["audience"] == "agent" and receipt["leaf_hash"] == leaf
    assert set(receipt["entry"]) == set(AGENT_DISCLOSED)
    assert receipt["entry"]["tool_call_id"] == held.json()["id"]
    assert {"actor", "details", "timestamp", "action", "result", "hash", "prev_hash"} <= set(receipt["withheld"])
    for response, e in zip(every, about, strict=True):
        text = response.text
        for withheld in (
            NOTE,
            "watchlist",
            bank.reviewer.username,
            "reviewer:",
            "over_threshold",
            "rules",
            "session_limit",
            "dual_approval",
            "window",
            "threshold",
            "suspected_fraud",
            "crm-sync",
            "svc-7731",
            e.hash,
            e.prev_hash,
        ):
            assert withheld not in text, (e.action, withheld)
    text = agents.text
    # Offline, with nothing but the log's public key: the leaf hash is proved, and the line says what was not.
    kept = tmp_path / "agent-receipt.json"
    kept.write_text(text)
    done = toolguard_verify("receipt", str(kept), "--key", str(public))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"verified: leaf hash {leaf} is leaf {receipt['leaf_index']} included in ")
    assert (
        "the entry's content is not disclosed to this receipt's audience, so nothing about it is proved" in done.stdout
    )
    as_json = json.loads(toolguard_verify("receipt", str(kept), "--key", str(public), "--json").stdout)
    assert as_json["verified"] is True and as_json["fields_checked"] is False
    assert "not disclosed" in as_json["message"] and "details" in as_json["message"]
    # A forged leaf in the agent's receipt fails.
    forged = {**receipt, "leaf_hash": people.json()["inclusion_path"][0]}
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    assert toolguard_verify("receipt", str(tmp_path / "forged.json"), "--key", str(public)).returncode == 1

    # Compliance staff: the whole entry, the note and the reviewer in it, every field rehashed.
    assert people.status_code == 200, people.text
    whole = people.json()
    assert "audience" not in whole and whole["leaf_hash"] == leaf and whole["entry"]["hash"] == entry.hash
    assert whole["entry"]["details"] == entry.details and whole["entry"]["actor"] == entry.actor
    (tmp_path / "whole.json").write_text(people.text)
    done = toolguard_verify("receipt", str(tmp_path / "whole.json"), "--key", str(public))
    assert done.returncode == 0 and "its fields hash to its hash" in done.stdout, done.stdout
    assert noted_people.json()["entry"]["details"] == noted.details and NOTE in json.dumps(noted.details)
    assert noted_people.json()["entry"]["actor"] == noted.actor
    assert NOTE not in noted_agents.text and noted_agents.json()["leaf_hash"] == noted_people.json()["leaf_hash"]
