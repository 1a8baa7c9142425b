"""The banking tools' handlers; their schemas and policy are banking/catalog.yaml."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from django.db.models import F, Q
from django.utils import timezone

from banking.models import Account, Payee, Transfer
from core.enums import AuditAction, ToolCallStatus
from core.money import money_format
from core.pipelining import pipelined, select_rows, send_inserts, update_checked
from core.tools import (
    AccessDenied,
    BusinessError,
    HeldCall,
    HeldOperation,
    OperationActions,
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
    return ctx.lookups[key]


def account_forbidden(number: str) -> AccessDenied:
    # Someone else's account and a missing one look the same, so the refusal
    # does not tell an attacker which account numbers exist.
    return AccessDenied("forbidden_account", "the account does not belong to this customer", {"account": number})


def transfer_move_money(transfer: Transfer) -> None:
    """Debit and credit in the caller's transaction: a conditional UPDATE of each account row.

    Callers make it their last statement: the account rows stay locked from
    here to commit, so everything that needs no account lock goes before it.
    The rows are updated one at a time in id order, so two opposite transfers
    lock the pair in the same order and cannot deadlock; each row's condition
    (open, in the transfer's currency, and for the source enough money) is
    checked on the row as it is once locked (READ COMMITTED re-evaluates an
    UPDATE's WHERE on the newest version), so the balance tested is the
    balance debited. When a row does not move the transfer is refused
    (core.pipelining.update_checked): at once, or, sent with the COMMIT, by
    the database aborting the transaction; either way the other row's change
    rolls back with it.
    """
    amount = transfer.amount_cents
    for account_id, change in sorted(((transfer.from_account_id, -amount), (transfer.to_account_id, amount))):
        row = Account.objects.filter(id=account_id, is_active=True, currency=transfer.currency)
        if change < 0:
            row = row.filter(balance_cents__gte=-change)
        update_checked(
            row,
            count=1,
            code="transfer_not_moved",
            refusal=lambda: _refusal(transfer),
            balance_cents=F("balance_cents") + change,
        )
    transfer.status = Transfer.Status.COMPLETED
    transfer.completed_at = timezone.now()


def _refusal(transfer: Transfer) -> BusinessError:
    """Why the conditional UPDATE moved nothing, read after it (the rare path)."""
    accounts = {a.id: a for a in Account.objects.filter(id__in=[transfer.from_account_id, transfer.to_account_id])}
    source, destination = accounts[transfer.from_account_id], accounts[transfer.to_account_id]
    if not source.is_active or not destination.is_active:
        return BusinessError("account_closed", "an account of this transfer is closed")
    if source.currency != transfer.currency or destination.currency != transfer.currency:
        return BusinessError(
            "currency_mismatch",
            f"both accounts must hold {transfer.currency}",
            {"from_currency": source.currency, "to_currency": destination.currency},
        )
    return BusinessError("insufficient_funds", "the source account cannot cover this amount")


class TransferFunds(ToolHandler):
    # A refused transfer is audited as the transfer's own action (as a refused held one is).
    refusal_action = AuditAction.TRANSFER_REJECTED
    # A transfer's operations keep the names the audit contract gives them (docs/audit.md).
    audit_actions = OperationActions(
        initiated=AuditAction.TRANSFER_INITIATED,
        completed=AuditAction.TRANSFER_COMPLETED,
        rejected=AuditAction.TRANSFER_REJECTED,
    )
    # Transfer.as_result: the bank's own ids, account numbers, amounts and status (the memo is not in it).
    trusted_result_fields = frozenset({"transfer_id", "status", "from_account", "to_account", "amount", "currency"})

    # Whether the destination is the customer's own or a registered payee is about to_account.
    fact_arguments = MappingProxyType({"own_destination": "to_account", "registered_payee": "to_account"})

    def _accounts(self, ctx: ToolContext, arguments: dict[str, Any]) -> tuple[Account, Account]:
        """Source (the principal's own) and destination, read once per call in one query.

        Balances read here are only for the rules; the money moves on the rows
        as they are when locked (transfer_move_money).
        """
        if "accounts" not in ctx.lookups:
            numbers = {arguments["from_account"], arguments["to_account"]}
            found = {account.number: account for account in select_rows(Account, number=numbers)}
            source = found.get(arguments["from_account"])
            if source is None or source.customer_id != ctx.agent_key.customer_id:
                raise account_forbidden(arguments["from_account"])
            destination = found.get(arguments["to_account"])
            if destination is None:
                raise BusinessError("account_not_found", "the destination account does not exist")
            if destination.id == source.id:
                raise BusinessError("same_account", "source and destination are the same account")
            ctx.lookups["accounts"] = (source, destination)
        return ctx.lookups["accounts"]

    def authorize(self, ctx: ToolContext, arguments: dict[str, Any]) -> None:
        self._accounts(ctx, arguments)

    def facts(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        """What the banking policy asks that the arguments cannot say."""
        source, destination = self._accounts(ctx, arguments)
        own = destination.customer_id == source.customer_id
        payee = own or Payee.objects.filter(customer_id=source.customer_id, account=destination).exists()
        return {"own_destination": own, "registered_payee": payee}

    def _new_transfer(self, ctx: ToolContext, arguments: dict[str, Any], status: Transfer.Status) -> Transfer:
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
        transfer.completed_at = timezone.now()
        # Nothing here is read back: the new row and the checked move go out with
        # the call's next wait (in the executor, its COMMIT), the move last, so
        # the account rows are locked from there to commit.
        with pipelined():
            send_inserts([transfer])
            transfer_move_money(transfer)
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
        transfer.completed_at = timezone.now()
        transfer.status = Transfer.Status.COMPLETED
        transfer.save(update_fields=["status", "completed_at"])
        # Last: the account rows are locked from the UPDATE to commit.
        transfer_move_money(transfer)
        return transfer.as_result()

    def settle_held(self, held: HeldCall, *, status: ToolCallStatus, reason: str = "") -> dict[str, Any]:
        return self.settle_held_many([held], status=status, reason=reason).get(held.held_ref, {})

    def settle_held_many(
        self, held: list[HeldCall], *, status: ToolCallStatus, reason: str = ""
    ) -> dict[str, dict[str, Any]]:
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
    trusted_result_fields = frozenset({"account_id", "balance", "currency"})

    def authorize(self, ctx: ToolContext, arguments: dict[str, Any]) -> None:
        owned_account(ctx, arguments["account_id"])

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        account = owned_account(ctx, arguments["account_id"])
        return {"account_id": account.number, "balance": account.balance_cents, "currency": account.currency}


class ListTransactions(ToolHandler):
    # Everything but the memo, which another customer wrote.
    trusted_result_fields = frozenset(
        {"account_id"}
        | {
            f"transactions/*/{name}"
            for name in ("transfer_id", "direction", "counterparty", "amount", "currency", "completed_at")
        }
    )

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
