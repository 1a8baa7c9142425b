"""Audit entries for the tests: events written through the one write path, and history rewritten as an attacker would."""

from __future__ import annotations

from typing import Any

from django.db import connection

from audit.models import AuditEntry
from audit.services import AuditEvent, audit_append
from core.enums import ActorType, AuditAction, AuditResult


def event(action: str = "tool_call_received", result: str = "success", **fields: Any) -> AuditEvent:
    """An event as a writer hands it over: names the enums know become their members.

    A name they do not know is kept as it is, for the tests of the writer's refusal.
    """
    values: dict[str, Any] = {
        "actor": "agent:alice:0123456789ab",
        "actor_type": ActorType.AGENT,
        "customer": "alice",
        "tool": "transfer_funds",
        "session_id": "s1",
    }
    values.update(fields)
    values["actor_type"] = member(ActorType, values["actor_type"])
    return AuditEvent(action=member(AuditAction, action), result=member(AuditResult, result), **values)


def member(enum: Any, name: Any) -> Any:
    """`enum`'s member named `name`, or `name` itself when the enum has none."""
    return enum(name) if name in enum.values else name


def append(*events: AuditEvent) -> list[AuditEntry]:
    return audit_append(list(events))


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
