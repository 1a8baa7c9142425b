"""The value windows from running totals (core/windows.py): the same sums as the entries give.

The totals move with every write of an entry (the pipeline's own rows, and
the ORM's save, update, bulk_create and delete), so every test here writes
entries the way the application does (the pipeline, decisions, expiry,
withdrawal, rate conversion) or through the ORM, and checks the windows and
`manage.py value_totals_check` against the entries added up by hand.
"""

from __future__ import annotations

import importlib
import random
from datetime import UTC, datetime, timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from approvals.services import approval_decide, approval_withdraw, approvals_expire
from core.models import AgentKey, ValueEntry, ValueTotal
from core.pipelining import pipelined
from core.policy import Value
from core.windows import bucket_of, differences, entries_settled_sent, totals_horizon, totals_prune, window_bounds
from people.stepup import StepUpProof
from tests.conftest import Principals, agent_client, requires_postgres
from tests.toolguard.test_value_windows import _customer, _entry
from toolguard.pipeline.policy import value_windows

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)


def _windows(key: AgentKey, now: datetime, beneficiary: str = "acct:shop") -> dict[str, int | None]:
    value = Value(amount_cents=1, currency="USD", beneficiary=beneficiary, reporting_cents=1)
    return value_windows(customer_id=key.customer_id, agent_key_id=key.id, session_id="s1", value=value, now=now)


def _by_hand(key: AgentKey, now: datetime, beneficiary: str = "acct:shop") -> dict[str, int | None]:
    """The windows summed from the entries, as the statement before the totals did."""
    since = now - DAY

    def known(entries: Any) -> int | None:
        amounts = [entry.reporting_cents for entry in entries]
        return None if None in amounts else sum(amounts)

    counted = ValueEntry.objects.filter(status__in=ValueEntry.COUNTED)
    customer = known(counted.filter(customer_id=key.customer_id, created_at__gte=since))
    mine = counted.filter(agent_key=key, created_at__gte=since)
    return {
        "customer": customer,
        "key": None if customer is None else sum(entry.reporting_cents or 0 for entry in mine),
        "session": known(counted.filter(customer_id=key.customer_id, session_id="s1")),
        "beneficiary": known(counted.filter(beneficiary=beneficiary, created_at__gte=since)),
    }


def test_the_window_starts_exactly_at_its_edge_to_the_microsecond() -> None:
    _, key, _ = _customer("edge")
    now = datetime(2026, 12, 7, 12, 30, 17, 250_000, tzinfo=UTC)
    since = now - DAY
    _entry(key, 1, at=since - timedelta(microseconds=1))  # just outside
    _entry(key, 10, at=since)  # the first instant inside, in the partial minute
    _entry(key, 100, at=since + timedelta(seconds=30))  # the partial minute, read from the entries
    _entry(key, 1_000, at=since + timedelta(minutes=5))  # a whole minute before the next hour
    _entry(key, 10_000, at=since + timedelta(hours=3))  # a whole hour
    _entry(key, 100_000, at=now + timedelta(seconds=2))  # made while this call waited: counted
    assert _windows(key, now)["customer"] == 111_110
    assert _windows(key, now) == _by_hand(key, now)
    # One microsecond later the entry at the edge has left the window.
    assert _windows(key, now + timedelta(microseconds=1))["customer"] == 111_100


def test_the_bounds_split_the_window_into_edge_minutes_and_hours() -> None:
    since = datetime(2026, 12, 6, 12, 30, 17, 250_000, tzinfo=UTC)
    bounds = window_bounds(since)
    assert bounds.edge_until == datetime(2026, 12, 6, 12, 31, tzinfo=UTC)
    assert bounds.minutes_from == bucket_of(bounds.edge_until, 60)
    assert bounds.hours_from == bucket_of(datetime(2026, 12, 6, 13, tzinfo=UTC), 3600)
    # On a whole minute there is no edge to read from the entries.
    whole = window_bounds(datetime(2026, 12, 6, 12, 31, tzinfo=UTC))
    assert whole.edge_until == datetime(2026, 12, 6, 12, 31, tzinfo=UTC)


