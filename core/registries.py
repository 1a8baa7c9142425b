"""Where a lower app reaches a flow a higher app owns: a typed slot the higher app fills in `ready()`.

The layers contract (pyproject.toml) lets an app import only from below it.
When a lower app must start something a higher one owns (approvals queues
the send of an approved upstream call, which the outbox owns; a tool family
hands its audit events to the one chain writer in audit), the lower app calls
a `Protocol` declared here, and the higher app registers its function from
its AppConfig.ready(), importing core (an edge `lint-imports` sees). Nothing
is resolved from a dotted string, so the type checker follows every call and
tests/test_architecture.py fails on a new string-resolved hook.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    import uuid

    from core.events import AuditEvent
    from core.tools import ToolHandler

T = TypeVar("T")


class Slot(Generic[T]):
    """One implementation, registered once by the app that owns it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._registered: T | None = None

    def register(self, implementation: T) -> None:
        # ready() may run twice (tests re-populate apps); the same function again is no conflict.
        if self._registered is not None and self._registered is not implementation:
            raise RuntimeError(f"{self.name} is registered twice")
        self._registered = implementation

    def get(self) -> T:
        if self._registered is None:
            raise LookupError(f"no installed app registers a {self.name}")
        return self._registered


@dataclass(frozen=True)
class ApprovedDispatch:
    """A held call of a dispatching tool that reviewers approved, as the outbox needs it."""

    approval_id: uuid.UUID
    tool_call_id: uuid.UUID
    customer_id: int
    idempotency_record_id: int | None
    tool: str
    session_id: str
    arguments: dict[str, Any]


class HeldDispatcher(Protocol):
    """Queue the send of an approved call in the decision's transaction; its outcome for now (`dispatching`).

    Registered by the outbox (outbox/apps.py); called by approvals.services.
    """

    def __call__(self, *, approved: ApprovedDispatch, handler: ToolHandler) -> dict[str, Any]: ...


class AuditWriter(Protocol):
    """Append events to the audit log in the caller's transaction.

    Registered by audit (audit/apps.py: audit.services.audit_append); called by
    core.events.audit_record for the tool families, which import only core.
    """

    def __call__(self, events: Sequence[AuditEvent], /) -> Any: ...


_held_dispatcher: Slot[HeldDispatcher] = Slot("held dispatcher")
_audit_writer: Slot[AuditWriter] = Slot("audit writer")


def held_dispatcher_register(dispatcher: HeldDispatcher) -> None:
    _held_dispatcher.register(dispatcher)


def held_dispatcher() -> HeldDispatcher:
    return _held_dispatcher.get()


def audit_writer_register(writer: AuditWriter) -> None:
    _audit_writer.register(writer)


def audit_writer() -> AuditWriter:
    return _audit_writer.get()
