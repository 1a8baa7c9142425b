"""The reasons recorded with a hold or a policy refusal (shape: core/reasons.py).

Built from what the deciding stage saw at that moment: the rule's own text,
the arguments it reads (named in the expression, through the tool's value,
or through a fact its handler says is about an argument), the figures it
compared, and for the model stage the field, score and span it scored. The
reviewer's page shows these and does not work them out again.
"""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings

from core.policy import NO_RATE_RULE, Expression
from core.rates import reporting_currency
from core.reasons import argument_at, argument_text
from core.tools import Tool, rule_label
from detection.sanitizer import Suspicion
from toolguard.pipeline.policy import PolicyCheck, limits

# The approval rule a model-stage finding adds to a state-changing call.
INJECTION_SUSPECTED_RULE = "injection_suspected"
DUAL_CONTROL_RULE = "dual_control"

_ARG_RE = re.compile(r"\bargs\s*(?:\.\s*([A-Za-z_]\w*)|\[\s*[\"']([^\"']+)[\"']\s*\])")
_FIGURE_RE = re.compile(r"\b(value|session|window|limits|facts)\.([A-Za-z_]\w*)")
# contains_text(args.memo, "phrase"): the phrase is the span, wherever it sits in the value.
_CONTAINS_RE = re.compile(r"contains_text\(\s*args\.([A-Za-z_]\w*)\s*,\s*[\"']([^\"']+)[\"']\s*\)")
# Which part of the tool's value each `value.` figure comes from.
_VALUE_PARTS = {
    "amount": "amount",
    "original_amount": "amount",
    "currency": "currency",
    "original_currency": "currency",
    "beneficiary": "beneficiary",
}


def hold_reasons(
    *, tool: Tool, check: PolicyCheck, arguments: dict[str, Any], suspicion: Suspicion | None
) -> list[dict[str, Any]]:
    """One reason per rule that held the call, in the order the rules are listed."""
    reasons = []
    for rule in check.verdict.held:
        if rule == INJECTION_SUSPECTED_RULE and suspicion is not None:
            reasons.append(_model_reason(suspicion))
        elif rule == NO_RATE_RULE:
            reasons.append(_no_rate_reason(tool, check, arguments))
        else:
            reasons.append(_rule_reason(tool, check, arguments, rule, outcome="held"))
    if check.verdict.approvals_required > 1 and not {NO_RATE_RULE, DUAL_CONTROL_RULE} & set(check.verdict.held):
        required = tool.policy.approvals_required if tool.policy is not None else None
        if required is not None:
            reason = _expression_reason(tool, check, arguments, required, outcome="held")
            reasons.append(
                {**reason, "rule": DUAL_CONTROL_RULE, "label": "Needs two reviewers", "kind": "dual_control"}
            )
    return reasons


def refusal_reasons(*, tool: Tool, check: PolicyCheck, arguments: dict[str, Any]) -> list[dict[str, Any]]:
    """One reason per deny rule that refused the call."""
    return [_rule_reason(tool, check, arguments, rule, outcome="refused") for rule in check.verdict.denied]


def _model_reason(suspicion: Suspicion) -> dict[str, Any]:
    return {
        "rule": INJECTION_SUSPECTED_RULE,
        "label": rule_label(INJECTION_SUSPECTED_RULE),
        "kind": "model",
        "outcome": "held",
        "source": suspicion.rule,
        "fields": [{"path": suspicion.field, "span": list(suspicion.span) if suspicion.span else None}],
        "figures": {},
        "score": suspicion.score,
        "threshold": suspicion.threshold if suspicion.threshold is not None else settings.TOOLGUARD_INJECTION_THRESHOLD,
    }


