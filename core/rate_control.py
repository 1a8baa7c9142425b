"""Rates under dual control: one person's rate never moves money alone.

A rate an operator loads (`manage.py load_rates`, the admin page) takes effect
at once only when it lies within TOOLGUARD_RATE_BAND_PERCENT of every rate its
currency had in the week before its day (the rate in force at the start of the
week included, so ten small steps cannot walk a rate away either). Any other
rate, and a currency's first rate, becomes a RateProposal: nothing values a
call with it (core.rates reads ExchangeRate only) until a second person, not
the one who loaded it, confirms it (`manage.py confirm_rate`, or the admin's
*Rate proposals* page). Every load, proposal, confirmation and refusal is
audited as exchange_rate_changed, with its outcome and, when refused, a code.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.enums import ActorType, AuditAction, AuditResult
from core.events import AuditEvent, audit_record
from core.models import ExchangeRate, RateProposal
from core.rates import RateRow, rates_audit, values_convert_waiting

# How far back a new rate is compared: a week of its currency's rates.
BAND_WINDOW_DAYS = 7


class RateControlError(ValueError):
    """A confirmation refused; `code` is stable, the message one line."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Submitted:
    in_force: list[RateRow] = field(default_factory=list)
    pending: list[RateProposal] = field(default_factory=list)
    created: int = 0
    updated: int = 0


def plain(rate: Decimal) -> str:
    """A rate as typed, without the column's trailing zeros: 1.08, 0.0000000001."""
    return format(rate.normalize(), "f")


def band_percent() -> int:
    return int(settings.TOOLGUARD_RATE_BAND_PERCENT)


def band_references(currency: str, as_of: date) -> list[Decimal]:
    """The confirmed rates a new rate for that day must stay near: the week before it, and the rate in force then.

    A day already holding a rate counts it (a replacement is compared with what it
    replaces). With nothing on or before the day, the earliest later rate is the
    reference; with no rate at all the list is empty: a currency's first rate.
    """
    rates = ExchangeRate.objects.filter(currency=currency)
    start = as_of - timedelta(days=BAND_WINDOW_DAYS)
    references = list(rates.filter(as_of__gte=start, as_of__lte=as_of).values_list("rate", flat=True))
    before = rates.filter(as_of__lt=start).order_by("-as_of").values_list("rate", flat=True).first()
    if before is not None:
        references.append(before)
    if not references:
        later = rates.filter(as_of__gt=as_of).order_by("as_of").values_list("rate", flat=True).first()
        if later is not None:
            references.append(later)
    return references


def within_band(rate: Decimal, references: Iterable[Decimal]) -> bool:
    """True when `rate` is within the band of every reference; False with no reference (a first rate)."""
    references = list(references)
    band = Decimal(band_percent()) / 100
    return bool(references) and all(abs(rate - reference) <= reference * band for reference in references)


def rates_submit(rows: Iterable[RateRow], *, actor: str, actor_type: ActorType) -> Submitted:
    """Store what is within the band, propose the rest for a second person; one transaction, audited."""
    done = Submitted()
    with transaction.atomic():
        for row in rows:
            # Serialise loads of one currency, so two loads cannot each pass the band against the other's absence.
            list(ExchangeRate.objects.select_for_update().filter(currency=row.currency).values_list("id", flat=True))
            references = band_references(row.currency, row.as_of)
            if within_band(row.rate, references):
                _, made = ExchangeRate.objects.update_or_create(
                    currency=row.currency, as_of=row.as_of, defaults={"rate": row.rate, "source": row.source}
                )
                done.created += made
                done.updated += not made
                done.in_force.append(row)
                _audit(row, actor, actor_type, outcome="in_force", references=references)
                continue
            superseded = RateProposal.objects.filter(
                currency=row.currency, as_of=row.as_of, status=RateProposal.Status.PENDING
            ).update(status=RateProposal.Status.SUPERSEDED, decided_by=actor, decided_at=timezone.now())
            proposal = RateProposal.objects.create(
                currency=row.currency,
                as_of=row.as_of,
                rate=row.rate,
                source=row.source,
                reference_rate=_nearest(row.rate, references),
                proposed_by=actor,
                proposed_by_type=actor_type,
            )
            done.pending.append(proposal)
            _audit(
                row,
                actor,
                actor_type,
                outcome="pending_confirmation",
                references=references,
                extra={"proposal": proposal.pk, "superseded": superseded},
            )
        if done.in_force:
            values_convert_waiting()
    return done


