"""verify_audit re-reads everything by default; --incremental starts at a signed, append-only checkpoint."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from audit.models import AuditCheckpoint
from audit.verify import audit_verify, checkpoint_signature
from tests.audit.entries import append, event

pytestmark = pytest.mark.django_db


def verify(*args: str) -> str:
    out = StringIO()
    call_command("verify_audit", *args, stdout=out)
    return out.getvalue()


def test_verify_continues_from_the_last_checkpoint_only_when_asked() -> None:
    append(event(), event())
    first = audit_verify()
    assert first.broken is None and first.checkpoint is not None
    assert first.checkpoint.entry_id == first.last_id
    new = append(event(), event(), event())
    second = audit_verify(incremental=True)
    assert second.start_id == first.last_id and second.entries == 3 and second.last_id == new[-1].id
    out = verify("--incremental")
    assert "0 entries checked from checkpoint" in out
    assert f"not re-read: entries 1 to {new[-1].id}" in out


def test_by_default_it_starts_from_the_first_entry() -> None:
    entries = append(event())
    audit_verify()
    result = audit_verify()
    assert result.start_id == 0 and result.last_id == entries[-1].id and result.entries >= 1
    assert "checked from the first entry" in verify()
    assert "checked from the first entry" in verify("--full")
    assert "not re-read" not in verify()


def test_incremental_finds_a_rewrite_after_the_checkpoint(tamper: Any) -> None:
    append(event())
    audit_verify()
    entries = append(event(), event())
    tamper("UPDATE audit_auditentry SET result = 'failure' WHERE id = %s", [entries[0].id])
    with pytest.raises(CommandError, match=rf"^audit entry {entries[0].id} does not verify"):
        verify("--incremental")


def test_a_rewrite_before_the_checkpoint_is_found_by_default(tamper: Any) -> None:
    entries = append(event(), event())
    audit_verify()
    # Contents changed, stored hash left alone: only an incremental run,
    # which trusts what it proved before, can miss it; the default re-reads.
    tamper("UPDATE audit_auditentry SET result = 'failure' WHERE id = %s", [entries[0].id])
    assert "not re-read" in verify("--incremental")
    with pytest.raises(CommandError, match=rf"^audit entry {entries[0].id} does not verify"):
        verify()


def test_a_checkpoint_whose_entry_hash_changed_is_refused(tamper: Any) -> None:
    entries = append(event(), event())
    audit_verify()
    tamper("UPDATE audit_auditentry SET hash = %s WHERE id = %s", ["f" * 64, entries[-1].id])
    with pytest.raises(CommandError, match="whose hash is no longer the one verified") as caught:
        verify("--incremental")
    assert caught.value.returncode == 1


@pytest.mark.parametrize(
    "statement", ["UPDATE audit_auditcheckpoint SET entry_id = 1", "DELETE FROM audit_auditcheckpoint"]
)
def test_checkpoints_are_append_only(statement: str) -> None:
    append(event())
    audit_verify()
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(statement)
    assert AuditCheckpoint.objects.exists()


def test_checkpoints_are_signed_when_a_key_is_set(settings: Any) -> None:
    settings.TOOLGUARD_AUDIT_HMAC_KEY = "k" * 32
    append(event())
    checkpoint = audit_verify().checkpoint
    assert checkpoint is not None and len(checkpoint.signature) == 64
    assert checkpoint.signature == checkpoint_signature(checkpoint.entry_id, checkpoint.entry_hash)
    append(event())
    assert "1 entries checked from checkpoint" in verify("--incremental")


def test_a_forged_checkpoint_is_refused(settings: Any) -> None:
    settings.TOOLGUARD_AUDIT_HMAC_KEY = "k" * 32
    entries = append(event(), event(), event())
    audit_verify()
    # Someone with database access but not the key moves the starting point.
    forged = AuditCheckpoint.objects.create(entry_id=entries[-1].id, entry_hash=entries[-1].hash, signature="0" * 64)
    with pytest.raises(CommandError, match=rf"audit checkpoint {forged.id} .* signature does not match") as caught:
        verify("--incremental")
    assert caught.value.returncode == 1
    AuditCheckpoint.objects.create(entry_id=entries[-1].id, entry_hash=entries[-1].hash, signature="")
    with pytest.raises(CommandError, match="signature does not match"):
        verify("--incremental")
    assert "checked from the first entry" in verify()


def test_a_checkpoint_signed_with_another_key_is_refused(settings: Any) -> None:
    settings.TOOLGUARD_AUDIT_HMAC_KEY = "old-key-" * 4
    append(event())
    audit_verify()
    settings.TOOLGUARD_AUDIT_HMAC_KEY = "new-key-" * 4
    with pytest.raises(CommandError, match="signature does not match"):
        verify("--incremental")


def test_without_a_key_checkpoints_are_unsigned(settings: Any) -> None:
    settings.TOOLGUARD_AUDIT_HMAC_KEY = ""
    append(event())
    checkpoint = audit_verify().checkpoint
    assert checkpoint is not None and checkpoint.signature == ""
    verify()
