"""The compliance page of policy replay, under /audit/: a draft catalog against recorded calls."""

from __future__ import annotations

import tempfile
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from staff.audit_views import compliance_required
from toolguard.pipeline.replay import ReplayInputError, ReplayReport, policy_replay, since_parse

MAX_DRAFT_BYTES = 256 * 1024


@compliance_required
def policy_replay_page(request: HttpRequest) -> HttpResponse:
    draft = request.POST.get("catalog", "") if request.method == "POST" else ""
    since = (request.POST.get("since") or request.GET.get("since") or "7d").strip()
    report: ReplayReport | None = None
    error = ""
    if request.method == "POST":
        if not draft.strip():
            error = "paste a draft catalog first"
        elif len(draft.encode()) > MAX_DRAFT_BYTES:
            error = "the draft catalog is larger than 256 KB"
        else:
            try:
                report = _replay(draft, since)
            except (ReplayInputError, ImproperlyConfigured) as exc:
                error = str(exc)
    return render(
        request,
        "audit/policy_replay.html",
        {
            "draft": draft,
            "since": since,
            "report": report,
            "error": error,
            # A Counter in a template: `apart.items` would look up the key "items" (0), never the method.
            "apart": sorted(report.apart.items()) if report is not None else [],
        },
        status=400 if error else 200,
    )


def _replay(draft: str, since: str) -> ReplayReport:
    # The loader reads files, as the command does; the draft lives only for this request.
    with tempfile.TemporaryDirectory(prefix="toolguard-replay-") as directory:
        path = Path(directory) / "draft.yaml"
        path.write_text(draft, encoding="utf-8")
        return policy_replay(catalogs=[path], since=since_parse(since), names=["draft"])
