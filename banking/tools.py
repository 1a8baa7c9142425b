"""The banking tools' handlers; their schemas and policy are banking/catalog.yaml."""

from __future__ import annotations

from typing import Any

from django.db.models import Case, F, Q, When
from django.utils import timezone

from banking.models import Account, Payee, Transfer
from toolguard.tools.money import money_format
from toolguard.tools.registry import (
    AccessDenied,
    BusinessError,
    HeldCall,
    HeldOperation,
    ToolContext,
    ToolHandler,
)


def owned_account(ctx: ToolContext, number: str) -> Account:
    """The principal's own account, or 403: an agent acts for one customer only."""
    key = f"account:{number}"
    if key not in ctx.lookups:
        account = Account.objects.filter(number=number, customer_id=ctx.agent_key.customer_id).first()
        if account is None:
            raise account_forbidden(number)
        ctx.lookups[key] = account
    return ctx.lookups[key]  # type: ignore[no-any-return]


def account_forbidden(number: str) -> AccessDenied:
    # Someone else's account and a missing one look the same, so the refusal
    # does not tell an attacker which account numbers exist.
    return AccessDenied("forbidden_account", "the account does not belong to this customer", {"account": number})


def transfer_move_money(transfer: Transfer) -> None:
    """Debit and credit in the caller's transaction, with both rows locked.

    Rows are locked in id order so two opposite transfers cannot deadlock,
    and the balance is re-read under the lock, so an approval executed hours
    after the request sees the balance as it is now.
    """
    ids = sorted([transfer.from_account_id, transfer.to_account_id])
    locked = {account.id: account for account in Account.objects.select_for_update().filter(id__in=ids).order_by("id")}
    source, destination = locked[transfer.from_account_id], locked[transfer.to_account_id]
    if not source.is_active or not destination.is_active:
        raise BusinessError("account_closed", "an account of this transfer is closed")
    if source.currency != transfer.currency or destination.currency != transfer.currency:
        raise BusinessError(
            "currency_mismatch",
            f"both accounts must hold {transfer.currency}",
            {"from_currency": source.currency, "to_currency": destination.currency},
        )
    if source.balance_cents < transfer.amount_cents:
        raise BusinessError("insufficient_funds", "the source account cannot cover this amount")
    amount = transfer.amount_cents
    Account.objects.filter(id__in=ids).update(
        balance_cents=Case(
            When(id=source.id, then=F("balance_cents") - amount),
            default=F("balance_cents") + amount,
        )
    )
    transfer.status = Transfer.Status.COMPLETED
    transfer.completed_at = timezone.now()


