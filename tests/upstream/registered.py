"""Upstream tools for the tests, registered from Python with today's registry.

Servers started by tests import this through TOOLGUARD_UPSTREAM_MODULES, with
FAKE_HTTP_URL and FAKE_MCP_URL naming the fake upstreams of that test.
"""

from __future__ import annotations

import os
from typing import Any

from core.policy import Policy
from core.tools import Tool, register
from upstream.executors import upstream_executor_from_spec
from upstream.mcp import IDEMPOTENCY_KEY_PROPERTY, mcp_source_register

ORDER_ID = {"type": "string", "pattern": "^[a-zA-Z0-9_-]+$", "maxLength": 64}
REFUND_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "order_id": ORDER_ID,
        "amount_cents": {"type": "integer", "minimum": 1, "maximum": 10_000_000},
        "note": {"type": "string", "maxLength": 256},
        "idempotency_key": IDEMPOTENCY_KEY_PROPERTY,
    },
    "required": ["order_id", "amount_cents", "idempotency_key"],
    "additionalProperties": False,
}
LOOKUP_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"order_id": ORDER_ID},
    "required": ["order_id"],
    "additionalProperties": False,
}
LARGE = {"hold_when": {"large_refund": "args.amount_cents > 50000"}}
TIMEOUT_S = float(os.environ.get("FAKE_TIMEOUT_S", "1.5"))

http_url = os.environ.get("FAKE_HTTP_URL", "")
if http_url:
    headers = {"Authorization": "env:FAKE_ORDERS_AUTHORIZATION"}
    register(
        Tool(
            name="orders_refund",
            description="Refund part or all of an order.",
            schema=REFUND_SCHEMA,
            changes_state=True,
            field_kinds={"order_id": "identifier", "idempotency_key": "identifier", "note": "free_text"},
            handler=upstream_executor_from_spec(
                {"http": {"url": f"{http_url}/refunds", "method": "POST", "headers": headers, "timeout_s": TIMEOUT_S}}
            ),
            policy=Policy.compile(tool="orders_refund", spec=LARGE, changes_state=True),
        )
    )
    register(
        Tool(
            name="orders_lookup",
            description="Read an order, with the memo its customer left.",
            schema=LOOKUP_SCHEMA,
            changes_state=False,
            field_kinds={"order_id": "identifier"},
            handler=upstream_executor_from_spec(
                {"http": {"url": f"{http_url}/orders/lookup", "headers": headers, "timeout_s": TIMEOUT_S}}
            ),
        )
    )

mcp_url = os.environ.get("FAKE_MCP_URL", "")
if mcp_url:
    mcp_source_register(
        spec={
            "url": mcp_url,
            "prefix": "crm_",
            "timeout_s": float(os.environ.get("FAKE_MCP_TIMEOUT_S", "5")),
            # The operator's word, not the upstream's hint, makes a tool read-only.
            "read_only": ["lookup_customer"],
        },
        fields={"customer_id": "identifier"},
        policy=LARGE,
    )
