"""Issue 36 over HTTP: a CSV export proves its rows, and a receipt's verifier claims no id its hash does not cover.

A filtered CSV export (what compliance staff open in a spreadsheet) with one
row removed passed `verify_export` ("export verified: 17 entries"): only JSON
lines carried the signed header. `toolguard-verify receipt` printed
"verified: entry 999999" for an id the hash does not cover. Here, against
gunicorn on PostgreSQL with a signing key and a real witness process
(tests/audit/test_witness_log.py), both are shown closed with the real
commands: `toolguard-verify` and `manage.py verify_export`.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.audit.test_tamper import Deployment
from tests.audit.test_witness_log import (  # noqa: F401 (keys, witness, deployment: fixtures)
    balance_checks,
    deployment,
    keys,
    seeded,
    submitted,
    toolguard_verify,
    witness,
)
from tests.live import bearer, gunicorn

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres]


def table(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def written(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue()


@pytest.mark.parametrize("by", ["actor", "tool"])
def test_a_filtered_csv_export_proves_its_rows_and_a_removed_changed_or_added_row_fails(
    deployment: Deployment,  # noqa: F811
    tmp_path: Path,
    by: str,
) -> None:
    demo = seeded(deployment)
    compliance = demo["compliance"][0]
    auth = (compliance["username"], compliance["password"])
    with gunicorn(workers=1, env=deployment.env) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        answers = balance_checks(client, demo["customers"][0]["agent_key"], 4)
        other = {"id": "o", "name": "list_transactions", "arguments": {"account_id": "external-001"}}
        client.post(
            "/api/v1/tool-calls", json={**other, "session_id": "o1"}, headers=bearer(demo["customers"][1]["agent_key"])
        )
        actor = next(row["actor"] for row in deployment.entries() if row["id"] == answers[0]["audit"]["entry_id"])
        value = actor if by == "actor" else "check_balance"
        filtered = client.get("/api/v1/audit/export", params={"format": "csv", by: value}, auth=auth)
        everything = client.get("/api/v1/audit/export", params={"format": "csv"}, auth=auth)
    assert filtered.status_code == everything.status_code == 200, filtered.text
    assert filtered.headers["content-type"].startswith("text/csv")
    columns, *rows, evidence = table(filtered.text)
    # Row 1 stays the column names a spreadsheet reads; the signed header is the last row.
    assert columns[:2] == ["id", "timestamp"] and columns[-2:] == ["leaf_index", "inclusion_path"]
    header = json.loads(evidence[1])
    assert evidence[0] == "#toolguard-export/v1" and header["filter"] == {by: value}
    assert len(rows) == header["count"] >= 4 and all(row[columns.index(by)] == value for row in rows)
    public = str(deployment.public_key)
    path = tmp_path / "export.csv"

    def verified(body: list[list[str]]) -> tuple[subprocess.CompletedProcess[str], subprocess.CompletedProcess[str]]:
        path.write_text(written(body), encoding="utf-8", newline="")
        return (
            toolguard_verify("export", str(path), "--key", public),
            deployment.manage("verify_export", str(path), "--public-key", public),
        )

    path.write_text(filtered.text, encoding="utf-8", newline="")  # as downloaded, byte for byte
    assert toolguard_verify("export", str(path), "--key", public).stdout.startswith("verified: export of")
    cli, manage = verified([columns, *rows, evidence])
    assert cli.returncode == 0 and cli.stdout.startswith(f"verified: export of {len(rows)} entries"), cli.stdout
    assert manage.returncode == 0 and manage.stdout.startswith("export verified: export of"), manage.stderr

    # The tester's cut: one row removed. Both verifiers name the leaf.
    leaf = rows[1][columns.index("leaf_index")]
    for done in verified([columns, rows[0], *rows[2:], evidence]):
        assert done.returncode == 1, done.stdout
        assert f"leaf {leaf}: in the signed header's row list but not in the export (a row was removed)" in (
            done.stdout + done.stderr
        )
    # A changed cell.
    changed = list(rows[1])
    changed[columns.index("result")] = "failure"
    for done in verified([columns, rows[0], changed, *rows[2:], evidence]):
        assert done.returncode == 1 and "the entry's fields do not hash to its hash" in done.stdout + done.stderr
    # A genuine row of the log the filter did not match (and the header does not list).
    outside = next(row for row in table(everything.text)[1:-1] if row[columns.index(by)] != value)
    for done in verified([columns, *rows, outside, evidence]):
        assert done.returncode == 1 and "not in the signed header's row list (a row was added)" in (
            done.stdout + done.stderr
        )
    # The signed header row cut off.
    for done in verified([columns, rows[0], *rows[2:]]):
        assert done.returncode == 1 and "the CSV has no signed header row" in done.stdout + done.stderr
    # Proof columns and header row both stripped, one row removed: no longer "export verified".
    plain = [row[: -len(("leaf_index", "inclusion_path"))] for row in [columns, rows[0], *rows[2:]]]
    _, manage = verified(plain)
    assert manage.returncode == 1 and "it carries no signed header" in manage.stderr, manage.stdout
    assert "export verified" not in manage.stdout


def test_a_receipt_relabelled_with_another_id_is_not_verified_as_that_entry(
    deployment: Deployment,  # noqa: F811
    tmp_path: Path,
) -> None:
    demo = seeded(deployment)
    compliance = demo["compliance"][0]
    auth = (compliance["username"], compliance["password"])
    with gunicorn(workers=1, env=deployment.env) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        first, second = balance_checks(client, demo["customers"][0]["agent_key"], 2)
        submitted(deployment)
        receipt = client.get(f"/api/v1/audit/{first['audit']['entry_id']}/receipt", auth=auth)
    assert receipt.status_code == 200, receipt.text
    relabelled = receipt.json()
    relabelled["entry"]["id"] = 999999
    path = tmp_path / "receipt.json"
    path.write_text(json.dumps(relabelled))
    public = str(deployment.public_key)
    done = toolguard_verify("receipt", str(path), "--key", public)
    assert "verified: entry 999999:" not in done.stdout
    assert done.stdout.startswith("verified: entry 999999 (its id is toolguard's label, not covered by its hash)")
    # Checked against the leaf hash the agent's answer carried: the answer it belongs to passes, another fails.
    mine = toolguard_verify("receipt", str(path), "--key", public, "--leaf-hash", first["audit"]["leaf_hash"])
    assert mine.returncode == 0, mine.stdout
    theirs = toolguard_verify("receipt", str(path), "--key", public, "--leaf-hash", second["audit"]["leaf_hash"])
    assert theirs.returncode == 1 and "it is the receipt of another entry" in theirs.stdout, theirs.stdout
