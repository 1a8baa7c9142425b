"""The recorded reasons (core/reasons.py) as the pages show them: first, with the decisive part marked.

Nothing is worked out again here: the field, the span and the figures are
the ones written when the call was held or refused. A request held before
reasons were recorded shows its rule names and says that no more was kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from approvals.models import ApprovalRequest
from approvals.templatetags.money import cents
from core.enums import AuditAction
from core.reasons import REASON_KINDS, argument_at, argument_text
from core.tools import rule_label

# How each figure a rule reads is named to a person, and whether it is money.
FIGURE_NAMES: dict[str, tuple[str, bool]] = {
    "value.amount": ("value, as the limits count it", True),
    "value.original_amount": ("amount as sent", True),
    "value.currency": ("reporting currency", False),
    "value.original_currency": ("currency as sent", False),
    "value.beneficiary": ("beneficiary", False),
    "reporting_currency": ("reporting currency", False),
    "session.total": ("session total before it", True),
    "window.customer": ("customer total in the window before it", True),
    "window.key": ("agent key total in the window before it", True),
    "window.beneficiary": ("beneficiary total in the window before it", True),
    "limits.approval_threshold": ("per-transfer threshold", True),
    "limits.session_limit": ("session limit", True),
    "limits.dual_approval": ("dual-control limit", True),
    "attempts": ("attempts", False),
    "last_error": ("last error", False),
}


@dataclass(frozen=True)
class FieldShown:
    path: str
    found: bool
    before: str = ""
    marked: str = ""
    after: str = ""
    # Why the value is not shown, when it is not.
    note: str = "not in the call"
    # The call's amount, in integer cents: shown (and marked) as money, never as the raw number.
    money: str = ""


@dataclass(frozen=True)
class ReasonShown:
    rule: str
    label: str
    kind: str
    kind_words: str
    outcome: str
    source: str = ""
    fields: list[FieldShown] = field(default_factory=list)
    figures: list[tuple[str, str]] = field(default_factory=list)
    score: float | None = None
    threshold: float | None = None
    # "$16,000.00 against the $10,000.00 session limit": a comparison of sums, read from the recorded figures.
    comparison: str = ""
    # Held before reasons were recorded: only the rule's name is known.
    unrecorded: bool = False


def reasons_shown(
    *,
    reasons: Iterable[Mapping[str, Any]],
    arguments: Any,
    rules: Iterable[str] = (),
    currency: str = "",
    original_currency: str = "",
) -> list[ReasonShown]:
    """Each recorded reason with its field split around the span; `rules` stand in for a request without any.

    Sums are in `currency` (the reporting one, as the limits count); the amount as sent in `original_currency`.
    """
    shown = [_reason(reason, arguments, (currency, original_currency or currency)) for reason in reasons]
    if shown:
        return shown
    return [
        ReasonShown(
            rule=rule, label=rule_label(rule), kind="policy", kind_words="Rule", outcome="held", unrecorded=True
        )
        for rule in rules
    ]


def dual_control_why(approval: ApprovalRequest) -> str:
    """Why a request needs two reviewers, in figures: "$18,000.00 now + $40,000.00 already in the customer's
    last 24 h (completed and still-pending holds count) > $50,000.00 dual-control limit". Empty when the
    recorded reasons do not say (one reviewer, or a request held before figures were recorded)."""
    if approval.required_approvals < 2:
        return ""
    currency = approval.reporting_currency or approval.currency
    for reason in approval.reasons or []:
        figures = reason.get("figures") or {}
        now, window, limit = (figures.get(n) for n in ("value.amount", "window.customer", "limits.dual_approval"))
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (now, window, limit)):
            continue
        return (
            f"{cents(now, currency)} now + {cents(window, currency)} already in this customer's last 24 h"
            f" (completed and still-pending holds count) > {cents(limit, currency)} dual-control limit"
        )
    return ""


def request_reasons(approval: ApprovalRequest) -> list[ReasonShown]:
    """A held request's reasons, figures in the reporting currency it was held in."""
    return reasons_shown(
        reasons=approval.reasons,
        arguments=approval.arguments,
        rules=approval.rules,
        currency=approval.reporting_currency,
        original_currency=approval.currency,
    )


def _amounts(figures: Mapping[str, Any], currencies: tuple[str, str]) -> dict[int, str]:
    """The recorded amounts a field may hold, each with its currency: the amount as sent first."""
    found: dict[int, str] = {}
    for name, currency in (("value.original_amount", currencies[1]), ("value.amount", currencies[0])):
        value = figures.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            found.setdefault(value, currency)
    return found


def _reason(reason: Mapping[str, Any], arguments: Any, currencies: tuple[str, str]) -> ReasonShown:
    kind = str(reason.get("kind", "policy"))
    amounts = _amounts(reason.get("figures") or {}, currencies)
    return ReasonShown(
        rule=str(reason.get("rule", "")),
        label=str(reason.get("label") or rule_label(str(reason.get("rule", "")))),
        kind=kind,
        kind_words=REASON_KINDS.get(kind, kind),
        outcome=str(reason.get("outcome", "held")),
        source=str(reason.get("source", "")),
        fields=[_field(f, arguments, amounts) for f in reason.get("fields") or []],
        figures=[_figure(name, value, currencies) for name, value in (reason.get("figures") or {}).items()],
        score=reason.get("score"),
        threshold=reason.get("threshold"),
        comparison=_comparison(str(reason.get("source", "")), reason.get("figures") or {}, currencies[0]),
    )


