"""Signed chain heads: keys, the witness file and webhook, the worker's schedule."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from audit.models import AuditHead
from audit.services import audit_verify
from audit.witness import (
    SignedHead,
    WitnessError,
    audit_head_sign,
    audit_head_witness_scheduled,
    head_verify,
    keypair_write,
    public_key,
    witness_read,
)
from tests.audit.entries import append, event

pytestmark = pytest.mark.django_db


@pytest.fixture
def signing(settings: Any, tmp_path: Path) -> Path:
    private, public = keypair_write(tmp_path / "keys")
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(private)
    settings.TOOLGUARD_AUDIT_PUBLIC_KEY = str(public)
    settings.TOOLGUARD_AUDIT_WITNESS = str(tmp_path / "witness.jsonl")
    return tmp_path / "witness.jsonl"


def test_audit_keygen_writes_a_private_and_a_public_pem(tmp_path: Path) -> None:
    out = StringIO()
    call_command("audit_keygen", str(tmp_path / "k"), stdout=out)
    private, public = tmp_path / "k" / "audit-signing.pem", tmp_path / "k" / "audit-signing.pub.pem"
    assert private.stat().st_mode & 0o777 == 0o600
    assert b"PRIVATE KEY" in private.read_bytes() and b"PUBLIC KEY" in public.read_bytes()
    with pytest.raises(CommandError, match="refusing to overwrite"):
        call_command("audit_keygen", str(tmp_path / "k"))


def test_a_signed_head_is_stored_and_appended_to_the_witness(signing: Path) -> None:
    entries = append(event(), event())
    head = audit_head_sign(reason="verify")
    assert head is not None and head.entry_id == entries[-1].id and head.entry_hash == entries[-1].hash
    [line] = witness_read(str(signing), public_key())  # type: ignore[arg-type]
    assert line == head and head_verify(head, public_key())  # type: ignore[arg-type]
    assert AuditHead.objects.filter(entry_id=head.entry_id, signature=head.signature).exists()
    # Counted from the previous head, it still equals the number of entries up to the head.
    append(event())
    second = audit_head_sign(reason="verify")
    assert second is not None and second.entries == head.entries + 1


def test_a_forged_witness_line_is_refused(signing: Path) -> None:
    append(event())
    head = audit_head_sign(reason="verify")
    assert head is not None
    forged = SignedHead(**{**json.loads(head.line()), "entry_hash": "0" * 64})
    with signing.open("a") as witness:
        witness.write(forged.line())
    with pytest.raises(WitnessError, match="line 2: the signature does not verify"):
        witness_read(str(signing), public_key())  # type: ignore[arg-type]
    with pytest.raises(CommandError, match="line 2: the signature does not verify"):
        call_command("verify_audit")


def test_a_lost_witness_is_noticed(signing: Path) -> None:
    append(event())
    audit_verify()
    signing.unlink()
    with pytest.raises(CommandError, match="empty or missing, but the database holds signed heads"):
        call_command("verify_audit")


def test_without_a_key_verify_says_what_it_cannot_see(settings: Any) -> None:
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = settings.TOOLGUARD_AUDIT_PUBLIC_KEY = ""
    append(event())
    out = StringIO()
    call_command("verify_audit", stdout=out)
    assert "no witness" in out.getvalue() and "would not be seen" in out.getvalue()
    assert audit_head_sign(reason="verify") is None


def test_a_successful_verify_signs_the_head(signing: Path) -> None:
    entries = append(event())
    out = StringIO()
    call_command("verify_audit", stdout=out)
    assert f"signed head at entry {entries[-1].id} written to the witness" in out.getvalue()
    assert witness_read(str(signing), public_key())[-1].reason == "verify"  # type: ignore[arg-type]


def test_the_worker_signs_when_the_last_head_is_old_and_the_chain_moved(signing: Path, settings: Any) -> None:
    settings.TOOLGUARD_AUDIT_WITNESS_SECONDS = 60
    append(event())
    first = audit_head_witness_scheduled()
    assert first is not None
    assert audit_head_witness_scheduled() is None  # nothing new
    append(event())
    assert audit_head_witness_scheduled() is None  # new entries, but the last head is fresh
    settings.TOOLGUARD_AUDIT_WITNESS_SECONDS = 1
    later = timezone.now() + timedelta(seconds=2)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("audit.witness.timezone.now", lambda: later)
        assert audit_head_witness_scheduled() == AuditHead.objects.latest("id").entry_id != first


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
    yield f"http://127.0.0.1:{server.server_port}/witness", received
    server.shutdown()


def test_a_webhook_witness_receives_each_signed_head(
    signing: Path, settings: Any, webhook: tuple[str, list[dict[str, Any]]]
) -> None:
    url, received = webhook
    settings.TOOLGUARD_AUDIT_WITNESS = url
    entries = append(event())
    head = audit_head_sign(reason="verify")
    assert head is not None
    assert received == [json.loads(head.line())] and received[0]["entry_id"] == entries[-1].id
    out = StringIO()
    call_command("verify_audit", stdout=out)
    assert "webhook" in out.getvalue() and "--witness FILE" in out.getvalue()
