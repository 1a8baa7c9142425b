"""Compliance and incident pages: search, entry detail, timelines; alerts, quarantines, agent keys.

The search pages are read-only and for compliance staff; the incident pages
(alerts, quarantines, keys) are for reviewers and compliance alike, and every
change on them goes through staff.incidents, which writes its audit entry.
No JavaScript needed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from approvals.models import ApprovalRequest
from approvals.reasons import ENTRY_REASON_HEADINGS, ReasonShown, entry_reasons
from audit.models import Alert, AuditEntry
from audit.receipts import ReceiptUnavailable, receipt_build, receipt_covered, receipt_download
from audit.selectors import InvalidFilter, audit_entry_neighbours, audit_page, audit_timeline
from audit.services import HASHED_FIELDS, entry_hash
from core.enums import AuditAction, AuditResult
from core.replica import REPLICA, read_source
from people.credentials import agent_secret_refusal
from people.roles import person_groups, signed_in_person
from people.stepup import step_up_proof
from staff import incidents
from staff import selectors as staff_selectors
from staff.views import staff_required

COMPLIANCE_GROUP = "compliance"

# (query parameter, label, input type) in the order the form shows them.
# Times are typed as ISO 8601 in UTC (a datetime-local input would show the
# browser's locale format and zone, which the page cannot promise is UTC).
SEARCH_FIELDS = [
    ("actor", "Actor", "text"),
    ("customer", "Customer", "text"),
    ("tool", "Tool", "text"),
    ("action", "Action", "text"),
    ("result", "Result", "select"),
    ("session", "Session", "text"),
    ("since", "From", "iso"),
    ("until", "To", "iso"),
    ("idempotency_key", "Idempotency key", "text"),
    ("approval", "Approval id", "text"),
]
FIELD_HINTS = {
    "actor": "A username (reviewer2) or a full label (agent:user-123:ab12cd)",
    "since": "UTC, e.g. 2026-12-03T09:00:00Z or 2026-12-03",
    "until": "UTC, inclusive; a date alone means the whole day",
}
# Searched by the form's hidden fields when a timeline links here.
EXTRA_FILTERS = ("tool_call",)
# The action field's suggestions: every action the log can hold, with its label.
KNOWN_ACTIONS = AuditAction.choices

View = Callable[..., HttpResponse]


def compliance_required(view: View) -> View:
    """Signed-in compliance staff only: others see the 403 page, anonymous users sign in first."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.groups.filter(name=COMPLIANCE_GROUP).exists():
            return render(request, "403.html", status=403)
        return view(request, *args, **kwargs)

    return wrapper


def _filters(request: HttpRequest) -> dict[str, str]:
    names = [name for name, _, _ in SEARCH_FIELDS] + list(EXTRA_FILTERS)
    # Spaces only (typing slips); a stored value ending in a newline is still found by its timeline's link.
    return {name: request.GET.get(name, "").strip(" ") for name in names if request.GET.get(name, "").strip(" ")}


@compliance_required
def search(request: HttpRequest) -> HttpResponse:
    filters = _filters(request)
    params = dict(filters)
    for name in ("cursor", "before"):
        if request.GET.get(name):
            params[name] = request.GET[name]
    error, page = "", None
    # Search reads the standby when there is one (core.replica): a slow query
    # there never holds up the primary's writers.
    source = read_source()
    try:
        page = audit_page(params, limit=50, using=source.alias)
    except InvalidFilter as exc:
        error = str(exc)
    context = {
        "fields": [
            (name, label, kind, filters.get(name, ""), FIELD_HINTS.get(name, "")) for name, label, kind in SEARCH_FIELDS
        ],
        "extra": [(name, filters[name]) for name in EXTRA_FILTERS if name in filters],
        "results": AuditResult.values,
        "actions": KNOWN_ACTIONS,
        "page": page,
        "source": source,
        "replica_configured": REPLICA in settings.DATABASES,
        "error": error,
        "filtered": bool(filters),
        "next_url": f"?{urlencode({**filters, 'cursor': page.next_cursor})}" if page and page.next_cursor else "",
        "newer_url": f"?{urlencode({**filters, 'before': page.previous_cursor})}"
        if page and page.previous_cursor
        else "",
        "export_csv": f"/api/v1/audit/export?{urlencode({'format': 'csv', **filters})}",
        "export_jsonl": f"/api/v1/audit/export?{urlencode({'format': 'jsonl', **filters})}",
    }
    return render(request, "audit/search.html", context, status=400 if error else 200)


