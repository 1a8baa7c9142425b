"""Reads of approval state."""

from __future__ import annotations

from django.db.models import Count, Min
from django.utils import timezone

from approvals.models import ApprovalRequest


def approval_backlog_by_tool() -> list[tuple[str, int, float]]:
    """(tool, pending count, oldest pending age in seconds) for every tool with a backlog."""
    now = timezone.now()
    rows = (
        ApprovalRequest.objects.filter(status=ApprovalRequest.Status.PENDING)
        .values("tool")
        .annotate(count=Count("id"), oldest=Min("created_at"))
        .order_by("tool")
    )
    return [(row["tool"], row["count"], (now - row["oldest"]).total_seconds()) for row in rows]
