"""Policies as data: CEL expressions compiled once, evaluated per call.

A tool's policy is three parts, each a CEL expression (the language of
Kubernetes admission policies), named so a fired rule can be shown to the
agent, the audit log and the reviewer:

    deny_when:          {rule name: expression}   any true -> 403 policy_denied
    hold_when:          {rule name: expression}   any true -> held for a reviewer
    approvals_required: expression giving 1 or 2

Expressions see `args`, `tool`, `principal`, `value`, `session`, `window`,
`limits` and the family's `facts`. Every sum of money they see (`value.amount`,
`session.total`, `window.*`, `limits.*`) is in cents of the reporting currency
(core.rates), whatever currency the call names; `args` are as the agent sent
them. The `common-expression-language` runtime (Rust) is used: bench/policy.py
measures it against `cel-python` on the banking policy.

Text is read through the helpers in core.policy_text (`canonical`,
`contains_text`, `contains_link`), which see the canonical form the sanitizer
screens. CEL's own string functions read the raw string, where `HTTPS://`, a
full-width letter or a zero-width space slips past a lower-case literal, so a
rule that applies them to a free-text argument is refused when the catalog
loads.
"""

from __future__ import annotations

import difflib
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import cel
from django.core.exceptions import ImproperlyConfigured

from core.policy_text import TEXT_FUNCTIONS
from core.policy_types import MEMBER_TYPES, SAMPLES, argument_types, expression_checked

logger = logging.getLogger(__name__)

VARIABLES = frozenset({"args", "tool", "principal", "value", "session", "window", "limits", "facts"})
RULE_NAME_PATTERN = r"^[a-z][a-z0-9_]{0,63}$"

# Rules the pipeline adds to any tool's verdict, with how they read to a reviewer.
NO_RATE_RULE = "no_rate"
BUILT_IN_RULE_LABELS = {
    NO_RATE_RULE: "No exchange rate for a value the limits count",
    "injection_suspected": "The injection model flagged a text",
}
# What the CEL runtime raises for an expression that cannot be evaluated on one
# call: a missing field (KeyError), a type mismatch, a failed conversion, 1/0.
CEL_ERRORS = (LookupError, TypeError, ValueError, ArithmeticError, RuntimeError)


@dataclass(frozen=True)
class Expression:
    """One compiled expression and the name it is reported by."""

    name: str
    source: str
    program: Any
    variables: frozenset[str]
    # The text helpers it calls: a context is given only these, as each one costs a conversion.
    functions: frozenset[str] = frozenset()

    @classmethod
    def compile(cls, *, tool: str, name: str, source: object) -> Expression:
        where = f"tool {tool!r}, rule {name!r}"
        if not isinstance(source, str) or not source.strip():
            raise ImproperlyConfigured(f"{where}: the expression must be a non-empty string")
        try:
            program = cel.compile(source)
        except ValueError as exc:
            # The parser draws a caret under the spot on lines of its own; one line keeps it readable in a log.
            one_line = " ".join(part.strip().lstrip("| ").strip() for part in str(exc).splitlines() if part.strip())
            raise ImproperlyConfigured(f"{where}: {one_line}") from None
        variables = frozenset(program.variables())
        unknown = variables - VARIABLES
        if unknown:
            raise ImproperlyConfigured(
                f"{where}: unknown variable(s) {', '.join(sorted(unknown))}; "
                f"expressions see {', '.join(sorted(VARIABLES))}"
            )
        functions = frozenset(program.functions()) & TEXT_FUNCTIONS.keys()
        return cls(name=name, source=source, program=program, variables=variables, functions=functions)

    def evaluate(self, context: Any) -> Any:
        return self.program.execute(context)


@dataclass(frozen=True)
class Verdict:
    denied: tuple[str, ...]
    held: tuple[str, ...]
    approvals_required: int

    @property
    def rules(self) -> list[str]:
        return [*self.denied, *self.held]


