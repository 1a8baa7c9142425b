"""Rotating the audit signing key: old checkpoints, receipts and exports keep verifying, online and offline.

`manage.py audit_key_rotate NEW_KEY` records the rotation as an audit entry,
has the outgoing key sign a last checkpoint, and records the new key in the
key history from the next tree size on, the hand-over signed by both keys.
Receipts and exports made afterwards carry the history; `verify_audit`
checks every checkpoint with the key that signed it; a checkpoint signed by
a key outside its range fails, naming why.
"""

from __future__ import annotations

import contextlib
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, transaction
from django.test import Client
from django.utils import timezone
from toolguard_verify.cli import main as toolguard_verify
from toolguard_verify.note import checkpoint_body, sign_note

from audit import tree
from audit.keys import SigningKeyError, keypair_write, private_key_read, signing_key_current
from audit.models import AuditEntry, AuditSigningKey, TreeCheckpoint
from audit.receipts import b64, receipt_build
from core.enums import AuditAction
from tests.audit.entries import append, event
from tests.conftest import Bank, person_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def keys(settings: Any, tmp_path: Path) -> dict[str, Path]:
    old_private, old_public = keypair_write(tmp_path / "old")
    new_private, new_public = keypair_write(tmp_path / "new")
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(old_private)
    settings.TOOLGUARD_AUDIT_PUBLIC_KEY = ""
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = str(tmp_path / "checkpoints.jsonl")
    settings.TOOLGUARD_WITNESS_URL = ""
    return {"old": old_private, "old_pub": old_public, "new": new_private, "new_pub": new_public}


def rotate(keys: dict[str, Path]) -> str:
    out = StringIO()
    call_command("audit_key_rotate", str(keys["new"]), stdout=out)
    return out.getvalue()


def save(path: Path, value: Any) -> str:
    path.write_text(json.dumps(value), encoding="utf-8")
    return str(path)


def offline(*args: str) -> tuple[int, str]:
    """toolguard-verify, as an auditor runs it: exit code and output."""
    out = StringIO()
    with contextlib.redirect_stdout(out):
        code = toolguard_verify(list(args))
    return code, out.getvalue()


def test_rotation_is_an_audit_entry_and_hands_the_signing_over(keys: dict[str, Path], settings: Any) -> None:
    append(event(), event())
    before = tree.checkpoint_make()
    assert before is not None
    said = rotate(keys)
    [entry] = AuditEntry.objects.filter(action=AuditAction.AUDIT_KEY_ROTATED)
    old_row, new_row = AuditSigningKey.objects.order_by("from_size")
    assert entry.details["old_key_id"] == old_row.key_id and entry.details["new_key_id"] == new_row.key_id
    # The outgoing key's last checkpoint covers the rotation's own entry.
    last = tree.checkpoint_latest()
    assert last is not None and last.size == tree.tree_size() and new_row.from_size == last.size + 1
    assert f"TOOLGUARD_AUDIT_SIGNING_KEY={keys['new'].resolve()}" in said
    history = json.loads((keys["new"].parent / "audit-key-history.json").read_text())
    assert [item["to_size"] for item in history["keys"]] == [last.size, None]
    # The checkpoint log outside the database has the old key's last checkpoint, then the history.
    lines = [json.loads(line) for line in Path(settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG).read_text().splitlines()]
    assert lines[-2] == {"checkpoint": last.note} and lines[-1] == {"key_history": history}
    # A server still configured with the old key signs nothing more, and says why.
    append(event())
    with pytest.raises(SigningKeyError, match=f"was rotated out at tree size {last.size}"):
        tree.checkpoint_make()
    ready = Client().get("/readyz").json()["checks"]["audit_signing"]
    assert ready.startswith("error: ") and "rotated out" in ready
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(keys["new"])
    after = tree.checkpoint_make()
    assert after is not None and after.size == last.size + 1
    assert Client().get("/readyz").json()["checks"]["audit_signing"] == "ok"


def test_a_server_started_with_another_key_signs_nothing_and_says_so(keys: dict[str, Path], settings: Any) -> None:
    append(event())
    assert tree.checkpoint_make() is not None
    stranger, _ = keypair_write(keys["old"].parent.parent / "stranger")
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(stranger)
    append(event())
    with pytest.raises(SigningKeyError, match=r"is not the log.s signing key .* run manage.py audit_key_rotate"):
        signing_key_current()
    # verify_audit still verifies everything signed so far (with the history's key), and names why it signs no more.
    settings.TOOLGUARD_AUDIT_PUBLIC_KEY = str(keys["old_pub"])
    with pytest.raises(CommandError, match="is not the log's signing key"):
        call_command("verify_audit", stdout=StringIO())


