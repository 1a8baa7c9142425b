"""The one kind of signed evidence: checkpoints, copied to the checkpoint log; the retired signed heads still checked.

The worker copies the latest checkpoint to TOOLGUARD_AUDIT_CHECKPOINT_LOG (a
file, or a webhook) outside the database; verify_audit checks every logged
checkpoint's signature and root against the tree recomputed from the
entries. Signed chain heads are no longer written; those written before stay
verifiable, from the database and from a copy of their old file.
"""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, HTTPServer
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.core.management import CommandError, call_command
from toolguard_verify.note import checkpoint_body, sign_note

from audit import tree
from audit.checkpoint_log import CheckpointLogError, checkpoint_log_latest
from audit.checks import retired_witness_settings_check, witness_deploy_check
from audit.keys import keypair_write, private_key_read
from audit.legacy_heads import SignedHead
from audit.models import AuditEntry, AuditHead
from tests.audit.entries import append, event
from tests.live import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def signing(settings: Any, tmp_path: Path) -> Path:
    private, public = keypair_write(tmp_path / "keys")
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(private)
    settings.TOOLGUARD_AUDIT_PUBLIC_KEY = str(public)
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = str(tmp_path / "checkpoints.jsonl")
    settings.TOOLGUARD_WITNESS_URL = ""
    return tmp_path / "checkpoints.jsonl"


