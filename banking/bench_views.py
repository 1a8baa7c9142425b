"""The baseline for bench/pipeline.py: a transfer with none of toolguard's guards.

It runs the same SQL a guarded `transfer_funds` needs to move money (both
account rows locked in id order, two relative updates, one transfer row) and
nothing else: no authentication, validation, sanitization, idempotency,
approval rules or audit. The gap between this endpoint and
POST /api/v1/tool-calls is what the guards cost. It is mounted only when
TOOLGUARD_BENCH_ENDPOINTS=true and must never be in production.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from banking.models import Account, Transfer


class BareTransferError(Exception):
    def __init__(self, code: str, http_status: int) -> None:
        super().__init__(code)
        self.code = code
        self.http_status = http_status


def bare_transfer(body: Any) -> dict[str, object]:
    """Move money as `transfer_funds` does, trusting the body completely."""
    if not isinstance(body, dict):
        raise BareTransferError("malformed_request", 400)
    try:
        from_number, to_number = str(body["from_account"]), str(body["to_account"])
        amount, currency = int(body["amount"]), str(body["currency"])
    except (KeyError, TypeError, ValueError):
        raise BareTransferError("malformed_request", 400) from None
    with transaction.atomic():
        # Id order, as transfer_move_money does, so opposite transfers cannot deadlock.
        locked = Account.objects.select_for_update().filter(number__in=[from_number, to_number]).order_by("id")
        accounts = {account.number: account for account in locked}
        source, destination = accounts.get(from_number), accounts.get(to_number)
        if source is None or destination is None or source.id == destination.id:
            raise BareTransferError("account_not_found", 422)
        if source.balance_cents < amount:
            raise BareTransferError("insufficient_funds", 422)
        Account.objects.filter(id=source.id).update(balance_cents=F("balance_cents") - amount)
        Account.objects.filter(id=destination.id).update(balance_cents=F("balance_cents") + amount)
        transfer = Transfer.objects.create(
            customer_id=source.customer_id,
            session_id=str(body.get("session_id") or "bench")[:128],
            from_account=source,
            to_account=destination,
            amount_cents=amount,
            currency=currency,
            memo=str(body.get("memo", ""))[:256],
            status=Transfer.Status.COMPLETED,
            completed_at=timezone.now(),
        )
    return transfer.as_result()


class BareTransferView(APIView):
    # The baseline measures the transfer alone: no authentication, no permission checks.
    authentication_classes = []
    permission_classes = []

    def post(self, request: Request) -> Response:
        try:
            return Response(bare_transfer(request.data))
        except BareTransferError as exc:
            return Response({"error": {"code": exc.code}}, status=exc.http_status)