# `a + b > c`: the shape of the limits' rules, whose sides can be added up from the figures recorded.
_COMPARISON_RE = re.compile(r"\s*([\w.]+(?:\s*\+\s*[\w.]+)*)\s*(>=|>)\s*([\w.]+)\s*")


def _comparison(source: str, figures: Mapping[str, Any], currency: str) -> str:
    match = _COMPARISON_RE.fullmatch(source)
    if match is None:
        return ""
    names = [name.strip() for name in match.group(1).split("+")]
    limit = match.group(3)
    money = [n for n in (*names, limit) if FIGURE_NAMES.get(n, ("", False))[1]]
    if len(money) != len(names) + 1 or any(not isinstance(figures.get(n), int) for n in money):
        return ""
    total = sum(int(figures[n]) for n in names)
    return f"{cents(total, currency)} against the {cents(figures[limit], currency)} {FIGURE_NAMES[limit][0]}"


def _field(recorded: Mapping[str, Any], arguments: Any, amounts: Mapping[int, str] | None = None) -> FieldShown:
    path = str(recorded.get("path", ""))
    if arguments is None:
        return FieldShown(path=path, found=False, note=str(recorded.get("note") or "the value is not kept here"))
    found, value = argument_at(arguments, path)
    if not found:
        return FieldShown(path=path, found=False)
    if amounts and isinstance(value, int) and not isinstance(value, bool) and value in amounts:
        return FieldShown(path=path, found=True, money=cents(value, amounts[value]))
    text = argument_text(value)
    span = recorded.get("span")
    if not span or not (0 <= span[0] <= span[1] <= len(text)):
        # No span kept: the whole value is what the rule read.
        span = [0, len(text)]
    start, end = int(span[0]), int(span[1])
    return FieldShown(path=path, found=True, before=text[:start], marked=text[start:end], after=text[end:])


def _figure(name: str, value: Any, currencies: tuple[str, str]) -> tuple[str, str]:
    words, money = FIGURE_NAMES.get(name, (name.replace("facts.", "").replace("_", " "), False))
    if value is None:
        return words, "unknown (no exchange rate converts a value in it)"
    if isinstance(value, bool):
        return words, "yes" if value else "no"
    if money:
        return words, cents(value, currencies[1] if name == "value.original_amount" else currencies[0])
    return words, str(value)


# Audit actions whose entry says why a call was held or refused, and the heading the entry page gives it.
ENTRY_REASON_HEADINGS: dict[str, str] = {
    AuditAction.APPROVAL_REQUESTED: "Held because",
    AuditAction.POLICY_DENIED: "Refused because",
    AuditAction.INJECTION_BLOCKED: "Refused because",
    AuditAction.VALIDATION_FAILED: "Refused because",
    AuditAction.INJECTION_SUSPECTED: "Flagged because",
}
NOT_KEPT = "not kept: a blocked value is attacker text, so only where it was and which rule fired are recorded"


def entry_reasons(action: str, details: Mapping[str, Any], *, arguments: Any = None) -> list[ReasonShown]:
    """What an audit entry records of why: its reasons when it has them, else its rule and field.

    `arguments`: the call's stored arguments where the page has them (a held
    request's); a blocked call's never are.
    """
    if action not in ENTRY_REASON_HEADINGS:
        return []
    if details.get("reasons"):
        given = details.get("arguments", arguments)
        return reasons_shown(reasons=details["reasons"], arguments=given)
    if action == AuditAction.INJECTION_BLOCKED:
        reason = {
            "rule": details.get("rule", ""),
            "label": str(details.get("category", "")).replace("_", " ").capitalize() or "Blocked",
            "kind": "detection",
            "outcome": "refused",
            "fields": [{"path": details.get("field", ""), "note": NOT_KEPT}],
        }
        return reasons_shown(reasons=[reason], arguments=None)
    if action == AuditAction.INJECTION_SUSPECTED:
        reason = {
            "rule": "injection_suspected",
            "kind": "model",
            "outcome": "held" if details.get("held") else "logged",
            "source": details.get("rule", ""),
            "fields": [{"path": details.get("field", ""), "span": details.get("span")}],
            "score": details.get("score"),
        }
        return reasons_shown(reasons=[reason], arguments=arguments)
    if action == AuditAction.VALIDATION_FAILED:
        errors = details.get("errors") or []
        reasons = [
            {
                "rule": str(error.get("code", "")),
                "label": str(error.get("message", "")),
                "kind": "schema",
                "outcome": "refused",
                "fields": [
                    {"path": str(error.get("path", "")), "note": "the arguments of an invalid call are not kept"}
                ],
            }
            for error in errors
        ]
        return reasons_shown(reasons=reasons, arguments=None)
    return []