def test_random_days_sum_the_same_from_totals_as_from_entries() -> None:
    _, key, other_key = _customer("random")
    _, stranger, _ = _customer("stranger")
    draw = random.Random(40)
    now = datetime(2026, 12, 7, 9, 41, 3, 700_001, tzinfo=UTC)
    statuses = [ValueEntry.Status.COMPLETED, ValueEntry.Status.PENDING, ValueEntry.Status.VOID]
    entries = []
    for _ in range(150):
        entries.append(
            _entry(
                draw.choice([key, key, other_key, stranger]),
                draw.randrange(1, 5_000),
                session=draw.choice(["s1", "s2"]),
                beneficiary=draw.choice(["acct:shop", "acct:other", ""]),
                status=draw.choice(statuses),
                at=now - timedelta(seconds=draw.uniform(-60, 2 * 86_400)),
            )
        )
    for entry in draw.sample(entries, 40):  # decisions and expiry, after the fact
        ValueEntry.objects.filter(id=entry.id).update(status=draw.choice(statuses))
    for offset in [0, 1, 59, 60, 61, 3_599, 3_600, 7_777, 86_399]:
        at = now + timedelta(seconds=offset, microseconds=draw.randrange(1_000_000))
        assert _windows(key, at) == _by_hand(key, at), offset
        assert _windows(other_key, at, "acct:other") == _by_hand(other_key, at, "acct:other"), offset
    assert differences() == []


def test_a_value_without_a_rate_makes_the_window_unknown_until_it_leaves_or_is_converted() -> None:
    _, key, _ = _customer("unknown")
    now = timezone.now()
    _entry(key, 500, at=now - 3 * timedelta(hours=1))
    waiting = _entry(key, 700, currency="EUR", rate=None, at=now - 2 * timedelta(hours=1))
    windows = _windows(key, now)
    assert (windows["customer"], windows["key"], windows["beneficiary"]) == (None, None, None)
    # In the window's first minute (read from the entries), too.
    assert _windows(key, waiting.created_at + DAY - timedelta(seconds=1))["customer"] is None
    assert _windows(key, waiting.created_at + DAY + timedelta(microseconds=1))["customer"] == 0
    ValueEntry.objects.filter(id=waiting.id).update(reporting_cents=770)  # a rate arrives (core.rates)
    assert _windows(key, now)["customer"] == 1_270
    assert differences() == []


def test_a_voided_entry_leaves_its_buckets_and_a_deleted_one_too() -> None:
    _, key, _ = _customer("void")
    now = timezone.now()
    entry = _entry(key, 900, status=ValueEntry.Status.PENDING, at=now - timedelta(minutes=90))
    assert _windows(key, now)["customer"] == 900
    ValueEntry.objects.filter(id=entry.id).update(status=ValueEntry.Status.COMPLETED)
    assert _windows(key, now)["customer"] == 900
    ValueEntry.objects.filter(id=entry.id).update(status=ValueEntry.Status.VOID)
    assert _windows(key, now)["customer"] == 0
    assert differences() == []
    assert set(ValueTotal.objects.values_list("pending_cents", "completed_cents", "unknown")) == {(0, 0, 0)}
    kept = _entry(key, 40, at=now - timedelta(minutes=30))
    kept.status = ValueEntry.Status.PENDING
    kept.save()  # a save of a stored row moves it too
    assert _windows(key, now)["customer"] == 40
    ValueEntry.objects.filter(id=kept.id).delete()
    assert _windows(key, now)["customer"] == 0
    assert differences() == []


@pytest.fixture
def credit_agent(principals: Principals, credit_tool: None) -> Any:
    AgentKey.objects.filter(customer=principals.alice).update(allowed_tools=["issue_credit"])
    return agent_client(principals.alice_key)


def _credit(agent: Any, key: str, amount: int) -> dict[str, Any]:
    call = {
        "id": key,
        "name": "issue_credit",
        "arguments": {"amount_cents": amount, "note": "n", "idempotency_key": key},
    }
    response = agent.post("/api/v1/tool-calls", {**call, "session_id": "s1"}, format="json")
    return response.json()