@dataclass(frozen=True)
class Policy:
    deny_when: tuple[Expression, ...] = ()
    hold_when: tuple[Expression, ...] = ()
    approvals_required: Expression | None = None
    # How each rule reads to a reviewer ("Over the per-transfer threshold"); the name otherwise.
    labels: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def compile(
        cls, *, tool: str, spec: object, changes_state: bool, field_kinds: Mapping[str, str] | None = None
    ) -> Policy:
        """`field_kinds` (the sanitizer's, when known) lets a rule reading free text raw be refused by name."""
        if spec is None:
            return cls()
        if not isinstance(spec, Mapping):
            raise ImproperlyConfigured(f"tool {tool!r}: policy must be a mapping")
        known = ("deny_when", "hold_when", "approvals_required", "labels")
        unknown = set(spec) - set(known)
        if unknown:
            hints = [did_you_mean(str(key), known) for key in sorted(unknown)]
            raise ImproperlyConfigured(f"tool {tool!r}: unknown policy key(s) {', '.join(hints)}")
        deny = _rules(tool, "deny_when", spec.get("deny_when"))
        hold = _rules(tool, "hold_when", spec.get("hold_when"))
        if hold and not changes_state:
            raise ImproperlyConfigured(f"tool {tool!r}: hold_when needs a state-changing tool")
        required = spec.get("approvals_required")
        labels = spec.get("labels") or {}
        if field_kinds is not None:
            for rule in (*deny, *hold):
                _raw_text_refused(tool, rule, field_kinds)
        named = {rule.name for rule in (*deny, *hold)}
        if not isinstance(labels, Mapping):
            raise ImproperlyConfigured(f"tool {tool!r}: labels must map rule names to how they read")
        strays = [did_you_mean(str(label), sorted(named)) for label in labels if label not in named]
        if strays:
            raise ImproperlyConfigured(f"tool {tool!r}: labels name no rule of this policy: {', '.join(strays)}")
        return cls(
            labels={str(name): str(text) for name, text in labels.items()},
            deny_when=deny,
            hold_when=hold,
            approvals_required=(
                Expression.compile(tool=tool, name="approvals_required", source=required)
                if required is not None
                else None
            ),
        )

    @property
    def expressions(self) -> tuple[Expression, ...]:
        extra = (self.approvals_required,) if self.approvals_required else ()
        return (*self.deny_when, *self.hold_when, *extra)

    @property
    def variables(self) -> frozenset[str]:
        return frozenset().union(*(e.variables for e in self.expressions))

    @cached_property
    def functions(self) -> dict[str, Any]:
        return text_functions(self.expressions)

    @cached_property
    def argument_names(self) -> frozenset[str] | None:
        """The argument fields the rules read, or None when some rule reads `args` as a whole.

        Converting variables into CEL is most of an evaluation's cost, so only
        what a rule can reach is handed over: every `args` token followed by
        `.name` means the rules reach exactly those names.
        """
        sources = [e.source for e in self.expressions]
        if any(re.search(r"\bargs\b(?!\.[A-Za-z_])", source) for source in sources):
            return None
        return frozenset(name for source in sources for name in re.findall(r"\bargs\.([A-Za-z_][A-Za-z0-9_]*)", source))

    def evaluate(self, activation: Mapping[str, Any], *, unknown: frozenset[str] = frozenset()) -> Verdict:
        """Evaluate every rule against one call.

        A rule whose expression fails at run time (a missing field, a type
        error) counts as fired: a policy that cannot be read fails closed, and
        the rule is named like any other.

        `unknown` names variables whose figures cannot be known (a value no
        rate converts): then only the deny rules that read none of them are
        evaluated, and the caller holds the call for its reviewers.
        """
        if not self.expressions:
            return Verdict((), (), 1)
        variables = {name: activation[name] for name in self.variables if name in activation}
        if "args" in variables and self.argument_names is not None:
            variables["args"] = {k: v for k, v in variables["args"].items() if k in self.argument_names}
        # One Context for every rule: CEL converts the variables once.
        context = cel.Context(variables, self.functions or None)
        if unknown:
            readable = [rule for rule in self.deny_when if not rule.variables & unknown]
            return Verdict(tuple(rule.name for rule in readable if _fires(rule, context)), (), 1)
        denied = tuple(rule.name for rule in self.deny_when if _fires(rule, context))
        held = tuple(rule.name for rule in self.hold_when if _fires(rule, context))
        required = 1
        if held and self.approvals_required is not None:
            required = _approvals(self.approvals_required, context)
        return Verdict(denied, held, required)


