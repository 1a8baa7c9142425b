"""One value, one currency: amounts in any currency as the reporting currency counts them.

Limits are set in the reporting currency (TOOLGUARD_REPORTING_CURRENCY); a
call's value is converted with the newest rate on or before the call's day
(ExchangeRate) and that figure is what windows, session totals, dual control
and CEL's `value.amount` add. Without a rate no younger than
TOOLGUARD_RATE_MAX_AGE_DAYS the value is unknown, and a call with an unknown
value is held with the rule `no_rate` (core.policy), never waved through.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import ROUND_CEILING, Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.enums import ActorType, AuditAction, AuditResult
from core.events import AuditEvent, audit_record
from core.models import ExchangeRate, ValueEntry

CURRENCY_CODE = re.compile(r"[A-Z]{3}")


def reporting_currency() -> str:
    return str(settings.TOOLGUARD_REPORTING_CURRENCY)


def is_reporting(currency: str) -> bool:
    """A value without a currency is in the reporting currency: the limits' own unit."""
    return currency in ("", reporting_currency())


def rate_on(currency: str, when: datetime | date) -> Decimal | None:
    """Units of the reporting currency one unit of `currency` is worth on that day; None when unknown."""
    if is_reporting(currency):
        return Decimal(1)
    day = timezone.localdate(when) if isinstance(when, datetime) else when
    oldest = day - timedelta(days=settings.TOOLGUARD_RATE_MAX_AGE_DAYS)
    return (
        ExchangeRate.objects.filter(currency=currency, as_of__lte=day, as_of__gte=oldest)
        .order_by("-as_of")
        .values_list("rate", flat=True)
        .first()
    )


def converted(amount_cents: int, rate: Decimal) -> int:
    """The amount in reporting cents, rounded up: splitting a value never makes it smaller."""
    return int((Decimal(amount_cents) * rate).to_integral_value(rounding=ROUND_CEILING))


def in_reporting(amount_cents: int, currency: str, when: datetime | date) -> int | None:
    rate = rate_on(currency, when)
    return None if rate is None else converted(amount_cents, rate)


# --- Loading rates from a CSV ---------------------------------------------------


class RatesFileError(ValueError):
    """A rates file that cannot be loaded; names the line and a stable code. Nothing of the file is loaded."""

    def __init__(self, message: str, *, code: str = "rates_file_invalid", line: int = 1) -> None:
        super().__init__(message)
        self.code = code
        self.line = line


class RateValueError(ValueError):
    """One value of a rate (its number, its day) refused; `code` is stable, the message one line."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class RateRow:
    currency: str
    as_of: date
    rate: Decimal
    source: str


RATES_COLUMNS = ("currency", "as_of", "rate")
# ASCII digits only, at most ten either side of one point: no signs, exponents,
# underscores, spaces inside, or digits of other scripts (Decimal takes all of those).
RATE_TEXT = re.compile(r"[0-9]{1,10}(?:\.[0-9]{1,10})?")
DATE_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def rate_text_parse(text: str) -> Decimal:
    """A rate as an operator types it, strictly: `1.08`, never `1_000`, `٣`, `1e-3`, `0` or `-1`."""
    raw = text.strip()
    if not RATE_TEXT.fullmatch(raw):
        if re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", raw):
            raise RateValueError("rate_too_precise", f"rate {text!r} needs at most 10 digits either side of the point")
        if raw.startswith("-") or raw.lower().lstrip("+-") in ("nan", "inf", "infinity", "snan"):
            raise RateValueError("rate_not_positive", f"rate {text!r} must be a positive number")
        raise RateValueError(
            "rate_not_decimal", f"rate {text!r} is not a number of ASCII digits with at most one point"
        )
    rate = Decimal(raw)
    if rate <= 0:
        raise RateValueError("rate_not_positive", f"rate {text!r} must be a positive number")
    return rate


def rate_day_check(as_of: date) -> None:
    """A rate's first day: today, the past, or tomorrow (a rate published ahead); never further ahead."""
    latest = timezone.localdate() + timedelta(days=1)
    if as_of > latest:
        raise RateValueError("rate_date_future", f"as_of {as_of} is more than a day ahead (the latest is {latest})")


def rate_day_parse(text: str) -> date:
    raw = text.strip()
    try:
        if not DATE_TEXT.fullmatch(raw):
            raise ValueError(raw)
        as_of = date.fromisoformat(raw)
    except ValueError:
        raise RateValueError("rate_date_invalid", f"as_of {text!r} is not a date (YYYY-MM-DD)") from None
    rate_day_check(as_of)
    return as_of


