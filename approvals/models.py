"""Approval requests: tool calls held for a human decision."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class ApprovalRequest(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        COMPLETED = "completed"
        REJECTED = "rejected"
        EXPIRED = "expired"
        FAILED = "failed"
        # The agent that asked took the request back before anyone decided it (approval_withdraw).
        WITHDRAWN = "withdrawn"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    customer = models.ForeignKey("core.Customer", on_delete=models.PROTECT, related_name="approvals")
    tool = models.CharField(max_length=64)
    tool_call = models.ForeignKey("core.ToolCall", on_delete=models.PROTECT, related_name="+")
    # The held operation, as its tool knows it (a transfer id, an order refund id...);
    # the core only hands it back to the tool's handler.
    held_ref = models.CharField(max_length=128, blank=True)
    # The tool's describe(): {"title": str, "fields": [{"label", "value"}]}, what the reviewer must see.
    summary = models.JSONField(default=dict)
    agent_key = models.ForeignKey("core.AgentKey", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    idempotency_record = models.ForeignKey(
        "core.IdempotencyRecord", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    session_id = models.CharField(max_length=128)
    requested_by = models.CharField(max_length=150)
    arguments = models.JSONField()
    # Canonical hash of the arguments the reviewer is asked about; execution
    # refuses if what it would run differs.
    arguments_hash = models.CharField(max_length=64)
    # The call's value when its tool declares one (send_customer_email has none).
    value_cents = models.BigIntegerField(null=True, blank=True)
    currency = models.CharField(max_length=3, blank=True)
    # The same value in the reporting currency, as the limits count it (core.rates);
    # None for a tool without a value, or when no rate converted it (held as no_rate).
    reporting_cents = models.BigIntegerField(null=True, blank=True)
    reporting_currency = models.CharField(max_length=3, blank=True)
    beneficiary = models.CharField(max_length=256, blank=True)
    rules = models.JSONField(default=list)
    # Why, as the deciding stage saw it (core/reasons.py): per rule the field it
    # read, the part of the value that decided, the figures it compared.
    reasons = models.JSONField(default=list)
    risk_flags = models.JSONField(default=list)
    sanitizer_modifications = models.JSONField(default=list)
    required_approvals = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    # Bumped on every change, so a form drawn before a change is refused.
    version = models.PositiveIntegerField(default=1)
    outcome = models.JSONField(null=True, blank=True)
    failure_reason = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # The reviewer queue: pending requests, oldest first; also the expiry sweep.
            models.Index(fields=["status", "created_at"], name="approval_status_age"),
            models.Index(fields=["status", "expires_at"], name="approval_status_expiry"),
            # Reviewers' cases: what one key or one beneficiary has waiting.
            models.Index(fields=["agent_key", "status"], name="approval_key_status"),
            models.Index(fields=["beneficiary", "status"], name="approval_beneficiary_status"),
        ]

    def __str__(self) -> str:
        return f"{self.tool} {self.held_ref} {self.status}"

    @property
    def converted(self) -> bool:
        """The call named a currency other than the reporting one and a rate converted it."""
        return self.reporting_cents is not None and self.currency not in ("", self.reporting_currency)

    @property
    def no_rate(self) -> bool:
        """The call has a value that no rate converted: its size against the limits is unknown."""
        return self.value_cents is not None and self.reporting_cents is None


class ApprovalDecision(models.Model):
    class Decision(models.TextChoices):
        APPROVE = "approve"
        REJECT = "reject"

    class ReasonCode(models.TextChoices):
        SUSPECTED_FRAUD = "suspected_fraud", "Suspected fraud"
        CUSTOMER_DID_NOT_REQUEST = "customer_did_not_request", "Customer did not request it"
        INSUFFICIENT_CONTEXT = "insufficient_context", "Insufficient context"
        POLICY = "policy", "Policy"
        OTHER = "other", "Other"

    approval = models.ForeignKey(ApprovalRequest, on_delete=models.PROTECT, related_name="decisions")
    reviewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reviewer_label = models.CharField(max_length=150)
    decision = models.CharField(max_length=8, choices=Decision.choices)
    reason_code = models.CharField(max_length=32, choices=ReasonCode.choices, blank=True)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # The same reviewer approving twice counts once.
            models.UniqueConstraint(fields=["approval", "reviewer"], name="approval_decision_once_per_reviewer"),
        ]

    def __str__(self) -> str:
        return f"{self.reviewer_label} {self.decision}"
