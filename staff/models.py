"""What people work on across concerns: the triage of alerts."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AlertTriage(models.Model):
    """Where a person's work on one alert stands; every change is also an audit entry."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACKNOWLEDGED = "acknowledged", "Acknowledged"
        RESOLVED = "resolved", "Resolved"

    alert = models.OneToOneField("audit.Alert", on_delete=models.PROTECT, related_name="triage")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.TextField(blank=True)
    updated_by = models.CharField(max_length=150, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"alert {self.alert_id} {self.status}"