def test_verify_audit_and_toolguard_verify_pass_across_a_rotation(
    keys: dict[str, Path], settings: Any, bank: Bank, tmp_path: Path
) -> None:
    compliance = person_client(bank.compliance)
    early = append(event(session_id="rot"), event(session_id="rot"))
    tree.checkpoint_make()
    old_receipt = receipt_build(early[0])
    old_export = compliance.get("/api/v1/audit/export", {"format": "jsonl", "session": "rot"})
    old_export_path = tmp_path / "old.jsonl"
    old_export_path.write_bytes(b"".join(old_export.streaming_content))  # type: ignore[attr-defined]
    rotate(keys)
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(keys["new"])
    late = append(event(session_id="rot"), event(session_id="rot"))
    tree.checkpoint_make()
    new_receipt = receipt_build(late[0])
    assert "key_history" in new_receipt and "key_history" not in old_receipt
    new_export = compliance.get("/api/v1/audit/export", {"format": "jsonl", "session": "rot"})
    new_export_path = tmp_path / "new.jsonl"
    new_export_path.write_bytes(b"".join(new_export.streaming_content))  # type: ignore[attr-defined]
    history = str(keys["new"].parent / "audit-key-history.json")

    # Online: the whole log, the checkpoints signed by both keys, each within its range.
    for public in ("old_pub", "new_pub"):
        out = StringIO()
        call_command("verify_audit", "--public-key", str(keys[public]), stdout=out)
        assert "audit chain verified" in out.getvalue()

    # Offline, with either key: old and new receipts and exports.
    old_r, new_r = save(tmp_path / "old-r.json", old_receipt), save(tmp_path / "new-r.json", new_receipt)
    for public in ("old_pub", "new_pub"):
        key = str(keys[public])
        assert offline("receipt", new_r, "--key", key)[0] == 0
        assert offline("receipt", old_r, "--key", key, "--key-history", history)[0] == 0
        assert offline("export", str(new_export_path), "--key", key)[0] == 0
        assert offline("export", str(old_export_path), "--key", key, "--key-history", history)[0] == 0
    # Kept from before the rotation, an old receipt needs nothing but the old key.
    assert offline("receipt", old_r, "--key", str(keys["old_pub"]))[0] == 0
    code, said = offline("receipt", old_r, "--key", str(keys["new_pub"]))
    assert code == 1 and "not signed by the log key" in said
    out = StringIO()
    call_command("verify_export", str(new_export_path), "--public-key", str(keys["old_pub"]), stdout=out)
    assert out.getvalue().startswith("export verified: export of 4 entries")


def test_a_checkpoint_signed_by_a_key_outside_its_range_fails_verification_naming_why(
    keys: dict[str, Path], settings: Any, tmp_path: Path
) -> None:
    append(event(), event())
    tree.checkpoint_make()
    rotate(keys)
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(keys["new"])
    append(event())
    size = tree.tree_size()
    # The outgoing key (someone who kept it) signs a checkpoint past its range.
    origin = settings.TOOLGUARD_LOG_ORIGIN
    forged = sign_note(checkpoint_body(origin, size, tree.root_hash(size)), origin, private_key_read(str(keys["old"])))
    receipt = {**receipt_build_unsigned(size), "checkpoint": forged}
    history = str(keys["new"].parent / "audit-key-history.json")
    code, said = offline(
        "receipt", save(tmp_path / "r.json", receipt), "--key", str(keys["new_pub"]), "--key-history", history
    )
    assert code == 1
    assert f"at size {size} is signed by key" in said and "outside its validity range: it was retired at size" in said
    # Online: the same checkpoint, stored as if signed here, fails verify_audit naming the key's range.
    with transaction.atomic():
        TreeCheckpoint.objects.create(size=size, root_hash=tree.root_hash(size), note=forged, created_at=timezone.now())
    with pytest.raises(
        CommandError, match=r"the latest checkpoint \(size \d+\) does not verify: .* outside its validity range"
    ):
        call_command("verify_audit", "--public-key", str(keys["old_pub"]), stdout=StringIO())


def receipt_build_unsigned(size: int) -> dict[str, Any]:
    """A receipt of the first entry against the tree of `size` leaves, without a checkpoint yet."""
    entry = AuditEntry.objects.order_by("id").first()
    assert entry is not None
    base = receipt_build(entry)
    index = base["leaf_index"]
    return {**base, "inclusion_path": [b64(node) for node in tree.inclusion_path(index, size)]}


def test_the_key_history_is_append_only(keys: dict[str, Path]) -> None:
    append(event())
    tree.checkpoint_make()
    rotate(keys)
    with pytest.raises(DatabaseError), transaction.atomic():
        AuditSigningKey.objects.filter(from_size=1).update(from_size=2)
    with pytest.raises(DatabaseError), transaction.atomic():
        AuditSigningKey.objects.all().delete()


def test_rotating_to_a_key_the_log_has_used_is_refused(keys: dict[str, Path]) -> None:
    append(event())
    tree.checkpoint_make()
    with pytest.raises(CommandError, match="has signed for this log before"):
        call_command("audit_key_rotate", str(keys["old"]), stdout=StringIO())
