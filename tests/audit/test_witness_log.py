"""The independent witness, receipts and self-proving exports against a database owner who rewrites history.

Each test has a PostgreSQL database of its own (copied from a migrated
template, as tests/audit/test_tamper.py does), a signing key, real tool calls
over HTTP on gunicorn, and a real witness process
(`python -m toolguard_verify.witness`, C2SP tlog-witness). The tampering is a
superuser's: `session_replication_role = replica` turns the append-only
triggers off, then rows are deleted or rewritten and the tree rebuilt to
match, so that only what lives outside the database (the witness's
cosigned checkpoint, the agent's receipt, the export's signed header) can
tell. Verification is by the real commands: `manage.py verify_audit`,
`manage.py witness_submit` and the `toolguard-verify` CLI.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from psycopg import sql

from audit.keys import keypair_write
from audit.services import entry_hash
from tests.audit.conftest import _admin
from tests.audit.test_tamper import Deployment, tool_calls
from tests.live import ROOT, bearer, child_env, free_port, gunicorn, stop_process

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres]

ORIGIN = "toolguard.test/audit"
VERIFY = str(Path(sys.executable).with_name("toolguard-verify"))


@dataclass
class Witness:
    url: str
    vkey: str
    state: Path

    def latest(self) -> dict[str, Any]:
        response = httpx.get(f"{self.url}/latest", params={"origin": ORIGIN}, timeout=10)
        assert response.status_code == 200, response.text
        return dict(response.json())


@pytest.fixture
def keys(tmp_path: Path) -> tuple[Path, Path]:
    return keypair_write(tmp_path / "keys")


@pytest.fixture
def witness(tmp_path: Path, keys: tuple[Path, Path]) -> Iterator[Witness]:
    """The witness as its own process, trusting only this log's public key."""
    state, port = tmp_path / "witness-state", free_port()
    log = (tmp_path / "witness.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "toolguard_verify.witness",
            "--port",
            str(port),
            "--state-dir",
            str(state),
            "--log-origin",
            ORIGIN,
            "--log-key",
            str(keys[1]),
        ],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        assert proc.poll() is None, (tmp_path / "witness.log").read_text()
        try:
            if httpx.get(f"{url}/latest", timeout=2).status_code in (200, 404) and (state / "witness.vkey").exists():
                break
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the witness did not start"
        time.sleep(0.2)
    try:
        yield Witness(url, (state / "witness.vkey").read_text().strip(), state)
    finally:
        stop_process(proc)
        log.close()


@pytest.fixture
def deployment(template: str, tmp_path: Path, keys: tuple[Path, Path], witness: Witness) -> Iterator[Deployment]:
    name = f"{template.removesuffix('_template')}_w{time.monotonic_ns() % 10**8}"
    _admin(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template)))
    private, public = keys
    env = child_env(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{name}",
        TOOLGUARD_AUDIT_SIGNING_KEY=str(private),
        TOOLGUARD_AUDIT_CHECKPOINT_LOG=str(tmp_path / "checkpoints.jsonl"),
        TOOLGUARD_LOG_ORIGIN=ORIGIN,
        TOOLGUARD_WITNESS_URL=witness.url,
        TOOLGUARD_WITNESS_KEY=witness.vkey,
        # Checkpoints when the test makes them (witness_submit), not on a timer in between.
        TOOLGUARD_CHECKPOINT_SECONDS="3600",
        TOOLGUARD_AUDIT_MMD_SECONDS="3600",
    )
    yield Deployment(
        f"host=127.0.0.1 port=5432 user=postgres dbname={name}", env, tmp_path / "checkpoints.jsonl", public
    )
    _admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def submitted(deployment: Deployment) -> int:
    """Checkpoint now and have the witness cosign it; the cosigned size."""
    result = deployment.manage("witness_submit")
    assert result.returncode == 0, result.stderr
    return int(result.stdout.split("checkpoint at size ")[1].split()[0])


def verify_audit(deployment: Deployment) -> subprocess.CompletedProcess[str]:
    return deployment.manage("verify_audit")


