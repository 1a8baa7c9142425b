"""The policy stage: what a tool's CEL policy sees about one call, and its verdict.

Limits are keyed on what the agent cannot choose: the customer, the agent key
and the value's destination, over a rolling window of completed plus pending
value. The session total stays as one more variable, never the only one.

Every sum is in the reporting currency (core.rates): a value in another
currency is converted at the call's day, so splitting value across currencies
adds up like splitting it across calls. A value that cannot be converted (the
call's own, or one already in a window) is held with the rule `no_rate`.
"""

from __future__ import annotations

import dataclasses
import functools
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection

from core.models import ValueEntry, ValueTotal
from core.policy import NO_RATE_RULE, Value, Verdict
from core.rates import in_reporting, reporting_currency
from core.tools import Tool, ToolContext
from core.windows import HOUR, MINUTE, beneficiary_scope, customer_scope, key_scope, window_bounds


@dataclass(frozen=True)
class PolicyCheck:
    verdict: Verdict
    value: Value | None
    # What the rules read, kept with the audit entry so a reviewer and a replay can see it
    # (None: a window holds value that no rate converts).
    window: dict[str, int | None]
    # The family's facts the rules read, kept so the reasons recorded with a hold name what they saw.
    facts: dict[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def value_unknown(self) -> bool:
        """True when some value the rules would add up has no rate: the call is held with `no_rate`."""
        if self.value is None:
            return False
        return self.value.reporting_cents is None or any(total is None for total in self.window.values())


def value_windows(
    *,
    customer_id: int,
    agent_key_id: int,
    session_id: str,
    value: Value,
    now: datetime,
    replaying: uuid.UUID | None = None,
) -> dict[str, int | None]:
    """Completed plus pending value in the reporting currency: per customer, key and beneficiary
    over TOOLGUARD_VALUE_WINDOW_SECONDS, and per session whatever its age. One query.

    A window that holds an entry with no reporting amount (its currency had no
    rate) is None: its total is not known.

    The windows are read from the running totals (core/windows.py), so a call
    costs the same at the end of a busy day as at its start. A window starts
    exactly at `since = now - TOOLGUARD_VALUE_WINDOW_SECONDS` (an entry created
    at `since` counts, one a microsecond before does not) and has no end: its
    partial oldest minute, [since, next whole minute), is summed from the
    entries of that one minute (the entries' covering indexes), then the whole
    minute buckets up to the next whole hour and the hour buckets from there
    on are read from the totals. The figure is the one summing every entry of
    the window gives. The session total is summed from the session's entries
    (a session is bounded).

    `replaying` (a recorded call's id) reads the windows as that call saw them:
    entries made before it, its own left out, and entries voided since counted
    (they were still pending when the call was made, unless decided in between).
    The totals hold only the present, so a replay (rare) sums the entries.

    The statement is written out once per shape rather than built by the ORM
    on every call: composing the sums cost more than running them.
    """
    since = now - timedelta(seconds=settings.TOOLGUARD_VALUE_WINDOW_SECONDS)
    if replaying is not None:
        return _replayed_windows(customer_id, agent_key_id, session_id, value, now, since, replaying)
    bounds = window_bounds(since)
    adapt = connection.ops.adapt_datetimefield_value
    edge = [adapt(bounds.since), adapt(bounds.edge_until), *ValueEntry.COUNTED]
    scopes = [customer_scope(customer_id), key_scope(agent_key_id)]
    params: list[Any] = [agent_key_id, customer_id, *edge, customer_id, session_id, *ValueEntry.COUNTED]
    if value.beneficiary:
        params += [value.beneficiary, *edge]
        scopes.append(beneficiary_scope(value.beneficiary))
    params += [*scopes, MINUTE, bounds.minutes_from, bounds.hours_from, *scopes, HOUR, bounds.hours_from]
    with connection.cursor() as cursor:
        cursor.execute(_windows_sql(bool(value.beneficiary)), params)
        rows = {name: (cents, unknown, key_cents) for name, cents, unknown, key_cents in cursor.fetchall()}
    return _windows_from_rows(rows, scopes)


_NOTHING = (0, 0, 0)


def _windows_from_rows(rows: dict[str, tuple[Any, Any, Any]], scopes: list[str]) -> dict[str, int | None]:
    """The windows from the statement's rows: each scope's edge (from the entries) plus its buckets."""

    def total(edge: str, scope: str) -> int | None:
        cents, unknown, _ = rows.get(edge, _NOTHING)
        bucket_cents, bucket_unknown, _ = rows.get(scope, _NOTHING)
        return None if unknown or bucket_unknown else int(cents) + int(bucket_cents)

    customer = total("edge:customer", scopes[0])
    session_cents, session_unknown, _ = rows["session"]
    key_cents = int(rows.get("edge:customer", _NOTHING)[2]) + int(rows.get(scopes[1], _NOTHING)[0])
    return {
        "customer": customer,
        # The key's entries are the customer's: an unknown in one may be in the other.
        "key": None if customer is None else key_cents,
        "session": None if session_unknown else int(session_cents),
        "beneficiary": total("edge:beneficiary", scopes[2]) if len(scopes) > 2 else 0,
    }


# Per row of the windows' statement: its name, the known cents, how many entries have no
# reporting amount, and (for the customer's edge) the agent key's cents among them.
_EDGE_SUMS = "COALESCE(SUM(reporting_cents), 0), COUNT(*) - COUNT(reporting_cents)"


@functools.cache
def _windows_sql(beneficiary: bool) -> str:
    """Each part read from its own index range: the customer's entries of the window's first
    minute (window.customer and window.key), the session's entries (session.total), the
    beneficiary's first minute, and the scopes' minute and hour buckets (value_total_bucket)."""
    table = connection.ops.quote_name(ValueEntry._meta.db_table)
    totals = connection.ops.quote_name(ValueTotal._meta.db_table)
    scopes = ", ".join(["%s"] * (3 if beneficiary else 2))
    edge = "created_at >= %s AND created_at < %s AND status IN (%s, %s)"
    # Every value is a parameter; only the tables' own names are written in.
    sql = (
        f"SELECT 'edge:customer', {_EDGE_SUMS}, "  # noqa: S608
        "COALESCE(SUM(CASE WHEN agent_key_id = %s THEN reporting_cents END), 0) "
        f"FROM {table} WHERE customer_id = %s AND {edge} "
        f"UNION ALL SELECT 'session', {_EDGE_SUMS}, 0 "
        f"FROM {table} WHERE customer_id = %s AND session_id = %s AND status IN (%s, %s) "
    )
    if beneficiary:
        sql += f"UNION ALL SELECT 'edge:beneficiary', {_EDGE_SUMS}, 0 FROM {table} WHERE beneficiary = %s AND {edge} "  # noqa: S608
    buckets = (
        "UNION ALL SELECT scope, SUM(pending_cents + completed_cents), SUM(unknown), 0 FROM ("  # noqa: S608
        f"SELECT scope, pending_cents, completed_cents, unknown FROM {totals} "
        f"WHERE scope IN ({scopes}) AND span = %s AND bucket >= %s AND bucket < %s "
        f"UNION ALL SELECT scope, pending_cents, completed_cents, unknown FROM {totals} "
        f"WHERE scope IN ({scopes}) AND span = %s AND bucket >= %s"
        ") AS buckets GROUP BY scope"
    )
    return sql + buckets


def _replayed_windows(
    customer_id: int,
    agent_key_id: int,
    session_id: str,
    value: Value,
    now: datetime,
    since: datetime,
    replaying: uuid.UUID,
) -> dict[str, int | None]:
    """The windows as a recorded call saw them, summed from the entries (see value_windows)."""
    tool_call_id = ValueEntry._meta.get_field("tool_call").get_db_prep_value(replaying, connection)
    counted = [connection.ops.adapt_datetimefield_value(now), tool_call_id]
    adapted_since = connection.ops.adapt_datetimefield_value(since)
    params: list[Any] = [agent_key_id, customer_id, adapted_since, *counted]
    params += [customer_id, session_id, *counted]
    if value.beneficiary:
        params += [value.beneficiary, adapted_since, *counted]
    with connection.cursor() as cursor:
        cursor.execute(_replay_sql(bool(value.beneficiary)), params)
        row = cursor.fetchone()
    customer, agent_key, session, *beneficiary = row
    totals = {
        "customer": customer,
        "key": agent_key,
        "session": session,
        "beneficiary": beneficiary[0] if beneficiary else 0,
    }
    if customer is None:
        # The key's entries are the customer's: an unknown in one may be in the other.
        totals["key"] = None
    return {name: None if total is None else int(total) for name, total in totals.items()}


# A window's total, or NULL when one of its entries has no reporting amount.
_KNOWN_SUM = "CASE WHEN COUNT(*) = COUNT(reporting_cents) THEN COALESCE(SUM(reporting_cents), 0) END"


@functools.cache
def _replay_sql(beneficiary: bool) -> str:
    """Each window summed over its own index range (see ValueEntry's indexes): the
    customer's recent entries give window.customer and window.key, the session's
    give session.total, the beneficiary's recent entries give window.beneficiary."""
    table = connection.ops.quote_name(ValueEntry._meta.db_table)
    counted = "created_at < %s AND tool_call_id <> %s"
    # Every value is a parameter; only the table's own name is written in.
    sql = (
        "WITH recent AS ("  # noqa: S608
        f"SELECT {_KNOWN_SUM} AS customer, "
        "COALESCE(SUM(CASE WHEN agent_key_id = %s THEN reporting_cents END), 0) AS agent_key "
        f"FROM {table} WHERE customer_id = %s AND created_at >= %s AND {counted}) "
        "SELECT recent.customer, recent.agent_key, "
        f"(SELECT {_KNOWN_SUM} FROM {table} WHERE customer_id = %s AND session_id = %s AND {counted})"
    )
    if beneficiary:
        sql += (
            f", (SELECT {_KNOWN_SUM} FROM {table} WHERE beneficiary = %s "  # noqa: S608
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
    window: dict[str, int | None],
    value: Value | None,
    now: datetime,
) -> dict[str, Any]:
    """What the rules see. A total no rate converts is left out, so a rule reading it fails closed."""
    customer = ctx.agent_key.customer
    activation: dict[str, Any] = {
        "args": arguments,
        "tool": {"name": tool.name, "changes_state": tool.changes_state},
        "principal": {
            "customer": customer.external_id,
            "key": ctx.agent_key.label,
            "customer_age_days": max((now - customer.created_at).days, 0),
        },
        "session": _known({"id": ctx.session.session_id, "total": window.get("session", 0)}),
        "window": _known({name: window.get(name, 0) for name in ("customer", "key", "beneficiary")}),
        "limits": limits(),
        "facts": facts,
    }
    if value is not None:
        activation["value"] = _known(
            {
                "amount": value.reporting_cents,
                "currency": reporting_currency(),
                "original_amount": value.amount_cents,
                "original_currency": value.currency or reporting_currency(),
                "beneficiary": value.beneficiary,
            }
        )
    return activation


def _known(figures: dict[str, Any]) -> dict[str, Any]:
    return {name: figure for name, figure in figures.items() if figure is not None}


def policy_check(
    *, tool: Tool, ctx: ToolContext, arguments: dict[str, Any], now: datetime, replaying: uuid.UUID | None = None
) -> PolicyCheck:
    """Evaluate the tool's policy for one call.

    The caller holds the customer's row lock (see the executor), so the
    windows read here cannot change until this call's own value is counted.

    A value no rate converts holds the call with `no_rate` (two reviewers: its
    size against the limits is unknown). The deny rules that read no sum of
    value still apply; those that do cannot be read, and the reviewers see the
    amount as sent instead.
    """
    value = tool.value.of(arguments) if tool.value is not None else None
    if value is not None:
        value = dataclasses.replace(value, reporting_cents=in_reporting(value.amount_cents, value.currency, now))
    policy = tool.policy
    needs = policy.variables if policy is not None else frozenset()
    window: dict[str, int | None] = {}
    if value is not None and needs & {"window", "session"}:
        window = value_windows(
            customer_id=ctx.agent_key.customer_id,
            agent_key_id=ctx.agent_key.id,
            session_id=ctx.session.session_id,
            value=value,
            now=now,
            replaying=replaying,
        )
    check = PolicyCheck(Verdict((), (), 1), value, window)
    if policy is None or not policy.expressions:
        return _no_rate_hold(check) if check.value_unknown else check
    facts = tool.handler.facts(ctx, arguments) if "facts" in needs else {}
    activation = policy_activation(
        tool=tool, ctx=ctx, arguments=arguments, facts=facts, window=window, value=value, now=now
    )
    check = dataclasses.replace(check, facts=facts)
    if check.value_unknown:
        verdict = policy.evaluate(activation, unknown=VALUE_SUMS)
        return _no_rate_hold(dataclasses.replace(check, verdict=verdict))
    return dataclasses.replace(check, verdict=policy.evaluate(activation))


# The variables that carry sums of value, unknown when some value has no rate.
VALUE_SUMS = frozenset({"value", "window", "session"})


def _no_rate_hold(check: PolicyCheck) -> PolicyCheck:
    verdict = Verdict(check.verdict.denied, (NO_RATE_RULE,), 2)
    return dataclasses.replace(check, verdict=verdict)
