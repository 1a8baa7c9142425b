"""The tool registry: each tool is declared once, and that one declaration is
both what models are shown and what calls are validated against."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from jsonschema import Draft202012Validator

if TYPE_CHECKING:
    from core.models import AgentKey, AgentSession, IdempotencyRecord, ToolCall
    from core.policy import Policy, ValueSpec

# Sanitizer kinds (detection/sanitizer): free_text_links is free
# text that never reaches a model, where Markdown/HTML links are allowed.
FieldKind = Literal["identifier", "free_text", "free_text_links"]
# What reaches the model of a tool's result (detection/results.py).
RESULT_POLICIES = ("pass", "mark", "withhold")


class ToolError(Exception):
    """A refusal with a stable code; `status` and `http_status` follow the API table."""

    status = "failed"
    http_status = 422

    def __init__(self, code: str, message: str, details: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = dict(details or {})


class BusinessError(ToolError):
    """The tool ran and refused (insufficient funds...). Not stored for replay."""


class AccessDenied(ToolError):
    status = "denied"
    http_status = 403


@dataclass(frozen=True)
class ToolContext:
    agent_key: AgentKey
    session: AgentSession
    tool_call_id: str
    modifications: tuple[dict[str, Any], ...] = ()
    # What the handler has read during this call, so authorize, approval_rules
    # and execute share one lookup instead of each repeating it.
    lookups: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def customer(self) -> Any:
        return self.agent_key.customer


@dataclass(frozen=True)
class HeldOperation:
    """What `hold` returns: the agent's pending result and the tool's own reference to it."""

    result: dict[str, Any]
    held_ref: str = ""


@dataclass(frozen=True)
class Dispatching:
    """What `dispatch_prepare` returns: the outbox row written in the call's
    transaction, to be sent by `dispatch_send` once that transaction committed."""

    ref: str  # the outbox row's id, for the audit entry
    kind: str  # how it is sent ("http", "mcp"...), for the audit entry
    handle: Any = field(default=None, compare=False)


@dataclass(frozen=True)
class HeldCall:
    """A held operation as a decision or the expiry sees it."""

    tool: str
    held_ref: str
    arguments: dict[str, Any]


class ToolHandler:
    """What a tool does. Read-only tools implement `execute` only.

    A state-changing tool that can be held for approval may also keep its own
    record of the held operation (`hold`, `execute_held`, `settle_held`); the
    defaults keep nothing but the arguments, which the approval stores, and
    run `execute` once approved.
    """

    def authorize(self, ctx: ToolContext, arguments: dict[str, Any]) -> None:
        """Raise AccessDenied when the principal may not do this."""

    def facts(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        """Facts the policy needs that are not in the arguments (CEL `facts`), read once per call."""
        return {}

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def hold(self, ctx: ToolContext, arguments: dict[str, Any]) -> HeldOperation:
        """Record the operation as pending approval, in the caller's transaction."""
        return HeldOperation(result={"status": "pending_approval"})

    def execute_held(self, ctx: ToolContext, held: HeldCall) -> dict[str, Any]:
        """Run an approved operation inside the decision's transaction.

        Re-checks what may have changed since the request (ownership, balances,
        closed accounts); a refusal is a BusinessError and nothing is written.
        """
        self.authorize(ctx, held.arguments)
        return self.execute(ctx, held.arguments)

    def settle_held(self, held: HeldCall, *, status: str, reason: str = "") -> dict[str, Any]:
        """Mark a held operation rejected, expired or failed; return its result for the agent."""
        return {}

    def settle_held_many(self, held: list[HeldCall], *, status: str) -> dict[str, dict[str, Any]]:
        """The expiry's bulk form of `settle_held`: results by held_ref."""
        return {call.held_ref: self.settle_held(call, status=status) for call in held}

    # --- Tools whose effect happens in another system (an outbox) ---------------
    #
    # A handler with `dispatches` is not executed inside the call's
    # transaction: the executor commits the call as `dispatching` together with
    # the row `dispatch_prepare` writes, then calls `dispatch_send` after
    # commit, with no transaction open, and answers with what it returns.
    # Approval of a held call likewise queues the send (`dispatches_held`).
    dispatches: bool = False
    dispatches_held: bool = False

    def dispatch_prepare(
        self,
        ctx: ToolContext,
        *,
        tool: Tool,
        tool_call: ToolCall,
        record: IdempotencyRecord,
        arguments: dict[str, Any],
    ) -> Dispatching:
        """Write the outbox row in the caller's transaction (the one committing the call)."""
        raise NotImplementedError

    def dispatch_send(self, dispatching: Dispatching) -> dict[str, Any]:
        """Send once, after commit; record the answer; return the call's stored answer."""
        raise NotImplementedError

    def dispatch_answer(self, tool_call: ToolCall, stored: dict[str, Any]) -> dict[str, Any]:
        """A replay answered `dispatching`, asked about later: the first call's answer now."""
        return stored

    def describe(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """What a reviewer must see: {"title": str, "fields": [{"label": str, "value": str}]}."""
        return {
            "title": "Call with these arguments",
            "fields": [
                {"label": name.replace("_", " ").capitalize(), "value": str(value)}
                for name, value in sorted(arguments.items())
                if name != "idempotency_key"
            ],
        }


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    schema: dict[str, Any]
    changes_state: bool
    field_kinds: Mapping[str, FieldKind]
    handler: ToolHandler
    version: str = "1"
    # Which arguments are the call's value, its currency and its destination (CEL), when it has one.
    value: ValueSpec | None = None
    policy: Policy | None = None
    # What reaches the model of its results: pass | mark | withhold (detection/results.py).
    results: str = "mark"
    validator: Draft202012Validator = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A broken schema is a programming error: fail at start-up, not per call.
        Draft202012Validator.check_schema(self.schema)
        object.__setattr__(self, "validator", Draft202012Validator(self.schema))
        if self.results not in RESULT_POLICIES:
            raise ValueError(f"results must be one of {', '.join(RESULT_POLICIES)}")
        if self.changes_state and "idempotency_key" not in self.schema.get("required", ()):
            raise ValueError(f"state-changing tool {self.name} must require an idempotency_key")


_REGISTRY: dict[str, Tool] = {}


def register(tool: Tool, *, replace: bool = False) -> Tool:
    """Add a tool; a catalog loaded later replaces an entry of the same name (`replace`)."""
    if not replace and tool.name in _REGISTRY and _REGISTRY[tool.name] is not tool:
        raise ValueError(f"tool {tool.name} is registered twice")
    _REGISTRY[tool.name] = tool
    return tool


def unregister(name: str) -> None:
    _REGISTRY.pop(name, None)


def get_tool(name: str) -> Tool | None:
    return _REGISTRY.get(name)


def all_tools() -> list[Tool]:
    return sorted(_REGISTRY.values(), key=lambda tool: tool.name)


def rule_label(name: str) -> str:
    """A fired rule as a reviewer reads it: its catalog label, else its name made readable."""
    for tool in _REGISTRY.values():
        if tool.policy is not None and name in tool.policy.labels:
            return tool.policy.labels[name]
    return name.replace("_", " ").capitalize()
