"""Tools and policies as data: one catalog entry with a dotted handler is a whole new guarded tool."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

from approvals.models import ApprovalRequest
from approvals.services import approval_decide, approvals_expire
from audit.models import AuditEntry
from core.catalog import EXECUTOR_FACTORIES, catalog_load, tool_from_entry
from core.models import AgentKey, ValueEntry
from core.tools import ToolHandler, get_tool
from people.stepup import StepUpProof
from tests import family
from tests.answers import held_rules
from tests.conftest import Principals, agent_client
from tests.family import CATALOG

pytestmark = pytest.mark.django_db


@pytest.fixture
def agent(principals: Principals, credit_tool: None) -> Any:
    AgentKey.objects.filter(customer=principals.alice).update(allowed_tools=["issue_credit"])
    return agent_client(principals.alice_key)


def credit(agent: Any, key: str, amount: int, note: str = "goodwill") -> Any:
    call = {
        "id": key,
        "name": "issue_credit",
        "arguments": {"amount_cents": amount, "note": note, "idempotency_key": key},
    }
    return agent.post("/api/v1/tool-calls", {**call, "session_id": "s1"}, format="json")


def test_a_small_credit_runs_at_once(agent: Any) -> None:
    response = credit(agent, "small", 5_000)
    assert response.status_code == 200 and response.json()["result"] == {"credited": 5_000, "currency": "USD"}
    assert len(family.CREDITED) == 1
    assert ValueEntry.objects.get(tool="issue_credit").status == "completed"


def test_hold_then_approve_runs_it_once(principals: Principals, agent: Any) -> None:
    held = credit(agent, "big", 20_000)
    assert held.status_code == 202 and held_rules(held.json()) == ["over_100"]
    approval = ApprovalRequest.objects.get(id=held.json()["approval_id"])
    assert approval.summary == {
        "title": "Store credit of $200.00 USD",
        "fields": [{"label": "Note", "value": "goodwill"}],
    }
    assert (approval.value_cents, approval.currency, approval.required_approvals) == (20_000, "USD", 1)
    assert family.CREDITED == []
    approval_decide(
        approval_id=approval.id,
        reviewer=principals.reviewer,
        step_up=StepUpProof(user=principals.reviewer),
        decision="approve",
    )
    assert len(family.CREDITED) == 1
    replay = credit(agent, "big", 20_000).json()
    assert replay["status"] == "completed" and replay["result"]["credited"] == 20_000
    assert len(family.CREDITED) == 1
    assert ValueEntry.objects.get(tool_call_id=approval.tool_call_id).status == "completed"


def test_hold_then_reject_runs_nothing(principals: Principals, agent: Any) -> None:
    held = credit(agent, "no", 20_000).json()
    approval_decide(
        approval_id=held["approval_id"],
        reviewer=principals.reviewer,
        step_up=StepUpProof(user=principals.reviewer),
        decision="reject",
        reason_code="policy",
    )
    assert credit(agent, "no", 20_000).json()["status"] == "rejected"
    assert family.CREDITED == []
    assert ValueEntry.objects.get(tool="issue_credit").status == "void"


def test_hold_then_expire_runs_nothing(agent: Any) -> None:
    held = credit(agent, "late", 20_000).json()
    assert approvals_expire(now=timezone.now() + timedelta(days=1)) == 1
    assert credit(agent, "late", 20_000).json()["status"] == "expired"
    assert ApprovalRequest.objects.get(id=held["approval_id"]).status == "expired"
    assert family.CREDITED == []
    assert ValueEntry.objects.get(tool="issue_credit").status == "void"


def test_a_refusal_when_approved_fails_cleanly(principals: Principals, agent: Any) -> None:
    held = credit(agent, "refused", 20_000, note="refuse").json()
    decided = approval_decide(
        approval_id=held["approval_id"],
        reviewer=principals.reviewer,
        step_up=StepUpProof(user=principals.reviewer),
        decision="approve",
    )
    assert decided.status == "failed" and decided.failure_reason == "credit_refused"
    assert ValueEntry.objects.get(tool="issue_credit").status == "void"


def test_the_approvals_required_expression_sets_dual_control(agent: Any) -> None:
    held = credit(agent, "dual", 600_000).json()
    assert ApprovalRequest.objects.get(id=held["approval_id"]).required_approvals == 2


def test_a_deny_rule_refuses_and_is_named_for_people_never_to_the_agent(agent: Any) -> None:
    response = credit(agent, "absurd", 950_000)
    body = response.json()
    assert response.status_code == 403 and body["status"] == "denied"
    assert body["error"]["code"] == "policy_denied" and not body["error"]["details"]
    assert "absurd" not in json.dumps(body["error"])
    entry = AuditEntry.objects.get(action="policy_denied")
    assert entry.details["rules"] == ["absurd"] and entry.result == "blocked"
    assert family.CREDITED == []


def test_the_audit_entry_names_the_fired_rule(agent: Any) -> None:
    held = credit(agent, "named", 20_000).json()
    entry = AuditEntry.objects.get(action="approval_requested", approval_id=held["approval_id"])
    assert entry.details["rules"] == ["over_100"]


def entry(**overrides: Any) -> dict[str, Any]:
    base = {
        "name": "t1",
        "changes_state": True,
        "schema": {
            "type": "object",
            "properties": {"n": {"type": "integer"}, "idempotency_key": {"type": "string"}},
            "required": ["n", "idempotency_key"],
        },
        "handler": "tests.family.IssueCredit",
    }
    return {**base, **overrides}


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"policy": {"hold_when": {"big": "args.n >"}}}, "tool 't1', rule 'big'"),
        ({"policy": {"hold_when": {"big": "secrets.n > 1"}}}, "unknown variable(s) secrets"),
        ({"policy": {"deny_when": {"Bad Name": "true"}}}, "rule name 'Bad Name'"),
        ({"policy": {"approvals_required": "1 +"}}, "rule 'approvals_required'"),
        ({"policy": {"hold_when": {"x": "true"}}, "changes_state": False}, "hold_when needs a state-changing tool"),
        ({"handler": "tests.family.Missing"}, "cannot be imported"),
        ({"handler": "tests.family.CREDITED"}, "is not a ToolHandler"),
        ({"upstream": {"carrier_pigeon": {}}, "handler": None}, "no executor for upstream kind 'carrier_pigeon'"),
        ({"name": "Bad-Name"}, "must match"),
        ({"colour": "blue"}, "unknown key(s) colour"),
        ({"schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}, "idempotency_key"),
        ({"schema": {"type": 12}}, "tool 't1'"),
        ({"value": {"amount": "principal.key"}}, "a value may only read args"),
        ({"results": "hide"}, "results must be one of pass, mark, withhold"),
    ],
)
def test_a_broken_entry_stops_start_up_naming_the_tool_and_rule(overrides: dict[str, Any], message: str) -> None:
    spec = entry(**overrides)
    if spec.get("handler") is None:
        spec.pop("handler")
    with pytest.raises(ImproperlyConfigured) as raised:
        tool_from_entry(spec)
    assert message in str(raised.value)


@pytest.mark.parametrize("results", ["pass", "mark", "withhold"])
def test_an_entry_names_what_reaches_the_model_of_its_results(results: str) -> None:
    assert tool_from_entry(entry(results=results)).results == results
    assert tool_from_entry(entry()).results == "mark"


def test_an_upstream_entry_uses_the_registered_executor_factory() -> None:
    made: list[tuple[str, Any]] = []

    def factory(name: str, config: Any) -> ToolHandler:
        made.append((name, dict(config)))
        return family.IssueCredit()

    EXECUTOR_FACTORIES["test_kind"] = factory
    try:
        spec = entry(upstream={"test_kind": {"url": "http://upstream.invalid/x"}})
        spec.pop("handler")
        tool = tool_from_entry(spec)
    finally:
        del EXECUTOR_FACTORIES["test_kind"]
    assert made == [("t1", {"url": "http://upstream.invalid/x"})]
    assert isinstance(tool.handler, family.IssueCredit)


def test_a_later_catalog_replaces_an_entry(tmp_path: Path, credit_tool: None) -> None:
    path = tmp_path / "override.yaml"
    path.write_text(CATALOG.replace("value.amount > 10000", "value.amount > 1"))
    catalog_load(path)
    tool = get_tool("issue_credit")
    assert tool is not None and tool.policy is not None
    assert tool.policy.hold_when[0].source == "value.amount > 1"


def test_the_built_in_families_load_without_a_catalog_setting() -> None:
    for name in ("transfer_funds", "check_balance", "list_transactions", "refund_order", "send_customer_email"):
        assert get_tool(name) is not None, name


def test_a_rule_that_cannot_be_evaluated_fails_closed() -> None:
    from core.policy import Policy

    policy = Policy.compile(
        tool="t1",
        spec={
            "hold_when": {"memo_says_urgent": "args.memo.contains('urgent')", "big": "args.n > 10"},
            "deny_when": {"not_boolean": "args.n"},
            "approvals_required": "args.nope",
        },
        changes_state=True,
    )
    # No memo at all: the memo rule cannot be read, so it holds; approvals_required fails, so two reviewers.
    verdict = policy.evaluate({"args": {"n": 1}})
    assert verdict.held == ("memo_says_urgent",) and verdict.denied == ("not_boolean",)
    assert verdict.approvals_required == 2
    assert policy.argument_names == frozenset({"memo", "n", "nope"})


def test_rules_reading_args_as_a_whole_get_every_argument() -> None:
    from core.policy import Policy

    policy = Policy.compile(tool="t1", spec={"hold_when": {"many": "size(args) > 2"}}, changes_state=True)
    assert policy.argument_names is None
    assert policy.evaluate({"args": {"a": 1, "b": 2, "c": 3}}).held == ("many",)


PREFIX_SOURCE = """
tools:
  - name: crm_source
    upstream: {{ mcp: {{ url: "http://127.0.0.1:9/mcp", prefix: crm_{extra_mcp} }} }}
    fields: {{ customer_id: identifier }}
    policy: {{ hold_when: {{ large: "{rule}" }} }}
{extra}
"""


@pytest.mark.parametrize(
    ("extra", "extra_mcp", "rule", "message"),
    [
        (
            "    schema: {type: object}",
            "",
            "args.amount_cents > 1",
            "schema cannot be set on an entry whose upstream supplies its tools (a prefix",
        ),
        (
            "    changes_state: yes please",
            "",
            "args.amount_cents > 1",
            "changes_state must be true or false",
        ),
        ("", ", read_only: lookup", "args.amount_cents > 1", "read_only must list upstream tool names"),
        ("", ", retries: 3", "args.amount_cents > 1", "unknown fields: retries"),
        ("", "", "args.amount_cents >", "large"),
        ("    results: hide", "", "args.amount_cents > 1", "results must be one of"),
    ],
)
def test_a_broken_mcp_prefix_entry_stops_start_up_even_with_the_upstream_down(
    tmp_path: Path, extra: str, extra_mcp: str, rule: str, message: str
) -> None:
    path = tmp_path / "source.yaml"
    path.write_text(PREFIX_SOURCE.format(extra=extra, extra_mcp=extra_mcp, rule=rule))
    with pytest.raises(ImproperlyConfigured) as raised:
        catalog_load(path, install=False)
    assert message in str(raised.value) and "crm_source" in str(raised.value)


def test_a_draft_with_an_mcp_prefix_source_whose_upstream_is_down_lists_no_tools(tmp_path: Path) -> None:
    path = tmp_path / "source.yaml"
    path.write_text(PREFIX_SOURCE.format(extra="", extra_mcp=", timeout_s: 2", rule="args.amount_cents > 1"))
    assert catalog_load(path, install=False) == []
