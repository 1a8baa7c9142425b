"""The policy stage: what a tool's CEL policy sees about one call, and its verdict.

Limits are keyed on what the agent cannot choose: the customer, the agent key
and the value's destination, over a rolling window of completed plus pending
value. The session total stays as one more variable, never the only one.
"""

from __future__ import annotations

import functools
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection

from core.models import ValueEntry
from core.policy import Value, Verdict
from core.tools import Tool, ToolContext


@dataclass(frozen=True)
class PolicyCheck:
    verdict: Verdict
    value: Value | None
    # What the rules read, kept with the audit entry so a reviewer and a replay can see it.
    window: dict[str, int]


def value_windows(
    *,
    customer_id: int,
    agent_key_id: int,
    session_id: str,
    value: Value,
    now: datetime,
    replaying: uuid.UUID | None = None,
) -> dict[str, int]:
    """Completed plus pending value in the value's currency: per customer, key and beneficiary
    over TOOLGUARD_VALUE_WINDOW_SECONDS, and per session whatever its age. One query.

    `replaying` (a recorded call's id) reads the windows as that call saw them:
    entries made before it, its own left out, and entries voided since counted
    (they were still pending when the call was made, unless decided in between).

    The statement is written out once per shape rather than built by the ORM
    on every call: composing the sums cost more than running them.
    """
    since = connection.ops.adapt_datetimefield_value(now - timedelta(seconds=settings.TOOLGUARD_VALUE_WINDOW_SECONDS))
    if replaying is None:
        counted: list[Any] = list(ValueEntry.COUNTED)
    else:
        tool_call_id = ValueEntry._meta.get_field("tool_call").get_db_prep_value(replaying, connection)
        counted = [connection.ops.adapt_datetimefield_value(now), tool_call_id]
    currency = value.currency
    params: list[Any] = [agent_key_id, customer_id, currency, since, *counted]
    params += [customer_id, session_id, currency, *counted]
    if value.beneficiary:
        params += [value.beneficiary, currency, since, *counted]
    with connection.cursor() as cursor:
        cursor.execute(_windows_sql(bool(value.beneficiary), replaying is not None), params)
        row = cursor.fetchone()
    names = ("customer", "key", "session", "beneficiary")
    return {"beneficiary": 0} | {name: int(total or 0) for name, total in zip(names, row, strict=False)}


@functools.cache
def _windows_sql(beneficiary: bool, replaying: bool) -> str:
    """Each window summed over its own index range (see ValueEntry's indexes): the
    customer's recent entries give window.customer and window.key, the session's
    give session.total, the beneficiary's recent entries give window.beneficiary."""
    table = connection.ops.quote_name(ValueEntry._meta.db_table)
    counted = "created_at < %s AND tool_call_id <> %s" if replaying else "status IN (%s, %s)"
    # Every value is a parameter; only the table's own name is written in.
    sql = (
        "WITH recent AS ("  # noqa: S608
        "SELECT SUM(value_cents) AS customer, SUM(CASE WHEN agent_key_id = %s THEN value_cents END) AS agent_key "
        f"FROM {table} WHERE customer_id = %s AND currency = %s AND created_at >= %s AND {counted}) "
        "SELECT recent.customer, recent.agent_key, "
        f"(SELECT SUM(value_cents) FROM {table} WHERE customer_id = %s AND session_id = %s AND currency = %s "
        f"AND {counted})"
    )
    if beneficiary:
        sql += (
            f", (SELECT SUM(value_cents) FROM {table} WHERE beneficiary = %s AND currency = %s "  # noqa: S608
            f"AND created_at >= %s AND {counted})"
        )
    return sql + " FROM recent"


def limits() -> dict[str, int]:
    """The operator's thresholds, as `limits` in every policy."""
    return {
        "approval_threshold": settings.TOOLGUARD_APPROVAL_THRESHOLD_CENTS,
        "session_limit": settings.TOOLGUARD_SESSION_LIMIT_CENTS,
        "dual_approval": settings.TOOLGUARD_DUAL_APPROVAL_CENTS,
    }


def policy_activation(
    *,
    tool: Tool,
    ctx: ToolContext,
    arguments: dict[str, Any],
    facts: dict[str, Any],
    window: dict[str, int],
    now: datetime,
) -> dict[str, Any]:
    customer = ctx.agent_key.customer
    return {
        "args": arguments,
        "tool": {"name": tool.name, "changes_state": tool.changes_state},
        "principal": {
            "customer": customer.external_id,
            "key": ctx.agent_key.label,
            "customer_age_days": max((now - customer.created_at).days, 0),
        },
        "session": {"id": ctx.session.session_id, "total": window.get("session", 0)},
        "window": {name: window.get(name, 0) for name in ("customer", "key", "beneficiary")},
        "limits": limits(),
        "facts": facts,
    }


def policy_check(
    *, tool: Tool, ctx: ToolContext, arguments: dict[str, Any], now: datetime, replaying: uuid.UUID | None = None
) -> PolicyCheck:
    """Evaluate the tool's policy for one call.

    The caller holds the customer's row lock (see the executor), so the
    windows read here cannot change until this call's own value is counted.
    """
    value = tool.value.of(arguments) if tool.value is not None else None
    policy = tool.policy
    if policy is None or not policy.expressions:
        return PolicyCheck(Verdict((), (), 1), value, {})
    needs = policy.variables
    window: dict[str, int] = {}
    if value is not None and needs & {"window", "session"}:
        window = value_windows(
            customer_id=ctx.agent_key.customer_id,
            agent_key_id=ctx.agent_key.id,
            session_id=ctx.session.session_id,
            value=value,
            now=now,
            replaying=replaying,
        )
    facts = tool.handler.facts(ctx, arguments) if "facts" in needs else {}
    activation = policy_activation(tool=tool, ctx=ctx, arguments=arguments, facts=facts, window=window, now=now)
    return PolicyCheck(policy.evaluate(activation), value, window)
