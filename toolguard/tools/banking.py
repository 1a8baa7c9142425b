"""The banking tools: the reference set every guard is measured against."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Case, F, Q, Sum, When
from django.utils import timezone

from toolguard.models import Account, Payee, Transfer
from toolguard.tools.registry import AccessDenied, BusinessError, Tool, ToolContext, ToolHandler, register

ACCOUNT_ID = {"type": "string", "pattern": "^[a-zA-Z0-9_-]+$", "maxLength": 64}

TRANSFER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "from_account": {**ACCOUNT_ID, "description": "Source account ID"},
        "to_account": {**ACCOUNT_ID, "description": "Destination account ID"},
        "amount": {
            "type": "integer",
            "description": "Amount to transfer in cents",
            "minimum": 1,
            "maximum": 100_000_000,
        },
        "currency": {"type": "string", "enum": ["USD", "EUR", "GBP"]},
        "memo": {"type": "string", "maxLength": 256, "description": "Note shown on the statement"},
        "idempotency_key": {
            "type": "string",
            "pattern": "^[a-zA-Z0-9_-]+$",
            "maxLength": 128,
            "description": "Stable across retries of the same operation; a new one for a new operation",
        },
    },
    "required": ["from_account", "to_account", "amount", "currency", "idempotency_key"],
    "additionalProperties": False,
}

CHECK_BALANCE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"account_id": {**ACCOUNT_ID, "description": "Account to read"}},
    "required": ["account_id"],
    "additionalProperties": False,
}

LIST_TRANSACTIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "account_id": {**ACCOUNT_ID, "description": "Account to read"},
        "limit": {"type": "integer", "minimum": 1, "maximum": 100, "description": "How many, newest first"},
    },
    "required": ["account_id"],
    "additionalProperties": False,
}


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


def session_committed_cents(*, customer_id: int, session_id: str) -> int:
    """Completed plus pending transfers of one session: what the session limit counts."""
    total = Transfer.objects.filter(
        customer_id=customer_id,
        session_id=session_id,
        status__in=[Transfer.Status.COMPLETED, Transfer.Status.PENDING_APPROVAL],
    ).aggregate(total=Sum("amount_cents"))["total"]
    return int(total or 0)


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

    def approval_rules(self, ctx: ToolContext, arguments: dict[str, Any]) -> list[str]:
        amount = arguments["amount"]
        source, destination = self._accounts(ctx, arguments)
        rules = []
        if amount > settings.TOOLGUARD_APPROVAL_THRESHOLD_CENTS:
            rules.append("over_threshold")
        # The caller holds this session's row lock, so two calls of one session
        # cannot both read the same total and split past the limit together.
        committed = session_committed_cents(customer_id=source.customer_id, session_id=ctx.session.session_id)
        if committed + amount > settings.TOOLGUARD_SESSION_LIMIT_CENTS:
            rules.append("session_limit")
        is_own = destination.customer_id == source.customer_id
        if not is_own and not Payee.objects.filter(customer_id=source.customer_id, account=destination).exists():
            rules.append("new_payee")
        if amount > settings.TOOLGUARD_DUAL_APPROVAL_CENTS:
            rules.append("dual_control")
        return rules

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

    def hold(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        transfer = self._new_transfer(ctx, arguments, Transfer.Status.PENDING_APPROVAL)
        transfer.save()
        return transfer.as_result()

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        transfer = self._new_transfer(ctx, arguments, Transfer.Status.COMPLETED)
        transfer_move_money(transfer)
        transfer.save()
        return transfer.as_result()


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


TRANSFER_FUNDS = register(
    Tool(
        name="transfer_funds",
        description="Transfer funds between bank accounts. Large, cumulative or new-payee transfers "
        "wait for a human reviewer.",
        schema=TRANSFER_SCHEMA,
        changes_state=True,
        field_kinds={
            "from_account": "identifier",
            "to_account": "identifier",
            "currency": "identifier",
            "idempotency_key": "identifier",
            "memo": "free_text",
        },
        handler=TransferFunds(),
    )
)
CHECK_BALANCE = register(
    Tool(
        name="check_balance",
        description="Read the current balance of one of the customer's accounts.",
        schema=CHECK_BALANCE_SCHEMA,
        changes_state=False,
        field_kinds={"account_id": "identifier"},
        handler=CheckBalance(),
    )
)
LIST_TRANSACTIONS = register(
    Tool(
        name="list_transactions",
        description="List the most recent completed transfers of one of the customer's accounts.",
        schema=LIST_TRANSACTIONS_SCHEMA,
        changes_state=False,
        field_kinds={"account_id": "identifier"},
        handler=ListTransactions(),
    )
)