def toolguard_verify(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([VERIFY, *args], capture_output=True, text=True, timeout=60)


def rebuild_tree(deployment: Deployment) -> None:
    """What a thorough attacker does next: a tree (and a signed checkpoint) matching the rewritten entries."""
    deployment.superuser(("DELETE FROM audit_treenode", []), ("DELETE FROM audit_treecheckpoint", []))
    rebuilt = deployment.manage("audit_tree_build")
    assert rebuilt.returncode == 0, rebuilt.stderr


def alerts(deployment: Deployment, rule: str) -> list[dict[str, Any]]:
    with psycopg.connect(deployment.dsn) as reader:
        rows = reader.execute("SELECT details FROM audit_alert WHERE rule = %s", [rule]).fetchall()
    return [row[0] for row in rows]


def test_deleting_the_newest_entries_is_named_truncated_then_rewritten(deployment: Deployment) -> None:
    tool_calls(deployment, 3)
    witnessed = submitted(deployment)
    good = verify_audit(deployment)
    assert good.returncode == 0, good.stderr
    assert f"the witness's latest cosigned checkpoint (size {witnessed}, from the witness" in good.stdout
    rows = deployment.entries()
    assert len(rows) == witnessed  # every entry is in what the witness cosigned
    kept = rows[-3]["id"]
    # Triggers off: the newest two entries go, after the last checkpoint.
    deployment.superuser(("DELETE FROM audit_auditentry WHERE id > %s", [kept]))
    bad = verify_audit(deployment)
    assert bad.returncode == 1
    assert f"truncated: witnessed {witnessed} entries, log has {witnessed - 2}" in bad.stderr
    assert "nothing was signed" in bad.stderr
    # The tree rebuilt to match and a checkpoint of it signed: the witness still holds the longer tree.
    rebuild_tree(deployment)
    bad = verify_audit(deployment)
    assert f"truncated: witnessed {witnessed} entries, log has {witnessed - 2}" in bad.stderr
    refused = deployment.manage("witness_submit")
    assert refused.returncode == 1 and "truncated" in refused.stderr
    # New entries make the log longer than what was witnessed; the next checkpoint is not consistent with it.
    tool_calls(deployment, 2)
    refused = deployment.manage("witness_submit")
    assert refused.returncode == 1 and "422" in refused.stderr, refused.stderr
    # One alert per witness within the hour, however often the worker retries: raised at the first refusal.
    (alert,) = alerts(deployment, "witness_refused")
    assert alert["message"].startswith(f"truncated: witnessed {witnessed} entries")
    assert witness_size(deployment) == witnessed  # the witness never cosigned the rewritten log
    bad = verify_audit(deployment)
    assert bad.returncode == 1
    assert f"rewritten: the log's first {witnessed} entries no longer hash to the root witnessed" in bad.stderr


def witness_size(deployment: Deployment) -> int:
    url = deployment.env["TOOLGUARD_WITNESS_URL"]
    return int(httpx.get(f"{url}/latest", params={"origin": ORIGIN}, timeout=10).json()["size"])


def test_an_unreachable_witness_raises_an_alert_and_is_retried(deployment: Deployment) -> None:
    tool_calls(deployment, 1)
    gone = deployment.manage("witness_submit", TOOLGUARD_WITNESS_URL=f"http://127.0.0.1:{free_port()}")
    assert gone.returncode == 1 and "could not submit" in gone.stderr
    assert alerts(deployment, "witness_unreachable")
    assert submitted(deployment) == len(deployment.entries())  # the next submission gets through


def seeded(deployment: Deployment) -> dict[str, Any]:
    """The demo bank and its credentials (fresh agent keys on every run)."""
    seeded = deployment.manage("seed_demo", "--json")
    assert seeded.returncode == 0, seeded.stderr
    return dict(json.loads(seeded.stdout))


def balance_checks(client: httpx.Client, key: str, n: int, session: str = "s1") -> list[dict[str, Any]]:
    answers = []
    for i in range(n):
        call = {"id": f"{session}-{i}", "name": "check_balance", "arguments": {"account_id": "checking-001"}}
        response = client.post("/api/v1/tool-calls", json={**call, "session_id": session}, headers=bearer(key))
        assert response.status_code == 200, response.text
        answers.append(response.json())
    return answers


def test_a_kept_receipt_verifies_offline_and_stops_matching_the_log_once_its_entry_is_changed(
    deployment: Deployment, tmp_path: Path
) -> None:
    demo = seeded(deployment)
    key = demo["customers"][0]["agent_key"]
    compliance = demo["compliance"][0]
    auth = (compliance["username"], compliance["password"])
    with gunicorn(workers=1, env=deployment.env) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        answer = balance_checks(client, key, 4)[1]
        entry_id = answer["audit"]["entry_id"]
        submitted(deployment)
        receipt = client.get(f"/api/v1/audit/{entry_id}/receipt", headers=bearer(key))
        assert receipt.status_code == 200, receipt.text
    kept = tmp_path / "receipt.json"
    kept.write_text(receipt.text)
    public = str(deployment.public_key)
    good = toolguard_verify("receipt", str(kept), "--key", public)
    # An agent's receipt proves the leaf hash its answer carried; the entry itself is withheld (issue 36).
    assert good.returncode == 0, good.stdout
    assert good.stdout.startswith(f"verified: leaf hash {answer['audit']['leaf_hash']} is leaf "), good.stdout
    assert receipt.json()["leaf_hash"] == answer["audit"]["leaf_hash"]

    # The entry is changed, every later hash recomputed, the tree rebuilt and a new checkpoint signed.
    statements, prev_hash = [], None
    for row in deployment.entries():
        if row["id"] >= entry_id:
            if row["id"] == entry_id:
                row["result"] = "failure"
            row["prev_hash"] = prev_hash
            row["hash"] = entry_hash(row, prev_hash or "")
            statements.append(
                (
                    "UPDATE audit_auditentry SET result = %s, prev_hash = %s, hash = %s WHERE id = %s",
                    [row["result"], row["prev_hash"], row["hash"], row["id"]],
                )
            )
        prev_hash = row["hash"]
    deployment.superuser(*statements)
    rebuild_tree(deployment)
    with gunicorn(workers=1, env=deployment.env) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        now = client.get("/api/v1/audit/checkpoint", auth=auth).json()
        old_size = receipt.json()["checkpoint"].split("\n")[1]
        proof = client.get("/api/v1/audit/consistency", params={"from": old_size, "to": now["size"]}, auth=auth)
        fresh = client.get(f"/api/v1/audit/{entry_id}/proof", params={"size": now["size"]}, auth=auth).json()
    # The kept receipt is self-consistent still, but the log no longer holds it:
    # its checkpoint is not extended by the log's newest one ...
    old, new, consistency = tmp_path / "old.txt", tmp_path / "new.txt", tmp_path / "proof.json"
    old.write_text(receipt.json()["checkpoint"])
    new.write_text(now["checkpoint"])
    consistency.write_text(proof.text)
    moved = toolguard_verify("checkpoints", str(old), str(new), "--key", public, "--proof", str(consistency))
    assert moved.returncode == 1 and "does not extend" in moved.stdout, moved.stdout
    # ... and proved against the newest checkpoint, the kept entry is not in the log.
    against_now = {**receipt.json(), "inclusion_path": fresh["inclusion_path"], "checkpoint": now["checkpoint"]}
    (tmp_path / "against-now.json").write_text(json.dumps(against_now))
    gone = toolguard_verify("receipt", str(tmp_path / "against-now.json"), "--key", public)
    assert gone.returncode == 1 and "inclusion proof" in gone.stdout, gone.stdout


def test_a_receipt_of_a_deleted_entry_is_not_in_the_new_checkpoint(deployment: Deployment, tmp_path: Path) -> None:
    demo = seeded(deployment)
    key = demo["customers"][0]["agent_key"]
    with gunicorn(workers=1, env=deployment.env) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        entry_id = balance_checks(client, key, 3)[1]["audit"]["entry_id"]
        submitted(deployment)
        receipt = client.get(f"/api/v1/audit/{entry_id}/receipt", headers=bearer(key))
        assert receipt.status_code == 200, receipt.text
        (tmp_path / "receipt.json").write_text(receipt.text)
        public = str(deployment.public_key)
        assert toolguard_verify("receipt", str(tmp_path / "receipt.json"), "--key", public).returncode == 0
        deployment.superuser(("DELETE FROM audit_auditentry WHERE id = %s", [entry_id]))
        rebuild_tree(deployment)
        # Asked again, the log has no receipt for it; the kept one no longer leads to the log's root.
        assert client.get(f"/api/v1/audit/{entry_id}/receipt", headers=bearer(key)).status_code == 404
    with psycopg.connect(deployment.dsn) as reader:
        (note,) = reader.execute("SELECT note FROM audit_treecheckpoint ORDER BY size DESC LIMIT 1").fetchone()
    stale = {**receipt.json(), "checkpoint": note}
    (tmp_path / "stale.json").write_text(json.dumps(stale))
    failed = toolguard_verify("receipt", str(tmp_path / "stale.json"), "--key", public)
    assert failed.returncode == 1, failed.stdout


@pytest.mark.parametrize("by", ["actor", "tool"])
def test_a_filtered_export_proves_itself_and_a_removed_changed_or_added_row_fails(
    deployment: Deployment, tmp_path: Path, by: str
) -> None:
    demo = seeded(deployment)
    compliance = demo["compliance"][0]
    auth = (compliance["username"], compliance["password"])
    with gunicorn(workers=1, env=deployment.env) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        answers = balance_checks(client, demo["customers"][0]["agent_key"], 4)
        # Entries the filter must not match: another customer's agent calling another tool.
        other = {"id": "o", "name": "list_transactions", "arguments": {"account_id": "external-001"}}
        client.post(
            "/api/v1/tool-calls", json={**other, "session_id": "o1"}, headers=bearer(demo["customers"][1]["agent_key"])
        )
        actor = next(row["actor"] for row in deployment.entries() if row["id"] == answers[0]["audit"]["entry_id"])
        value = actor if by == "actor" else "check_balance"
        filtered = client.get("/api/v1/audit/export", params={"format": "jsonl", by: value}, auth=auth)
        everything = client.get("/api/v1/audit/export", params={"format": "jsonl"}, auth=auth)
    assert filtered.status_code == everything.status_code == 200, filtered.text
    header, *rows = filtered.text.splitlines()
    assert json.loads(header)["filter"] == {by: value} and len(rows) == json.loads(header)["count"] >= 4
    public = str(deployment.public_key)
    path = tmp_path / "export.jsonl"

    def verified(lines: list[str]) -> subprocess.CompletedProcess[str]:
        path.write_text("".join(line + "\n" for line in lines))
        return toolguard_verify("export", str(path), "--key", public)

    good = verified([header, *rows])
    assert good.returncode == 0 and good.stdout.startswith("verified: export of"), good.stdout
    assert deployment.manage("verify_export", str(path), "--public-key", public).returncode == 0
    removed = verified([header, *rows[:1], *rows[2:]])
    assert removed.returncode == 1 and "a row was removed" in removed.stdout, removed.stdout
    manage = deployment.manage("verify_export", str(path), "--public-key", public)
    assert manage.returncode == 1 and "a row was removed" in manage.stderr
    changed_row = {**json.loads(rows[1]), "result": "failure"}
    changed = verified([header, rows[0], json.dumps(changed_row), *rows[2:]])
    assert changed.returncode == 1 and "was changed" in changed.stdout, changed.stdout
    # A row of the log the filter did not match (and the header does not list) is refused too.
    outside = [line for line in everything.text.splitlines()[1:] if json.loads(line)[by] != value]
    added = verified([header, *rows, outside[0]])
    assert added.returncode == 1 and "a row was added" in added.stdout, added.stdout
    # A matching entry deleted in the database (triggers off) after the export: the signed file
    # still holds it, and verify_audit names the deletion.
    victim = json.loads(rows[0])["id"]
    deployment.superuser(("DELETE FROM audit_auditentry WHERE id = %s", [victim]))
    assert verified([header, *rows]).returncode == 0
    assert verify_audit(deployment).returncode == 1
