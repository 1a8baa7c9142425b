"""Every search filter is served by an index, in the order the page reads it.

The tables here are tiny, so the planner would rightly read them whole;
turning sequential and bitmap scans off asks which index it *would* walk. The bench
(bench/audit.py) checks the same plans at a million entries with EXPLAIN ANALYZE.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection

from audit.selectors import audit_page, audit_page_queryset
from tests.audit.entries import append, event

pytestmark = pytest.mark.django_db

# filter -> (index that must serve it, whether the index gives the page order)
SHAPES: dict[str, tuple[dict[str, str], set[str], bool]] = {
    "actor": ({"actor": "agent:alice:0123456789ab"}, {"audit_actor_ts"}, True),
    # The actor's combinations: each of these indexes gives the page order, and on a
    # table this small the planner cannot tell them apart (bench/audit.py shows the
    # combination's own index serving it at a million entries).
    "actor tool result": (
        {"actor": "agent:alice:0123456789ab", "tool": "transfer_funds", "result": "success"},
        {"audit_actor_tool_result_ts", "audit_actor_result_ts", "audit_actor_tool_ts", "audit_actor_ts"},
        True,
    ),
    "actor tool": (
        {"actor": "agent:alice:0123456789ab", "tool": "transfer_funds"},
        {"audit_actor_tool_ts", "audit_actor_ts"},
        True,
    ),
    "actor result": (
        {"actor": "agent:alice:0123456789ab", "result": "pending"},
        {"audit_actor_result_ts", "audit_actor_ts"},
        True,
    ),
    "actor action": (
        {"actor": "agent:alice:0123456789ab", "action": "injection_blocked"},
        {"audit_actor_action_ts", "audit_actor_ts"},
        True,
    ),
    "tool": ({"tool": "transfer_funds"}, {"audit_tool_ts"}, True),
    "action": ({"action": "transfer_initiated"}, {"audit_action_ts"}, True),
    "result": ({"result": "pending"}, {"audit_result_ts"}, True),
    "session": ({"session": "s1"}, {"audit_session_ts"}, True),
    "customer": ({"customer": "alice"}, {"audit_customer_ts"}, True),
    "time range": ({"since": "2020-01-01", "until": "2100-01-01"}, {"audit_ts_id"}, True),
    "everything": ({}, {"audit_ts_id"}, True),
    # A key, a tool call or an approval names a handful of entries: sorting them is free.
    "idempotency key": ({"idempotency_key": "k1"}, {"audit_idem_key"}, False),
    "tool call": ({"tool_call": "c1"}, {"audit_tool_call"}, False),
    "approval": ({"approval": "a1"}, {"audit_approval"}, False),
}


def pg_plan(params: dict[str, str]) -> dict[str, Any]:
    sql, sql_params = audit_page_queryset(params).query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_bitmapscan = off")
        cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", sql_params)
        plan = cursor.fetchone()[0]
        cursor.execute("SET LOCAL enable_seqscan = on")
        cursor.execute("SET LOCAL enable_bitmapscan = on")
    return (json.loads(plan) if isinstance(plan, str) else plan)[0]["Plan"]


def nodes(plan: dict[str, Any]) -> list[dict[str, Any]]:
    found = [plan]
    for child in plan.get("Plans", []):
        found += nodes(child)
    return found


@pytest.fixture
def cursor_params() -> dict[str, str]:
    """A cursor into the middle of some entries, to check deep pages use the index too."""
    for n in range(3):
        append(*(event(tool_call_id=f"c{n}", idempotency_key="k1", approval_id="a1") for _ in range(2)))
    page = audit_page({}, limit=2)
    assert page.next_cursor
    return {"cursor": page.next_cursor}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("deep", [False, True], ids=["first page", "cursor page"])
def test_each_filter_uses_its_index(shape: str, deep: bool, cursor_params: dict[str, str]) -> None:
    params, indexes, ordered = SHAPES[shape]
    params = {**params, **(cursor_params if deep else {})}
    if connection.vendor != "postgresql":
        sql, sql_params = audit_page_queryset(params).query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", sql_params)
            plan = " ".join(str(row[-1]) for row in cursor.fetchall())
        print(f"SQLite plan for {shape}: {plan}")
        assert "USING INDEX" in plan or "USING COVERING INDEX" in plan, plan
        return
    plan = nodes(pg_plan(params))
    used = {node.get("Index Name") for node in plan if "Index Name" in node}
    assert used & indexes, (shape, used)
    assert not [n for n in plan if n["Node Type"] == "Seq Scan"], shape
    if ordered:
        # The index gives newest-first order: no sort, so the LIMIT stops the scan early.
        assert not [n for n in plan if n["Node Type"] in ("Sort", "Incremental Sort")], (shape, plan)
