"""The value windows' running totals: a window is a sum over a bounded number of buckets, never over history.

core.models.ValueTotal keeps, per scope (a customer, an agent key, a
beneficiary) and per minute and per hour bucket, the pending and completed
value of the entries created in it, in the reporting currency, and how many
of those counted entries no rate converted. A window of W seconds ending at a
call's `now` starts at `since = now - W`, exactly, and is counted as:

- the entries created in [since, next whole minute): read from the entries'
  own covering indexes, at most one minute of one customer's (or one
  beneficiary's) calls: the partial oldest bucket completed from its rows;
- the minute buckets from there to the next whole hour: at most 59 rows;
- the hour buckets from there on: at most W / 3600 rows (24 for a day).

So the figure is the one the entries give, to the microsecond at its start.
No upper bound, as with the entries: an entry of a call made while this one
waited for the customer's lock counts too.

Who moves the totals: the transaction that writes the entry, in Python (no
triggers). The guarded call sends its entry's upsert with its other rows
(`send_entries_added`, in the same pipelined round trip); every other change
of an entry goes through the ORM (ValueEntry.save, and the QuerySet's
update, bulk_create and delete: core.models.ValueEntryQuerySet), which moves
the buckets of the rows it changed (`rows_moved`). Lock order (core/models.py):
the entries are locked first (by id), then their buckets in (scope, span,
bucket) order, by one upsert, and only then the audit chain's lock; every
path that moves an entry has locked its operation's rows (accounts) before.

`manage.py value_totals_check` recomputes the totals from the entries and
compares (`differences`).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from core.models import ValueEntry, ValueTotal
from core.pipelining import send_update

MINUTE = 60
HOUR = 3600
SPANS = (MINUTE, HOUR)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICRO = timedelta(microseconds=1)

# The entry columns a bucket's figures depend on: which buckets, and what counts in them.
ENTRY_FIELDS = ("id", "customer_id", "agent_key_id", "beneficiary", "created_at", "reporting_cents", "status")


def customer_scope(customer_id: int) -> str:
    return f"customer:{customer_id}"


def key_scope(agent_key_id: int) -> str:
    return f"key:{agent_key_id}"


def beneficiary_scope(beneficiary: str) -> str:
    return f"beneficiary:{beneficiary}"


@dataclass(frozen=True)
class WindowBounds:
    """How a window starting at `since` is read: entries in [since, edge_until), then minute buckets
    [minutes_from, hours_from), then hour buckets from `hours_from` (Unix seconds, whole minutes and hours)."""

    since: datetime
    edge_until: datetime
    minutes_from: int
    hours_from: int


def window_bounds(since: datetime) -> WindowBounds:
    micros = (since - _EPOCH) // _MICRO  # integers throughout: exact to the microsecond
    minutes_from = _ceil(micros, MINUTE * 1_000_000) // 1_000_000
    hours_from = _ceil(micros, HOUR * 1_000_000) // 1_000_000
    return WindowBounds(
        since=since,
        edge_until=_EPOCH + timedelta(seconds=minutes_from),
        minutes_from=minutes_from,
        hours_from=hours_from,
    )


def _ceil(value: int, step: int) -> int:
    return -(-value // step) * step


def bucket_of(at: datetime, span: int) -> int:
    """The start of the bucket of `span` seconds holding `at`, in Unix seconds."""
    return (at - _EPOCH) // timedelta(seconds=span) * span


@dataclass(frozen=True)
class Figures:
    """One bucket's counted value: pending and completed cents, and how many counted entries have no rate."""

    pending_cents: int = 0
    completed_cents: int = 0
    unknown: int = 0

    def plus(self, other: Figures, sign: int = 1) -> Figures:
        return Figures(
            self.pending_cents + sign * other.pending_cents,
            self.completed_cents + sign * other.completed_cents,
            self.unknown + sign * other.unknown,
        )

    @property
    def zero(self) -> bool:
        return not (self.pending_cents or self.completed_cents or self.unknown)


Bucket = tuple[str, int, int]  # scope, span, bucket


def entry_figures(reporting_cents: int | None, status: str) -> Figures:
    """What one entry adds to each of its buckets: nothing unless pending or completed."""
    cents = reporting_cents or 0
    if status == ValueEntry.Status.PENDING:
        return Figures(pending_cents=cents, unknown=int(reporting_cents is None))
    if status == ValueEntry.Status.COMPLETED:
        return Figures(completed_cents=cents, unknown=int(reporting_cents is None))
    return Figures()