def rates_parse(lines: Iterable[str]) -> list[RateRow]:
    """Rows of `currency,as_of,rate[,source]` (a header line naming them first), every line checked."""
    reader = csv.DictReader(lines)
    missing = [column for column in RATES_COLUMNS if column not in (reader.fieldnames or [])]
    if missing:
        named = f"the header must name {', '.join(RATES_COLUMNS)} (missing {', '.join(missing)})"
        raise RatesFileError(f"rates_header_missing: line 1: {named}", code="rates_header_missing")
    rows: list[RateRow] = []
    seen: set[tuple[str, date]] = set()
    for row in reader:
        line = reader.line_num

        def refuse(code: str, message: str, line: int = line) -> RatesFileError:
            return RatesFileError(f"{code}: line {line}: {message}", code=code, line=line)

        currency = (row.get("currency") or "").strip().upper()
        if not CURRENCY_CODE.fullmatch(currency):
            raise refuse("rate_currency_invalid", f"currency {row.get('currency')!r} is not a three-letter code")
        if currency == reporting_currency():
            raise refuse("rate_currency_reporting", f"{currency} is the reporting currency; its rate is always 1")
        try:
            as_of = rate_day_parse(row.get("as_of") or "")
            rate = rate_text_parse(row.get("rate") or "")
        except RateValueError as exc:
            raise refuse(exc.code, str(exc)) from None
        if (currency, as_of) in seen:
            raise refuse("rate_duplicate", f"{currency} on {as_of} is given twice")
        seen.add((currency, as_of))
        rows.append(RateRow(currency, as_of, rate, (row.get("source") or "").strip()[:128]))
    return rows


def rates_load(rows: Iterable[RateRow], *, actor: str, actor_type: ActorType) -> tuple[int, int]:
    """Store the rows, replacing a currency's rate for a day it already has, audited; (created, updated).

    No band, no second person: only for rates written in code (the demo's).
    What an operator loads goes through core.rate_control.rates_submit.
    """
    rows = list(rows)
    created = updated = 0
    with transaction.atomic():
        for row in rows:
            _, made = ExchangeRate.objects.update_or_create(
                currency=row.currency, as_of=row.as_of, defaults={"rate": row.rate, "source": row.source}
            )
            created += made
            updated += not made
        values_convert_waiting()
        rates_audit(rows, actor=actor, actor_type=actor_type)
    return created, updated


def values_convert_waiting() -> int:
    """Convert the counted values that had no rate when they were made and have one now.

    Until then a window holding one is unknown and holds calls with `no_rate`;
    a rate loaded late for their day lets the windows add them up again.
    """
    converted_now = 0
    # Waiting values are few (the partial index value_waiting_rate holds only them); a
    # rate is read once per currency and day, however many values of that day wait.
    rates: dict[tuple[str, date], Decimal | None] = {}
    waiting = ValueEntry.objects.filter(reporting_cents__isnull=True).exclude(currency="")
    for entry in waiting.only("id", "value_cents", "currency", "created_at"):
        day = (entry.currency, timezone.localdate(entry.created_at))
        if day not in rates:
            rates[day] = rate_on(*day)
        rate = rates[day]
        if rate is not None:
            reporting = converted(entry.value_cents, rate)
            ValueEntry.objects.filter(id=entry.id, reporting_cents__isnull=True).update(reporting_cents=reporting)
            converted_now += 1
    return converted_now


def rates_audit(
    rows: Iterable[RateRow],
    *,
    actor: str,
    actor_type: ActorType,
    deleted: bool = False,
    extra: Mapping[str, Any] | None = None,
) -> None:
    """An audit entry for each rate set or removed: rates move every limit, so who moved them is on record.

    `extra` adds to (or restates) each entry's details: what dual control decided about it."""
    audit_record(
        [
            AuditEvent(
                actor=actor,
                actor_type=actor_type,
                action=AuditAction.EXCHANGE_RATE_CHANGED,
                result=AuditResult.SUCCESS,
                details={
                    "currency": row.currency,
                    "as_of": row.as_of.isoformat(),
                    "rate": str(row.rate),
                    "source": row.source,
                    "reporting_currency": reporting_currency(),
                    "deleted": deleted,
                    **(extra or {}),
                },
            )
            for row in rows
        ]
    )
