"""The value windows from running totals: a sum over a bounded number of buckets, never over the history.

The triggers of core migration 0008 keep core.models.ValueTotal: per scope
(customer, agent key, beneficiary), per minute and per hour bucket, the
pending and completed value of the entries created in it, in the reporting
currency, and how many of them no rate converted. A window of W seconds
ending now starts at `since = now - W`, exactly, and is counted as:

- the entries created in [since, next whole minute): read from the entries'
  own indexes, at most one minute of one customer's (or beneficiary's) calls;
- the minute buckets from there to the next whole hour: at most 59 rows;
- the hour buckets from there on: at most W / 3600 rows (24 for a day).

No upper bound, as before: an entry of a call made while this one waited for
the customer's lock counts too. Sixty-second and one-hour buckets, because
the edge is read entry by entry (a minute bounds it to what one customer can
do in a minute) and the rest row by row (83 rows a scope for a day, where
minutes alone would be 1,440); each entry costs two rows a scope to keep.

What is here is also what `manage.py check_windows` compares: the totals
recomputed from the entries, in Python, against the rows the triggers kept.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import connection, transaction

from core.models import ValueEntry, ValueTotal

MINUTE = 60
HOUR = 3600
SPANS = (MINUTE, HOUR)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICRO = timedelta(microseconds=1)


def customer_scope(customer_id: int) -> str:
    return f"customer:{customer_id}"


def key_scope(agent_key_id: int) -> str:
    return f"key:{agent_key_id}"


def beneficiary_scope(beneficiary: str) -> str:
    return f"beneficiary:{beneficiary}"


@dataclass(frozen=True)
class WindowBounds:
    """How a window starting at `since` is read: entries before `minutes_from`, then minute buckets
    [minutes_from, hours_from), then hour buckets from `hours_from` (Unix seconds, whole minutes and hours)."""

    since: datetime
    edge_until: datetime  # minutes_from as a datetime: the entries' edge is [since, edge_until)
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
    """The start of the bucket of `span` seconds holding `at`, in Unix seconds (what the triggers compute)."""
    return (at - _EPOCH) // timedelta(seconds=span) * span


# --- The check: totals recomputed from the entries ----------------------------------


@dataclass(frozen=True)
class Figures:
    pending_cents: int = 0
    completed_cents: int = 0
    unknown: int = 0

    def plus(self, other: Figures) -> Figures:
        return Figures(
            self.pending_cents + other.pending_cents,
            self.completed_cents + other.completed_cents,
            self.unknown + other.unknown,
        )

    @property
    def zero(self) -> bool:
        return not (self.pending_cents or self.completed_cents or self.unknown)


Bucket = tuple[str, int, int]  # scope, span, bucket


@dataclass(frozen=True)
class Difference:
    bucket: Bucket
    expected: Figures  # from the entries
    recorded: Figures  # in ValueTotal

    def __str__(self) -> str:
        scope, span, start = self.bucket
        at = (_EPOCH + timedelta(seconds=start)).isoformat()
        return f"{scope} {span}s from {at}: entries give {self.expected}, totals hold {self.recorded}"


def entry_buckets(
    customer_id: int, agent_key_id: int, beneficiary: str, created_at: datetime
) -> Iterator[tuple[str, int, int]]:
    """Every bucket one entry counts in."""
    scopes = [customer_scope(customer_id), key_scope(agent_key_id)]
    if beneficiary:
        scopes.append(beneficiary_scope(beneficiary))
    for scope in scopes:
        for span in SPANS:
            yield scope, span, bucket_of(created_at, span)


def expected_totals() -> dict[Bucket, Figures]:
    """The totals the entries make, added up here rather than by the triggers being checked."""
    totals: dict[Bucket, Figures] = defaultdict(Figures)
    entries = ValueEntry.objects.filter(status__in=ValueEntry.COUNTED).values_list(
        "customer_id", "agent_key_id", "beneficiary", "created_at", "reporting_cents", "status"
    )
    for customer_id, agent_key_id, beneficiary, created_at, reporting_cents, status in entries.iterator(2000):
        cents = reporting_cents or 0
        figures = Figures(
            pending_cents=cents if status == ValueEntry.Status.PENDING else 0,
            completed_cents=cents if status == ValueEntry.Status.COMPLETED else 0,
            unknown=1 if reporting_cents is None else 0,
        )
        for bucket in entry_buckets(customer_id, agent_key_id, beneficiary, created_at):
            totals[bucket] = totals[bucket].plus(figures)
    return {bucket: figures for bucket, figures in totals.items() if not figures.zero}


def recorded_totals() -> dict[Bucket, Figures]:
    """The rows the triggers kept; a row moved back to zero is the same as no row."""
    rows = ValueTotal.objects.values_list("scope", "span", "bucket", "pending_cents", "completed_cents", "unknown")
    recorded = {(scope, span, bucket): Figures(p, c, u) for scope, span, bucket, p, c, u in rows.iterator(2000)}
    return {bucket: figures for bucket, figures in recorded.items() if not figures.zero}


def differences() -> list[Difference]:
    """Every bucket whose totals are not what its entries add up to (empty: they agree).

    Both are read from one snapshot (REPEATABLE READ on PostgreSQL, when not
    inside a caller's transaction), so calls committing meanwhile cannot
    make them differ.
    """
    with transaction.atomic():
        if connection.vendor == "postgresql" and len(connection.atomic_blocks) == 1:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        expected = expected_totals()
        recorded = recorded_totals()
    return [
        Difference(bucket, expected.get(bucket, Figures()), recorded.get(bucket, Figures()))
        for bucket in sorted(set(expected) | set(recorded))
        if expected.get(bucket) != recorded.get(bucket)
    ]
