"""Reviewer pages: the queue, one request's page, and the decisions taken there.

Server-rendered and usable without JavaScript; htmx only refreshes the queue's
rows. The views are thin: reads go through approvals.selectors, every change
through a service, so the pages and the API enforce the same rules.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from approvals import notices, selectors
from approvals.cases import case_authority, case_decide_shown
from approvals.forms import CaseDecisionForm, DecisionForm
from approvals.models import ApprovalDecision, ApprovalRequest
from approvals.reasons import dual_control_why, request_reasons
from approvals.services import DecisionRefused, StepUpNeeded, approval_decide
from audit.models import AuditEntry
from audit.receipts import ReceiptUnavailable, decision_reference, receipt_build, receipt_covered, receipt_download
from core.models import AgentSession
from people import stepup
from people.credentials import session_release
from people.oidc import provider_step_up_enabled, step_up_decision_hold
from people.roles import REVIEWERS_GROUP, signed_in_person

View = Callable[..., HttpResponseBase]

# A reason typed before a refused decision survives the redirect back to the page.
DRAFTS_SESSION_KEY = "review_drafts"


def reviewer_required(view: View) -> View:
    """Only signed-in members of the reviewers group; others see the 403 page.

    Agents have no session, so they are anonymous here and are sent to the
    sign-in page like anyone else without one.
    """

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        user = request.user
        if not user.is_authenticated:
            if request.headers.get("HX-Request"):
                # A poll from a page whose session ran out: send the whole
                # page to sign-in rather than swapping a login form into the table.
                current = urlsplit(request.headers.get("HX-Current-URL", ""))
                page = (
                    urlunsplit(("", "", current.path, current.query, "")) if current.path else reverse("review:queue")
                )
                response = HttpResponse(status=401)
                response["HX-Redirect"] = redirect_to_login(page).url
                return response
            return redirect_to_login(request.get_full_path())
        if not user.groups.filter(name=REVIEWERS_GROUP).exists():
            return render(request, "403.html", status=403)
        return view(request, *args, **kwargs)

    return wrapped


def _state(request: HttpRequest) -> str:
    state = request.GET.get("state", ApprovalRequest.Status.PENDING)
    return state if state in ApprovalRequest.Status.values else ApprovalRequest.Status.PENDING


def _queue_context(state: str, request: HttpRequest) -> dict[str, Any]:
    # Pending requests are worked as cases; decided ones are a plain history.
    text = request.GET.get("q", "").strip()[:200]
    sort = request.GET.get("sort", "oldest")
    sort = sort if sort in selectors.CASE_SORTS else "oldest"
    cases = []
    if state == ApprovalRequest.Status.PENDING:
        cases = selectors.cases_search(selectors.approval_cases(), text=text, sort=sort)
        rows = [row for case in cases for row in case.rows]
    else:
        rows = selectors.approval_queue(status=state)
    return {
        "q": text,
        "sort": sort,
        "sorts": selectors.CASE_SORTS.items(),
        "query": request.GET.urlencode(),
        "state": state,
        "state_label": ApprovalRequest.Status(state).label.lower(),
        "states": ApprovalRequest.Status.choices,
        "cases": cases,
        "case_max": settings.TOOLGUARD_CASE_MAX,
        "case_gap": selectors.span_label(selectors.case_gap()),
        "case_window": selectors.span_label(selectors.case_link_window()),
        "rows": rows,
        "limit": selectors.QUEUE_LIMIT,
        "truncated": len(rows) >= selectors.QUEUE_LIMIT,
        "refreshed_at": timezone.now(),
    }


@require_GET
@reviewer_required
def queue(request: HttpRequest) -> HttpResponse:
    return render(request, "approvals/queue.html", _queue_context(_state(request), request))


@require_GET
@reviewer_required
def queue_rows(request: HttpRequest) -> HttpResponse:
    """The queue's table body alone, for the page's periodic refresh."""
    return render(request, "approvals/_queue_rows.html", _queue_context(_state(request), request))


@require_GET
@reviewer_required
def detail(request: HttpRequest, approval_id: uuid.UUID) -> HttpResponse:
    review = selectors.approval_detail(approval_id)
    if review is None:
        raise Http404("no such approval request")
    drafts: dict[str, dict[str, str]] = request.session.get(DRAFTS_SESSION_KEY, {})
    draft = drafts.pop(str(approval_id), {})
    if draft:
        request.session[DRAFTS_SESSION_KEY] = drafts
    form = DecisionForm(
        initial={
            "version": review.approval.version,
            "reason": draft.get("reason", ""),
            "reason_code": draft.get("reason_code", ""),
        }
    )
    decided_by_me = any(d.reviewer_id == request.user.pk for d in review.decisions)
    # Each decision with the entry recording it, and whether a checkpoint covers it (then it has a receipt).
    decision_rows = []
    for d in review.decisions:
        reference = decision_reference(approval_id=str(approval_id), reviewer_label=d.reviewer_label)
        covered = reference is not None and receipt_covered(reference["entry_id"])
        decision_rows.append((d, reference, covered))
    approval = review.approval
    pending = approval.status == ApprovalRequest.Status.PENDING
    case = selectors.approval_case(approval.id) if pending else None
    pending_from_source = selectors.pending_value_from_source(approval) if pending else 0
    history = selectors.session_history(approval)
    return render(
        request,
        "approvals/detail.html",
        {
            "review": review,
            "decision_rows": decision_rows,
            "approval": approval,
            "form": form,
            "decided_by_me": decided_by_me,
            "can_decide": pending and not decided_by_me,
            "case": case,
            "beneficiary": selectors.request_beneficiary_facts(approval),
            "history": history,
            "reasons": request_reasons(approval),
            "dual_control_why": dual_control_why(approval) if pending else "",
            "pending_from_source": pending_from_source,
            "next_case": None if pending else selectors.next_case(),
            "asks_step_up": pending and selectors.step_up_asked([approval]),
            "step_up_limit": settings.TOOLGUARD_STEP_UP_CENTS,
        },
    )


@require_POST
@reviewer_required
def decide(request: HttpRequest, approval_id: uuid.UUID) -> HttpResponse:
    return _decide(request, approval_id, request.POST, carried=False)


def _decide(request: HttpRequest, approval_id: uuid.UUID, posted: Mapping[str, Any], *, carried: bool) -> HttpResponse:
    page = redirect("review:detail", approval_id=approval_id)
    form = DecisionForm(posted)
    if not form.is_valid():
        _tell(request, notices.form_incomplete(form, case=False))
        return page
    data = form.cleaned_data
    try:
        approval = approval_decide(
            approval_id=approval_id,
            reviewer=signed_in_person(request),
            decision=data["decision"],
            step_up=stepup.step_up_proof(request, token=data["otp_token"]),
            reason_code=data["reason_code"],
            reason=data["reason"],
            version=data["version"],
        )
    except StepUpNeeded as exc:
        if not carried:
            return _step_up_page(request, exc)
        _tell(request, notices.refused(exc))
        return page
    except DecisionRefused as exc:
        if exc.code == "not_found":
            raise Http404("no such approval request") from exc
        if exc.code in ("reason_required", "stale_version"):
            _keep_draft(request, approval_id, data)
        _tell(request, notices.refused(exc))
        return page
    _tell(request, notices.decided(approval, data["decision"]))
    return page


def _tell(request: HttpRequest, *told: notices.Notice) -> None:
    for notice in told:
        messages.add_message(request, notice.level, notice.text, extra_tags=notice.tags)


def _step_up_page(request: HttpRequest, refused: StepUpNeeded) -> HttpResponse:
    """The page asking for the second factor the decision services refused without, for the amount they named.

    It re-posts the same form with the code added, so nothing typed is lost.
    Confirming at the OpenID Connect provider instead: the same fields are held in
    the session (people.oidc.step_up_decision_hold) and the link to /oidc/step-up/
    carries only their key; the callback takes the decision once the provider has
    asserted the factor (carried_decision_run): no "decide again". A link, not a
    form, because `form-action 'self'` stops a form post redirected to the provider.
    """
    hidden = [(k, v) for k, v in request.POST.items() if k in CARRIED_FIELDS]
    held = ""
    if provider_step_up_enabled():
        decision = carried_decision(request.path, request.POST)
        held = step_up_decision_hold(request.session, decision) if decision is not None else ""
    if stepup.totp_confirmed(signed_in_person(request)) is None:
        return render(
            request,
            "approvals/step_up.html",
            {
                "enrol": True,
                "held": held,
                "cents": refused.cents,
                "limit": settings.TOOLGUARD_STEP_UP_CENTS,
                "back": request.path,
                "provider_back": _decision_page(request),
            },
            status=403,
        )
    error = ""
    if refused.code == "step_up_failed":
        error = "That code did not match. Wait for the next code and try again."
    return render(
        request,
        "approvals/step_up.html",
        {
            "hidden": hidden,
            "cents": refused.cents,
            "limit": settings.TOOLGUARD_STEP_UP_CENTS,
            "error": error,
            "action": request.path,
            "held": held,
            "provider_back": _decision_page(request),
        },
        status=401 if error else 200,
    )


# What a decision carries across a step-up at the provider: the fields its page posted, never a code.
CARRIED_FIELDS = ("decision", "reason", "reason_code", "version", "requests")


def carried_decision(path: str, posted: Mapping[str, str]) -> dict[str, Any] | None:
    """The pending decision a step-up page hands to the provider's step-up, for the session:
    the decision address it posted to and its fields. None when `path` is no decision address."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    if match.view_name not in _CARRIED or "approval_id" not in match.kwargs:
        return None
    return {"path": path, "fields": {k: str(posted[k]) for k in CARRIED_FIELDS if k in posted}}