def _no_rate_reason(tool: Tool, check: PolicyCheck, arguments: dict[str, Any]) -> dict[str, Any]:
    """The call's currency (or a total it would join) has no rate into the reporting currency."""
    value = check.value
    into = reporting_currency()
    figures: dict[str, Any] = {"reporting_currency": into}
    if value is not None:
        figures |= {"value.original_currency": value.currency, "value.original_amount": value.amount_cents}
    for name, total in check.window.items():
        if total is None:
            figures["session.total" if name == "session" else f"window.{name}"] = None
    converted = value is not None and value.reporting_cents is not None
    what = "a value already in this session or window" if converted else (value.currency if value else "the value")
    return {
        "rule": NO_RATE_RULE,
        "label": rule_label(NO_RATE_RULE),
        "kind": "no_rate",
        "outcome": "held",
        "source": f"no rate into {into} for {what}: its size against the limits is unknown, "
        "so two different reviewers decide",
        # The call's own currency is what had no rate, unless the unknown is a total it would join.
        "fields": [] if converted else _fields(arguments, _value_arguments(tool, "currency")),
        "figures": figures,
    }


def _rule_reason(
    tool: Tool, check: PolicyCheck, arguments: dict[str, Any], rule: str, *, outcome: str
) -> dict[str, Any]:
    policy = tool.policy
    expression = None
    if policy is not None:
        part = policy.hold_when if outcome == "held" else policy.deny_when
        expression = next((e for e in part if e.name == rule), None)
    if expression is None:
        # A rule the pipeline added that names no expression: its name is all there is.
        return {
            "rule": rule,
            "label": rule_label(rule),
            "kind": "policy",
            "outcome": outcome,
            "source": "",
            "fields": [],
            "figures": {},
        }
    return _expression_reason(tool, check, arguments, expression, outcome=outcome)


def _expression_reason(
    tool: Tool, check: PolicyCheck, arguments: dict[str, Any], expression: Expression, *, outcome: str
) -> dict[str, Any]:
    source = expression.source
    names: list[str] = []
    for match in _ARG_RE.finditer(source):
        names.append(match.group(1) or match.group(2))
    figures: dict[str, Any] = {}
    for group, name in _FIGURE_RE.findall(source):
        if group == "value" and name in _VALUE_PARTS:
            names += _value_arguments(tool, _VALUE_PARTS[name])
        if group == "facts" and name in tool.handler.fact_arguments:
            names.append(tool.handler.fact_arguments[name])
        figures[f"{group}.{name}"] = _figure(check, group, name)
    phrases = {field: phrase for field, phrase in _CONTAINS_RE.findall(source)}
    reads_sums = any(key.split(".")[0] in ("limits", "window", "session") for key in figures)
    return {
        "rule": expression.name,
        "label": rule_label(expression.name),
        "kind": "limit" if reads_sums else "policy",
        "outcome": outcome,
        "source": source,
        "fields": _fields(arguments, names, phrases),
        "figures": figures,
    }


def _value_arguments(tool: Tool, part: str) -> list[str]:
    """The arguments the tool's value reads for `part` (amount, currency, beneficiary)."""
    spec = getattr(tool.value, part, None) if tool.value is not None else None
    if spec is None:
        return []
    return [m.group(1) or m.group(2) for m in _ARG_RE.finditer(spec.source)]


def _fields(arguments: dict[str, Any], names: list[str], phrases: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Each argument read once, in the order read, with the part that decided."""
    fields: list[dict[str, Any]] = []
    for name in dict.fromkeys(names):
        path = "/" + name.replace("~", "~0").replace("/", "~1")
        found, value = argument_at(arguments, path)
        if not found:
            fields.append({"path": path, "span": None})
            continue
        text = argument_text(value)
        span = [0, len(text)]
        phrase = (phrases or {}).get(name)
        if phrase:
            start = text.casefold().find(phrase.casefold())
            # casefold keeps lengths for the phrases rules use; when it does not, the whole value stands.
            if start >= 0 and len(text.casefold()) == len(text):
                span = [start, start + len(phrase)]
        fields.append({"path": path, "span": span})
    return fields


def _figure(check: PolicyCheck, group: str, name: str) -> Any:
    value = check.value
    if group == "limits":
        return limits().get(name)
    if group == "window":
        return check.window.get(name)
    if group == "session":
        return check.window.get("session") if name == "total" else None
    if group == "facts":
        return check.facts.get(name)
    if value is None:
        return None
    return {
        "amount": value.reporting_cents,
        "original_amount": value.amount_cents,
        "currency": reporting_currency(),
        "original_currency": value.currency,
        "beneficiary": value.beneficiary,
    }.get(name)
