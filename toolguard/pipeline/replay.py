"""Policy replay: recorded calls re-evaluated under a draft catalog, before it goes live.

Every state-changing call that reached the policy stage left its canonical
arguments in the audit log (`operation_initiated`, or a transfer's and older
entries' `transfer_initiated`, when it ran, was held or was sent upstream;
`policy_denied` when a rule refused it). Each call of a tool
the draft defines is evaluated twice, like with like: under the live policy
and under the draft's, both with its value windows read as of the moment it
was made and the family's facts read now (an account since closed reads as it
is today). A change is a call the two policies treat differently.

What happened to a call besides its policy (held by the sanitizer's model
stage, sent to an upstream, held because its outcome was unknown) is not a
policy outcome: it is counted apart, never as a change.
"""

from __future__ import annotations

import re
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from audit.models import AuditEntry
from core.catalog import catalog_load
from core.enums import OPERATION_STARTS, ActorType, AuditAction, AuditResult
from core.models import AgentKey, AgentSession
from core.policy import Verdict
from core.tools import Tool, ToolContext, ToolError, get_tool
from outbox.services import OUTCOME_UNKNOWN_RULE
from toolguard.pipeline.policy import policy_check
from toolguard.pipeline.reasons import INJECTION_SUSPECTED_RULE

RECORDED_ACTIONS = (*sorted(OPERATION_STARTS), AuditAction.POLICY_DENIED)
VERDICTS = ("through", "held", "denied")
NO_RULE = "(no rule)"


class ReplayInputError(ValueError):
    """A --since or draft the replay cannot use; the message says which."""


@dataclass(frozen=True)
class ReplayChange:
    tool_call_id: str
    tool: str
    timestamp: datetime
    was: str
    now: str
    rules: tuple[str, ...]


@dataclass
class ReplayReport:
    since: datetime
    calls: int = 0
    skipped: int = 0
    changes: list[ReplayChange] = field(default_factory=list)
    # (tool, rule) -> {"held": n, "denied": n, "through": n}: which calls would newly be each.
    counts: dict[tuple[str, str], Counter[str]] = field(default_factory=dict)
    # What decided calls besides the live policy (_apart), counted for context, never as changes.
    apart: Counter[str] = field(default_factory=Counter)

    def rows(self) -> list[dict[str, Any]]:
        return [
            {
                "tool": tool,
                "rule": rule,
                "newly_held": counter["held"],
                "newly_denied": counter["denied"],
                "newly_through": counter["through"],
            }
            for (tool, rule), counter in sorted(self.counts.items())
        ]

    def as_json(self) -> dict[str, Any]:
        return {
            "since": self.since.isoformat(),
            "calls": self.calls,
            "changed": len(self.changes),
            "skipped": self.skipped,
            "apart": dict(sorted(self.apart.items())),
            "rows": self.rows(),
            "changes": [
                {
                    "tool_call_id": c.tool_call_id,
                    "tool": c.tool,
                    "timestamp": c.timestamp.isoformat(),
                    "was": c.was,
                    "now": c.now,
                    "rules": list(c.rules),
                }
                for c in self.changes
            ],
        }


def since_parse(raw: str, *, now: datetime | None = None) -> datetime:
    """ "7d", "24h", "30m" back from now, or an ISO 8601 date-time."""
    now = now or timezone.now()
    match = re.fullmatch(r"\s*(\d+)\s*([dhm])\s*", raw)
    if match:
        amount, unit = int(match.group(1)), match.group(2)
        return now - timedelta(**{{"d": "days", "h": "hours", "m": "minutes"}[unit]: amount})
    parsed = parse_datetime(raw.strip())
    if parsed is None:
        raise ReplayInputError(f"since must look like 7d, 24h, 30m or an ISO date-time, got {raw!r}")
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed)