def text_functions(expressions: tuple[Expression, ...]) -> dict[str, Any]:
    return {name: TEXT_FUNCTIONS[name] for expression in expressions for name in expression.functions}


# CEL's string functions, which read the raw string: `args.body.contains(...)`,
# `args.body.lowerAscii()`, `matches(args.body, ...)`.
_ARG = r"\bargs\s*(?:\.\s*([A-Za-z_]\w*)|\[\s*[\"']([^\"']+)[\"']\s*\])"
_RAW_TEXT_RE = re.compile(
    rf"{_ARG}\s*\.\s*(?:contains|startsWith|endsWith|matches|lowerAscii|upperAscii|trim|replace|split|indexOf"
    rf"|lastIndexOf)\s*\(|\bmatches\s*\(\s*{_ARG}"
)


def _raw_text_refused(tool: str, rule: Expression, field_kinds: Mapping[str, str]) -> None:
    """A string function on a free-text argument reads what the sanitizer never trusts: refused.

    An argument the sanitizer does not know is free text to it, so it is here
    too; identifiers (schema-pinned ASCII) may be read raw.
    """
    for match in _RAW_TEXT_RE.finditer(rule.source):
        name = next(group for group in match.groups() if group)
        if field_kinds.get(name, "free_text") != "identifier":
            raise ImproperlyConfigured(
                f"tool {tool!r}, rule {rule.name!r}: args.{name} is free text and CEL's string functions read it "
                f"raw (case, full-width letters, invisible characters); read it through "
                f"{', '.join(f'{helper}()' for helper in sorted(TEXT_FUNCTIONS))}"
            )


def _rules(tool: str, part: str, spec: object) -> tuple[Expression, ...]:
    if spec is None:
        return ()
    if not isinstance(spec, Mapping):
        raise ImproperlyConfigured(f"tool {tool!r}: {part} must map rule names to expressions")
    rules = []
    for name, source in spec.items():
        if not isinstance(name, str) or not re.fullmatch(RULE_NAME_PATTERN, name):
            raise ImproperlyConfigured(f"tool {tool!r}: rule name {name!r} in {part} must match {RULE_NAME_PATTERN}")
        rules.append(Expression.compile(tool=tool, name=name, source=source))
    return tuple(rules)


def _fires(rule: Expression, context: Any) -> bool:
    try:
        result = rule.evaluate(context)
    except CEL_ERRORS as exc:
        logger.warning("policy rule %s failed, counted as fired: %s", rule.name, exc)
        return True
    if not isinstance(result, bool):
        logger.warning("policy rule %s gave %r, not a boolean; counted as fired", rule.name, result)
        return True
    return result


def _approvals(expression: Expression, context: Any) -> int:
    try:
        result = expression.evaluate(context)
    except CEL_ERRORS as exc:
        logger.warning("approvals_required failed, two reviewers required: %s", exc)
        return 2
    if result not in (1, 2) or isinstance(result, bool):
        logger.warning("approvals_required gave %r, two reviewers required", result)
        return 2
    return int(result)


@dataclass(frozen=True)
class Value:
    amount_cents: int
    currency: str
    beneficiary: str
    # The amount in the reporting currency (core.rates), set by the policy stage;
    # None when no rate is known, and such a call is held (`no_rate`).
    reporting_cents: int | None = None