def logged(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def signed_note(settings: Any, size: int, root: bytes, key: Ed25519PrivateKey | None = None) -> str:
    origin = settings.TOOLGUARD_LOG_ORIGIN
    return sign_note(
        checkpoint_body(origin, size, root), origin, key or private_key_read(settings.TOOLGUARD_AUDIT_SIGNING_KEY)
    )


def verify(*args: str) -> str:
    out = StringIO()
    call_command("verify_audit", *args, stdout=out)
    return out.getvalue()


def test_audit_keygen_writes_a_private_and_a_public_pem(tmp_path: Path) -> None:
    out = StringIO()
    call_command("audit_keygen", str(tmp_path / "k"), stdout=out)
    private, public = tmp_path / "k" / "audit-signing.pem", tmp_path / "k" / "audit-signing.pub.pem"
    assert private.stat().st_mode & 0o777 == 0o600
    assert b"PRIVATE KEY" in private.read_bytes() and b"PUBLIC KEY" in public.read_bytes()
    with pytest.raises(CommandError, match="refusing to overwrite"):
        call_command("audit_keygen", str(tmp_path / "k"))


def test_the_worker_logs_the_latest_checkpoint_once(signing: Path) -> None:
    append(event(), event())
    latest_size = tree.checkpoint_scheduled()
    latest = tree.checkpoint_latest()
    assert latest is not None and latest_size == latest.size == tree.tree_size()
    assert latest is not None and logged(signing) == [{"checkpoint": latest.note}]
    assert checkpoint_log_latest() is None  # nothing newer
    append(event())
    tree.checkpoint_make()
    assert checkpoint_log_latest() == latest.size + 1
    assert len(logged(signing)) == 2


def test_appending_signs_nothing_and_writes_no_head(signing: Path) -> None:
    before = AuditHead.objects.count()
    append(*(event() for _ in range(30)))
    assert AuditHead.objects.count() == before
    assert not signing.exists()  # only the worker, verify_audit and a rotation write the log


def test_verify_checks_every_logged_checkpoint_and_logs_its_own(signing: Path) -> None:
    append(event(), event())
    tree.checkpoint_scheduled()
    out = verify()
    assert "1 checkpoints of the checkpoint log" in out and "audit chain verified" in out
    append(event())
    verify()
    latest = tree.checkpoint_latest()
    assert latest is not None and logged(signing)[-1] == {"checkpoint": latest.note}


def test_a_logged_checkpoint_larger_than_the_log_names_a_truncation(signing: Path, settings: Any) -> None:
    append(event(), event())
    size = tree.tree_size()
    tree.checkpoint_scheduled()
    # What the log held before its newest entries were deleted, with their tree nodes and checkpoints.
    with signing.open("a") as log:
        log.write(json.dumps({"checkpoint": signed_note(settings, size + 3, b"\x01" * 32)}) + "\n")
    with pytest.raises(CommandError, match=rf"truncated: logged \(line 2\) {size + 3} entries, log has {size}"):
        verify()


def test_a_logged_root_that_differs_names_a_rewrite_and_where(signing: Path, settings: Any) -> None:
    append(event())
    tree.checkpoint_scheduled()
    good = tree.tree_size()
    append(event(), event())
    size = tree.tree_size()
    with signing.open("a") as log:
        log.write(json.dumps({"checkpoint": signed_note(settings, size, b"\x02" * 32)}) + "\n")
    with pytest.raises(
        CommandError, match=rf"rewritten: .* at that size .* the last logged size that still matches is {good}"
    ):
        verify()


def test_a_logged_checkpoint_not_signed_by_the_log_is_refused(signing: Path, settings: Any) -> None:
    append(event())
    size = tree.tree_size()
    forged = signed_note(settings, size, tree.root_hash(size), Ed25519PrivateKey.generate())
    signing.write_text(json.dumps({"checkpoint": forged}) + "\n")
    with pytest.raises(CommandError, match=r"checkpoint log .* line 1 \(size \d+\) does not verify"):
        verify()
    signing.write_text("not json\n")
    with pytest.raises(CommandError, match="line 1 is not JSON"):
        verify()


@pytest.fixture
def webhook() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    received: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            received.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/checkpoints", received
    server.shutdown()
    server.server_close()


def test_a_webhook_checkpoint_log_receives_each_checkpoint(
    signing: Path, settings: Any, webhook: tuple[str, list[dict[str, Any]]], tmp_path: Path
) -> None:
    url, received = webhook
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = url
    append(event())
    tree.checkpoint_scheduled()
    latest = tree.checkpoint_latest()
    assert latest is not None and received == [{"checkpoint": latest.note}]
    assert "webhook" in verify() and "--checkpoint-log FILE" in verify()
    copy = tmp_path / "copy.jsonl"
    copy.write_text("".join(json.dumps(line) + "\n" for line in received))
    assert "1 checkpoints of the checkpoint log" in verify("--checkpoint-log", str(copy))


# --- the retired signed heads --------------------------------------------------------------


def head_signed(settings: Any, entry_id: int, entry_hash: str, entries: int) -> SignedHead:
    """A head as the retired signer made them (audit.witness, before checkpoints were the only evidence)."""
    unsigned = SignedHead(
        entry_id=entry_id,
        entry_hash=entry_hash,
        entries=entries,
        time=datetime(2026, 12, 1, 12, tzinfo=UTC).isoformat(timespec="microseconds"),
        reason="schedule",
    )
    key = private_key_read(settings.TOOLGUARD_AUDIT_SIGNING_KEY)
    return SignedHead(
        **{**unsigned.__dict__, "signature": base64.b64encode(key.sign(unsigned.signed_bytes())).decode()}
    )


def store(head: SignedHead) -> None:
    AuditHead.objects.create(
        entry_id=head.entry_id,
        entry_hash=head.entry_hash,
        entries=head.entries,
        signed_at=datetime.fromisoformat(head.time),
        reason=head.reason,
        signature=head.signature,
    )


def test_stored_heads_written_before_are_still_checked(signing: Path, settings: Any) -> None:
    if AuditHead.objects.exists():
        pytest.skip("the database holds heads another log signed")
    entries = append(event(), event(), event())
    position = AuditEntry.objects.filter(id__lte=entries[1].id).count()
    store(head_signed(settings, entries[1].id, entries[1].hash, position))
    assert "retired signed heads (1 stored): 1 matched" in verify()
    # A head whose hash the chain no longer has: a rewrite with every later hash recomputed.
    store(head_signed(settings, entries[2].id, "f" * 64, position + 1))
    with pytest.raises(
        CommandError, match=rf"audit entry \d+ does not verify: rewritten and re-hashed: entry {entries[2].id}"
    ):
        verify()


def test_a_copy_of_the_old_heads_file_is_checked(signing: Path, settings: Any, tmp_path: Path) -> None:
    if AuditHead.objects.exists():
        pytest.skip("the database holds heads another log signed")
    entries = append(event(), event())
    position = AuditEntry.objects.filter(id__lte=entries[0].id).count()
    heads = tmp_path / "audit-witness.jsonl"
    heads.write_text(head_signed(settings, entries[0].id, entries[0].hash, position).line())
    assert "1 from" in verify("--signed-heads", str(heads))
    forged = SignedHead(**{**json.loads(heads.read_text()), "entry_hash": "0" * 64})
    heads.write_text(heads.read_text() + forged.line())
    with pytest.raises(CommandError, match="line 2: the signature does not verify with the log's keys"):
        verify("--signed-heads", str(heads))


# --- checks ----------------------------------------------------------------------------------


def test_the_retired_settings_are_named_if_still_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLGUARD_AUDIT_WITNESS", raising=False)
    assert retired_witness_settings_check() == []
    monkeypatch.setenv("TOOLGUARD_AUDIT_WITNESS", "/var/lib/toolguard/audit-witness.jsonl")
    [warning] = retired_witness_settings_check()
    assert warning.id == "audit.W001" and "TOOLGUARD_AUDIT_CHECKPOINT_LOG" in warning.msg


def test_deploy_checks_name_a_missing_witness_and_a_checkpoint_log_beside_the_app(settings: Any) -> None:
    settings.TOOLGUARD_WITNESS_URL = ""
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = str(Path(settings.BASE_DIR) / "var" / "audit-checkpoints.jsonl")
    assert {message.id for message in witness_deploy_check()} == {"audit.W002", "audit.W003"}
    settings.TOOLGUARD_WITNESS_URL = "https://witness.example"
    settings.TOOLGUARD_WITNESS_KEY = ""
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = "https://checkpoints.example/log"
    assert {message.id for message in witness_deploy_check()} == {"audit.E001"}


def test_a_checkpoint_log_that_cannot_take_the_line_is_an_error_naming_it(signing: Path, settings: Any) -> None:
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = f"http://127.0.0.1:{free_port()}/checkpoints"
    append(event())
    tree.checkpoint_make()
    with pytest.raises(CheckpointLogError, match=r"the checkpoint log did not take the line: .* could not be reached"):
        checkpoint_log_latest()
    with pytest.raises(CommandError, match="the checkpoint log did not take the line"):
        verify()
