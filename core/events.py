"""What happened, as every app reports it to the audit log: one value type, and the way to hand it over.

The one chain writer is `audit.services.audit_append`. Apps above audit call
it directly; a tool family, which imports only core, hands its events over
with `audit_record`, reaching the writer the audit app registers in ready()
(core.registries.audit_writer), in the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.enums import ActorType, AuditAction, AuditResult
from core.registries import audit_writer


@dataclass(frozen=True)
class AuditEvent:
    # Members, never the strings they stand for: mypy holds every writer to
    # that, and the writer refuses a bare string at run time as well.
    actor: str
    actor_type: ActorType
    action: AuditAction
    result: AuditResult
    customer: str = ""
    tool: str = ""
    tool_call_id: str = ""
    session_id: str = ""
    idempotency_key: str = ""
    approval_id: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    duration_ms: float | None = None


def audit_record(events: Sequence[AuditEvent]) -> None:
    """Append `events` to the audit log through the one writer, in the caller's transaction."""
    audit_writer()(list(events))
