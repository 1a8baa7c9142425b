"""django-q2 tasks for approvals."""

from __future__ import annotations

import json
import logging
import urllib.request

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail

from approvals.models import ApprovalRequest
from approvals.services import REVIEWERS_GROUP, approvals_expire

logger = logging.getLogger(__name__)


def expire_overdue_approvals() -> int:
    """Scheduled every minute: expire what nobody decided in time."""
    count = approvals_expire()
    if count:
        logger.info("expired %d approval requests", count)
    return count


def approval_notify(approval_id: str) -> None:
    """Tell the reviewers a request is waiting: email, and the webhook if set."""
    approval = ApprovalRequest.objects.select_related("customer").filter(id=approval_id).first()
    if approval is None or approval.status != ApprovalRequest.Status.PENDING:
        return
    what = approval.summary.get("title") or approval.tool
    summary = {
        "approval_id": str(approval.id),
        "tool": approval.tool,
        "customer": approval.customer.external_id,
        "summary": approval.summary,
        "amount": approval.value_cents,
        "currency": approval.currency,
        "rules": approval.rules,
        "expires_at": approval.expires_at.isoformat(),
        "review_path": f"/review/{approval.id}/",
    }
    emails = list(
        get_user_model()
        .objects.filter(groups__name=REVIEWERS_GROUP, is_active=True)
        .exclude(email="")
        .values_list("email", flat=True)
    )
    if emails:
        send_mail(
            subject=f"[toolguard] {what}: waits for review",
            message=f"Held by: {', '.join(approval.rules)}\nReview it at /review/{approval.id}/\n",
            from_email=None,
            recipient_list=emails,
        )
    if settings.TOOLGUARD_APPROVAL_WEBHOOK_URL.startswith(("http://", "https://")):
        request = urllib.request.Request(  # noqa: S310 - scheme checked above
            settings.TOOLGUARD_APPROVAL_WEBHOOK_URL,
            data=json.dumps(summary).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        # The URL is operator configuration, never caller input.
        with urllib.request.urlopen(request, timeout=5):  # noqa: S310
            pass