@compliance_required
def entry_detail(request: HttpRequest, entry_id: int) -> HttpResponse:
    entry = AuditEntry.objects.filter(id=entry_id).first()
    if entry is None:
        raise Http404("no such audit entry")
    values = {name: getattr(entry, name) for name in HASHED_FIELDS}
    previous_id, next_id = audit_entry_neighbours(entry)
    previous_hash = (
        AuditEntry.objects.filter(id=previous_id).values_list("hash", flat=True).first() if previous_id else None
    )
    context = {
        "entry": entry,
        "details_json": json.dumps(entry.details, indent=2, sort_keys=True, ensure_ascii=False),
        # A quick look at this one link of the chain; verify_audit walks all of them.
        "hash_ok": entry_hash(values, entry.prev_hash) == entry.hash,
        "link_ok": previous_hash == entry.prev_hash if previous_id else None,
        "previous_id": previous_id,
        "next_id": next_id,
        "receipt_covered": receipt_covered(entry.id),
        "reasons": _entry_reasons(entry),
        "reasons_heading": ENTRY_REASON_HEADINGS.get(entry.action, ""),
        "reasons_refused": entry.result == AuditResult.BLOCKED or entry.action == AuditAction.VALIDATION_FAILED,
    }
    return render(request, "audit/entry.html", context)


def _entry_reasons(entry: AuditEntry) -> list[ReasonShown]:
    """Why the call was held or refused, as the entry records it; a held call's value comes from its request."""
    arguments = None
    if entry.approval_id and entry.action in ENTRY_REASON_HEADINGS:
        arguments = ApprovalRequest.objects.filter(id=entry.approval_id).values_list("arguments", flat=True).first()
    return entry_reasons(entry.action, entry.details or {}, arguments=arguments)


@compliance_required
def entry_receipt(request: HttpRequest, entry_id: int) -> HttpResponse:
    """The entry's receipt as a file (the same JSON as GET /api/v1/audit/<id>/receipt)."""
    entry = AuditEntry.objects.filter(id=entry_id).first()
    if entry is None:
        raise Http404("no such audit entry")
    try:
        body = receipt_build(entry)
    except ReceiptUnavailable as exc:
        return HttpResponse(exc.message, status=exc.http_status, content_type="text/plain; charset=utf-8")
    return receipt_download(body, entry_id=entry.id)


TIMELINE_TITLES = {"tool_call": "Tool call", "session": "Session", "approval": "Approval"}


def _timeline_reasons(kind: str, entries: list[AuditEntry]) -> dict[str, Any]:
    """One call's (or one request's) timeline starts with why it was held or refused, as its entry records it."""
    if kind not in ("tool_call", "approval"):
        return {}
    deciding = [e for e in entries if e.action in ENTRY_REASON_HEADINGS and e.action != AuditAction.INJECTION_SUSPECTED]
    for entry in deciding or [e for e in entries if e.action == AuditAction.INJECTION_SUSPECTED]:
        if reasons := _entry_reasons(entry):
            return {
                "reasons": reasons,
                "reasons_heading": ENTRY_REASON_HEADINGS[entry.action],
                "reasons_refused": entry.result == AuditResult.BLOCKED or entry.action == AuditAction.VALIDATION_FAILED,
            }
    return {}


def _timeline(request: HttpRequest, kind: str, value: str) -> HttpResponse:
    customer = request.GET.get("customer", "").strip(" ")
    try:
        page = audit_timeline(kind=kind, value=value, customer=customer, after=request.GET.get("after", ""))
    except InvalidFilter as exc:
        return render(request, "audit/timeline.html", {"error": str(exc), "title": TIMELINE_TITLES[kind]}, status=400)
    search_filter = {"tool_call": "tool_call", "session": "session", "approval": "approval"}[kind]
    more = {"after": page.next_cursor, **({"customer": customer} if customer else {})}
    context = {
        **_timeline_reasons(kind, page.entries),
        "title": TIMELINE_TITLES[kind],
        "kind": kind,
        "value": value,
        "customer": customer,
        "page": page,
        "next_url": f"?{urlencode(more)}" if page.next_cursor else "",
        "search_url": f"/audit/?{urlencode({search_filter: value, **({'customer': customer} if customer else {})})}",
        "export_csv": "/api/v1/audit/export?"
        + urlencode({"format": "csv", search_filter: value, **({"customer": customer} if customer else {})}),
    }
    return render(request, "audit/timeline.html", context)


@compliance_required
def tool_call_timeline(request: HttpRequest, tool_call_id: str) -> HttpResponse:
    return _timeline(request, "tool_call", tool_call_id)


@compliance_required
def session_timeline(request: HttpRequest, session_id: str) -> HttpResponse:
    return _timeline(request, "session", session_id)


@compliance_required
def approval_timeline(request: HttpRequest, approval_id: str) -> HttpResponse:
    return _timeline(request, "approval", approval_id)