@reviewer_required
def carried_decision_run(request: HttpRequest, carried: dict[str, Any]) -> HttpResponse:
    """Take the decision held across a step-up at the provider, once the callback has recorded
    the fresh factor in the session: the same form and services as the page's own post, so a
    request decided or changed meanwhile is refused with its code (stale_version, not_pending, ...)
    and the reviewer lands on the request's (or case's) page with the outcome."""
    match = resolve(str(carried["path"]))
    run = _CARRIED[match.view_name]
    return run(request, match.kwargs["approval_id"], dict(carried["fields"]), carried=True)


def _decision_page(request: HttpRequest) -> str:
    """The page whose form posted here (…/decision/ -> …/): where a step-up at the OpenID Connect provider returns."""
    return request.path.removesuffix("decision/")


def _keep_draft(request: HttpRequest, approval_id: uuid.UUID, data: dict[str, Any]) -> None:
    drafts = request.session.get(DRAFTS_SESSION_KEY, {})
    drafts[str(approval_id)] = {"reason": data["reason"], "reason_code": data["reason_code"]}
    request.session[DRAFTS_SESSION_KEY] = drafts


@require_POST
@reviewer_required
def release_session(request: HttpRequest, approval_id: uuid.UUID) -> HttpResponse:
    approval = ApprovalRequest.objects.select_related("customer").filter(id=approval_id).first()
    if approval is None:
        raise Http404("no such approval request")
    try:
        session_release(
            customer_external_id=approval.customer.external_id,
            session_id=approval.session_id,
            released_by=f"reviewer:{request.user.get_username()}",
        )
    except (AgentSession.DoesNotExist, ValueError) as exc:
        message = "this session was never quarantined" if isinstance(exc, AgentSession.DoesNotExist) else str(exc)
        messages.error(request, f"Session not released: {message}.")
    else:
        messages.success(request, f"Session {approval.session_id} released: the agent may call tools in it again.")
    return redirect("review:detail", approval_id=approval_id)


