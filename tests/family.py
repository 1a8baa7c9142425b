"""The tests' own tool family: one tool added from a catalog at run time, and this module is all it takes.

The core's tests reach the pipeline through it rather than through a real
family (banking, support, upstream). Its handler keeps no held record of its
own: the approval keeps the arguments, and `execute` runs once a reviewer
approves.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from core.catalog import catalog_load
from core.money import money_format
from core.tools import BusinessError, ToolContext, ToolHandler, unregister

CREDIT_TOOL = "issue_credit"

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


CATALOG = """
tools:
  - name: issue_credit
    description: Give the customer store credit.
    changes_state: true
    schema:
      type: object
      properties:
        amount_cents: {type: integer, minimum: 1, maximum: 1000000}
        note: {type: string, maxLength: 200}
        idempotency_key: {type: string, pattern: "^[a-zA-Z0-9_-]+$", maxLength: 128}
      required: [amount_cents, note, idempotency_key]
      additionalProperties: false
    fields: {note: free_text, idempotency_key: identifier}
    value: {amount: args.amount_cents, currency: "'USD'"}
    policy:
      deny_when:
        absurd: "value.amount > 900000"
      hold_when:
        over_100: "value.amount > 10000"
      approvals_required: "value.amount > 500000 ? 2 : 1"
    handler: tests.family.IssueCredit
"""


@contextmanager
def family_registered(directory: Path) -> Iterator[None]:
    """The family's catalog loaded, as TOOLGUARD_TOOL_CATALOG would, for the length of the block."""
    path = Path(directory) / "credit.yaml"
    path.write_text(CATALOG)
    catalog_load(path)
    CREDITED.clear()
    try:
        yield
    finally:
        unregister(CREDIT_TOOL)