class TransferFunds(ToolHandler):
    def _accounts(self, ctx: ToolContext, arguments: dict[str, Any]) -> tuple[Account, Account]:
        """Source (the principal's own) and destination, read once per call in one query.

        Balances read here are only for the rules; execution re-reads both rows
        under lock (transfer_move_money).
        """
        if "accounts" not in ctx.lookups:
            numbers = {arguments["from_account"], arguments["to_account"]}
            found = {account.number: account for account in Account.objects.filter(number__in=numbers)}
            source = found.get(arguments["from_account"])
            if source is None or source.customer_id != ctx.agent_key.customer_id:
                raise account_forbidden(arguments["from_account"])
            destination = found.get(arguments["to_account"])
            if destination is None:
                raise BusinessError("account_not_found", "the destination account does not exist")
            if destination.id == source.id:
                raise BusinessError("same_account", "source and destination are the same account")
            ctx.lookups["accounts"] = (source, destination)
        return ctx.lookups["accounts"]  # type: ignore[no-any-return]

    def authorize(self, ctx: ToolContext, arguments: dict[str, Any]) -> None:
        self._accounts(ctx, arguments)

    def facts(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        """What the banking policy asks that the arguments cannot say."""
        source, destination = self._accounts(ctx, arguments)
        own = destination.customer_id == source.customer_id
        payee = own or Payee.objects.filter(customer_id=source.customer_id, account=destination).exists()
        return {"own_destination": own, "registered_payee": payee}

    def _new_transfer(self, ctx: ToolContext, arguments: dict[str, Any], status: str) -> Transfer:
        source, destination = self._accounts(ctx, arguments)
        return Transfer(
            customer_id=source.customer_id,
            session_id=ctx.session.session_id,
            from_account=source,
            to_account=destination,
            amount_cents=arguments["amount"],
            currency=arguments["currency"],
            memo=arguments.get("memo", ""),
            status=status,
        )

    def hold(self, ctx: ToolContext, arguments: dict[str, Any]) -> HeldOperation:
        transfer = self._new_transfer(ctx, arguments, Transfer.Status.PENDING_APPROVAL)
        transfer.save()
        return HeldOperation(result=transfer.as_result(), held_ref=str(transfer.id))

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        transfer = self._new_transfer(ctx, arguments, Transfer.Status.COMPLETED)
        transfer_move_money(transfer)
        transfer.save()
        return transfer.as_result()

    def execute_held(self, ctx: ToolContext, held: HeldCall) -> dict[str, Any]:
        transfer = Transfer.objects.select_related("from_account", "to_account").filter(id=held.held_ref).first()
        if transfer is None or transfer.status != Transfer.Status.PENDING_APPROVAL:
            raise BusinessError("held_transfer_missing", "the held transfer is gone or already settled")
        # Execute only what the reviewer was shown: the held row must still say what the arguments say.
        about_to_run = {
            "from_account": transfer.from_account.number,
            "to_account": transfer.to_account.number,
            "amount": transfer.amount_cents,
            "currency": transfer.currency,
        }
        if transfer.memo or "memo" in held.arguments:
            about_to_run["memo"] = transfer.memo
        shown = {name: value for name, value in held.arguments.items() if name != "idempotency_key"}
        if about_to_run != shown:
            raise BusinessError("arguments_changed", "the transfer no longer matches what was approved")
        transfer_move_money(transfer)
        transfer.save(update_fields=["status", "completed_at"])
        return transfer.as_result()

    def settle_held(self, held: HeldCall, *, status: str, reason: str = "") -> dict[str, Any]:
        return self.settle_held_many([held], status=status, reason=reason).get(held.held_ref, {})

    def settle_held_many(self, held: list[HeldCall], *, status: str, reason: str = "") -> dict[str, dict[str, Any]]:
        refs = [call.held_ref for call in held if call.held_ref]
        transfers = list(
            Transfer.objects.filter(id__in=refs, status=Transfer.Status.PENDING_APPROVAL).select_related(
                "from_account", "to_account"
            )
        )
        Transfer.objects.filter(id__in=[t.id for t in transfers]).update(status=status, failure_reason=reason)
        results = {}
        for transfer in transfers:
            transfer.status = status
            results[str(transfer.id)] = transfer.as_result()
        return results

    def describe(self, arguments: dict[str, Any]) -> dict[str, Any]:
        amount = money_format(arguments["amount"], arguments["currency"])
        fields = [
            {"label": "Amount", "value": amount},
            {"label": "From", "value": arguments["from_account"]},
            {"label": "To", "value": arguments["to_account"]},
        ]
        if arguments.get("memo"):
            fields.append({"label": "Memo", "value": arguments["memo"]})
        return {"title": f"Transfer {amount} to {arguments['to_account']}", "fields": fields}


class CheckBalance(ToolHandler):
    def authorize(self, ctx: ToolContext, arguments: dict[str, Any]) -> None:
        owned_account(ctx, arguments["account_id"])

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        account = owned_account(ctx, arguments["account_id"])
        return {"account_id": account.number, "balance": account.balance_cents, "currency": account.currency}


class ListTransactions(ToolHandler):
    def authorize(self, ctx: ToolContext, arguments: dict[str, Any]) -> None:
        owned_account(ctx, arguments["account_id"])

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        account = owned_account(ctx, arguments["account_id"])
        transfers = (
            Transfer.objects.filter(Q(from_account=account) | Q(to_account=account), status=Transfer.Status.COMPLETED)
            .select_related("from_account", "to_account")
            .order_by("-completed_at")[: arguments.get("limit", 20)]
        )
        return {
            "account_id": account.number,
            "transactions": [
                {
                    "transfer_id": str(t.id),
                    "direction": "debit" if t.from_account_id == account.id else "credit",
                    "counterparty": t.to_account.number if t.from_account_id == account.id else t.from_account.number,
                    "amount": t.amount_cents,
                    "currency": t.currency,
                    "memo": t.memo,
                    "completed_at": t.completed_at.isoformat() if t.completed_at else None,
                }
                for t in transfers
            ],
        }
