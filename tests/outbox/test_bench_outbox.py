"""The bench's floor (/bench/bare-outbox): the outbox's two transactions and one real send, nothing else."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from core.models import AgentKey, Customer, ToolCall
from core.tools import Tool, register, unregister
from outbox.bench_views import bare_outbox
from outbox.models import Dispatch
from outbox.services import upstream_key
from tests.live import unique
from tests.upstream.fakes import TOKEN, FakeUpstream
from upstream.executors import upstream_executor_from_spec

pytestmark = [pytest.mark.live, pytest.mark.django_db]

SCHEMA = {
    "type": "object",
    "properties": {"order_id": {"type": "string"}, "idempotency_key": {"type": "string"}},
    "required": ["order_id", "idempotency_key"],
}


@pytest.fixture
def refund_tool(orders: FakeUpstream, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("BENCH_ORDERS_AUTH", f"Bearer {TOKEN}")
    name = "bench_refund"
    spec = {"http": {"url": f"{orders.url}/refunds", "headers": {"Authorization": "env:BENCH_ORDERS_AUTH"}}}
    register(
        Tool(
            name=name,
            description="Refund (the bench's floor).",
            schema=SCHEMA,
            changes_state=True,
            field_kinds={},
            handler=upstream_executor_from_spec(spec),
        ),
        replace=True,
    )
    yield name
    unregister(name)


def test_it_commits_sends_once_and_records_the_answer(orders: FakeUpstream, refund_tool: str) -> None:
    customer = Customer.objects.create(external_id=unique("bench-"), name="Bench")
    key, _ = AgentKey.objects.issue(customer=customer, allowed_tools=[refund_tool])
    idempotency_key = unique("k")
    body = {
        "tool": refund_tool,
        "customer_id": customer.id,
        "agent_key_id": key.id,
        "session_id": "s-1",
        "arguments": {"order_id": "ord-1", "amount_cents": 700, "idempotency_key": idempotency_key},
    }

    status, result = bare_outbox(body)

    assert status == 200 and result["status"] == "succeeded" and result["amount_cents"] == 700
    sent_key = upstream_key(customer_id=customer.id, tool=refund_tool, key=idempotency_key)
    assert orders.effects()["applied"][sent_key] == 1
    dispatch = Dispatch.objects.get(upstream_key=sent_key)
    assert dispatch.state == Dispatch.State.COMPLETED and dispatch.finished_at is not None
    assert "idempotency_key" not in dispatch.body
    call = ToolCall.objects.get(id=dispatch.tool_call_id)
    assert (call.status, call.response["result"]) == ("completed", result)


def test_it_refuses_a_body_it_cannot_read_and_an_unknown_tool(refund_tool: str) -> None:
    assert bare_outbox({"tool": refund_tool})[0] == 400
    body = {"tool": "no_such_tool", "customer_id": 1, "agent_key_id": 1, "session_id": "s", "arguments": {}}
    assert bare_outbox(body)[0] == 404