def rate_confirm(proposal_id: int, *, actor: str, actor_type: ActorType) -> RateProposal:
    """A second person puts a proposed rate in force; the proposer cannot. Refusals are audited and raised."""
    with transaction.atomic():
        proposal = RateProposal.objects.select_for_update().filter(pk=proposal_id).first()
        refusal = _confirm_refusal(proposal, actor)
        if refusal is not None:
            code, message = refusal
            _audit_refusal(proposal, proposal_id, actor, actor_type, code=code, message=message)
        else:
            assert proposal is not None
            ExchangeRate.objects.update_or_create(
                currency=proposal.currency,
                as_of=proposal.as_of,
                defaults={"rate": proposal.rate, "source": proposal.source},
            )
            proposal.status = RateProposal.Status.CONFIRMED
            proposal.decided_by = actor
            proposal.decided_at = timezone.now()
            proposal.save(update_fields=["status", "decided_by", "decided_at"])
            values_convert_waiting()
            row = RateRow(proposal.currency, proposal.as_of, proposal.rate, proposal.source)
            _audit(
                row,
                actor,
                actor_type,
                outcome="confirmed",
                references=[] if proposal.reference_rate is None else [proposal.reference_rate],
                extra={"proposal": proposal.pk, "proposed_by": proposal.proposed_by},
            )
            return proposal
    raise RateControlError(code, message)


def rate_withdraw(proposal_id: int, *, actor: str, actor_type: ActorType) -> RateProposal:
    """Anyone who may keep rates drops a pending proposal (its proposer included); audited."""
    with transaction.atomic():
        proposal = RateProposal.objects.select_for_update().filter(pk=proposal_id).first()
        if proposal is None or proposal.status != RateProposal.Status.PENDING:
            code, message = "rate_not_pending", f"rate proposal {proposal_id} is not pending"
            _audit_refusal(proposal, proposal_id, actor, actor_type, code=code, message=message)
        else:
            proposal.status = RateProposal.Status.WITHDRAWN
            proposal.decided_by = actor
            proposal.decided_at = timezone.now()
            proposal.save(update_fields=["status", "decided_by", "decided_at"])
            row = RateRow(proposal.currency, proposal.as_of, proposal.rate, proposal.source)
            _audit(row, actor, actor_type, outcome="withdrawn", references=[], extra={"proposal": proposal.pk})
            return proposal
    raise RateControlError(code, message)


def rate_refusal_audit(*, actor: str, actor_type: ActorType, code: str, message: str, **details: Any) -> None:
    """A load or a confirmation refused before any rate was read (a bad file, an unproven person): on record."""
    audit_record(
        [
            AuditEvent(
                actor=actor,
                actor_type=actor_type,
                action=AuditAction.EXCHANGE_RATE_CHANGED,
                result=AuditResult.FAILURE,
                details={"outcome": "refused", "code": code, "message": message[:500], **details},
            )
        ]
    )


def _confirm_refusal(proposal: RateProposal | None, actor: str) -> tuple[str, str] | None:
    if proposal is None:
        return "rate_proposal_unknown", "no such rate proposal"
    if proposal.status != RateProposal.Status.PENDING:
        return "rate_not_pending", f"rate proposal {proposal.pk} is {proposal.status}, not pending"
    if proposal.proposed_by == actor:
        return "rate_confirm_own", f"{actor} loaded this rate; a second person must confirm it"
    return None


def _nearest(rate: Decimal, references: list[Decimal]) -> Decimal | None:
    """The reference the rate is furthest from: what the reviewer should compare it with."""
    return max(references, key=lambda reference: abs(rate - reference), default=None)


def _audit(
    row: RateRow,
    actor: str,
    actor_type: ActorType,
    *,
    outcome: str,
    references: list[Decimal],
    extra: dict[str, Any] | None = None,
) -> None:
    rates_audit(
        [row],
        actor=actor,
        actor_type=actor_type,
        extra={
            "rate": plain(row.rate),
            "outcome": outcome,
            "band_percent": band_percent(),
            "references": [plain(reference) for reference in references],
            **(extra or {}),
        },
    )


def _audit_refusal(
    proposal: RateProposal | None, proposal_id: int, actor: str, actor_type: ActorType, *, code: str, message: str
) -> None:
    details: dict[str, Any] = {"proposal": proposal_id}
    if proposal is not None:
        details.update(
            currency=proposal.currency,
            as_of=proposal.as_of.isoformat(),
            rate=plain(proposal.rate),
            proposed_by=proposal.proposed_by,
        )
    rate_refusal_audit(actor=actor, actor_type=actor_type, code=code, message=message, **details)