@require_GET
@reviewer_required
def case_detail(request: HttpRequest, approval_id: uuid.UUID) -> HttpResponse:
    """A case, named by any request in it; once none is pending, that request's own page."""
    case = selectors.approval_case(approval_id)
    if case is None:
        if not ApprovalRequest.objects.filter(id=approval_id).exists():
            raise Http404("no such approval request")
        return redirect("review:detail", approval_id=approval_id)
    mine = set(
        ApprovalDecision.objects.filter(approval_id__in=case.ids, reviewer_id=request.user.pk).values_list(
            "approval_id", flat=True
        )
    )
    form = CaseDecisionForm(initial={"requests": ",".join(f"{r.approval.id}:{r.approval.version}" for r in case.rows)})
    # Approve-all approves what this reviewer may decide alone; the page says which the rest are, and why.
    authority = case_authority([r.approval for r in case.rows], signed_in_person(request))
    rows = {r.approval.id: r for r in case.rows}
    sources = {selectors.request_source(r.approval): r.approval for r in case.rows}
    history = selectors.session_history(case.first)
    return render(
        request,
        "approvals/case.html",
        {
            "case": case,
            "case_max": settings.TOOLGUARD_CASE_MAX,
            "form": form,
            "decided_by_me": mine,
            "can_approve_all": bool(authority.within),
            "within_count": len(authority.within),
            "outside": [(rows[a.id], code, why) for a, code, why in authority.outside],
            "other_pending": [
                (source, selectors.pending_value_from_source(approval, excluding=case.ids), history.currency)
                for source, approval in sorted(sources.items())
            ],
            "beneficiaries": [selectors.request_beneficiary_facts(r.approval) for r in _one_per_beneficiary(case)],
            "history": history,
            "case_reasons": [(row, request_reasons(row.approval)) for row in case.rows],
        },
    )