@dataclass(frozen=True)
class ValueSpec:
    """Which arguments are a call's value: `{amount, currency, beneficiary}` as CEL over `args`."""

    amount: Expression
    currency: Expression | None
    beneficiary: Expression | None

    @classmethod
    def compile(cls, *, tool: str, spec: object) -> ValueSpec | None:
        if spec is None:
            return None
        if not isinstance(spec, Mapping) or "amount" not in spec:
            raise ImproperlyConfigured(f"tool {tool!r}: value must be a mapping with at least `amount`")
        unknown = set(spec) - {"amount", "currency", "beneficiary"}
        if unknown:
            hints = [did_you_mean(str(key), ("amount", "currency", "beneficiary")) for key in sorted(unknown)]
            raise ImproperlyConfigured(f"tool {tool!r}: unknown value key(s) {', '.join(hints)}")

        def part(name: str) -> Expression | None:
            source = spec.get(name)
            if source is None:
                return None
            expression = Expression.compile(tool=tool, name=f"value.{name}", source=source)
            if expression.variables - {"args"}:
                raise ImproperlyConfigured(f"tool {tool!r}, rule 'value.{name}': a value may only read args")
            return expression

        amount = part("amount")
        assert amount is not None
        return cls(amount=amount, currency=part("currency"), beneficiary=part("beneficiary"))

    def of(self, arguments: dict[str, Any]) -> Value:
        """The call's value; arguments are already schema-valid, so a failure is a catalog error."""
        parts = (self.amount, self.currency, self.beneficiary)
        context = _ArgsContext(arguments, text_functions(tuple(part for part in parts if part is not None)))
        amount = context.evaluate(self.amount)
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise ImproperlyConfigured(f"value.amount must give integer cents, gave {amount!r}")
        currency = self._optional(self.currency, context)
        beneficiary = self._optional(self.beneficiary, context)
        return Value(amount_cents=amount, currency=currency[:3].upper(), beneficiary=beneficiary[:256])

    @staticmethod
    def _optional(expression: Expression | None, context: _ArgsContext) -> str:
        if expression is None:
            return ""
        try:
            return str(context.evaluate(expression))
        except CEL_ERRORS:  # an optional argument left out: no currency or beneficiary
            return ""


class _ArgsContext:
    """Evaluates value expressions; a bare `args.name` is read directly, sparing a CEL conversion."""

    def __init__(self, arguments: dict[str, Any], functions: dict[str, Any]) -> None:
        self.arguments = arguments
        self.functions = functions
        self._context: Any = None

    def evaluate(self, expression: Expression) -> Any:
        match = re.fullmatch(r"\s*args\.([A-Za-z_][A-Za-z0-9_]*)\s*", expression.source)
        if match:
            return self.arguments[match.group(1)]  # KeyError, as CEL raises for a missing field
        if self._context is None:
            self._context = cel.Context({"args": self.arguments}, self.functions or None)
        return expression.evaluate(self._context)


def raw_amount_refused(tool: str, value: ValueSpec | None, policy: Policy | None) -> None:
    """A rule that reads the value's amount argument itself, when the call names its currency, is refused.

    That argument is in whatever currency the agent chose, while limits,
    windows and session totals are in the reporting currency: `args.amount >
    limits.x` would let 9,000 EUR and 9,000 GBP each pass a 10,000 limit that
    together they exceed. `value.amount` is the same amount converted.
    """
    if value is None or value.currency is None or policy is None:
        return
    amount = value.amount.source.strip()
    if not re.fullmatch(r"args\.[A-Za-z_][A-Za-z0-9_]*", amount):
        return
    pattern = re.compile(rf"\b{re.escape(amount)}\b")
    for rule in policy.expressions:
        if pattern.search(rule.source):
            raise ImproperlyConfigured(
                f"tool {tool!r}, rule {rule.name!r}: {amount} is in the currency the call names, and limits, "
                "windows and session totals are in the reporting currency; read value.amount, the same amount "
                "converted (core.rates)"
            )


def did_you_mean(word: str, known: Sequence[str]) -> str:
    """The word, and the known one it was most likely meant to be: "hold_wen (did you mean hold_when?)"."""
    close = difflib.get_close_matches(word, known, n=1)
    return f"{word} (did you mean {close[0]}?)" if close else word


