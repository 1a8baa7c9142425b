"""A tool added from a catalog at run time: this module is all it takes.

Its handler keeps no held record of its own: the approval keeps the
arguments, and `execute` runs once a reviewer approves.
"""

from __future__ import annotations

from typing import Any

from core.money import money_format
from core.tools import BusinessError, ToolContext, ToolHandler

# What was credited, in this process: the test reads it to see what ran, and how often.
CREDITED: list[dict[str, Any]] = []


class IssueCredit(ToolHandler):
    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        if arguments["note"] == "refuse":
            raise BusinessError("credit_refused", "the ledger refused this credit")
        CREDITED.append({"customer": ctx.customer.external_id, **arguments})
        return {"credited": arguments["amount_cents"], "currency": "USD"}

    def describe(self, arguments: dict[str, Any]) -> dict[str, Any]:
        amount = money_format(arguments["amount_cents"], "USD")
        return {"title": f"Store credit of {amount}", "fields": [{"label": "Note", "value": arguments["note"]}]}
