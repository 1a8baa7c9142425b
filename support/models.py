"""A shop's support desk: orders that can be refunded, emails sent to customers."""

from __future__ import annotations

import uuid

from django.db import models
from django.db.models import Q


class Order(models.Model):
    number = models.CharField(max_length=64, unique=True)
    customer = models.ForeignKey("core.Customer", on_delete=models.PROTECT, related_name="orders")
    customer_email = models.EmailField()
    total_cents = models.BigIntegerField()
    refunded_cents = models.BigIntegerField(default=0)
    currency = models.CharField(max_length=3)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # Never more back than was paid, whatever the code does.
            models.CheckConstraint(
                condition=Q(refunded_cents__gte=0) & Q(refunded_cents__lte=models.F("total_cents")),
                name="order_refund_within_total",
            ),
        ]

    def __str__(self) -> str:
        return self.number


class Refund(models.Model):
    class Status(models.TextChoices):
        PENDING_APPROVAL = "pending_approval"
        COMPLETED = "completed"
        REJECTED = "rejected"
        EXPIRED = "expired"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="refunds")
    amount_cents = models.BigIntegerField()
    currency = models.CharField(max_length=3)
    reason = models.CharField(max_length=500)
    status = models.CharField(max_length=20, choices=Status.choices)
    failure_reason = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.order} {self.amount_cents} {self.status}"

    def as_result(self) -> dict[str, object]:
        return {
            "refund_id": str(self.id),
            "order_id": self.order.number,
            "status": self.status,
            "amount_cents": self.amount_cents,
            "currency": self.currency,
        }


class OutboundEmail(models.Model):
    """An email the support agent sent; the mail itself leaves on commit."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    customer = models.ForeignKey("core.Customer", on_delete=models.PROTECT, related_name="+")
    to = models.EmailField()
    subject = models.CharField(max_length=200)
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.to}: {self.subject}"
