"""Audit search: filters and keyset pages over (timestamp, id), newest first."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import connections, transaction
from django.db.models import Field, Lookup, Q, QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from audit.models import Alert, AuditEntry
from core.enums import action_synonyms

# query parameter -> model field; every one of them has an index.
EXACT_FILTERS = {
    "actor": "actor",
    "tool": "tool",
    "action": "action",
    "result": "result",
    "session": "session_id",
    "idempotency_key": "idempotency_key",
    "approval": "approval_id",
    "tool_call": "tool_call_id",
    "customer": "customer",
}


# The label prefixes of people in the actor column.
PERSON_ACTOR_KINDS = ("reviewer", "compliance")
# The largest id a bigint column holds; a larger one in a cursor is refused, not sent to the database.
MAX_ENTRY_ID = 2**63 - 1


class InvalidFilter(ValueError):
    pass


def checked_text(name: str, value: str, *, limit: int = 512) -> str:
    """A value about to be compared with a text column: no NUL (PostgreSQL text cannot hold one), not huge."""
    if "\x00" in value:
        raise InvalidFilter(f"{name} may not contain NUL characters")
    if len(value) > limit:
        raise InvalidFilter(f"{name} may be at most {limit} characters")
    return value


def _param(params: Mapping[str, str], name: str) -> str:
    """One filter value, stripped; PostgreSQL text cannot hold NUL, so such a value is refused, not a 500."""
    # Spaces only: a stored value may end in a newline, and must still be findable.
    return checked_text(name, params.get(name, "").strip(" "))


def _moment(raw: str, *, end_of_day: bool) -> datetime:
    try:
        # A bare date means the whole day: `until=2026-01-31` includes the 31st.
        # (Checked first: fromisoformat would read it as that day's midnight.)
        day = parse_date(raw)
        value = parse_datetime(raw) if day is None else None
    except ValueError:
        raise InvalidFilter(f"not a date or ISO 8601 time: {raw[:40]!r}") from None
    if day is not None:
        value = datetime.combine(day, datetime.max.time() if end_of_day else datetime.min.time())
    if value is None:
        raise InvalidFilter(f"not a date or ISO 8601 time: {raw[:40]!r}")
    try:
        if timezone.is_naive(value):
            value = timezone.make_aware(value, timezone.get_current_timezone())
        # In UTC now, so a moment the database cannot hold (0001-01-01 at
        # +14:00 is in year 0) is refused here rather than failing in the query.
        return value.astimezone(UTC)
    except (OverflowError, ValueError):
        raise InvalidFilter(f"out of range: {raw[:40]!r}") from None


class LeadingEquals(Lookup):
    """`field = ANY(ARRAY[value])` on PostgreSQL: the same rows as `field = value`, planned differently.

    With `field = value` the planner treats the field as a constant and drops
    it from the page order, so a (timestamp, id) walk of the whole log looks
    as good as the field's own index; for a busy actor whose entries are not
    the newest (an automation agent retired last week) that walk reads
    hundreds of thousands of rows. As an array match the field stays in the
    page order `(field, timestamp desc, id desc)`, which only the field's own
    indexes give: the page reads the matching entries and no others.
    """

    lookup_name = "leading_equals"
    prepare_rhs = False

    def as_sql(self, compiler: Any, connection: Any) -> Any:
        lhs, lhs_params = self.process_lhs(compiler, connection)
        return f"{lhs} = %s", [*lhs_params, self.rhs]

    def as_postgresql(self, compiler: Any, connection: Any) -> Any:
        lhs, lhs_params = self.process_lhs(compiler, connection)
        return f"{lhs} = ANY(%s)", [*lhs_params, [self.rhs]]


# The filters whose own indexes lead with them, most selective first: the
# first one present leads the page order (see LeadingEquals).
LEADING_FIELDS = ("session_id", "actor", "customer")
for _name in (*LEADING_FIELDS, "tool"):
    field = AuditEntry._meta.get_field(_name)
    assert isinstance(field, Field)
    field.register_lookup(LeadingEquals)


def _leading_field(params: Mapping[str, str]) -> str | None:
    # A key, a tool call or an approval names a handful of entries: any order is cheap.
    if any(_param(params, name) for name in ("idempotency_key", "tool_call", "approval")):
        return None
    fields = {field for param, field in EXACT_FILTERS.items() if _param(params, param)}
    if ":" not in _param(params, "actor"):
        # A bare username matches several labels: it cannot lead a single-value page order.
        fields.discard("actor")
    if fields == {"tool"}:
        # Alone, a tool leads too: a rarely used tool's entries are not spread
        # evenly over time, and a walk of the whole log would find that out late.
        return "tool"
    return next((field for field in LEADING_FIELDS if field in fields), None)


def _person_actors(username: str) -> list[str]:
    return [username, *(f"{kind}:{username}" for kind in PERSON_ACTOR_KINDS)]


def audit_filtered(params: Mapping[str, str], *, using: str = "default", synonyms: bool = True) -> QuerySet[AuditEntry]:
    """Entries matching the filters, newest first (no cursor applied), read from the database `using` names.

    An action finds its synonyms too (core.enums.action_synonyms: an
    operation's transfer_* and operation_* names), unless `synonyms` is off.
    """
    entries = AuditEntry.objects.using(using).all()
    leading = _leading_field(params)
    for param, field in EXACT_FILTERS.items():
        value = _param(params, param)
        if param == "actor" and value and ":" not in value:
            # A bare username finds that person's entries (reviewer:NAME,
            # compliance:NAME) as well as an actor labelled exactly so.
            entries = entries.filter(actor__in=_person_actors(value))
        elif param == "action" and synonyms and len(action_synonyms(value)) > 1:
            entries = entries.filter(action__in=action_synonyms(value))
        elif value:
            lookup = f"{field}__leading_equals" if field == leading else field
            entries = entries.filter(**{lookup: value})
    since, until = _param(params, "since"), _param(params, "until")
    if since:
        entries = entries.filter(timestamp__gte=_moment(since, end_of_day=False))
    if until:
        entries = entries.filter(timestamp__lte=_moment(until, end_of_day=True))
    return entries.order_by(*_page_order(leading, newest_first=True))


def _page_order(leading: str | None, *, newest_first: bool) -> list[str]:
    order = ["-timestamp", "-id"] if newest_first else ["timestamp", "id"]
    return [leading, *order] if leading else order


def encode_cursor(entry: AuditEntry) -> str:
    raw = f"{entry.timestamp.isoformat()}|{entry.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _decode_cursor(cursor: str) -> tuple[datetime, int]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        ts, entry_id = raw.split("|")
        moment = parse_datetime(ts)
        if moment is None or not 0 < int(entry_id) <= MAX_ENTRY_ID:
            raise ValueError
        if timezone.is_naive(moment):
            raise ValueError
        return moment.astimezone(UTC), int(entry_id)
    except (ValueError, UnicodeDecodeError, OverflowError, binascii.Error):
        raise InvalidFilter("invalid cursor") from None


@dataclass(frozen=True)
class AuditPage:
    entries: list[AuditEntry]
    # Older entries follow (`cursor=`); newer entries precede (`before=`).
    next_cursor: str | None
    previous_cursor: str | None = None


def _older_than(entries: QuerySet[AuditEntry], ts: datetime, entry_id: int) -> QuerySet[AuditEntry]:
    # The plain `timestamp <= ts` is redundant with the OR, but it is the part
    # an index range scan can start from: without it, page 20 would read and
    # discard the 19 pages before it.
    return entries.filter(timestamp__lte=ts).filter(Q(timestamp__lt=ts) | Q(timestamp=ts, id__lt=entry_id))


def _newer_than(entries: QuerySet[AuditEntry], ts: datetime, entry_id: int) -> QuerySet[AuditEntry]:
    return entries.filter(timestamp__gte=ts).filter(Q(timestamp__gt=ts) | Q(timestamp=ts, id__gt=entry_id))


def audit_page_queryset(params: Mapping[str, str], *, limit: int = 50, using: str = "default") -> QuerySet[AuditEntry]:
    """The one query behind a page: limit + 1 rows, so a next page is known without counting.

    The action, if any, is matched by that name alone: audit_page asks once per synonym.
    """
    entries = audit_filtered(params, using=using, synonyms=False)
    before = _param(params, "before")
    if before:
        ascending = _page_order(_leading_field(params), newest_first=False)
        return _newer_than(entries, *_decode_cursor(before)).order_by(*ascending)[: limit + 1]
    cursor = _param(params, "cursor")
    if cursor:
        entries = _older_than(entries, *_decode_cursor(cursor))
    return entries[: limit + 1]


def _page_rows(params: Mapping[str, str], *, limit: int, using: str) -> list[AuditEntry]:
    """The limit + 1 rows of a page, in the order its query reads them."""
    names = action_synonyms(_param(params, "action"))
    if len(names) < 2:
        return list(audit_page_queryset(params, limit=limit, using=using))
    # One query per name, each walking its own index in page order, merged here:
    # `action IN (...)` would sort every matching entry before the first page.
    # One value per filter (a QueryDict unpacked with ** would give its lists).
    given = {param: str(params.get(param, "")) for param in params}
    rows = [row for name in names for row in audit_page_queryset({**given, "action": name}, limit=limit, using=using)]
    rows.sort(key=lambda entry: (entry.timestamp, entry.id), reverse=not _param(params, "before"))
    return rows[: limit + 1]


def audit_page(params: Mapping[str, str], *, limit: int = 50, using: str = "default") -> AuditPage:
    """One keyset page, newest first: no OFFSET, no COUNT(*), however deep the page."""
    rows = _page_rows(params, limit=limit, using=using)
    more = len(rows) > limit
    rows = rows[:limit]
    before = params.get("before", "").strip()
    if before:
        rows.reverse()
        return AuditPage(
            entries=rows,
            # The entry the cursor named is older than this page, so an older page exists.
            next_cursor=encode_cursor(rows[-1]) if rows else before,
            previous_cursor=encode_cursor(rows[0]) if rows and more else None,
        )
    return AuditPage(
        entries=rows,
        next_cursor=encode_cursor(rows[-1]) if more else None,
        previous_cursor=encode_cursor(rows[0]) if params.get("cursor", "").strip() and rows else None,
    )


def audit_iter(params: Mapping[str, str], *, chunk: int = 2000, using: str = "default") -> Iterator[AuditEntry]:
    """Every matching entry, newest first, a chunk at a time (for streaming exports).

    The filters are checked now, so a bad one is an error before anything is sent.
    """
    return _stream(audit_filtered(params, using=using), chunk, using)


def audit_ids(params: Mapping[str, str], *, chunk: int = 20000, using: str = "default") -> Iterator[int]:
    """The ids of every matching entry, in audit_iter's order (a proved export lists them in its header first)."""
    ids = audit_filtered(params, using=using).values_list("id", flat=True)
    return ids.iterator(chunk_size=chunk)


def _stream(entries: QuerySet[AuditEntry], chunk: int, using: str) -> Iterator[AuditEntry]:
    if connections[using].vendor == "postgresql":
        # A server-side cursor outside a transaction is declared WITH HOLD,
        # which makes PostgreSQL compute the whole result before the first
        # row; inside one, rows flow as the client reads them, from one
        # consistent snapshot. (SQLite reads lazily anyway, and a transaction
        # there would hold the write lock for the whole download.)
        with transaction.atomic(using=using):
            yield from entries.iterator(chunk_size=chunk)
    else:
        yield from entries.iterator(chunk_size=chunk)


# Timelines: everything one tool call, session or approval did, oldest first.
TIMELINES = {"tool_call": "tool_call_id", "session": "session_id", "approval": "approval_id"}


@dataclass(frozen=True)
class TimelinePage:
    entries: list[AuditEntry]
    next_cursor: str | None


def audit_timeline(*, kind: str, value: str, customer: str = "", after: str = "", limit: int = 500) -> TimelinePage:
    """A timeline oldest first, a keyset page at a time (served by the same indexes as search)."""
    entries = AuditEntry.objects.filter(**{TIMELINES[kind]: checked_text(kind, value)})
    if checked_text("customer", customer):
        entries = entries.filter(customer=customer)
    if after:
        entries = _newer_than(entries, *_decode_cursor(after))
    rows = list(entries.order_by("timestamp", "id")[: limit + 1])
    return TimelinePage(entries=rows[:limit], next_cursor=encode_cursor(rows[limit - 1]) if len(rows) > limit else None)


def audit_entry_neighbours(entry: AuditEntry) -> tuple[int | None, int | None]:
    """The ids of the entries just before and after this one in the chain."""
    previous = AuditEntry.objects.filter(id__lt=entry.id).order_by("-id").values_list("id", flat=True).first()
    following = AuditEntry.objects.filter(id__gt=entry.id).order_by("id").values_list("id", flat=True).first()
    return previous, following


def alerts_filtered(params: Mapping[str, str], *, limit: int = 200) -> list[Alert]:
    """The newest alerts, optionally of one session and one rule (the compliance API)."""
    alerts = Alert.objects.order_by("-created_at", "-id")
    if session := _param(params, "session"):
        alerts = alerts.filter(session_id=session)
    if rule := _param(params, "rule"):
        alerts = alerts.filter(rule=rule)
    return list(alerts[:limit])


@dataclass(frozen=True)
class AlertPage:
    alerts: list[Alert]
    next_cursor: int | None


def alert_page(*, rule: str = "", before_id: int = 0, limit: int = 50) -> AlertPage:
    """Alerts newest first, keyset on id (alerts are created in time order)."""
    alerts = Alert.objects.select_related("entry").order_by("-id")
    if rule:
        alerts = alerts.filter(rule=rule)
    if 0 < before_id <= MAX_ENTRY_ID:
        alerts = alerts.filter(id__lt=before_id)
    rows = list(alerts[: limit + 1])
    return AlertPage(alerts=rows[:limit], next_cursor=rows[limit - 1].id if len(rows) > limit else None)