def entry_buckets(customer_id: int, agent_key_id: int, beneficiary: str, created_at: datetime) -> list[Bucket]:
    """Every bucket one entry counts in: a minute and an hour of its customer, its key and its beneficiary."""
    scopes = [customer_scope(customer_id), key_scope(agent_key_id)]
    if beneficiary:
        scopes.append(beneficiary_scope(beneficiary))
    return [(scope, span, bucket_of(created_at, span)) for scope in scopes for span in SPANS]


def add_rows(totals: dict[Bucket, Figures], rows: Iterable[Mapping[str, Any]], sign: int = 1) -> None:
    """Add (or, with sign -1, take away) entry rows (ENTRY_FIELDS) to `totals`."""
    for row in rows:
        figures = entry_figures(row["reporting_cents"], row["status"])
        if figures.zero:
            continue
        for bucket in entry_buckets(row["customer_id"], row["agent_key_id"], row["beneficiary"], row["created_at"]):
            totals[bucket] = totals.get(bucket, Figures()).plus(figures, sign)


def rows_moved(before: Iterable[Mapping[str, Any]], after: Iterable[Mapping[str, Any]]) -> None:
    """Move the totals from entry rows as they were to the same rows as they are now (either may be empty)."""
    deltas: dict[Bucket, Figures] = {}
    add_rows(deltas, before, sign=-1)
    add_rows(deltas, after)
    send_deltas(deltas)


