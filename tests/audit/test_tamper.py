"""A database owner rewrites history; verify_audit and verify_export see it.

Each test has a PostgreSQL database of its own (committed data, as a real
deployment has), a signing key and a checkpoint log in a temporary directory,
entries written by real tool calls over HTTP on gunicorn, and then tampers
as a superuser would: with the append-only triggers off
(`session_replication_role = replica`), editing, re-hashing and deleting
rows. The shared test database is never touched.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from psycopg import sql

from audit.keys import keypair_write
from audit.services import entry_hash
from tests.audit.conftest import _admin
from tests.live import ROOT, bearer, child_env, gunicorn

pytestmark = pytest.mark.live

COLUMNS = (
    "id, timestamp, actor, actor_type, customer, action, result, tool, tool_call_id, session_id, "
    "idempotency_key, approval_id, details, duration_ms, operation_hash, prev_hash, hash"
)


@dataclass
class Deployment:
    dsn: str
    env: dict[str, str]
    checkpoint_log: Path
    public_key: Path

    def manage(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**self.env, **env},
            capture_output=True,
            text=True,
            timeout=120,
        )

    def superuser(self, *statements: tuple[str, list[Any]]) -> None:
        """Run statements as the database owner would, with every trigger off."""
        with psycopg.connect(self.dsn) as owner:
            owner.execute("SET session_replication_role = replica")
            for statement, params in statements:
                owner.execute(statement, params)  # type: ignore[arg-type]

    def entries(self) -> list[dict[str, Any]]:
        with psycopg.connect(self.dsn) as reader, reader.cursor(row_factory=psycopg.rows.dict_row) as cursor:
            cursor.execute(f"SELECT {COLUMNS} FROM audit_auditentry ORDER BY id")  # noqa: S608
            return list(cursor.fetchall())


@pytest.fixture
def deployment(template: str, tmp_path: Path) -> Iterator[Deployment]:
    name = f"{template.removesuffix('_template')}_{uuid.uuid4().hex[:8]}"
    _admin(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template)))
    private, public = keypair_write(tmp_path / "keys")
    checkpoint_log = tmp_path / "checkpoints.jsonl"
    env = child_env(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{name}",
        TOOLGUARD_AUDIT_SIGNING_KEY=str(private),
        TOOLGUARD_AUDIT_CHECKPOINT_LOG=str(checkpoint_log),
    )
    yield Deployment(f"host=127.0.0.1 port=5432 user=postgres dbname={name}", env, checkpoint_log, public)
    _admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def tool_calls(deployment: Deployment, calls: int) -> dict[str, Any]:
    """Seed the demo bank and make `calls` balance checks over HTTP; return the demo credentials."""
    seeded = deployment.manage("seed_demo", "--json")
    assert seeded.returncode == 0, seeded.stderr
    demo = json.loads(seeded.stdout)
    key = demo["customers"][0]["agent_key"]
    with gunicorn(workers=1, env=deployment.env) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        for n in range(calls):
            body = {"id": f"c{n}", "name": "check_balance", "arguments": {"account_id": "checking-001"}}
            response = client.post("/api/v1/tool-calls", json={**body, "session_id": "s1"}, headers=bearer(key))
            assert response.status_code == 200, response.text
        compliance = demo["compliance"][0]
        demo["export"] = client.get(
            f"{server.url}/api/v1/audit/export",
            params={"format": "jsonl"},
            auth=(compliance["username"], compliance["password"]),
        )
    return demo


def verified(deployment: Deployment, *args: str) -> str:
    result = deployment.manage("verify_audit", *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def refused(deployment: Deployment, *args: str) -> str:
    result = deployment.manage("verify_audit", *args)
    assert result.returncode == 1, result.stdout
    return result.stderr


def recompute_from(deployment: Deployment, victim_id: int, **changes: Any) -> None:
    """Edit one entry and recompute its hash and every later link and hash: the chain alone then verifies."""
    rows = deployment.entries()
    statements, prev_hash = [], None
    for row in rows:
        if row["id"] < victim_id:
            prev_hash = row["hash"]
            continue
        row.update(changes if row["id"] == victim_id else {})
        row["prev_hash"] = prev_hash
        row["hash"] = prev_hash = entry_hash(row, row["prev_hash"])
        statements.append(
            (
                "UPDATE audit_auditentry SET actor = %s, prev_hash = %s, hash = %s WHERE id = %s",
                [row["actor"], row["prev_hash"], row["hash"], row["id"]],
            )
        )
    deployment.superuser(*statements)


def test_editing_one_row_is_found_by_the_default_run(deployment: Deployment) -> None:
    tool_calls(deployment, 3)
    verified(deployment)  # a checkpoint after every entry: the default run must still re-read them
    victim = deployment.entries()[2]
    deployment.superuser(("UPDATE audit_auditentry SET result = 'failure' WHERE id = %s", [victim["id"]]))
    assert f"audit entry {victim['id']} does not verify: hash does not match" in refused(deployment)


# What a careful owner deletes with the entries: the tree's nodes and the signed checkpoints in the
# database, so that only the checkpoint log outside it still holds the history as it was.
ERASE_DATABASE_EVIDENCE = (("DELETE FROM audit_treenode", []), ("DELETE FROM audit_treecheckpoint", []))


def logged_sizes(deployment: Deployment) -> list[int]:
    notes = [json.loads(line)["checkpoint"] for line in deployment.checkpoint_log.read_text().splitlines()]
    return [int(note.split("\n")[1]) for note in notes]


def test_a_rewrite_with_every_later_hash_recomputed_is_named_by_the_checkpoint_log(deployment: Deployment) -> None:
    tool_calls(deployment, 2)
    verified(deployment)  # the checkpoint of everything so far goes to the checkpoint log
    tool_calls(deployment, 2)
    verified(deployment)
    first, second = logged_sizes(deployment)[-2:]
    # An entry after the first logged checkpoint: the rewrite is placed between the two.
    victim = deployment.entries()[first]
    recompute_from(deployment, victim["id"], actor="agent:mallory:000000000000")
    deployment.superuser(*ERASE_DATABASE_EVIDENCE)
    # The chain alone is consistent again; only the checkpoints outside the database disagree.
    stderr = refused(deployment)
    assert f"rewritten: the log's first {second} entries no longer hash to the root logged" in stderr
    assert f"the last logged size that still matches is {first}" in stderr


def test_deleting_the_newest_entries_is_found_by_the_checkpoint_log(deployment: Deployment) -> None:
    tool_calls(deployment, 3)
    verified(deployment)
    rows = deployment.entries()
    kept = rows[-3]["id"]
    deployment.superuser(("DELETE FROM audit_auditentry WHERE id > %s", [kept]), *ERASE_DATABASE_EVIDENCE)
    stderr = refused(deployment)
    assert f"truncated: logged (line 1) {len(rows)} entries, log has {len(rows) - 2}" in stderr


def test_the_evidence_tables_refuse_deletion_and_incremental_runs_survive_a_deleted_checkpoint(
    deployment: Deployment,
) -> None:
    tool_calls(deployment, 2)
    verified(deployment)
    for table in ("audit_auditcheckpoint", "audit_treecheckpoint", "audit_auditsigningkey"):
        with psycopg.connect(deployment.dsn) as owner, pytest.raises(psycopg.Error, match="append-only"):
            owner.execute(f"DELETE FROM {table}")  # noqa: S608 - a fixed table name
    # Deleted with the triggers off, the incremental run starts earlier (re-reads more), and the tree
    # is recomputed from every entry either way.
    deployment.superuser(("DELETE FROM audit_auditcheckpoint", []))
    assert "not re-read" not in verified(deployment, "--incremental")


def test_an_export_verifies_offline_and_a_rewritten_export_does_not(deployment: Deployment, tmp_path: Path) -> None:
    demo = tool_calls(deployment, 3)
    verified(deployment)
    export = tmp_path / "audit.jsonl"
    export.write_text(demo["export"].text)
    assert demo["export"].status_code == 200
    offline = {
        "DATABASE_URL": "postgres://postgres@127.0.0.1:1/no_database_here",
        "TOOLGUARD_AUDIT_SIGNING_KEY": "",
        "TOOLGUARD_AUDIT_PUBLIC_KEY": str(deployment.public_key),
    }
    args = ("verify_export", str(export))
    good = deployment.manage(*args, **offline)
    assert good.returncode == 0, good.stderr
    # With a signing key the export proves itself: a signed header, an inclusion proof per row.
    assert good.stdout.startswith("export verified: export of") and "every row" in good.stdout
    # Rewrite one exported entry and recompute the file's whole chain: its leaf is no longer in the log.
    header, *lines = export.read_text().splitlines()
    rows = [json.loads(line) for line in lines][::-1]
    prev_hash = rows[0]["prev_hash"]
    for row in rows:
        if row is rows[1]:
            row["actor"] = "agent:mallory:000000000000"
        row["prev_hash"] = prev_hash
        moment = datetime.fromisoformat(row["timestamp"])
        row["hash"] = prev_hash = entry_hash({**row, "timestamp": moment}, prev_hash)
    export.write_text(header + "\n" + "".join(json.dumps(row) + "\n" for row in rows))
    bad = deployment.manage(*args, **offline)
    assert bad.returncode == 1
    assert f"leaf {rows[1]['leaf_index']} (entry {rows[1]['id']}): not in the log at tree size" in bad.stderr