def test_value_totals_check_finds_the_totals_equal_after_a_mixed_workload(
    principals: Principals, credit_agent: Any
) -> None:
    """Calls that run, holds approved, rejected, withdrawn and expired: the check agrees."""
    for n in range(5):
        assert _credit(credit_agent, f"small-{n}", 1_000 + n)["status"] == "completed"
    held = [_credit(credit_agent, f"big-{n}", 20_000 + n) for n in range(5)]
    assert {answer["status"] for answer in held} == {"pending_approval"}
    step_up = StepUpProof(user=principals.reviewer)
    approval_decide(
        approval_id=held[0]["approval_id"], reviewer=principals.reviewer, step_up=step_up, decision="approve"
    )
    approval_decide(
        approval_id=held[1]["approval_id"],
        reviewer=principals.reviewer,
        step_up=step_up,
        decision="reject",
        reason_code="policy",
    )
    approval_withdraw(approval_id=held[4]["approval_id"], agent_key=AgentKey.objects.get(customer=principals.alice))
    assert approvals_expire(now=timezone.now() + timedelta(days=1)) == 2
    statuses = sorted(ValueEntry.objects.filter(customer=principals.alice).values_list("status", flat=True))
    assert statuses == ["completed"] * 6 + ["void"] * 4
    out = StringIO()
    call_command("value_totals_check", stdout=out)
    assert "value_totals_ok" in out.getvalue()
    key = AgentKey.objects.get(customer=principals.alice)
    now = timezone.now()
    assert _windows(key, now, "") == {**_by_hand(key, now, ""), "beneficiary": 0}
    assert _windows(key, now, "")["customer"] == 5_010 + 20_000


def test_value_totals_check_reports_a_bucket_that_differs() -> None:
    _, key, _ = _customer("drift")
    entry = _entry(key, 300, at=timezone.now() - timedelta(hours=2))
    ValueTotal.objects.filter(scope=f"customer:{key.customer_id}", span=3600).update(completed_cents=301)
    out = StringIO()
    with pytest.raises(CommandError, match="value_totals_mismatch: 1 bucket") as raised:
        call_command("value_totals_check", stdout=out)
    assert raised.value.returncode == 1  # manage.py's exit status
    assert f"customer:{key.customer_id} 3600s" in out.getvalue()
    assert "completed_cents=300" in out.getvalue() and entry.reporting_cents == 300


def test_the_window_reads_the_totals_not_the_entries_of_its_whole_minutes() -> None:
    """An entry changed behind the totals' back (raw SQL) is seen only in the window's first, partial
    minute: everything after it is read from the buckets, not summed from the entries again."""
    _, key, _ = _customer("behind")
    now = datetime(2026, 12, 7, 12, 30, 17, 250_000, tzinfo=UTC)
    edge = _entry(key, 5, at=now - DAY + timedelta(seconds=10))  # the partial first minute
    middle = [_entry(key, 100, at=now - timedelta(hours=hours)) for hours in (1, 6, 12, 20)]
    assert _windows(key, now)["customer"] == 405
    table = connection.ops.quote_name(ValueEntry._meta.db_table)
    with connection.cursor() as cursor:
        # Not through the ORM: the totals do not move.
        for entry in middle:
            cursor.execute(f"UPDATE {table} SET reporting_cents = 1000000 WHERE id = %s", [entry.id])  # noqa: S608
        cursor.execute(f"UPDATE {table} SET reporting_cents = 7 WHERE id = %s", [edge.id])  # noqa: S608
    assert _windows(key, now)["customer"] == 407
    assert len(differences()) > 0


def _rows_read(plan: Any, table: str) -> int:
    """The rows every scan of `table` returned in an EXPLAIN ANALYZE plan (its loops counted)."""
    found = 0
    if plan.get("Relation Name") == table:
        found += plan.get("Actual Rows", 0) * plan.get("Actual Loops", 1)
    for child in plan.get("Plans", []):
        found += _rows_read(child, table)
    return found


