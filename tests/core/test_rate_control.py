"""Rates under dual control and read strictly (issue 36): one operator's rate never moves money alone.

The finding: `load_rates EUR,<today>,0.0000000001` was accepted and two
€1,000,000 refunds then completed with no hold; `1_000`, `٣` and 2999-12-31
were read as a rate and a day. Here a rate outside TOOLGUARD_RATE_BAND_PERCENT
waits for a second person, the loader cannot confirm it, and each refusal is a
one-line error with a stable code, audited. The same over HTTP against
gunicorn: tests/core/test_rate_control_live.py.
"""

from __future__ import annotations

import io
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.utils import timezone

from audit.models import AuditEntry
from core.enums import ActorType
from core.models import ExchangeRate, RateProposal
from core.rate_control import RateControlError, rate_confirm, rates_submit, within_band
from core.rates import RateRow, rate_on, rates_parse
from tests.conftest import fresh_factor_code

pytestmark = pytest.mark.django_db


def load(tmp_path: Path, body: str, *args: str) -> str:
    path = tmp_path / "rates.csv"
    path.write_text("currency,as_of,rate\n" + body)
    out = io.StringIO()
    call_command("load_rates", str(path), *args, stdout=out)
    return out.getvalue()


def in_force(currency: str, rate: str, days_ago: int = 1) -> None:
    ExchangeRate.objects.create(
        currency=currency, as_of=timezone.localdate() - timedelta(days=days_ago), rate=Decimal(rate)
    )


def person(name: str) -> User:
    return User.objects.create_superuser(name, f"{name}@bank.example", f"pw-{name}-long-enough")


def test_the_findings_tiny_rate_waits_and_the_loader_cannot_confirm_it(tmp_path: Path) -> None:
    in_force("EUR", "1.08")
    today = timezone.localdate().isoformat()
    out = load(tmp_path, f"EUR,{today},0.0000000001\n")
    assert "0 rate(s) added" in out and "rate_pending_confirmation" in out
    # Calls keep the rate in force: €1,000,000 is still $1,080,000.
    assert rate_on("EUR", timezone.localdate()) == Decimal("1.08")
    proposal = RateProposal.objects.get()
    assert (proposal.status, proposal.reference_rate, proposal.proposed_by) == (
        "pending",
        Decimal("1.08"),
        "operator:load_rates",
    )
    with pytest.raises(RateControlError) as own:
        rate_confirm(proposal.pk, actor="operator:load_rates", actor_type=ActorType.SYSTEM)
    assert own.value.code == "rate_confirm_own"
    assert rate_on("EUR", timezone.localdate()) == Decimal("1.08")
    rate_confirm(proposal.pk, actor="compliance:second", actor_type=ActorType.COMPLIANCE)
    assert rate_on("EUR", timezone.localdate()) == Decimal("0.0000000001")
    with pytest.raises(RateControlError) as again:
        rate_confirm(proposal.pk, actor="compliance:third", actor_type=ActorType.COMPLIANCE)
    assert again.value.code == "rate_not_pending"
    outcomes = list(
        AuditEntry.objects.filter(action="exchange_rate_changed")
        .order_by("id")
        .values_list("result", "details__outcome", "details__code")
    )
    assert outcomes == [
        ("success", "pending_confirmation", None),
        ("failure", "refused", "rate_confirm_own"),
        ("success", "confirmed", None),
        ("failure", "refused", "rate_not_pending"),
    ]


def test_within_the_band_a_rate_takes_effect_and_small_steps_cannot_walk_it_away(tmp_path: Path) -> None:
    in_force("EUR", "1.08", days_ago=3)
    today = timezone.localdate()
    assert "1 rate(s) added" in load(tmp_path, f"EUR,{(today - timedelta(days=2)).isoformat()},0.98\n")
    assert rate_on("EUR", today) == Decimal("0.98")
    # 0.89 is within 10 % of 0.98 but not of the week's 1.08: a second person decides.
    assert "rate_pending_confirmation" in load(tmp_path, f"EUR,{today.isoformat()},0.89\n")
    assert rate_on("EUR", today) == Decimal("0.98")
    # A second proposal for the same day supersedes the first.
    load(tmp_path, f"EUR,{today.isoformat()},0.5\n")
    assert list(RateProposal.objects.order_by("id").values_list("status", flat=True)) == ["superseded", "pending"]


def test_the_band_is_a_setting_and_a_first_rate_is_never_within_it(settings: Any) -> None:
    assert within_band(Decimal("1.188"), [Decimal("1.08")]) and not within_band(Decimal("1.19"), [Decimal("1.08")])
    assert not within_band(Decimal("1.08"), [])
    settings.TOOLGUARD_RATE_BAND_PERCENT = 0
    assert within_band(Decimal("1.08"), [Decimal("1.08")]) and not within_band(Decimal("1.0801"), [Decimal("1.08")])
    done = rates_submit(
        [RateRow("JPY", timezone.localdate(), Decimal("0.0067"), "")], actor="a", actor_type=ActorType.SYSTEM
    )
    assert len(done.pending) == 1 and not ExchangeRate.objects.exists()