def _one_per_beneficiary(case: selectors.Case) -> list[selectors.ReviewRow]:
    """One row per beneficiary named; a request without one (another tool) has no beneficiary facts."""
    seen: dict[str, selectors.ReviewRow] = {}
    for row in case.rows:
        if beneficiary := selectors.request_beneficiary(row.approval):
            seen.setdefault(beneficiary, row)
    return list(seen.values())


@require_POST
@reviewer_required
def case_decide_view(request: HttpRequest, approval_id: uuid.UUID) -> HttpResponse:
    return _case_decide(request, approval_id, request.POST, carried=False)


def _case_decide(
    request: HttpRequest, approval_id: uuid.UUID, posted: Mapping[str, Any], *, carried: bool
) -> HttpResponse:
    back = redirect("review:case", approval_id=approval_id)
    form = CaseDecisionForm(posted)
    if not form.is_valid():
        _tell(request, notices.form_incomplete(form, case=True))
        return back
    data = form.cleaned_data
    try:
        # What the page showed, at the versions it showed.
        outcome = case_decide_shown(
            shown=data["requests"],
            reviewer=signed_in_person(request),
            decision=data["decision"],
            step_up=stepup.step_up_proof(request, token=data["otp_token"]),
            reason_code=data["reason_code"],
            reason=data["reason"],
        )
    except StepUpNeeded as exc:
        if not carried:
            return _step_up_page(request, exc)
        _tell(request, notices.refused(exc))
        return back
    except DecisionRefused as exc:
        if exc.code == "not_found":
            raise Http404("no such approval request") from exc
        _tell(request, notices.refused(exc))
        return back
    _tell(request, *notices.case_decided(outcome, data["decision"]))
    if outcome.still_pending:
        # What is still pending here is the reviewer's next look, named by a request still in it.
        return redirect("review:case", approval_id=outcome.still_pending[0])
    following = selectors.next_case(after=[a.id for a in outcome.requests])
    if following is None:
        _tell(request, notices.NO_MORE_CASES)
        return redirect("review:queue")
    return redirect("review:case", approval_id=following.id)


@require_GET
@reviewer_required
def decision_receipt(request: HttpRequest, approval_id: uuid.UUID, entry_id: int) -> HttpResponse:
    """A decision's receipt as a file: only entries about this request, so the page leaks no other entry."""
    entry = AuditEntry.objects.filter(id=entry_id, approval_id=str(approval_id)).first()
    if entry is None:
        raise Http404("no such audit entry for this request")
    try:
        body = receipt_build(entry)
    except ReceiptUnavailable as exc:
        return HttpResponse(exc.message, status=exc.http_status, content_type="text/plain; charset=utf-8")
    return receipt_download(body, entry_id=entry.id)


_CARRIED: dict[str, Callable[..., HttpResponse]] = {"review:decide": _decide, "review:case_decide": _case_decide}
