"""Compliance pages: search, entry detail, timelines, alerts. Read-only, no JavaScript needed."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from audit.models import Alert, AuditEntry
from audit.selectors import InvalidFilter, alert_page, audit_entry_neighbours, audit_page, audit_timeline
from audit.services import HASHED_FIELDS, entry_hash

COMPLIANCE_GROUP = "compliance"

# (query parameter, label, input type) in the order the form shows them.
SEARCH_FIELDS = [
    ("actor", "Actor", "text"),
    ("tool", "Tool", "text"),
    ("action", "Action", "text"),
    ("result", "Result", "select"),
    ("session", "Session", "text"),
    ("since", "From", "datetime-local"),
    ("until", "To", "datetime-local"),
    ("idempotency_key", "Idempotency key", "text"),
    ("approval", "Approval id", "text"),
]
# Searched by the form's hidden fields when a timeline or an alert links here.
EXTRA_FILTERS = ("customer", "tool_call")
KNOWN_ACTIONS = [
    "tool_call_received",
    "validation_failed",
    "injection_blocked",
    "arguments_sanitized",
    "idempotency_hit",
    "idempotency_mismatch",
    "idempotency_unavailable",
    "idempotency_in_progress",
    "transfer_initiated",
    "transfer_completed",
    "transfer_rejected",
    "approval_requested",
    "approval_granted",
    "approval_denied",
    "approval_expired",
    "authorization_denied",
    "session_quarantined",
    "quarantine_refused",
    "session_released",
    "tool_executed",
    "agent_key_issued",
]

View = Callable[..., HttpResponse]


def compliance_required(view: View) -> View:
    """Signed-in compliance staff only: others see the 403 page, anonymous users sign in first."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.groups.filter(name=COMPLIANCE_GROUP).exists():  # type: ignore[attr-defined]
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
    try:
        page = audit_page(params, limit=50)
    except InvalidFilter as exc:
        error = str(exc)
    context = {
        "fields": [(name, label, kind, filters.get(name, "")) for name, label, kind in SEARCH_FIELDS],
        "extra": [(name, filters[name]) for name in EXTRA_FILTERS if name in filters],
        "results": AuditEntry.Result.values,
        "actions": KNOWN_ACTIONS,
        "page": page,
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
    }
    return render(request, "audit/entry.html", context)


TIMELINE_TITLES = {"tool_call": "Tool call", "session": "Session", "approval": "Approval"}


def _timeline(request: HttpRequest, kind: str, value: str) -> HttpResponse:
    customer = request.GET.get("customer", "").strip(" ")
    try:
        page = audit_timeline(kind=kind, value=value, customer=customer, after=request.GET.get("after", ""))
    except InvalidFilter as exc:
        return render(request, "audit/timeline.html", {"error": str(exc), "title": TIMELINE_TITLES[kind]}, status=400)
    search_filter = {"tool_call": "tool_call", "session": "session", "approval": "approval"}[kind]
    more = {"after": page.next_cursor, **({"customer": customer} if customer else {})}
    context = {
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


@compliance_required
def alerts(request: HttpRequest) -> HttpResponse:
    rule = request.GET.get("rule", "").strip()
    try:
        before_id = int(request.GET.get("before", "0") or 0)
    except ValueError:
        before_id = 0
    page = alert_page(rule=rule if rule in Alert.Rule.values else "", before_id=before_id)
    context = {
        "page": page,
        "rule": rule,
        "rules": Alert.Rule.choices,
        "next_url": f"?{urlencode({**({'rule': rule} if rule else {}), 'before': page.next_cursor})}"
        if page.next_cursor
        else "",
    }
    return render(request, "audit/alerts.html", context)
