"""The demo bank: the reference tool family every guard is measured against."""

from __future__ import annotations

import uuid

from django.db import models
from django.db.models import Q


class Account(models.Model):
    number = models.CharField(max_length=64, unique=True)
    customer = models.ForeignKey("core.Customer", on_delete=models.PROTECT, related_name="accounts")
    currency = models.CharField(max_length=3)
    balance_cents = models.BigIntegerField(default=0)
    is_active = models.BooleanField(default=True)

    class Meta:
        db_table = "toolguard_account"  # the table predates the banking app; its rows stay where they are
        constraints = [
            # The last line of defence against an overdraft, whatever the code does.
            models.CheckConstraint(condition=Q(balance_cents__gte=0), name="account_balance_non_negative"),
        ]

    def __str__(self) -> str:
        return self.number


class Payee(models.Model):
    customer = models.ForeignKey("core.Customer", on_delete=models.CASCADE, related_name="payees")
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="+")
    label = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "toolguard_payee"
        constraints = [models.UniqueConstraint(fields=["customer", "account"], name="payee_unique_per_customer")]

    def __str__(self) -> str:
        return f"{self.customer} -> {self.account}"


class Transfer(models.Model):
    class Status(models.TextChoices):
        PENDING_APPROVAL = "pending_approval"
        COMPLETED = "completed"
        REJECTED = "rejected"
        EXPIRED = "expired"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    customer = models.ForeignKey("core.Customer", on_delete=models.PROTECT, related_name="transfers")
    session_id = models.CharField(max_length=128)
    from_account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="outgoing")
    to_account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="incoming")
    amount_cents = models.BigIntegerField()
    currency = models.CharField(max_length=3)
    memo = models.CharField(max_length=256, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices)
    failure_reason = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "toolguard_transfer"
        indexes = [
            # Session total for the per-session approval limit.
            models.Index(fields=["customer", "session_id", "status"], name="transfer_session_status"),
            # list_transactions: newest transfers touching one account.
            models.Index(fields=["from_account", "-created_at"], name="transfer_from_recent"),
            models.Index(fields=["to_account", "-created_at"], name="transfer_to_recent"),
        ]

    def __str__(self) -> str:
        return f"{self.amount_cents} {self.currency} {self.status}"

    def as_result(self) -> dict[str, object]:
        return {
            "transfer_id": str(self.id),
            "status": self.status,
            "from_account": self.from_account.number,
            "to_account": self.to_account.number,
            "amount": self.amount_cents,
            "currency": self.currency,
        }
