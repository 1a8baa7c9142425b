"""Every tool described: a held call reads as a sentence and labelled fields, whatever ran it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from approvals.models import ApprovalRequest
from core.catalog import CatalogError, catalog_load
from core.models import AgentKey
from core.tools import unregister
from tests.conftest import Principals, agent_client

pytestmark = pytest.mark.django_db

# An upstream tool (its executor has no describe of its own), with and without a `describe:`.
ENTRY = """
tools:
  - name: {name}
    description: Refund part or all of one of the customer's orders. Money goes back to the card.
    changes_state: true
    schema:
      type: object
      properties:
        order_id: {{type: string, pattern: "^[a-z0-9-]+$", maxLength: 64, title: Order}}
        amount_cents: {{type: integer, minimum: 1}}
        reason_code: {{type: string, enum: [damaged, late]}}
        idempotency_key: {{type: string, pattern: "^[a-zA-Z0-9_-]+$", maxLength: 128}}
      required: [order_id, amount_cents, idempotency_key]
      additionalProperties: false
    fields: {{order_id: identifier, reason_code: identifier, idempotency_key: identifier}}
    value: {{amount: args.amount_cents, currency: "'EUR'", beneficiary: args.order_id}}
    policy: {{hold_when: {{always: "true"}}}}
{describe}
    upstream: {{http: {{url: "http://127.0.0.1:9/refunds", method: POST}}}}
"""
DESCRIBED = """    describe:
      title: "Refund {value} on order {args.order_id}"
      fields: {order_id: Order number, amount_cents: Refund, reason_code: Why}"""


@pytest.fixture
def tools(tmp_path: Path, principals: Principals) -> Iterator[Any]:
    path = tmp_path / "tools.yaml"
    path.write_text(
        ENTRY.format(name="refund_plain", describe="")
        + ENTRY.format(name="refund_described", describe=DESCRIBED).split("tools:", 1)[1]
    )
    catalog_load(path)
    AgentKey.objects.filter(customer=principals.alice).update(allowed_tools=["refund_plain", "refund_described"])
    try:
        yield agent_client(principals.alice_key)
    finally:
        unregister("refund_plain")
        unregister("refund_described")


def hold(agent: Any, name: str, key: str) -> ApprovalRequest:
    arguments = {"order_id": "o-77", "amount_cents": 30_000, "reason_code": "late", "idempotency_key": key}
    answer = agent.post(
        "/api/v1/tool-calls", {"id": key, "name": name, "arguments": arguments, "session_id": "s"}, format="json"
    )
    assert answer.status_code == 202, answer.content
    return ApprovalRequest.objects.get(id=answer.json()["approval_id"])


def test_the_catalogs_describe_is_the_summary(tools: Any) -> None:
    approval = hold(tools, "refund_described", "d1")
    assert approval.summary == {
        "title": "Refund €300.00 EUR on order o-77",
        "fields": [
            {"label": "Order number", "value": "o-77"},
            {"label": "Refund", "value": "€300.00 EUR"},
            {"label": "Why", "value": "late"},
        ],
    }


def test_without_one_the_schema_reads_as_well(tools: Any, principals: Principals) -> None:
    approval = hold(tools, "refund_plain", "p1")
    # The description's first sentence and the value; schema titles, or names made readable; money as money.
    assert approval.summary == {
        "title": "Refund part or all of one of the customer's orders: €300.00 EUR",
        "fields": [
            {"label": "Order", "value": "o-77"},
            {"label": "Amount", "value": "€300.00 EUR"},
            {"label": "Reason code", "value": "late"},
        ],
    }
    client = Client()
    client.force_login(principals.reviewer)
    page = client.get(f"/review/{approval.id}/").content.decode()
    assert page.count("Refund part or all of one of the customer&#x27;s orders") == 2  # heading line and <title>
    assert "Call with these arguments" not in page and "Amount cents" not in page


@pytest.mark.parametrize(
    ("describe", "problem"),
    [
        ('    describe: {title: "Refund {args.nope}"}', "describe.title reads {args.nope}"),
        ('    describe: {title: "Refund {__class__}"}', "describe.title reads {__class__}"),
        ("    describe: {fields: {nope: X}}", "describe.fields names undeclared argument(s) ['nope']"),
        ("    describe: {colour: red}", "describe must be a mapping of title and fields"),
    ],
)
def test_a_describe_that_cannot_work_stops_the_load(tmp_path: Path, describe: str, problem: str) -> None:
    path = tmp_path / "tools.yaml"
    path.write_text(ENTRY.format(name="refund_bad", describe=describe))
    with pytest.raises(CatalogError, match=re.escape(problem)):
        catalog_load(path, install=False)
