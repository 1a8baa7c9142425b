"""Audit search: filters and keyset pages over (timestamp, id), newest first."""

from __future__ import annotations

import base64
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q, QuerySet
from django.utils.dateparse import parse_date, parse_datetime
from django.utils import timezone

from audit.models import AuditEntry

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


class InvalidFilter(ValueError):
    pass


def _moment(raw: str, *, end_of_day: bool) -> datetime:
    value = parse_datetime(raw)
    if value is None:
        day = parse_date(raw)
        if day is None:
            raise InvalidFilter(f"not a date or ISO 8601 time: {raw[:40]!r}")
        value = datetime.combine(day, datetime.max.time() if end_of_day else datetime.min.time())
    if timezone.is_naive(value):
        value = timezone.make_aware(value, timezone.get_current_timezone())
    return value


def audit_filtered(params: Mapping[str, str]) -> QuerySet[AuditEntry]:
    """Entries matching the filters, newest first (no cursor applied)."""
    entries = AuditEntry.objects.all()
    for param, field in EXACT_FILTERS.items():
        value = params.get(param, "").strip()
        if value:
            entries = entries.filter(**{field: value})
    since, until = params.get("since", "").strip(), params.get("until", "").strip()
    if since:
        entries = entries.filter(timestamp__gte=_moment(since, end_of_day=False))
    if until:
        entries = entries.filter(timestamp__lte=_moment(until, end_of_day=True))
    return entries.order_by("-timestamp", "-id")


def encode_cursor(entry: AuditEntry) -> str:
    raw = f"{entry.timestamp.isoformat()}|{entry.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def _decode_cursor(cursor: str) -> tuple[datetime, int]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        ts, entry_id = raw.split("|")
        moment = parse_datetime(ts)
        if moment is None:
            raise ValueError
        return moment, int(entry_id)
    except (ValueError, UnicodeDecodeError):
        raise InvalidFilter("invalid cursor") from None


@dataclass(frozen=True)
class AuditPage:
    entries: list[AuditEntry]
    next_cursor: str | None


def audit_page(params: Mapping[str, str], *, limit: int = 50) -> AuditPage:
    """One keyset page: no OFFSET, no COUNT(*), however deep the page."""
    entries = audit_filtered(params)
    cursor = params.get("cursor", "").strip()
    if cursor:
        ts, entry_id = _decode_cursor(cursor)
        entries = entries.filter(Q(timestamp__lt=ts) | Q(timestamp=ts, id__lt=entry_id))
    rows = list(entries[: limit + 1])
    next_cursor = encode_cursor(rows[limit - 1]) if len(rows) > limit else None
    return AuditPage(entries=rows[:limit], next_cursor=next_cursor)


def audit_iter(params: Mapping[str, str], *, chunk: int = 2000) -> Iterator[AuditEntry]:
    """Every matching entry, newest first, a chunk at a time (for streaming exports)."""
    entries = audit_filtered(params)
    return entries.iterator(chunk_size=chunk)