@pytest.mark.parametrize(
    ("rate", "as_of", "code"),
    [
        ("1_000", 0, "rate_not_decimal"),
        ("\u0663", 0, "rate_not_decimal"),  # ARABIC-INDIC DIGIT THREE
        ("\uff11.08", 0, "rate_not_decimal"),  # FULLWIDTH DIGIT ONE
        ("1e-10", 0, "rate_not_decimal"),
        ("1E3", 0, "rate_not_decimal"),
        ("+1.08", 0, "rate_not_decimal"),
        ("1.08.1", 0, "rate_not_decimal"),
        (".5", 0, "rate_not_decimal"),
        ("0", 0, "rate_not_positive"),
        ("0.0000000000", 0, "rate_not_positive"),
        ("-1.08", 0, "rate_not_positive"),
        ("Infinity", 0, "rate_not_positive"),
        ("1.00000000001", 0, "rate_too_precise"),
        ("12345678901", 0, "rate_too_precise"),
        ("1.08", 2, "rate_date_future"),
        ("1.08", None, "rate_date_future"),  # 2999-12-31
        ("1.08", "\u0662\u0660\u0662\u0666-\u0661\u0662-\u0660\u0664", "rate_date_invalid"),
        ("1.08", "20261204", "rate_date_invalid"),
        ("1.08", "2026-W49-5", "rate_date_invalid"),
    ],
)
def test_a_refused_rate_is_one_line_with_a_code_audited(tmp_path: Path, rate: str, as_of: Any, code: str) -> None:
    if as_of is None:
        day = "2999-12-31"
    elif isinstance(as_of, int):
        day = (timezone.localdate() + timedelta(days=as_of)).isoformat()
    else:
        day = as_of
    path = tmp_path / "rates.csv"
    path.write_text(f"currency,as_of,rate\nGBP,{timezone.localdate().isoformat()},1.27\nEUR,{day},{rate}\n")
    with pytest.raises(CommandError) as refused:
        call_command("load_rates", str(path), stdout=io.StringIO())
    message = str(refused.value)
    assert message.startswith(f"{code}: ") and "line 3" in message and "nothing loaded" in message
    assert "\n" not in message
    assert not ExchangeRate.objects.exists() and not RateProposal.objects.exists()
    entry = AuditEntry.objects.get(action="exchange_rate_changed")
    assert (entry.result, entry.details["outcome"], entry.details["code"]) == ("failure", "refused", code)


def test_tomorrows_rate_and_plain_decimals_are_read() -> None:
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()
    rows = rates_parse(
        io.StringIO(f"currency,as_of,rate\nEUR,{tomorrow},1.08\nGBP,2026-01-02, 1 \nJPY,2026-01-02,0.0067\n")
    )
    assert [row.rate for row in rows] == [Decimal("1.08"), Decimal("1"), Decimal("0.0067")]


def test_the_confirming_person_proves_who_they_are_and_is_not_the_loader(tmp_path: Path) -> None:
    in_force("EUR", "1.08")
    ann, ben = person("ann"), person("ben")
    today = timezone.localdate().isoformat()
    out = load(tmp_path, f"EUR,{today},0.0000000001\n", "--by", "ann", "--code", fresh_factor_code(ann))
    proposal = RateProposal.objects.get()
    assert proposal.proposed_by == "compliance:ann" and str(proposal.pk) in out
    with pytest.raises(CommandError, match=r"^rate_confirm_own: "):
        call_command(
            "confirm_rate", str(proposal.pk), "--by", "ann", "--code", fresh_factor_code(ann), stdout=io.StringIO()
        )
    fresh_factor_code(ben)  # enrolled, but the code is wrong
    with pytest.raises(CommandError, match=r"^rate_person_code_wrong: "):
        call_command("confirm_rate", str(proposal.pk), "--by", "ben", "--code", "000000", stdout=io.StringIO())
    nobody = User.objects.create_user("clerk", password="pw-clerk-long-enough")
    with pytest.raises(CommandError, match=r"^rate_person_unknown: "):
        call_command("confirm_rate", str(proposal.pk), "--by", nobody.username, "--code", "1", stdout=io.StringIO())
    assert rate_on("EUR", timezone.localdate()) == Decimal("1.08")
    listed = io.StringIO()
    call_command("confirm_rate", "--list", stdout=listed)
    assert "0.0000000001" in listed.getvalue() and "compliance:ann" in listed.getvalue()
    done = io.StringIO()
    call_command("confirm_rate", str(proposal.pk), "--by", "ben", "--code", fresh_factor_code(ben), stdout=done)
    assert "confirmed, in force" in done.getvalue()
    assert rate_on("EUR", timezone.localdate()) == Decimal("0.0000000001")
    refusals = AuditEntry.objects.filter(action="exchange_rate_changed", result="failure")
    assert sorted(refusals.values_list("details__code", flat=True)) == [
        "rate_confirm_own",
        "rate_person_code_wrong",
        "rate_person_unknown",
    ]
