"""The database itself refuses to rewrite the audit log."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction

from audit.models import AuditEntry
from tests.audit.entries import append, event

pytestmark = pytest.mark.django_db


def refused(sql: str, params: list[Any] | None = None) -> str:
    # A savepoint: the refused statement must not poison the test's transaction.
    with pytest.raises(DatabaseError) as caught, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params or [])
    return str(caught.value)


def test_update_is_refused() -> None:
    [entry] = append(event())
    message = refused("UPDATE audit_auditentry SET result = 'failure' WHERE id = %s", [entry.id])
    assert "append-only" in message and "UPDATE" in message
    assert AuditEntry.objects.get(id=entry.id).result == "success"


def test_delete_is_refused() -> None:
    [entry] = append(event())
    assert "DELETE" in refused("DELETE FROM audit_auditentry WHERE id = %s", [entry.id])
    assert "DELETE" in refused("DELETE FROM audit_auditentry")
    assert AuditEntry.objects.filter(id=entry.id).exists()


def test_the_orm_cannot_rewrite_either() -> None:
    [entry] = append(event())
    with pytest.raises(DatabaseError), transaction.atomic():
        AuditEntry.objects.filter(id=entry.id).update(actor="someone-else")
    with pytest.raises(DatabaseError), transaction.atomic():
        entry.delete()
    assert AuditEntry.objects.get(id=entry.id).actor == entry.actor


def test_truncate_is_refused() -> None:
    if connection.vendor != "postgresql":
        print("SKIP reason: SQLite has no TRUNCATE; its DELETE without WHERE is refused (test_delete_is_refused)")
        pytest.skip("SQLite has no TRUNCATE statement")
    append(event())
    # Alerts point at entries, so a bare TRUNCATE already fails on the foreign
    # key; the forms that get past it meet the trigger.
    refused("TRUNCATE audit_auditentry")
    assert "append-only: TRUNCATE refused" in refused("TRUNCATE audit_auditentry CASCADE")
    assert "append-only: TRUNCATE refused" in refused("TRUNCATE audit_alert, audit_auditentry, staff_alerttriage")
    assert AuditEntry.objects.exists()
