"""Deciding a whole case: every pending request in it, one reviewer, one reason.

Each request is decided as approval_decide would, exactly as if the reviewer
had clicked on each one (same locks, same rules, same audit entries), except
that the second factor is asked once for the case's total; the case adds one
entry of its own naming every request and what became of it.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from django.contrib.auth.models import User

from approvals.models import ApprovalDecision, ApprovalRequest
from approvals.selectors import step_up_cents
from approvals.services import (
    DecisionRefused,
    _decide_after_step_up,
    decision_rights_check,
    reviewer_label,
    step_up_check,
)
from audit.services import AuditEvent, audit_append
from core.enums import AuditAction, AuditResult
from people.stepup import StepUpProof


@dataclass
class CaseOutcome:
    decided: list[ApprovalRequest] = field(default_factory=list)
    # (request id, stable code, message) for each request the case could not decide.
    refused: list[tuple[uuid.UUID, str, str]] = field(default_factory=list)


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

    Approve-all is refused up front when any request needs a second reviewer:
    one person must not clear a dual-control amount by approving a batch.
    """
    if decision not in ApprovalDecision.Decision.values:
        raise DecisionRefused("invalid_decision", "decision must be approve or reject", http_status=400)
    # The whole case is refused to a non-reviewer before any second factor is asked;
    # each request is judged again under its own lock.
    decision_rights_check(reviewer)
    if decision == ApprovalDecision.Decision.REJECT and not reason_code:
        raise DecisionRefused("reason_required", "a rejection needs a reason code", http_status=400)
    if decision == ApprovalDecision.Decision.APPROVE and any(a.required_approvals > 1 for a in approvals):
        raise DecisionRefused(
            "case_needs_two_reviewers",
            "this case holds a request that needs two reviewers; decide the requests one by one",
            http_status=400,
        )
    if decision == ApprovalDecision.Decision.APPROVE:
        # Six transfers under the step-up amount each are still one large
        # approval; one code covers the case, as a TOTP code is good only once.
        step_up_check(step_up, cents=step_up_cents(approvals))
    outcome = CaseOutcome()
    for approval in approvals:
        try:
            outcome.decided.append(
                _decide_after_step_up(
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
    audit_append(
        [
            AuditEvent(
                actor=reviewer_label(reviewer),
                actor_type="reviewer",
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
                },
            )
        ]
    )
    return outcome
