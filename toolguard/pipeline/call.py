"""What one tool call carries through the pipeline: the request, what has been learned, the outcome.

The executor (toolguard/pipeline/executor.py) makes a `Call` for every
request; each path through the pipeline adds to it and ends with an `Outcome`.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from audit.models import AuditEntry
from audit.services import AuditEvent
from core import tracing
from core.enums import ActorType, AuditAction, AuditResult, ToolCallStatus
from core.models import AgentKey, AgentSession
from core.tools import Tool, ToolContext
from detection.sanitizer import Suspicion
from outbox.models import Dispatch


@dataclass(frozen=True)
class CallRequest:
    """One tool call, already lifted out of its provider's shape."""

    provider: str
    tool_call_id: str
    name: str
    arguments: Any
    session_id: str
    # Set when the provider's arguments could not even be parsed (truncated JSON).
    arguments_error: str = ""


@dataclass
class Outcome:
    status: str
    http_status: int
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    approval_id: str | None = None
    replayed: bool = False
    arguments_mismatch: bool = False
    headers: dict[str, str] = field(default_factory=dict)
    # The entry that recorded this outcome ({"entry_id", "leaf_hash"}), for the agent's receipt.
    # Not part of what is stored for replays: a replay is recorded by an entry of its own.
    audit: dict[str, Any] | None = None
    # The rules that decided it, for people (audit, traces), never in what the agent reads:
    # a steered model would learn how to split an amount or reword an injection.
    rules: list[str] = field(default_factory=list)

    def stored(self) -> dict[str, Any]:
        """What a replay answers with."""
        return {
            "status": self.status,
            "http_status": self.http_status,
            "result": self.result,
            "error": self.error,
            "approval_id": self.approval_id,
        }

    @classmethod
    def from_stored(cls, stored: dict[str, Any], *, arguments_mismatch: bool) -> Outcome:
        return cls(
            status=stored["status"],
            http_status=stored["http_status"],
            result=stored["result"],
            error=stored["error"],
            approval_id=stored["approval_id"],
            replayed=True,
            arguments_mismatch=arguments_mismatch,
            headers={"Idempotent-Replayed": "true"},
        )


def refusal(status: str, http_status: int, code: str, message: str, details: Any = None) -> Outcome:
    return Outcome(status=status, http_status=http_status, error={"code": code, "message": message, "details": details})


@dataclass
class Call:
    """Everything one pass through the pipeline has learned so far."""

    agent_key: AgentKey
    request: CallRequest
    tool: Tool | None
    started: float
    id: uuid.UUID = field(default_factory=uuid.uuid4)
    arguments: dict[str, Any] | None = None
    events: list[AuditEvent] = field(default_factory=list)
    # The events the last audit write sent: a transaction that fails at its COMMIT takes them with it.
    sent_events: list[AuditEvent] = field(default_factory=list)
    modifications: tuple[dict[str, Any], ...] = ()
    suspicion: Suspicion | None = None  # the sanitizer's model stage, when it holds
    # Set when an outbox handler's call was committed as dispatching: it is sent after commit.
    dispatch: Dispatch | None = None
    # A settled outcome this call committed, for the hot cache: (entry, seconds to keep it).
    remember: tuple[dict[str, Any], float] | None = None
    # The last entry this call wrote: the one that records its outcome.
    recorded: AuditEntry | None = None
    # The repeated-operation rule's read, made ahead behind the customer's lock (audit_operations_read_ahead).
    stored_operations: dict[tuple[str, str], list[tuple[Any, ...]]] | None = None
    # The call's trace, in each of its audit entries ("" when tracing is off).
    trace_id: str = field(default_factory=tracing.trace_id)

    @property
    def tool_name(self) -> str:
        return self.tool.name if self.tool else self.request.name[:64]

    @property
    def idempotency_key(self) -> str:
        if self.arguments and isinstance(self.arguments.get("idempotency_key"), str):
            return str(self.arguments["idempotency_key"])
        return ""

    def event(self, action: AuditAction, result: AuditResult, /, **details: Any) -> None:
        if self.trace_id:
            details["trace_id"] = self.trace_id
        self.events.append(
            AuditEvent(
                actor=self.agent_key.label,
                actor_type=ActorType.AGENT,
                customer=self.agent_key.customer.external_id,
                action=action,
                result=result,
                tool=self.tool_name,
                tool_call_id=str(self.id),
                session_id=self.request.session_id,
                idempotency_key=self.idempotency_key,
                approval_id=str(details.pop("approval_id", "") or ""),
                details=details,
            )
        )

    def elapsed_ms(self) -> float:
        return round((time.perf_counter() - self.started) * 1000, 3)

    def context(self, session: AgentSession) -> ToolContext:
        """What the tool's handler is told about the call."""
        return ToolContext(
            agent_key=self.agent_key,
            session=session,
            tool_call_id=self.request.tool_call_id,
            modifications=self.modifications,
        )


def session_quarantined(call: Call) -> Outcome:
    """The refusal of a call in a quarantined session, with its audit event."""
    request = call.request
    call.event(AuditAction.QUARANTINE_REFUSED, AuditResult.BLOCKED, code="session_quarantined")
    return refusal(
        ToolCallStatus.QUARANTINED,
        423,
        "session_quarantined",
        f"the session {request.session_id!r} is quarantined (injection blocks in it); the agent key is not, "
        "so other sessions still work; a reviewer releases it on the Quarantines page, or an operator runs "
        f"`manage.py release_session --customer {call.agent_key.customer.external_id} "
        f"--session {request.session_id}`",
        {"quarantined": "session", "session_id": request.session_id, "key": call.agent_key.label},
    )
