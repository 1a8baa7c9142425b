"""The value windows the policies read: each sum counts exactly its own entries.

value_windows is one written-out statement (toolguard/pipeline/policy.py);
these tests pin what every one of its sums includes and leaves out, on
whichever database the suite runs on.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from core.models import AgentKey, AgentSession, Customer, ToolCall, ValueEntry
from core.policy import Value
from core.rates import converted
from toolguard.pipeline.policy import value_windows

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)


def _customer(name: str) -> tuple[Customer, AgentKey, AgentKey]:
    customer = Customer.objects.create(external_id=name, name=name)
    first, _ = AgentKey.objects.issue(customer=customer, allowed_tools=["pay"])
    second, _ = AgentKey.objects.issue(customer=customer, allowed_tools=["pay"])
    return customer, first, second


def _entry(
    key: AgentKey,
    cents: int,
    *,
    session: str = "s1",
    beneficiary: str = "acct:shop",
    currency: str = "USD",
    rate: Decimal | None = Decimal(1),
    status: str = ValueEntry.Status.COMPLETED,
    at: datetime,
) -> ValueEntry:
    """An entry as the pipeline writes it: converted at `rate` into the reporting currency, or not at all (None)."""
    AgentSession.objects.get_or_create(customer_id=key.customer_id, session_id=session)
    call = ToolCall.objects.create(
        customer_id=key.customer_id,
        agent_key=key,
        session_id=session,
        tool="pay",
        provider="native",
        status="completed",
        http_status=200,
        response={},
    )
    return ValueEntry.objects.create(
        customer_id=key.customer_id,
        agent_key=key,
        session_id=session,
        tool="pay",
        tool_call=call,
        beneficiary=beneficiary,
        value_cents=cents,
        currency=currency,
        reporting_cents=None if rate is None else converted(cents, rate),
        status=status,
        created_at=at,
    )


def _windows(
    key: AgentKey, *, session: str = "s1", beneficiary: str = "acct:shop", **kw: object
) -> dict[str, int | None]:
    return value_windows(
        customer_id=key.customer_id,
        agent_key_id=key.id,
        session_id=session,
        value=Value(amount_cents=1, currency="USD", beneficiary=beneficiary),
        **kw,  # type: ignore[arg-type]
    )


def test_each_window_counts_its_own_entries_and_leaves_out_the_rest() -> None:
    now = timezone.now()
    _, key, other_key = _customer("alice")
    _, stranger, _ = _customer("bob")
    _entry(key, 100, at=now - HOUR)  # every window
    _entry(key, 20, session="s2", at=now - HOUR)  # not this session
    _entry(other_key, 3000, session="s3", beneficiary="acct:else", at=now - HOUR)  # customer only
    _entry(key, 400, status=ValueEntry.Status.PENDING, at=now - HOUR)  # pending counts
    _entry(key, 50_000, status=ValueEntry.Status.VOID, at=now - HOUR)  # void never counts
    _entry(key, 600_000, currency="EUR", rate=Decimal("1.1"), at=now - HOUR)  # another currency, converted
    _entry(key, 7_000_000, at=now - 30 * HOUR)  # older than the window: only the session's total
    _entry(stranger, 80_000_000, session="s1", at=now - HOUR)  # another customer: only the beneficiary's
    windows = _windows(key, now=now)
    assert windows == {
        "customer": 100 + 20 + 3000 + 400 + 660_000,
        "key": 100 + 20 + 400 + 660_000,
        "session": 100 + 400 + 660_000 + 7_000_000,
        "beneficiary": 100 + 20 + 400 + 660_000 + 80_000_000,
    }


def test_every_currency_adds_up_in_the_reporting_currency() -> None:
    """The finding: 8,000 in each of USD, EUR and GBP is 8,000 + 8,640 + 10,160 against one limit."""
    now = timezone.now()
    _, key, _ = _customer("erin")
    _entry(key, 800_000, at=now - HOUR)
    _entry(key, 800_000, currency="EUR", rate=Decimal("1.08"), at=now - HOUR)
    _entry(key, 800_000, currency="GBP", rate=Decimal("1.27"), at=now - HOUR)
    total = 800_000 + 864_000 + 1_016_000
    assert _windows(key, now=now) == {"customer": total, "key": total, "session": total, "beneficiary": total}


def test_a_value_no_rate_converted_makes_its_windows_unknown() -> None:
    now = timezone.now()
    _, key, other_key = _customer("frank")
    _, stranger, _ = _customer("gina")
    _entry(key, 100, at=now - HOUR)
    _entry(other_key, 5_000, currency="CHF", rate=None, session="s9", beneficiary="acct:else", at=now - HOUR)
    # The customer's window (and so the key's) holds it; the session and beneficiary windows do not.
    assert _windows(key, now=now) == {"customer": None, "key": None, "session": 100, "beneficiary": 100}
    # Another customer's unconverted value to the same beneficiary leaves that window unknown too.
    _entry(stranger, 7, currency="CHF", rate=None, at=now - HOUR)
    assert _windows(key, now=now)["beneficiary"] is None
    # Voided, it is no longer counted, and known or not no longer matters.
    ValueEntry.objects.filter(reporting_cents__isnull=True).update(status=ValueEntry.Status.VOID)
    assert _windows(key, now=now) == {"customer": 100, "key": 100, "session": 100, "beneficiary": 100}


def test_no_beneficiary_no_entries_and_zeroes() -> None:
    now = timezone.now()
    _, key, _ = _customer("carol")
    assert _windows(key, now=now, beneficiary="") == {"customer": 0, "key": 0, "session": 0, "beneficiary": 0}
    _entry(key, 5, beneficiary="", at=now - HOUR)
    assert _windows(key, now=now, beneficiary="") == {"customer": 5, "key": 5, "session": 5, "beneficiary": 0}


def test_replaying_reads_the_windows_as_the_call_saw_them() -> None:
    now = timezone.now()
    _, key, _ = _customer("dave")
    _entry(key, 100, at=now - 2 * HOUR)
    voided_since = _entry(key, 20, status=ValueEntry.Status.VOID, at=now - 2 * HOUR)
    recorded = _entry(key, 3000, at=now - HOUR)
    _entry(key, 400_000, at=now - HOUR / 2)  # made after the recorded call
    as_seen = _windows(key, now=recorded.created_at, replaying=recorded.tool_call_id)
    # Its own value left out, the later one not yet made, the voided one still pending then.
    expected = 100 + voided_since.value_cents
    assert as_seen == {"customer": expected, "key": expected, "session": expected, "beneficiary": expected}
    assert _windows(key, now=now, replaying=uuid.uuid4())["customer"] == 100 + 20 + 3000 + 400_000
