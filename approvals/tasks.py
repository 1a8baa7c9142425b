"""django-q2 tasks for approvals."""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db.models import Count, Min
from django.utils import timezone

from approvals.models import ApprovalRequest
from approvals.services import approvals_expire
from audit.alerts import alert_raise, approval_sla, backlog_threshold, backlog_window
from audit.models import Alert
from core.webhooks import webhook_post_json, webhook_url_valid
from people.roles import REVIEWERS_GROUP

logger = logging.getLogger(__name__)
Rule, Severity = Alert.Rule, Alert.Severity


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
        # As the limits count it; null when no rate converted it (held as no_rate).
        "reporting_amount": approval.reporting_cents,
        "reporting_currency": approval.reporting_currency,
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
    if webhook_url_valid(settings.TOOLGUARD_APPROVAL_WEBHOOK_URL):
        # The URL is operator configuration, never caller input.
        webhook_post_json(settings.TOOLGUARD_APPROVAL_WEBHOOK_URL, summary)


def alerts_check_backlog() -> list[int]:
    """Rule 4, scheduled every minute: backlog above TOOLGUARD_ALERT_BACKLOG, or oldest pending past the SLA."""
    now = timezone.now()
    # One aggregate over the (status, created_at) index: pending rows only.
    backlog = ApprovalRequest.objects.filter(status=ApprovalRequest.Status.PENDING).aggregate(
        pending=Count("id"), oldest=Min("created_at")
    )
    pending, oldest = int(backlog["pending"] or 0), backlog["oldest"]
    raised: list[Alert | None] = []
    threshold, sla = backlog_threshold(), approval_sla()
    if pending > threshold:
        raised.append(
            alert_raise(
                rule=Rule.APPROVAL_BACKLOG,
                severity=Severity.WARNING,
                subject="approvals:backlog",
                window=backlog_window(),
                details={"pending": pending, "threshold": threshold},
                now=now,
            )
        )
    if oldest is not None and now - oldest > sla:
        raised.append(
            alert_raise(
                rule=Rule.APPROVAL_SLA,
                severity=Severity.WARNING,
                subject="approvals:sla",
                window=backlog_window(),
                details={
                    "oldest_pending_seconds": int((now - oldest).total_seconds()),
                    "sla_seconds": int(sla.total_seconds()),
                    "pending": pending,
                },
                now=now,
            )
        )
    return [alert.id for alert in raised if alert is not None]
