"""Helpers for the audit tests: events written through the one write path."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from audit.models import AuditEntry
from audit.services import AuditEvent, audit_append
from tests.conftest import Bank, person_client


def event(action: str = "tool_call_received", result: str = "success", **fields: Any) -> AuditEvent:
    values: dict[str, Any] = {
        "actor": "agent:alice:0123456789ab",
        "actor_type": "agent",
        "customer": "alice",
        "tool": "transfer_funds",
        "session_id": "s1",
    }
    values.update(fields)
    return AuditEvent(action=action, result=result, **values)


def append(*events: AuditEvent) -> list[AuditEntry]:
    return audit_append(list(events))


@pytest.fixture
def compliance(bank: Bank) -> APIClient:
    return person_client(bank.compliance)


def bypass_append_only() -> None:
    """Inside the test's rolled-back transaction only: let this test rewrite history, as an attacker would."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("ALTER TABLE audit_auditentry DISABLE TRIGGER audit_entry_no_update_delete")
        else:
            cursor.execute("DROP TRIGGER audit_entry_no_update")
            cursor.execute("DROP TRIGGER audit_entry_no_delete")


def restore_append_only() -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # A deleted row leaves deferred foreign-key checks queued (alerts
            # point at entries); run them now, or ALTER TABLE refuses.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("ALTER TABLE audit_auditentry ENABLE TRIGGER audit_entry_no_update_delete")
        # On SQLite the rollback at the end of the test brings the triggers back.


@pytest.fixture
def tamper(db: Any) -> Iterator[Any]:
    """Run raw SQL against the audit table with its append-only triggers off, then turn them on again."""

    def run(sql: str, params: list[Any]) -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)

    bypass_append_only()
    yield run
    restore_append_only()
