"""Policy replay compares like with like: the live policy and the draft's, on the same recorded call.

Replaying the catalog that is live changes nothing, for every kind of tool (a
family's plug-in, a catalog tool, an HTTP upstream, an MCP upstream), however
the calls ended (sent upstream, held, denied); a draft is about the tools it
defines and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from core.catalog import catalog_load, catalog_paths
from core.models import AgentKey
from core.tools import unregister
from tests.conftest import Bank, agent_client, transfer_call
from tests.family import CATALOG as FAMILY
from toolguard.pipeline.replay import APART_UPSTREAM, policy_replay, since_parse

pytestmark = pytest.mark.django_db

# One of each kind of upstream tool, with a policy that holds large values; their
# upstreams are never reached here (the outbox sends after commit).
UPSTREAMS = """
  - name: orders_refund_y
    changes_state: true
    schema:
      type: object
      properties:
        order_id: {type: string, pattern: "^[a-z0-9-]+$", maxLength: 64}
        amount_cents: {type: integer, minimum: 1}
        idempotency_key: {type: string, pattern: "^[a-zA-Z0-9_-]+$", maxLength: 128}
      required: [order_id, amount_cents, idempotency_key]
      additionalProperties: false
    fields: {order_id: identifier, idempotency_key: identifier}
    value: {amount: args.amount_cents, beneficiary: args.order_id}
    policy: {hold_when: {large_refund: "value.amount > 50000"}}
    upstream: {http: {url: "http://127.0.0.1:9/refunds", method: POST}}

  - name: crm_credit_y
    changes_state: true
    schema:
      type: object
      properties:
        customer_id: {type: string, pattern: "^[a-z0-9-]+$", maxLength: 64}
        amount_cents: {type: integer, minimum: 1}
        idempotency_key: {type: string, pattern: "^[a-zA-Z0-9_-]+$", maxLength: 128}
      required: [customer_id, amount_cents, idempotency_key]
      additionalProperties: false
    fields: {customer_id: identifier, idempotency_key: identifier}
    value: {amount: args.amount_cents}
    policy: {hold_when: {large_credit: "value.amount > 50000"}, deny_when: {absurd: "value.amount > 900000"}}
    upstream: {mcp: {url: "http://127.0.0.1:9/mcp", tool: add_credit}}
"""
TOOLS = ["issue_credit", "orders_refund_y", "crm_credit_y"]


@pytest.fixture
def live_catalog(tmp_path: Path, bank: Bank) -> Iterator[Path]:
    """The test family and the two upstream tools, installed as TOOLGUARD_TOOL_CATALOG would."""
    path = tmp_path / "live.yaml"
    path.write_text(FAMILY + UPSTREAMS)
    catalog_load(path)
    AgentKey.objects.filter(customer=bank.alice).update(
        allowed_tools=["transfer_funds", "check_balance", "list_transactions", *TOOLS]
    )
    try:
        yield path
    finally:
        for name in TOOLS:
            unregister(name)


def call(agent: Any, name: str, arguments: dict[str, Any], key: str) -> int:
    body = {"id": key, "name": name, "arguments": {**arguments, "idempotency_key": key}, "session_id": f"s-{key}"}
    response = agent.post("/api/v1/tool-calls", body, format="json")
    return int(response.status_code)


@pytest.fixture
def recorded(live_catalog: Path, bank: Bank, alice: Any) -> dict[str, list[int]]:
    """Calls of every kind that ended every way: through, held, denied, sent upstream."""
    agent = agent_client(bank.alice_key)
    return {
        "transfer_funds": [
            agent.post("/api/v1/tool-calls", transfer_call(key=f"t{n}", amount=amount), format="json").status_code
            for n, amount in enumerate((5_000, 2_000_000))
        ],
        "issue_credit": [
            call(agent, "issue_credit", {"amount_cents": amount, "note": "goodwill"}, f"c{n}")
            for n, amount in enumerate((5_000, 20_000, 950_000))
        ],
        "orders_refund_y": [
            call(agent, "orders_refund_y", {"order_id": "o-1", "amount_cents": amount}, f"o{n}")
            for n, amount in enumerate((1_000, 60_000))
        ],
        "crm_credit_y": [
            call(agent, "crm_credit_y", {"customer_id": "c-1", "amount_cents": amount}, f"m{n}")
            for n, amount in enumerate((1_000, 60_000, 950_000))
        ],
    }


def test_replaying_the_live_catalog_changes_nothing_for_any_kind_of_tool(
    recorded: dict[str, list[int]], live_catalog: Path
) -> None:
    # Every way a call can end is among the recorded ones.
    assert recorded["transfer_funds"] == [200, 202]
    assert recorded["issue_credit"] == [200, 202, 403]
    assert recorded["orders_refund_y"][1] == 202 and recorded["crm_credit_y"][2] == 403
    report = policy_replay(catalogs=[*catalog_paths(), live_catalog], since=since_parse("1h"))
    assert report.changes == [] and report.rows() == []
    # Every recorded state-changing call was evaluated: none skipped, none left out.
    assert report.calls == 2 + 3 + 2 + 3 and report.skipped == 0
    # The upstream calls that passed their policy were decided upstream: counted apart.
    assert report.apart == {APART_UPSTREAM: 2}


def test_a_draft_holding_small_credits_shows_them(recorded: dict[str, list[int]], tmp_path: Path) -> None:
    draft = tmp_path / "draft.yaml"
    draft.write_text(FAMILY.replace('over_100: "value.amount > 10000"', 'over_10: "value.amount > 1000"'))
    report = policy_replay(catalogs=[draft], since=since_parse("1h"))
    # Only the draft's tool is replayed: the transfers and upstream calls are not its business.
    assert report.calls == 3 and {change.tool for change in report.changes} == {"issue_credit"}
    assert [(c.was, c.now, c.rules) for c in report.changes] == [("through", "held", ("over_10",))]


def test_the_command_says_what_was_counted_apart(recorded: dict[str, list[int]], live_catalog: Path) -> None:
    from io import StringIO

    out = StringIO()
    call_command("policy_replay", "--catalog", str(live_catalog), "--since", "1h", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("8 recorded calls since") and "0 would change; 0 skipped" in lines[0]
    assert lines[1] == f"not policy outcomes, never counted as changes: 2 {APART_UPSTREAM}"
    assert lines[2] == "no call would be treated differently"
