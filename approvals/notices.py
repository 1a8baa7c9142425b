"""What a reviewer is told after deciding on the review pages: every message of a decision, composed here.

The views only pass these on (django.contrib.messages): the wording of an
outcome, a refusal or an incomplete form is in one place for the request
page and the case page alike. A refusal's tags carry its stable code
(`refused <code>`) so pages and tests read the code, never the prose.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.forms import Form

from approvals import selectors
from approvals.cases import CaseOutcome
from approvals.models import ApprovalDecision, ApprovalRequest
from approvals.services import DecisionRefused
from approvals.templatetags.money import cents


@dataclass(frozen=True)
class Notice:
    level: int
    text: str
    tags: str = ""


def form_incomplete(form: Form, *, case: bool) -> Notice:
    problems = "; ".join(f"{field}: {' '.join(str(e) for e in errors)}" for field, errors in form.errors.items())
    if case:
        return Notice(messages.ERROR, f"Not decided: {problems}.")
    return Notice(messages.ERROR, f"Not decided: the form was incomplete ({problems}). Reload the page and try again.")


def refused(exc: DecisionRefused) -> Notice:
    return Notice(messages.ERROR, f"Not decided: {exc.message}.", f"refused {exc.code}")


def decided(approval: ApprovalRequest, decision: str) -> Notice:
    """One request decided: a failure when it ran is drawn and announced as one, a send not answered yet as news."""
    text = _decided_text(approval, decision)
    if approval.status == ApprovalRequest.Status.FAILED:
        return Notice(messages.ERROR, text, "failed")
    if dispatching(approval):
        return Notice(messages.INFO, text)
    return Notice(messages.SUCCESS, text)


def dispatching(approval: ApprovalRequest) -> bool:
    """Approved and sent to another system whose answer is not in yet: neither a success nor a failure."""
    return approval.status == ApprovalRequest.Status.COMPLETED and (approval.outcome or {}).get("status") == (
        "dispatching"
    )


def _decided_text(approval: ApprovalRequest, decision: str) -> str:
    title = approval.summary.get("title") or approval.tool
    what = f"{cents(approval.value_cents, approval.currency)} ({title})" if approval.value_cents is not None else title
    if decision == ApprovalDecision.Decision.REJECT:
        return f"Rejected: {what} will not run. The agent receives the rejection."
    if dispatching(approval):
        return f"Approved: {what} was sent upstream; its answer is not in yet, and this page shows it once it is."
    if approval.status == ApprovalRequest.Status.COMPLETED:
        return f"Approved and executed: {what}."
    if approval.status == ApprovalRequest.Status.FAILED:
        error = (approval.outcome or {}).get("error") or {}
        return (
            f"Failed: approved, but {what} was refused when it ran ({error.get('message', approval.failure_reason)}). "
            "Nothing was changed."
        )
    return "Your approval is recorded. This request needs a second reviewer's approval before it runs."


def case_decided(outcome: CaseOutcome, decision: str) -> list[Notice]:
    """A case decided: what was decided and its total, what was not and why, and the case's receipt."""
    verb = "Rejected" if decision == ApprovalDecision.Decision.REJECT else "Approved"
    total = sum(selectors.request_value(a)[0] for a in outcome.decided)
    currency = selectors.request_value(outcome.requests[0])[1]
    n = len(outcome.decided)
    text = f"{verb} {n} request{'s' if n != 1 else ''} ({cents(total, currency)})."
    named = {str(a.id): _request_name(a) for a in outcome.requests}
    if outcome.refused:
        text += (
            " Not decided: "
            + "; ".join(f"{named[str(i)]} ({str(i)[:8]}…): {message}" for i, _, message in outcome.refused)
            + "."
        )
    if outcome.left_pending:
        n = len(outcome.left_pending)
        text += (
            f" Left pending: {n} need{'s' if n == 1 else ''} a second reviewer: "
            + "; ".join(named[str(i)] for i, _, _ in outcome.left_pending)
            + ". Give your approval on each request's own page; another reviewer gives the second."
        )
    failed = [a for a in outcome.decided if a.status == ApprovalRequest.Status.FAILED]
    if failed:
        text += (
            " Failed when run (nothing changed): "
            + "; ".join(
                f"{named[str(a.id)]}: {((a.outcome or {}).get('error') or {}).get('message', a.failure_reason)}"
                for a in failed
            )
            + "."
        )
    if outcome.refused or failed:
        told = [Notice(messages.ERROR, text, "failed" if failed else "")]
    else:
        told = [Notice(messages.SUCCESS, text)]
    if outcome.audit is not None:
        # The reviewer's receipt for the whole case: the entry that names every request and its fate.
        entry_id = outcome.audit["entry_id"]
        told.append(
            Notice(
                messages.INFO,
                f"Recorded as audit entry {entry_id} (leaf hash {outcome.audit['leaf_hash']}); its receipt is at "
                f"/api/v1/audit/{entry_id}/receipt once a checkpoint covers it.",
                "receipt",
            )
        )
    return told


NO_MORE_CASES = Notice(messages.INFO, "No more pending cases.")


def _request_name(approval: ApprovalRequest) -> str:
    """A request as a message names it: its value and route, or its tool's title."""
    what = (
        selectors.request_route(approval)
        or selectors.request_beneficiary(approval)
        or selectors.request_title(approval)
    )
    if approval.value_cents is None:
        return what
    return f"{cents(approval.value_cents, approval.currency)} {what}"