def test_the_window_statement_reads_no_entry_beyond_its_first_minute_and_the_session() -> None:
    """On PostgreSQL: however much of a day the window holds, the statement reads from the entries'
    table only the window's first, partial minute and the session's own entries (EXPLAIN ANALYZE)."""
    requires_postgres()
    _, key, _ = _customer("busy")
    now = timezone.now()
    for minute in range(1, 24 * 60, 7):  # 206 entries over the day, in another session
        _entry(key, 10, session="earlier", at=now - timedelta(minutes=minute))
    edge = [_entry(key, 1, session="earlier", at=now - DAY + timedelta(seconds=s)) for s in (0, 1)]
    session = _entry(key, 3, at=now - timedelta(hours=2))
    with CaptureQueriesContext(connection) as captured:
        windows = _windows(key, now)
    assert windows["customer"] == 206 * 10 + len(edge) + 3
    [statement] = [q["sql"] for q in captured.captured_queries if ValueTotal._meta.db_table in q["sql"]]
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {statement}")
        plan = cursor.fetchone()[0][0]["Plan"]
    # At most the first minute's two entries, counted once for the customer and once for the
    # beneficiary, and the session's one: never the day's 206.
    assert _rows_read(plan, ValueEntry._meta.db_table) <= 2 * len(edge) + 1 == 5, session


def test_an_upstream_answer_settles_its_entry_and_moves_its_totals_in_the_outbox_block() -> None:
    """The outbox's path (entries_settled_sent, inside its pipelined block): pending to completed, then void."""
    _, key, _ = _customer("upstream")
    now = timezone.now()
    entry = _entry(key, 250, status=ValueEntry.Status.PENDING, at=now - timedelta(minutes=3))
    for status, counted in [(ValueEntry.Status.COMPLETED, 250), (ValueEntry.Status.VOID, 0)]:
        with transaction.atomic(), pipelined():
            entries_settled_sent(entry.tool_call_id, status)
        assert ValueEntry.objects.get(id=entry.id).status == status
        assert _windows(key, now)["customer"] == counted
        assert differences() == []


def test_pruning_deletes_only_the_buckets_no_window_reads_and_the_check_follows_it() -> None:
    _, key, _ = _customer("prune")
    now = timezone.now()
    old = _entry(key, 7, at=now - 3 * DAY)
    _entry(key, 11, at=now - DAY + timedelta(minutes=2))  # inside the window, near its start
    _entry(key, 13, at=now - timedelta(hours=2))
    before = _windows(key, now)
    assert before["customer"] == 24
    old_buckets = {
        (scope, span, bucket_of(old.created_at, span))
        for scope in (f"customer:{key.customer_id}",)
        for span in (60, 3600)
    }
    kept = set(ValueTotal.objects.values_list("scope", "span", "bucket"))
    assert old_buckets <= kept

    assert totals_prune(now=now) == 6  # the old entry's minute and hour, of its customer, key and beneficiary
    left = set(ValueTotal.objects.values_list("scope", "span", "bucket"))
    assert not old_buckets & left and len(left) == len(kept) - 6
    assert _windows(key, now) == before == _by_hand(key, now)
    # The check compares what a window can read; with --all it names the pruned buckets.
    out = StringIO()
    call_command("value_totals_check", stdout=out)
    assert "value_totals_ok" in out.getvalue()
    assert len(differences(totals_horizon(now))) == 0 and len(differences()) == 6
    with pytest.raises(CommandError, match="value_totals_mismatch: 6 bucket"):
        call_command("value_totals_check", "--all", stdout=StringIO())

    # A late move of the old entry brings its buckets back holding only that move: no window reads
    # them, the check does not count them, and the next round takes them away again.
    ValueEntry.objects.filter(id=old.id).update(status=ValueEntry.Status.VOID)
    assert len(ValueTotal.objects.values_list("id")) == len(left) + 6
    after = _windows(key, now)
    assert after == _by_hand(key, now) and after["customer"] == before["customer"]  # the session counts any age
    assert differences(totals_horizon(now)) == []
    assert totals_prune(now=now) == 6 and totals_prune(now=now) == 0


def test_the_worker_prunes_the_totals_every_hour() -> None:
    from django_q.models import Schedule

    schedule = Schedule.objects.get(name="core-value-totals-prune")
    assert (schedule.func, schedule.schedule_type, schedule.minutes) == ("core.windows.totals_prune", "I", 60)
    module, _, name = schedule.func.rpartition(".")
    assert getattr(importlib.import_module(module), name) is totals_prune
