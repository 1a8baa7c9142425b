"""The Merkle tree over the audit log: stored-node proofs equal the RFC 9162 reference, checkpoints verify."""

from __future__ import annotations

import base64
import importlib
import io
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from cryptography.hazmat.primitives import serialization
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from rest_framework.test import APIClient
from toolguard_verify.note import key_id, parse_checkpoint, verify_note

from audit import tree
from audit.keys import keypair_write, public_key
from audit.models import AuditEntry, TreeCheckpoint, TreeNode
from tests.audit.entries import append, event
from tests.conftest import Bank, person_client
from toolguard_verify import merkle

pytestmark = pytest.mark.django_db

# Mixed batch sizes: single entries, small batches, and one over VALUES_ROWS_MAX (the unnest path).
BATCHES = [1, 1, 2, 3, 1, 5, 66]


@pytest.fixture
def signing(settings: Any, tmp_path: Path) -> Path:
    private, public = keypair_write(tmp_path / "keys")
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(private)
    settings.TOOLGUARD_AUDIT_PUBLIC_KEY = str(public)
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = str(tmp_path / "checkpoints.jsonl")
    return public


def all_leaves() -> list[bytes]:
    return [tree.entry_leaf_hash(entry) for entry in AuditEntry.objects.order_by("id").only("hash")]


def fill(batches: list[int] = BATCHES) -> list[AuditEntry]:
    written: list[AuditEntry] = []
    for number, size in enumerate(batches):
        written += append(*[event(tool_call_id=f"tree-{number}-{n}") for n in range(size)])
    return written


def sizes_to_check(total: int) -> list[int]:
    # Every size of a fresh log; on a database other tests already wrote to, the newest 70 too.
    return sorted({*range(1, min(total, 70) + 1), *range(max(total - 69, 1), total + 1)})


def test_roots_and_proofs_equal_the_reference_for_every_size_index_and_old_size() -> None:
    fill()
    leaves = all_leaves()
    assert tree.tree_size() == len(leaves) >= 70
    for size in sizes_to_check(len(leaves)):
        assert tree.root_hash(size) == merkle.root_hash(leaves[:size]), size
        for index in range(size):
            assert tree.inclusion_path(index, size) == merkle.inclusion_proof(leaves[:size], index), (index, size)
        for old in range(1, size + 1):
            assert tree.consistency_path(old, size) == merkle.consistency_proof(leaves[:size], old), (old, size)


def test_every_entry_knows_its_leaf_in_id_order() -> None:
    written = fill([3, 70])
    ordered = list(AuditEntry.objects.order_by("id").values_list("id", flat=True))
    for entry in written:
        index = tree.leaf_index(entry.id)
        assert index == ordered.index(entry.id)
        assert TreeNode.objects.get(id=index).hash == tree.entry_leaf_hash(entry)
        assert tree.entry_leaf_hash(entry) == merkle.leaf_hash(bytes.fromhex(entry.hash))
    assert tree.leaf_index(ordered[-1] + 1000) is None


def test_sizes_outside_the_tree_are_refused() -> None:
    fill([4])
    size = tree.tree_size()
    with pytest.raises(tree.TreeError):
        tree.root_hash(0)
    with pytest.raises(tree.TreeError):
        tree.inclusion_path(size, size)
    with pytest.raises(tree.TreeError):
        tree.consistency_path(size, size - 1)
    with pytest.raises(tree.TreeError):
        tree.root_hash(size + 1)  # nodes past the tree are not stored


