"""The support tools' handlers; schemas and policy are support/catalog.yaml."""

from __future__ import annotations

from typing import Any

from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from core.enums import ToolCallStatus
from core.money import money_format
from core.tools import (
    AccessDenied,
    BusinessError,
    HeldCall,
    HeldOperation,
    ToolContext,
    ToolHandler,
)
from support.models import Order, OutboundEmail, Refund


def owned_order(ctx: ToolContext, number: str) -> Order:
    key = f"order:{number}"
    if key not in ctx.lookups:
        order = Order.objects.filter(number=number, customer_id=ctx.agent_key.customer_id).first()
        if order is None:
            # Someone else's order and a missing one look the same.
            raise AccessDenied("forbidden_order", "the order does not belong to this customer", {"order": number})
        ctx.lookups[key] = order
    return ctx.lookups[key]


def refund_apply(refund: Refund) -> None:
    """Add the refund to its order under the order's row lock, re-reading what is left to refund."""
    order = Order.objects.select_for_update().get(id=refund.order_id)
    if order.currency != refund.currency:
        raise BusinessError("currency_mismatch", f"the order was paid in {order.currency}")
    if order.refunded_cents + refund.amount_cents > order.total_cents:
        raise BusinessError(
            "refund_exceeds_order",
            "the refund is more than what is left of the order",
            {"refundable_cents": order.total_cents - order.refunded_cents},
        )
    Order.objects.filter(id=order.id).update(refunded_cents=F("refunded_cents") + refund.amount_cents)
    refund.status = Refund.Status.COMPLETED
    refund.completed_at = timezone.now()


class RefundOrder(ToolHandler):
    def authorize(self, ctx: ToolContext, arguments: dict[str, Any]) -> None:
        owned_order(ctx, arguments["order_id"])

    def _refund(self, ctx: ToolContext, arguments: dict[str, Any], status: Refund.Status) -> Refund:
        return Refund(
            order=owned_order(ctx, arguments["order_id"]),
            amount_cents=arguments["amount_cents"],
            currency=arguments["currency"],
            reason=arguments["reason"],
            status=status,
        )

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        refund = self._refund(ctx, arguments, Refund.Status.COMPLETED)
        refund_apply(refund)
        refund.save()
        return refund.as_result()

    def hold(self, ctx: ToolContext, arguments: dict[str, Any]) -> HeldOperation:
        refund = self._refund(ctx, arguments, Refund.Status.PENDING_APPROVAL)
        refund.save()
        return HeldOperation(result=refund.as_result(), held_ref=str(refund.id))

    def execute_held(self, ctx: ToolContext, held: HeldCall) -> dict[str, Any]:
        refund = Refund.objects.select_related("order").filter(id=held.held_ref).first()
        if refund is None or refund.status != Refund.Status.PENDING_APPROVAL:
            raise BusinessError("held_refund_missing", "the held refund is gone or already settled")
        refund_apply(refund)  # re-checks what is left of the order now, not when it was asked
        refund.save(update_fields=["status", "completed_at"])
        return refund.as_result()

    def settle_held(self, held: HeldCall, *, status: ToolCallStatus, reason: str = "") -> dict[str, Any]:
        refund = Refund.objects.select_related("order").filter(id=held.held_ref).first()
        if refund is None:
            return {}
        refund.status, refund.failure_reason = status, reason
        refund.save(update_fields=["status", "failure_reason"])
        return refund.as_result()

    def describe(self, arguments: dict[str, Any]) -> dict[str, Any]:
        amount = money_format(arguments["amount_cents"], arguments["currency"])
        return {
            "title": f"Refund {amount} on order {arguments['order_id']}",
            "fields": [
                {"label": "Order", "value": arguments["order_id"]},
                {"label": "Refund", "value": amount},
                {"label": "Reason given", "value": arguments["reason"]},
            ],
        }


class SendCustomerEmail(ToolHandler):
    """No value and no held record of its own: the approval keeps the arguments."""

    def facts(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        on_file = Order.objects.filter(customer_id=ctx.agent_key.customer_id, customer_email__iexact=arguments["to"])
        return {"recipient_on_file": on_file.exists()}

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        email = OutboundEmail.objects.create(
            customer_id=ctx.agent_key.customer_id,
            to=arguments["to"],
            subject=arguments["subject"],
            body=arguments["body"],
        )
        # Sent only once the call has committed: a rolled-back call sends nothing.
        transaction.on_commit(
            lambda: send_mail(subject=email.subject, message=email.body, from_email=None, recipient_list=[email.to])
        )
        return {"email_id": str(email.id), "status": "sent", "to": email.to}

    def describe(self, arguments: dict[str, Any]) -> dict[str, Any]:
        return {
            "title": f"Email to {arguments['to']}: {arguments['subject']}",
            "fields": [
                {"label": "To", "value": arguments["to"]},
                {"label": "Subject", "value": arguments["subject"]},
                {"label": "Body", "value": arguments["body"]},
            ],
        }