@staff_required
def alerts(request: HttpRequest) -> HttpResponse:
    rule = request.GET.get("rule", "").strip()
    rule = rule if rule in Alert.Rule.values else ""
    status = request.GET.get("status", "").strip()
    status = status if status in staff_selectors.ALERT_STATUSES else ""
    try:
        before_id = int(request.GET.get("before", "0") or 0)
    except ValueError:
        before_id = 0
    page = staff_selectors.alert_page_by_status(rule=rule, status=status, before_id=before_id)
    triage = staff_selectors.alert_triage_map(page.alerts)
    filters = {**({"rule": rule} if rule else {}), **({"status": status} if status else {})}
    context = {
        "rows": [(alert, triage.get(alert.id)) for alert in page.alerts],
        "page": page,
        "rule": rule,
        "rules": Alert.Rule.choices,
        "status": status,
        "statuses": staff_selectors.ALERT_STATUSES.items(),
        "is_compliance": COMPLIANCE_GROUP in person_groups(request.user),
        "next_url": f"?{urlencode({**filters, 'before': page.next_cursor})}" if page.next_cursor else "",
    }
    return render(request, "audit/alerts.html", context)


def _back(request: HttpRequest, fallback: str) -> str:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return reverse(fallback)


@require_POST
@staff_required
def alert_triage(request: HttpRequest, alert_id: int) -> HttpResponse:
    try:
        triage = incidents.alert_triage(
            alert_id=alert_id,
            actor=signed_in_person(request),
            action=request.POST.get("action", ""),
            note=request.POST.get("note", ""),
            assignee_username=request.POST.get("assignee", ""),
        )
    except incidents.IncidentRefused as exc:
        if exc.code == "not_found":
            raise Http404(exc.message) from exc
        messages.error(request, f"Alert #{alert_id} unchanged: {exc.message}.", extra_tags=f"refused {exc.code}")
    else:
        who = f", assigned to {triage.assignee.get_username()}" if triage.assignee else ""
        messages.success(request, f"Alert #{alert_id} is now {triage.get_status_display().lower()}{who}.")
    return redirect(f"{_back(request, 'audit:alerts')}#alert-{alert_id}")


@staff_required
def quarantines(request: HttpRequest) -> HttpResponse:
    return render(request, "audit/quarantines.html", {"quarantines": staff_selectors.quarantines_open()})


@require_POST
@staff_required
def quarantine_release(request: HttpRequest, session_pk: int) -> HttpResponse:
    try:
        session = incidents.quarantined_session_release(session_pk=session_pk, actor=signed_in_person(request))
    except incidents.IncidentRefused as exc:
        if exc.code == "not_found":
            raise Http404(exc.message) from exc
        messages.error(request, f"Not released: {exc.message}.")
    else:
        messages.success(request, f"Session {session.session_id} released: the agent may call tools in it again.")
    return redirect(_back(request, "audit:quarantines"))


@require_POST
@staff_required
def quarantined_key_release(request: HttpRequest, key_pk: int) -> HttpResponse:
    try:
        key = incidents.quarantined_key_release(key_pk=key_pk, actor=signed_in_person(request))
    except incidents.IncidentRefused as exc:
        if exc.code == "not_found":
            raise Http404(exc.message) from exc
        messages.error(request, f"Not released: {exc.message}.")
    else:
        messages.success(request, f"Key {key.label} released: its sessions may call tools again.")
    return redirect(_back(request, "audit:quarantines"))


@staff_required
def agent_keys(request: HttpRequest) -> HttpResponse:
    customer = request.GET.get("customer", "").strip()
    context = {
        "groups": staff_selectors.agent_keys_by_customer(customer=customer),
        "customer": customer,
        "new_key": request.session.pop("audit_rotated_key", None),
        # The service refuses anyone else anyway; the button is hidden so no one is offered a refusal.
        "may_rotate": agent_secret_refusal(signed_in_person(request)) is None,
    }
    return render(request, "audit/keys.html", context)


@require_POST
@staff_required
def agent_key_revoke(request: HttpRequest, key_id: int) -> HttpResponse:
    try:
        key = incidents.agent_key_revoke(
            key_id=key_id, actor=signed_in_person(request), note=request.POST.get("note", "")
        )
    except incidents.IncidentRefused as exc:
        if exc.code == "not_found":
            raise Http404(exc.message) from exc
        messages.error(request, f"Not revoked: {exc.message}.")
    else:
        messages.success(request, f"Key {key.label} revoked: its next call is refused with 401.")
    return redirect(_back(request, "audit:keys"))


@require_POST
@staff_required
def agent_key_rotate(request: HttpRequest, key_id: int) -> HttpResponse:
    try:
        key, raw = incidents.agent_key_rotate(
            key_id=key_id,
            actor=signed_in_person(request),
            step_up=step_up_proof(request, token=request.POST.get("otp", "")),
        )
    except incidents.IncidentRefused as exc:
        if exc.code == "not_found":
            raise Http404(exc.message) from exc
        messages.error(request, f"Not rotated: {exc.message}.")
        return redirect(_back(request, "audit:keys"))
    # Shown once on the next page, never stored: only its hash is kept.
    request.session["audit_rotated_key"] = {"label": key.label, "secret": raw, "customer": key.customer.external_id}
    return redirect("audit:keys")
