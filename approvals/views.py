"""Reviewer pages: the queue, one request's page, and the decisions taken there.

Server-rendered and usable without JavaScript; htmx only refreshes the queue's
rows. The views are thin: reads go through approvals.selectors, every change
through a service, so the pages and the API enforce the same rules.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from approvals import selectors
from approvals.forms import DecisionForm
from approvals.models import ApprovalDecision, ApprovalRequest
from approvals.services import REVIEWERS_GROUP, DecisionRefused, approval_decide
from approvals.templatetags.money import cents
from toolguard.models import AgentSession
from toolguard.services import session_release

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


def _queue_context(state: str) -> dict[str, Any]:
    rows = selectors.approval_queue(status=state)
    return {
        "state": state,
        "state_label": ApprovalRequest.Status(state).label.lower(),
        "states": ApprovalRequest.Status.choices,
        "rows": rows,
        "limit": selectors.QUEUE_LIMIT,
        "truncated": len(rows) >= selectors.QUEUE_LIMIT,
        "refreshed_at": timezone.now(),
    }


@require_GET
@reviewer_required
def queue(request: HttpRequest) -> HttpResponse:
    return render(request, "approvals/queue.html", _queue_context(_state(request)))


@require_GET
@reviewer_required
def queue_rows(request: HttpRequest) -> HttpResponse:
    """The queue's table body alone, for the page's periodic refresh."""
    return render(request, "approvals/_queue_rows.html", _queue_context(_state(request)))


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
    return render(
        request,
        "approvals/detail.html",
        {
            "review": review,
            "approval": review.approval,
            "form": form,
            "decided_by_me": decided_by_me,
            "can_decide": review.approval.status == ApprovalRequest.Status.PENDING and not decided_by_me,
        },
    )


@require_POST
@reviewer_required
def decide(request: HttpRequest, approval_id: uuid.UUID) -> HttpResponse:
    page = redirect("review:detail", approval_id=approval_id)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        problems = "; ".join(f"{field}: {' '.join(str(e) for e in errors)}" for field, errors in form.errors.items())
        messages.error(request, f"Not decided: the form was incomplete ({problems}). Reload the page and try again.")
        return page
    data = form.cleaned_data
    try:
        approval = approval_decide(
            approval_id=approval_id,
            reviewer=request.user,  # type: ignore[arg-type]  # reviewer_required: a signed-in person
            decision=data["decision"],
            reason_code=data["reason_code"],
            reason=data["reason"],
            version=data["version"],
        )
    except DecisionRefused as exc:
        if exc.code == "not_found":
            raise Http404("no such approval request") from exc
        if exc.code in ("reason_required", "stale_version"):
            _keep_draft(request, approval_id, data)
        messages.error(request, f"Not decided: {exc.message}.", extra_tags=f"refused {exc.code}")
        return page
    messages.success(request, _decided_message(approval, data["decision"]))
    return page


def _keep_draft(request: HttpRequest, approval_id: uuid.UUID, data: dict[str, Any]) -> None:
    drafts = request.session.get(DRAFTS_SESSION_KEY, {})
    drafts[str(approval_id)] = {"reason": data["reason"], "reason_code": data["reason_code"]}
    request.session[DRAFTS_SESSION_KEY] = drafts


def _decided_message(approval: ApprovalRequest, decision: str) -> str:
    title = approval.summary.get("title") or approval.tool
    what = f"{cents(approval.value_cents, approval.currency)} ({title})" if approval.value_cents is not None else title
    if decision == ApprovalDecision.Decision.REJECT:
        return f"Rejected: {what} will not run. The agent receives the rejection."
    if approval.status == ApprovalRequest.Status.COMPLETED:
        return f"Approved and executed: {what}."
    if approval.status == ApprovalRequest.Status.FAILED:
        error = (approval.outcome or {}).get("error") or {}
        return (
            f"Approved, but {what} was refused when it ran ({error.get('message', approval.failure_reason)}). "
            "Nothing was changed."
        )
    return "Your approval is recorded. This request needs a second reviewer's approval before it runs."


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
