"""The tool registry: each tool is declared once, and that one declaration is
both what models are shown and what calls are validated against."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, Protocol, get_args

from jsonschema import Draft202012Validator

from core import tracing
from core.enums import AuditAction, ToolCallStatus
from core.policy import BUILT_IN_RULE_LABELS

if TYPE_CHECKING:
    from core.describe import DescribeSpec
    from core.models import AgentKey, AgentSession
    from core.policy import Policy, ValueSpec

# Sanitizer kinds (detection/sanitizer): free_text_links is free
# text that never reaches a model, where Markdown/HTML links are allowed.
FieldKind = Literal["identifier", "free_text", "free_text_links"]
FIELD_KINDS: tuple[FieldKind, ...] = get_args(FieldKind)
# What reaches the model of a tool's result (detection/results.py).
RESULT_POLICIES = ("pass", "mark", "withhold")
# What a model suspicion (the sanitizer's model stage, never a rule) does to a
# tool's call (docs/detection.md, "What a model suspicion does"): hold (a
# state-changing call waits for a reviewer), mark (the call runs, the finding
# is audited), flag (the same, audited as an alert). Unset: hold for a
# state-changing tool, mark for a read-only one. A rule's block is not tunable.
MODEL_SUSPICION_ACTIONS = ("hold", "mark", "flag")


class ToolError(Exception):
    """A refusal with a stable code; `status` and `http_status` follow the API table."""

    status = ToolCallStatus.FAILED
    http_status = 422

    def __init__(
        self,
        code: str,
        message: str,
        details: Mapping[str, Any] | None = None,
        *,
        audit: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = dict(details or {})
        # For the audit entry only: message and details reach the model, this never does
        # (an upstream's own words about a refusal are a third party's text).
        self.audit = dict(audit or {})


class BusinessError(ToolError):
    """The tool ran and refused (insufficient funds...). Not stored for replay."""


class AccessDenied(ToolError):
    status = ToolCallStatus.DENIED
    http_status = 403


class UpstreamUnavailable(BusinessError):
    """The other system could not be reached; for a state-changing tool, nothing was sent."""

    http_status = 503

    def __init__(self, message: str, *, audit: Mapping[str, Any] | None = None) -> None:
        super().__init__("upstream_unavailable", message, audit=audit)


Verdict = Literal["completed", "failed", "retry", "unknown", "unreachable"]


@dataclass(frozen=True)
class Attempt:
    """What one send to another system learned."""

    verdict: Verdict
    result: Any = None
    message: str = ""
    status_code: int | None = None
    duration_ms: float = 0.0
    # The answer ran past the upstream's max_response_bytes and was cut: nothing of it was kept.
    too_large: bool = False

    def details(self) -> dict[str, Any]:
        details = {
            "verdict": self.verdict,
            "status_code": self.status_code,
            "message": self.message[:300],
            "duration_ms": self.duration_ms,
        }
        if self.too_large:
            details["cut"] = "max_response_bytes"
        return details

    def told(self) -> str:
        """What the model reads about an attempt that did not complete: a fixed sentence.

        Never the upstream's own words (an error body is a third party's text,
        as a result is); those go to the audit entry (`details`), bounded.
        """
        status = f" (HTTP {self.status_code})" if self.status_code is not None else ""
        if self.too_large:
            return f"the upstream's answer{status} was larger than its max_response_bytes allows and was cut"
        if self.verdict == "failed":
            return f"the upstream refused the call{status}"
        if self.verdict == "unreachable":
            return "the upstream could not be reached"
        return f"the upstream did not answer{status}"


class Transport(Protocol):
    def __call__(
        self, *, kind: str, target: Mapping[str, Any], body: dict[str, Any], headers: dict[str, str]
    ) -> Attempt: ...


_TRANSPORTS: dict[str, Transport] = {}


def transport_register(kind: str, transport: Transport) -> None:
    """How a dispatching handler's calls of `kind` are sent; the transport's app registers it in ready()."""
    _TRANSPORTS[kind] = transport


def transport_send(*, kind: str, target: Mapping[str, Any], body: dict[str, Any], headers: dict[str, str]) -> Attempt:
    """Send once through the transport declared for `kind`; never raises for what the network does."""
    transport = _TRANSPORTS.get(kind)
    if transport is None:
        return Attempt("unreachable", message=f"no transport is installed for {kind!r}")
    if not tracing.tracing_on():
        return transport(kind=kind, target=target, body=body, headers=headers)
    with tracing.stage(tracing.UPSTREAM_DISPATCH, client=True) as span:
        # The upstream's spans join the call's trace: traceparent names this span.
        sent = {**headers}
        tracing.inject(sent)
        attempt = transport(kind=kind, target=target, body=body, headers=sent)
        assert span is not None
        span.set_attributes({"toolguard.upstream.kind": kind, "toolguard.upstream.verdict": attempt.verdict})
        if attempt.status_code is not None:
            span.set_attribute("http.response.status_code", attempt.status_code)
        return attempt


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
class HeldCall:
    """A held operation as a decision or the expiry sees it."""

    tool: str
    held_ref: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class OperationActions:
    """The audit actions of a state-changing call's operation: started (run, held or sent), done, refused."""

    initiated: AuditAction = AuditAction.OPERATION_INITIATED
    completed: AuditAction = AuditAction.OPERATION_COMPLETED
    rejected: AuditAction = AuditAction.OPERATION_REJECTED


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

    # The argument each fact is about ({"registered_payee": "to_account"}): a
    # rule that reads the fact held the call because of that argument, and the
    # reviewer is shown it.
    fact_arguments: Mapping[str, str] = MappingProxyType({})

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    # Result fields the handler reads from its own rows (ids, amounts, statuses), as
    # paths ("transfer_id", "transactions/*/amount"): their values go to the model
    # unscreened when they cannot carry prose (detection/results.py); free text is
    # always screened, and a third party's words (a memo, a note) are never trusted.
    trusted_result_fields: frozenset[str] = frozenset()

    # The audit action of a refusal by the tool itself (a BusinessError): a tool
    # family may name its own, so the pipeline never special-cases a tool by name.
    refusal_action: AuditAction = AuditAction.TOOL_FAILED
    # The audit actions of its operations, the same way: neutral unless the family names its own.
    audit_actions: OperationActions = OperationActions()

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

    def settle_held(self, held: HeldCall, *, status: ToolCallStatus, reason: str = "") -> dict[str, Any]:
        """Mark a held operation rejected, expired or failed; return its result for the agent."""
        return {}

    def settle_held_many(self, held: list[HeldCall], *, status: ToolCallStatus) -> dict[str, dict[str, Any]]:
        """The expiry's bulk form of `settle_held`: results by held_ref."""
        return {call.held_ref: self.settle_held(call, status=status) for call in held}

    # --- Tools whose effect happens in another system ------------------------------
    #
    # A handler with `dispatches` is never executed inside a transaction: the
    # outbox (outbox/services.py) commits the call as `dispatching` with a row
    # that holds `kind`, `target` and the `forwarded` arguments, sends it after
    # commit through the transport an app registers for `kind` in its
    # AppConfig.ready() (`transport_register`), and re-sends with the same key
    # until it knows. Approving a held call queues the send the same way
    # (core.registries.HeldDispatcher).
    dispatches: bool = False
    kind: str = ""
    # Where and how to send; copied onto the outbox row, so a worker that
    # re-sends needs neither the registry nor the catalog.
    target: Mapping[str, Any] = MappingProxyType({})

    def forwarded(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """What the other system receives: toolguard's own key travels as a header, not an argument."""
        return {name: value for name, value in arguments.items() if name != "idempotency_key"}

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
    # What a model suspicion does here (MODEL_SUSPICION_ACTIONS); "": the default for its kind.
    model_suspicion: str = ""
    # How a held call reads to a reviewer, when the catalog says (core.describe).
    describe: DescribeSpec | None = None
    # Why calls are refused for now (an upstream's change an operator has not
    # accepted yet, or one not yet checked against the recorded versions); "" serves.
    withheld: str = ""
    validator: Draft202012Validator = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # A broken schema is a programming error: fail at start-up, not per call.
        Draft202012Validator.check_schema(self.schema)
        object.__setattr__(self, "validator", Draft202012Validator(self.schema))
        if self.results not in RESULT_POLICIES:
            raise ValueError(f"results must be one of {', '.join(RESULT_POLICIES)}")
        if self.changes_state and "idempotency_key" not in self.schema.get("required", ()):
            raise ValueError(f"state-changing tool {self.name} must require an idempotency_key")
        if self.model_suspicion and self.model_suspicion not in MODEL_SUSPICION_ACTIONS:
            raise ValueError(f"model_suspicion must be one of {', '.join(MODEL_SUSPICION_ACTIONS)}")

    @property
    def audit_actions(self) -> OperationActions:
        """The audit actions its operations are written under (its handler's)."""
        return self.handler.audit_actions

    @property
    def suspicion_action(self) -> str:
        """What a model suspicion does to this tool's call: the catalog's word, else hold or mark by kind."""
        return self.model_suspicion or ("hold" if self.changes_state else "mark")


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
    return BUILT_IN_RULE_LABELS.get(name) or name.replace("_", " ").capitalize()