# --- Rules tried once at load --------------------------------------------------
#
# CEL here has no type checker of its own. What each rule reads is checked
# against the schema and the variables' members first (core.policy_types);
# then each rule is evaluated on a sample call built from the tool's schema: a
# comparison inside a larger expression, or a function CEL does not have
# (`lowerAscii`), fails there rather than on every real call, where it would
# only count as fired. Only errors that no call could avoid are refused; a
# missing optional field or a family's fact is left to run time (where it
# fails closed).


def sample_arguments(schema: Mapping[str, Any]) -> dict[str, Any]:
    """One value per declared property, of the declared type (the first enum value when there is one)."""
    value = _sample(schema)
    return value if isinstance(value, dict) else {}


def _sample(schema: object) -> Any:
    if not isinstance(schema, Mapping):
        return "x"
    if schema.get("enum"):
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    if kind == "object" or (kind is None and "properties" in schema):
        return {str(name): _sample(sub) for name, sub in (schema.get("properties") or {}).items()}
    if kind == "array":
        return [_sample(schema.get("items", {}))]
    if kind == "integer":
        return max(int(schema.get("minimum", 1)), 1)
    if kind == "number":
        return 1.5
    if kind == "boolean":
        return True
    return "x"


def _type_error(exc: BaseException) -> bool:
    """A failure no real call avoids: operands of the wrong types, or a function CEL lacks."""
    message = str(exc)
    return isinstance(exc, TypeError) or (isinstance(exc, RuntimeError) and "function" in message)


def rules_tried(
    *, tool: str, policy: Policy, value: ValueSpec | None, schema: Mapping[str, Any], changes_state: bool
) -> None:
    """Check what every rule and the value read against the schema and the variables' members
    (core.policy_types), then evaluate them on a sample call of the schema's types; refuse what cannot work."""
    types = argument_types(schema)
    parts = (value.amount, value.currency, value.beneficiary) if value is not None else ()
    for expression in (*parts, *policy.expressions):
        if expression is not None:
            expression_checked(
                where=f"tool {tool!r}, rule {expression.name!r}",
                source=expression.source,
                arguments=types,
                has_value=value is not None,
            )
    arguments = sample_arguments(schema)
    sample_value: Value | None = None
    if value is not None:
        try:
            sample_value = value.of(arguments)
        except ImproperlyConfigured as exc:
            raise ImproperlyConfigured(f"tool {tool!r}, rule 'value.amount': {exc}") from None
        except CEL_ERRORS as exc:
            if _type_error(exc):
                raise ImproperlyConfigured(f"tool {tool!r}, rule 'value': {_first_sentence(exc)}") from None
    if not policy.expressions:
        return
    amount = sample_value.amount_cents if sample_value is not None else 1
    activation: dict[str, Any] = {
        variable: {member: SAMPLES[kind] for member, kind in members.items()}
        for variable, members in MEMBER_TYPES.items()
    }
    activation["tool"] = {"name": tool, "changes_state": changes_state}
    activation["value"].update(amount=amount, original_amount=amount, currency="USD", original_currency="USD")
    activation["args"] = arguments
    activation["facts"] = {}
    context = cel.Context({name: activation[name] for name in policy.variables}, policy.functions or None)
    for rule in policy.expressions:
        try:
            result = rule.evaluate(context)
        except CEL_ERRORS as exc:
            if _type_error(exc):
                raise ImproperlyConfigured(f"tool {tool!r}, rule {rule.name!r}: {_first_sentence(exc)}") from None
            continue
        if rule.name == "approvals_required":
            if result not in (1, 2) or isinstance(result, bool):
                raise ImproperlyConfigured(f"tool {tool!r}, rule 'approvals_required': gives {result!r}, not 1 or 2")
        elif not isinstance(result, bool):
            raise ImproperlyConfigured(f"tool {tool!r}, rule {rule.name!r}: gives {result!r}, not true or false")


def _first_sentence(exc: BaseException) -> str:
    return str(exc).split(". ")[0].rstrip(".")