def test_checkpoints_are_signed_c2sp_notes_verifiable_with_the_public_key(signing: Path, settings: Any) -> None:
    settings.TOOLGUARD_LOG_ORIGIN = "bank.example/toolguard-audit"
    fill([5])
    checkpoint = tree.checkpoint_make()
    assert checkpoint is not None and checkpoint.size == tree.tree_size()
    assert checkpoint.root_hash == merkle.root_hash(all_leaves())
    key = public_key(str(signing))
    assert key is not None
    assert verify_note(checkpoint.note, "bank.example/toolguard-audit", key)
    assert not verify_note(checkpoint.note, "another.example/log", key)
    forged = checkpoint.note.replace(f"\n{checkpoint.size}\n", f"\n{checkpoint.size + 1}\n")
    assert forged != checkpoint.note and not verify_note(forged, "bank.example/toolguard-audit", key)
    parsed = parse_checkpoint(checkpoint.note)
    assert (parsed.origin, parsed.size, parsed.root_hash) == (
        "bank.example/toolguard-audit",
        checkpoint.size,
        checkpoint.root_hash,
    )
    body, _, signature = checkpoint.note.partition("\n\n")
    assert body == f"bank.example/toolguard-audit\n{checkpoint.size}\n{base64.b64encode(checkpoint.root_hash).decode()}"
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    assert signature.startswith("\u2014 bank.example/toolguard-audit ")
    assert base64.b64decode(signature.split()[-1])[:4] == key_id("bank.example/toolguard-audit", raw)
    # Nothing new: no new checkpoint; new entries: one at the new size, the old one kept.
    assert tree.checkpoint_make() == checkpoint
    fill([2])
    newer = tree.checkpoint_make()
    assert newer is not None and newer.size == checkpoint.size + 2
    assert tree.checkpoint_latest() == newer and tree.checkpoint_at(checkpoint.size) == checkpoint
    assert merkle.verify_consistency(
        checkpoint.size,
        newer.size,
        checkpoint.root_hash,
        newer.root_hash,
        tree.consistency_path(checkpoint.size, newer.size),
    )


def test_without_a_signing_key_nothing_is_signed(settings: Any) -> None:
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = settings.TOOLGUARD_AUDIT_PUBLIC_KEY = ""
    fill([2])
    assert tree.checkpoint_make() is None
    assert not TreeCheckpoint.objects.exists()


