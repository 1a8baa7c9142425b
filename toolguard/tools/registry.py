"""The tool registry: each tool is declared once, and that one declaration is
both what models are shown and what calls are validated against."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from jsonschema import Draft202012Validator

if TYPE_CHECKING:
    from toolguard.models import AgentKey, AgentSession

FieldKind = Literal["identifier", "free_text"]


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


class ToolHandler:
    """What a tool does. Read-only tools implement `execute` only."""

    def authorize(self, ctx: ToolContext, arguments: dict[str, Any]) -> None:
        """Raise AccessDenied when the principal may not do this."""

    def approval_rules(self, ctx: ToolContext, arguments: dict[str, Any]) -> list[str]:
        """Names of the approval rules this call trips; empty means go ahead."""
        return []

    def hold(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        """Record the operation as pending approval; return its pending result."""
        raise NotImplementedError

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    schema: dict[str, Any]
    changes_state: bool
    field_kinds: Mapping[str, FieldKind]
    handler: ToolHandler
    version: str = "1"
    validator: Draft202012Validator = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A broken schema is a programming error: fail at start-up, not per call.
        Draft202012Validator.check_schema(self.schema)
        object.__setattr__(self, "validator", Draft202012Validator(self.schema))
        if self.changes_state and "idempotency_key" not in self.schema.get("required", ()):
            raise ValueError(f"state-changing tool {self.name} must require an idempotency_key")


_REGISTRY: dict[str, Tool] = {}


def register(tool: Tool) -> Tool:
    if tool.name in _REGISTRY and _REGISTRY[tool.name] is not tool:
        raise ValueError(f"tool {tool.name} is registered twice")
    _REGISTRY[tool.name] = tool
    return tool


def get_tool(name: str) -> Tool | None:
    return _REGISTRY.get(name)


def all_tools() -> list[Tool]:
    return sorted(_REGISTRY.values(), key=lambda tool: tool.name)