def rows_changed(before: list[dict[str, Any]], values: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """The rows as an UPDATE setting plain `values` leaves them, or None when that needs reading back
    (an expression, or a field named by its relation)."""
    if any(name not in ENTRY_FIELDS or hasattr(value, "resolve_expression") for name, value in values.items()):
        return None
    return [{**row, **values} for row in before]


def entries_settled_sent(tool_call_id: Any, status: str) -> None:
    """Set the status of a call's entry and move its totals, inside the caller's `pipelined()` block.

    The entry is locked and read (the block's one round trip for it); its
    UPDATE and the totals' upsert go out with what follows, reading nothing back.
    """
    locked = ValueEntry._base_manager.select_for_update(no_key=True, of=("self",)).filter(tool_call_id=tool_call_id)
    before = list(locked.values(*ENTRY_FIELDS))
    send_update(ValueEntry, where="tool_call", equals=tool_call_id, values={"status": status})
    rows_moved(before, [{**row, "status": status} for row in before])


def send_entries_added(entries: Iterable[Any]) -> None:
    """Add new ValueEntry instances to their buckets: one statement, safe inside a pipelined block."""
    rows = [{field: getattr(entry, field) for field in ENTRY_FIELDS} for entry in entries]
    rows_moved([], rows)


def send_deltas(deltas: Mapping[Bucket, Figures]) -> None:
    """One upsert adding each delta to its bucket, in (scope, span, bucket) order so that two
    transactions sharing buckets (one beneficiary) lock them in the same order. Reads nothing back."""
    moved = sorted((bucket, figures) for bucket, figures in deltas.items() if not figures.zero)
    if not moved:
        return
    params: list[Any] = []
    for (scope, span, bucket), figures in moved:
        params += [scope, span, bucket, figures.pending_cents, figures.completed_cents, figures.unknown]
    with connection.cursor() as cursor:
        cursor.execute(_upsert_sql(len(moved)), params)


@functools.cache
def _upsert_sql(rows: int) -> str:
    """INSERT ... ON CONFLICT DO UPDATE adding to the committed figures (PostgreSQL and SQLite alike)."""
    table = connection.ops.quote_name(ValueTotal._meta.db_table)
    values = ", ".join(["(%s, %s, %s, %s, %s, %s)"] * rows)
    # Only the table's own name is written in; every value is a parameter.
    return (
        f"INSERT INTO {table} (scope, span, bucket, pending_cents, completed_cents, unknown) "  # noqa: S608
        f"VALUES {values} ON CONFLICT (scope, span, bucket) DO UPDATE SET "
        f"pending_cents = {table}.pending_cents + excluded.pending_cents, "
        f"completed_cents = {table}.completed_cents + excluded.completed_cents, "
        f"unknown = {table}.unknown + excluded.unknown"
    )


# --- The check: totals recomputed from the entries ----------------------------------


@dataclass(frozen=True)
class Difference:
    bucket: Bucket
    expected: Figures  # from the entries
    recorded: Figures  # in ValueTotal

    def __str__(self) -> str:
        scope, span, start = self.bucket
        at = (_EPOCH + timedelta(seconds=start)).isoformat()
        return f"{scope} {span}s from {at}: entries give {self.expected}, totals hold {self.recorded}"


def _kept(bucket: Bucket, horizon: int | None) -> bool:
    return horizon is None or bucket[2] + bucket[1] > horizon


def expected_totals(horizon: int | None = None) -> dict[Bucket, Figures]:
    """The totals the entries make, added up here from the counted entries (of buckets ending after `horizon`)."""
    totals: dict[Bucket, Figures] = defaultdict(Figures)
    entries = ValueEntry.objects.filter(status__in=ValueEntry.COUNTED)
    if horizon is not None:  # an entry this old is in no bucket that ends after the horizon
        entries = entries.filter(created_at__gte=_EPOCH + timedelta(seconds=horizon - HOUR))
    add_rows(totals, entries.values(*ENTRY_FIELDS).iterator(chunk_size=2000))
    return {bucket: figures for bucket, figures in totals.items() if not figures.zero and _kept(bucket, horizon)}


def recorded_totals(horizon: int | None = None) -> dict[Bucket, Figures]:
    """The rows kept (of buckets ending after `horizon`); a row moved back to zero is the same as no row."""
    rows = ValueTotal.objects.all()
    if horizon is not None:
        rows = rows.filter(bucket__gt=horizon - HOUR)
    values = rows.values_list("scope", "span", "bucket", "pending_cents", "completed_cents", "unknown")
    recorded = {(scope, span, bucket): Figures(p, c, u) for scope, span, bucket, p, c, u in values.iterator(2000)}
    return {bucket: figures for bucket, figures in recorded.items() if not figures.zero and _kept(bucket, horizon)}


def differences(horizon: int | None = None) -> list[Difference]:
    """Every bucket whose totals are not what its entries add up to (empty: they agree).

    With a `horizon` (Unix seconds), only the buckets that end after it:
    `totals_prune` deletes the older ones, which no window reads.
    Both are read from one snapshot (REPEATABLE READ on PostgreSQL, when not
    inside a caller's transaction), so calls committing meanwhile cannot
    make them differ.
    """
    with transaction.atomic():
        if connection.vendor == "postgresql" and len(connection.atomic_blocks) == 1:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        expected = expected_totals(horizon)
        recorded = recorded_totals(horizon)
    return [
        Difference(bucket, expected.get(bucket, Figures()), recorded.get(bucket, Figures()))
        for bucket in sorted(set(expected) | set(recorded))
        if expected.get(bucket) != recorded.get(bucket)
    ]


# --- Pruning: the buckets no window reads any more ----------------------------------

# A window reads only buckets that start at or after its `since` (window_bounds). Kept an
# hour longer than the window, for a host whose clock runs behind the others'.
PRUNE_MARGIN_SECONDS = HOUR


def totals_horizon(now: datetime | None = None) -> int:
    """Unix seconds: no window reads a bucket that ends at or before this."""
    oldest = (now or timezone.now()) - timedelta(seconds=settings.TOOLGUARD_VALUE_WINDOW_SECONDS + PRUNE_MARGIN_SECONDS)
    return (oldest - _EPOCH) // timedelta(seconds=1)


def totals_prune(*, now: datetime | None = None, batch: int = 5_000) -> int:
    """django-q2 task, hourly: delete the buckets no window reads any more; how many went.

    In batches, each its own short transaction. On PostgreSQL a row another
    transaction holds (a late decision moving an old entry) is skipped, not
    waited for, so pruning never takes part in a lock cycle; it goes next
    time. A bucket a late decision moves after it went comes back holding
    only that move, and goes with the next round: no window reads it.
    """
    horizon = totals_horizon(now)
    old = Q(span=MINUTE, bucket__lte=horizon - MINUTE) | Q(span=HOUR, bucket__lte=horizon - HOUR)
    pruned = 0
    while True:
        with transaction.atomic():
            rows = ValueTotal.objects.filter(old).order_by("id")
            if connection.features.has_select_for_update_skip_locked:
                rows = rows.select_for_update(skip_locked=True)
            ids = list(rows.values_list("id", flat=True)[:batch])
            if ids:
                ValueTotal.objects.filter(id__in=ids).delete()
        pruned += len(ids)
        if len(ids) < batch:
            return pruned
