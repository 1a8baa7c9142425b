"""Deciding a case: its pending requests, one reviewer, one reason.

Each request is decided as approval_decide would, exactly as if the reviewer
had clicked on each one (same locks, same rules, same audit entries), except
that the second factor is asked once for the case's total; the case adds one
entry of its own naming every request and what became of it.

Rejecting rejects every request. Approving approves those within the
reviewer's authority: a request needing two reviewers is left pending, never
given one reviewer's approval in a batch, so dual control is never cleared by
one person approving a case.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User

from approvals.models import ApprovalDecision, ApprovalRequest
from approvals.selectors import step_up_cents
from approvals.services import (
    DecisionRefused,
    approval_decide_after_step_up,
    decision_rights_check,
    reviewer_label,
    step_up_check,
)
from audit.receipts import entry_reference
from audit.services import AuditEvent, audit_append
from core.enums import ActorType, AuditAction, AuditResult
from people.stepup import StepUpProof


@dataclass
class CaseOutcome:
    # The case's requests as the decision was asked for them, oldest first.
    requests: list[ApprovalRequest] = field(default_factory=list)
    decided: list[ApprovalRequest] = field(default_factory=list)
    # (request id, stable code, message) for each request the case could not decide.
    refused: list[tuple[uuid.UUID, str, str]] = field(default_factory=list)
    # (request id, code, why) for each request an approve-all left untouched: it needs two reviewers.
    left_pending: list[tuple[uuid.UUID, str, str]] = field(default_factory=list)
    # The case's own entry (naming every request and what became of it): the reviewer's receipt.
    audit: dict[str, Any] | None = None

    @property
    def still_pending(self) -> list[uuid.UUID]:
        """The requests this decision left for another look: refused, or left for a second reviewer."""
        return [i for i, _, _ in [*self.refused, *self.left_pending]]


NEEDS_SECOND_REVIEWER = "needs_second_reviewer"


@dataclass(frozen=True)
class Authority:
    """Which of a case's requests one reviewer's approval would decide, and why not the others."""

    within: list[ApprovalRequest]
    # (request, code, why) for each request outside it.
    outside: list[tuple[ApprovalRequest, str, str]]


def case_authority(approvals: list[ApprovalRequest], reviewer: User) -> Authority:
    """Split a case by what this reviewer may approve alone, asking the services' own rule for each request.

    What the case page offers; the decision itself judges each request again under its lock.
    """
    within, outside = [], []
    for approval in approvals:
        try:
            decision_rights_check(reviewer, approval)
        except DecisionRefused as exc:
            outside.append((approval, exc.code, exc.message))
            continue
        if approval.required_approvals > 1:
            outside.append((approval, NEEDS_SECOND_REVIEWER, "needs a second reviewer"))
        else:
            within.append(approval)
    return Authority(within=within, outside=outside)


def approve_all_targets(approvals: list[ApprovalRequest]) -> list[ApprovalRequest]:
    """What an approve-all asks the services to approve: every request one approval completes.

    The others are never approved in a batch. The second factor is asked for
    the total of all of these, so a refusal that lapses under the lock (a duty
    window ending) never lets an amount through without it.
    """
    return [a for a in approvals if a.required_approvals == 1]


def case_decide_shown(
    *,
    shown: dict[str, int],
    reviewer: User,
    decision: str,
    step_up: StepUpProof,
    reason_code: str = "",
    reason: str = "",
) -> CaseOutcome:
    """case_decide for what a case page showed: `shown` maps each request's id to the version drawn.

    Each request is decided at the version the page showed, so one changed
    since (decided by someone else, a retry) is refused rather than overridden.
    Raises DecisionRefused(not_found) when none of them exists.
    """
    approvals = list(
        ApprovalRequest.objects.select_related("customer").filter(id__in=list(shown)).order_by("created_at", "id")
    )
    if not approvals:
        raise DecisionRefused("not_found", "no such approval request", http_status=404)
    for approval in approvals:
        approval.version = shown[str(approval.id)]
    return case_decide(
        approvals=approvals,
        reviewer=reviewer,
        decision=decision,
        step_up=step_up,
        reason_code=reason_code,
        reason=reason,
    )


def case_decide(
    *,
    approvals: list[ApprovalRequest],
    reviewer: User,
    decision: str,
    step_up: StepUpProof,
    reason_code: str = "",
    reason: str = "",
) -> CaseOutcome:
    """Decide each request of a case; refusals are collected, never half-hidden.

    Approving leaves every request that needs two reviewers pending and says
    so (`left_pending`): one person must not clear a dual-control amount by
    approving a batch. It is refused outright when every request needs two.
    """
    if decision not in ApprovalDecision.Decision.values:
        raise DecisionRefused("invalid_decision", "decision must be approve or reject", http_status=400)
    # The whole case is refused to a non-reviewer before any second factor is asked;
    # each request is judged again under its own lock.
    decision_rights_check(reviewer)
    if decision == ApprovalDecision.Decision.REJECT and not reason_code:
        raise DecisionRefused("reason_required", "a rejection needs a reason code", http_status=400)
    outcome = CaseOutcome(requests=approvals)
    chosen = approvals
    if decision == ApprovalDecision.Decision.APPROVE:
        chosen = approve_all_targets(approvals)
        if not chosen:
            raise DecisionRefused(
                "case_needs_two_reviewers",
                "every request in this case needs two reviewers; approve them one by one",
                http_status=400,
            )
        outcome.left_pending = [
            (a.id, NEEDS_SECOND_REVIEWER, "needs a second reviewer") for a in approvals if a not in chosen
        ]
        # Six transfers under the step-up amount each are still one large
        # approval; one code covers the case, as a TOTP code is good only once.
        step_up_check(step_up, cents=step_up_cents(chosen))
    for approval in chosen:
        try:
            outcome.decided.append(
                approval_decide_after_step_up(
                    approval_id=approval.id,
                    reviewer=reviewer,
                    decision=decision,
                    reason_code=reason_code,
                    reason=reason,
                    # The version the case page was drawn from: a request changed
                    # since (decided by someone else, a retry) is refused, not overridden.
                    version=approval.version,
                )
            )
        except DecisionRefused as exc:
            outcome.refused.append((approval.id, exc.code, exc.message))
    first = approvals[0]
    written = audit_append(
        [
            AuditEvent(
                actor=reviewer_label(reviewer),
                actor_type=ActorType.REVIEWER,
                customer=first.customer.external_id,
                action=AuditAction.CASE_DECIDED,
                result=AuditResult.SUCCESS if not outcome.refused else AuditResult.FAILURE,
                tool=first.tool,
                session_id=first.session_id,
                details={
                    "decision": decision,
                    "reason_code": reason_code,
                    "reason": reason,
                    "decided": [str(a.id) for a in outcome.decided],
                    "refused": {str(i): code for i, code, _ in outcome.refused},
                    "left_pending": {str(i): code for i, code, _ in outcome.left_pending},
                },
            )
        ]
    )
    outcome.audit = entry_reference(written[-1])
    return outcome