def policy_replay(
    *, catalogs: list[Path], since: datetime, limit: int = 50_000, names: list[str] | None = None
) -> ReplayReport:
    """Re-evaluate the recorded calls since `since` under the draft catalogs (later files win).

    `names` are what errors call the files (a pasted draft is "draft", not a temporary path).
    """
    draft: dict[str, Tool] = {}
    for index, path in enumerate(catalogs):
        name = names[index] if names else ""
        draft.update({tool.name: tool for tool in catalog_load(path, install=False, name=name)})
    report = ReplayReport(since=since)
    entries = list(
        AuditEntry.objects.filter(
            action__in=RECORDED_ACTIONS, timestamp__gte=since, actor_type=ActorType.AGENT, tool__in=list(draft)
        )
        .order_by("timestamp", "id")
        .only("timestamp", "actor", "action", "result", "tool", "tool_call_id", "session_id", "details")[:limit]
    )
    held_rules = _held_rules([e.tool_call_id for e in entries if e.result == AuditResult.PENDING])
    keys = _agent_keys({e.actor for e in entries})
    for entry in entries:
        report.calls += 1
        tool, live = draft[entry.tool], get_tool(entry.tool)
        key = keys.get(entry.actor)
        arguments = entry.details.get("arguments")
        if live is None or key is None or not isinstance(arguments, dict):
            report.skipped += 1
            continue
        try:
            before, after = (
                policy_check(
                    tool=policy_of,
                    ctx=_context(key, entry),
                    arguments=arguments,
                    now=entry.timestamp,
                    replaying=_uuid(entry.tool_call_id),
                ).verdict
                for policy_of in (live, tool)
            )
        except ToolError:
            # The family cannot say its facts any more (an account gone): nothing to compare.
            report.skipped += 1
            continue
        was, now = _outcome(before), _outcome(after)
        if apart := _apart(entry, held_rules, was):
            report.apart[apart] += 1
        if now == was:
            continue
        fired = {"denied": after.denied, "held": after.held, "through": before.denied or before.held}[now]
        fired = fired or (NO_RULE,)
        report.changes.append(ReplayChange(entry.tool_call_id, tool.name, entry.timestamp, was, now, tuple(fired)))
        for rule in fired:
            report.counts.setdefault((tool.name, rule), Counter())[now] += 1
    return report


def _outcome(verdict: Verdict) -> str:
    return "denied" if verdict.denied else "held" if verdict.held else "through"


# Why a recorded call ended otherwise than its live policy says, when something else decided it.
APART_DETECTION = "held by the sanitizer's model stage"
APART_UPSTREAM = "sent to an upstream (its answer decided it)"
APART_UNKNOWN = "held: the upstream's outcome was unknown"


def _apart(entry: AuditEntry, held_rules: dict[str, list[str]], policy_outcome: str) -> str:
    """What besides the policy decided this call, or "" when the policy's outcome is what happened."""
    if entry.action == AuditAction.POLICY_DENIED or entry.result != AuditResult.PENDING:
        return ""
    rules = held_rules.get(entry.tool_call_id)
    if rules is None:
        return APART_UPSTREAM  # pending with no approval: handed to the outbox
    if policy_outcome != "held":
        if INJECTION_SUSPECTED_RULE in rules:
            return APART_DETECTION
        if OUTCOME_UNKNOWN_RULE in rules:
            return APART_UNKNOWN
    return ""


def _held_rules(tool_call_ids: list[str]) -> dict[str, list[str]]:
    rows = AuditEntry.objects.filter(action=AuditAction.APPROVAL_REQUESTED, tool_call_id__in=tool_call_ids).values_list(
        "tool_call_id", "details"
    )
    return {tool_call_id: list(details.get("rules", [])) for tool_call_id, details in rows}


def _agent_keys(labels: set[str]) -> dict[str, AgentKey]:
    prefixes = {label.rsplit(":", 1)[-1]: label for label in labels if label.startswith("agent:")}
    keys = AgentKey.objects.select_related("customer").filter(prefix__in=prefixes)
    return {prefixes[key.prefix]: key for key in keys}


def _context(key: AgentKey, entry: AuditEntry) -> ToolContext:
    return ToolContext(
        agent_key=key,
        session=AgentSession(customer=key.customer, session_id=entry.session_id),
        tool_call_id=entry.tool_call_id,
    )


def _uuid(raw: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(raw)
    except ValueError:
        return None