def test_appends_leave_the_tree_to_the_integrator_whose_round_integrates_and_checkpoints(
    signing: Path, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    tree.tree_integrate()
    before = tree._integrated()
    threads = set(threading.enumerate())
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        written = fill([2])
    # The append wrote no tree rows (that stays off the chain lock), left nothing for the tree to run
    # after its commit and started no thread: the web worker that wrote it is done with it.
    assert tree._integrated() == before
    assert not [done for done in callbacks if getattr(done, "__module__", "") == "audit.tree"]
    assert not [thread for thread in set(threading.enumerate()) - threads if isinstance(thread, threading.Timer)]
    # The integrator's round: both entries in one batch, and a checkpoint that covers them.
    assert tree.integrate_round() == 2
    assert tree._integrated() == (before[0] + 2, written[-1].id)
    first = tree.checkpoint_latest()
    assert first is not None and first.size == before[0] + 2
    # Nothing new: nothing added, nothing signed.
    assert tree.integrate_round() == 0 and tree.checkpoint_latest() == first
    # Entries a reader integrated first (its tree_size) are still signed by the next round.
    fill([1])
    assert tree.tree_size() == first.size + 1
    assert tree.integrate_round() == 0
    latest = tree.checkpoint_latest()
    assert latest is not None and latest.size == first.size + 1
    # Rounds come every half MMD: an entry is in a signed checkpoint within the MMD of its commit.
    assert tree.integrator_interval() == max(settings.TOOLGUARD_AUDIT_MMD_SECONDS / 2, 0.05)


def test_the_worker_schedule_checkpoints_when_due(
    signing: Path, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree.integrate_round()
    fill([2])
    assert tree.checkpoint_when_due() is None  # signed now (the last was old enough), and it covers everything
    first = tree.checkpoint_latest()
    assert first is not None and first.size == tree.tree_size()
    # New entries while the checkpoint is fresh: integrated, not signed yet; due later.
    fill([1])
    wait = tree.checkpoint_when_due()
    assert wait is not None and 0 < wait <= settings.TOOLGUARD_CHECKPOINT_SECONDS
    assert tree.checkpoint_latest() == first
    monkeypatch.setattr(
        tree.timezone, "now", lambda: first.created_at + timedelta(seconds=settings.TOOLGUARD_CHECKPOINT_SECONDS)
    )
    assert tree.checkpoint_scheduled() == tree.tree_size() == first.size + 1


def test_a_standing_by_integrator_does_nothing_but_ask_for_the_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    integrator = tree.Integrator()
    rounds: list[int] = []

    def counted() -> int:
        rounds.append(1)
        return 0

    monkeypatch.setattr(tree, "integrate_round", counted)
    monkeypatch.setattr(integrator, "_lead", lambda: False)
    waits: list[float] = []

    def wait(seconds: float) -> bool:
        waits.append(seconds)
        integrator.stop.set()
        return True

    monkeypatch.setattr(integrator.stop, "wait", wait)
    integrator.run()
    assert rounds == [] and waits == [tree.INTEGRATOR_STANDBY_SECONDS]
    # Orphaned (gunicorn's master gone): it stops without a round.
    orphan = tree.Integrator(parent=-1)
    orphan.run()
    assert rounds == []


@pytest.mark.needs_postgres
def test_an_integrator_that_cannot_sign_never_keeps_one_that_can_from_leading(settings: Any, tmp_path: Path) -> None:
    # Another process leads as a keyless integrator (a host or a tool's server started without the key).
    dsn = connection.get_connection_params()
    other = psycopg.connect(**{k: v for k, v in dsn.items() if k != "cursor_factory"}, autocommit=True)
    try:
        other.execute("SELECT pg_advisory_lock(%s)", [tree.KEYLESS_INTEGRATOR_LOCK_ID])
        settings.TOOLGUARD_AUDIT_SIGNING_KEY = ""
        assert tree.Integrator()._lead() is False  # a second keyless one stands by
        private, _ = keypair_write(tmp_path / "keys")
        settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(private)
        signer = tree.Integrator()
        assert signer._lead() is True  # the one that signs leads all the same
        # and a second signer stands by behind it.
        other.execute("SELECT pg_advisory_unlock_all()")
        assert other.execute("SELECT pg_try_advisory_lock(%s)", [tree.INTEGRATOR_LOCK_ID]).fetchone() == (False,)
    finally:
        other.close()
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock_all()")


def test_readers_integrate_first(signing: Path) -> None:
    # An entry is never committed yet unknown to the tree for whoever asks: size, leaf and checkpoint integrate.
    [entry] = fill([1])
    assert tree.leaf_index(entry.id) == tree._integrated()[0] - 1
    fill([2])
    assert tree.tree_size() == AuditEntry.objects.count() == tree._integrated()[0]
    fill([1])
    checkpoint = tree.checkpoint_make()
    assert checkpoint is not None and checkpoint.size == AuditEntry.objects.count()


def test_checkpoints_and_nodes_are_append_only(signing: Path) -> None:
    fill([3])
    checkpoint = tree.checkpoint_make()
    assert checkpoint is not None
    for sql in (
        "UPDATE audit_treecheckpoint SET size = size + 1",
        "DELETE FROM audit_treecheckpoint",
        "UPDATE audit_treenode SET hash = hash",
        "DELETE FROM audit_treenode",
    ):
        with pytest.raises(DatabaseError) as caught, transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
        assert "append-only" in str(caught.value), sql
    assert tree.checkpoint_latest() == checkpoint


def insert_without_tree(count: int) -> list[int]:
    """Entries as a database from before the tree holds them: in the log, not in the tree."""
    ids = []
    with connection.cursor() as cursor:
        for n in range(count):
            digest = f"{n:04x}".rjust(64, "e")
            cursor.execute(
                "INSERT INTO audit_auditentry (timestamp, actor, actor_type, customer, action, result, tool, "
                "tool_call_id, session_id, idempotency_key, approval_id, details, prev_hash, hash) "
                "VALUES (%s, 'system', 'system', '', 'tool_call_received', 'success', '', '', '', '', '', '{}', %s, %s)"
                " RETURNING id",
                [timezone.now(), "0" * 64, digest],
            )
            ids.append(cursor.fetchone()[0])
    return ids


def test_the_migration_builds_the_tree_for_entries_written_before_it(signing: Path) -> None:
    fill([2])
    legacy = insert_without_tree(9)
    assert tree._integrated()[1] < legacy[0]
    # What migration 0010 runs on an upgraded database.
    migration = importlib.import_module("audit.migrations.0010_merkle_tree")
    migration.tree_build_forward(None, None)
    leaves = all_leaves()
    assert tree.tree_size() == len(leaves)
    assert tree.root_hash(len(leaves)) == merkle.root_hash(leaves)
    assert [tree.leaf_index(entry_id) for entry_id in legacy] == list(range(len(leaves) - 9, len(leaves)))
    # The writer carries on from the built tree, and a second build finds nothing left to add.
    fill([3])
    assert tree.root_hash(tree.tree_size()) == merkle.root_hash(all_leaves())
    assert tree.tree_build() == 0
    out = io.StringIO()
    call_command("audit_tree_build", stdout=out)
    assert out.getvalue().startswith("0 entries added")
    assert tree.checkpoint_latest() is not None


# --- the endpoints ---------------------------------------------------------------------------


def b64d(value: str) -> bytes:
    return base64.b64decode(value, validate=True)


def test_the_endpoints_give_proofs_that_verify(bank: Bank, compliance: APIClient, signing: Path) -> None:
    written = fill([3, 4])
    first = tree.checkpoint_make()
    assert first is not None
    more = fill([5])
    latest = tree.checkpoint_make()
    assert latest is not None

    body = compliance.get("/api/v1/audit/checkpoint").json()
    assert body == {
        "checkpoint": latest.note,
        "size": latest.size,
        "root_hash": base64.b64encode(latest.root_hash).decode(),
    }
    key = public_key(str(signing))
    assert verify_note(body["checkpoint"], "toolguard.example/audit", key)
    old = compliance.get("/api/v1/audit/checkpoint", {"size": first.size}).json()
    assert old["size"] == first.size and b64d(old["root_hash"]) == first.root_hash

    # Inclusion: at the latest checkpoint by default, and at an older size.
    for entry in [*written, *more]:
        proof = compliance.get(f"/api/v1/audit/{entry.id}/proof").json()
        assert set(proof) == {"leaf_index", "tree_size", "leaf_hash", "inclusion_path"}
        assert proof["tree_size"] == latest.size and proof["leaf_index"] == tree.leaf_index(entry.id)
        assert b64d(proof["leaf_hash"]) == merkle.leaf_hash(bytes.fromhex(entry.hash))
        path = [b64d(value) for value in proof["inclusion_path"]]
        assert merkle.verify_inclusion(
            b64d(proof["leaf_hash"]), proof["leaf_index"], latest.size, path, latest.root_hash
        )
    for entry in written:
        proof = compliance.get(f"/api/v1/audit/{entry.id}/proof", {"size": first.size}).json()
        path = [b64d(value) for value in proof["inclusion_path"]]
        assert merkle.verify_inclusion(b64d(proof["leaf_hash"]), proof["leaf_index"], first.size, path, first.root_hash)

    # Consistency between the two checkpoints.
    answer = compliance.get("/api/v1/audit/consistency", {"from": first.size, "to": latest.size}).json()
    assert answer["from"] == first.size and answer["to"] == latest.size
    path = [b64d(value) for value in answer["consistency_path"]]
    assert merkle.verify_consistency(first.size, latest.size, first.root_hash, latest.root_hash, path)


def error(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def test_the_endpoints_refuse_with_stable_codes(bank: Bank, compliance: APIClient, signing: Path) -> None:
    [entry] = fill([1])
    checkpoint = tree.checkpoint_make()
    assert checkpoint is not None
    [later] = fill([1])
    size = tree.tree_size()
    assert error(compliance.get("/api/v1/audit/checkpoint", {"size": size})) == (404, "checkpoint_not_found")
    assert error(compliance.get("/api/v1/audit/checkpoint", {"size": "x"})) == (400, "invalid_size")
    assert error(compliance.get(f"/api/v1/audit/{later.id + 10_000}/proof")) == (404, "entry_not_found")
    # The later entry is past the latest checkpoint (the default size), but in the current tree.
    assert error(compliance.get(f"/api/v1/audit/{later.id}/proof")) == (404, "entry_not_in_tree")
    assert compliance.get(f"/api/v1/audit/{later.id}/proof", {"size": size}).status_code == 200
    for bad in ("0", "-1", "x", str(size + 1)):
        assert error(compliance.get(f"/api/v1/audit/{entry.id}/proof", {"size": bad})) == (400, "invalid_size"), bad
    for params in ({"from": 2, "to": 1}, {"from": 0, "to": 1}, {"to": 1}, {"from": 1, "to": size + 1}):
        assert error(compliance.get("/api/v1/audit/consistency", params)) == (400, "invalid_size"), params


def test_only_compliance_staff_get_proofs(bank: Bank) -> None:
    [entry] = fill([1])
    for client in (APIClient(), person_client(bank.reviewer)):
        for path in ("/api/v1/audit/checkpoint", f"/api/v1/audit/{entry.id}/proof", "/api/v1/audit/consistency"):
            assert client.get(path).status_code in (401, 403), path


def test_no_checkpoint_yet_is_a_404(bank: Bank, compliance: APIClient, settings: Any) -> None:
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = settings.TOOLGUARD_AUDIT_PUBLIC_KEY = ""
    [entry] = fill([1])
    if TreeCheckpoint.objects.exists():
        pytest.skip("another test committed checkpoints to this database")
    assert error(compliance.get("/api/v1/audit/checkpoint")) == (404, "checkpoint_not_found")
    assert error(compliance.get(f"/api/v1/audit/{entry.id}/proof")) == (404, "checkpoint_not_found")
