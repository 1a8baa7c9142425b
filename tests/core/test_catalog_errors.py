"""A catalog that cannot work is refused at load, in one line naming file, line, tool and rule.

Including rules that parse but could never run (an integer compared with a
string, a function CEL does not have), and every rule docs/policies.md shows.
"""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core.catalog import CatalogError, catalog_load
from core.policy import Policy
from core.policy_types import MEMBER_TYPES
from core.tools import Tool, ToolHandler
from tests.live import ROOT
from toolguard.pipeline.policy import limits, policy_activation

ENTRY = """\
tools:
  - name: ok_tool
    changes_state: false
    schema: {type: object, properties: {q: {type: string}}, additionalProperties: false}
    handler: tests.family.IssueCredit

  - name: refund_order
    changes_state: true
    schema:
      type: object
      properties:
        amount_cents: {type: integer, minimum: 1}
        memo: {type: string, maxLength: 50}
        idempotency_key: {type: string}
      required: [amount_cents, idempotency_key]
      additionalProperties: false
    fields: {memo: free_text, idempotency_key: identifier}
    value: {amount: args.amount_cents}
    policy:
      hold_when:
        large: "RULE"
    handler: tests.family.IssueCredit
"""


def load(tmp_path: Path, text: str) -> list[Tool]:
    path = tmp_path / "tools.yaml"
    path.write_text(text)
    return catalog_load(path, install=False)


@pytest.mark.parametrize(
    ("rule", "problem"),
    [
        ("args.amount_cents >", "rule 'large': Failed to parse expression"),
        ("nosuch.amount > 1", "rule 'large': unknown variable(s) nosuch"),
        ("args.amount_cents * 2 > '200'", "rule 'large': No such overload"),
        ("args.amount_cents > '200'", "rule 'large': args.amount_cents is an integer and '200' a string: `>` between"),
        ("args.idempotency_key.lowerAscii() == 'urgent'", "rule 'large': Undefined variable or function"),
        ("has(args.memo) && args.memo.lowerAscii() == 'urgent'", "rule 'large': args.memo is free text"),
        ("args.amount_cents + 1", "rule 'large': gives 2, not true or false"),
        # members that do not exist: every real call would fail, and so count as fired
        ("args.amout_cents > 1", "rule 'large': args.amout_cents is not an argument the tool's schema declares"),
        ("has(args.mem) && value.amount > 1", "rule 'large': args.mem is not an argument"),
        (
            "value.amount > limits.sesion_limit",
            "limits has no member sesion_limit (did you mean limits.session_limit?)",
        ),
        ("window.beneficary > 1", "window has no member beneficary"),
        # comparisons the operands' types decide on every call
        ("args.idempotency_key == 7", "args.idempotency_key is a string and 7 an integer: `==` between them is never"),
        ("value.currency != 840", "value.currency is a string and 840 an integer: `!=` between them is always true"),
        ("principal.customer_age_days in ['30', '60']", "the list holds a string: `in` is never true"),
        ("tool.changes_state == 'true' && value.amount > 1", "`==` between them is never true"),
        ("value.amount > 1 && 'USD' == session.total", "'USD' is a string and session.total an integer"),
    ],
)
def test_a_bad_rule_names_file_line_tool_and_rule(tmp_path: Path, rule: str, problem: str) -> None:
    with pytest.raises(CatalogError) as raised:
        load(tmp_path, ENTRY.replace("RULE", rule))
    message = str(raised.value)
    assert message.startswith(f"{tmp_path / 'tools.yaml'}:7: tool 'refund_order', "), message
    assert problem in message and "\n" not in message


@pytest.mark.parametrize(
    ("value", "rule", "problem"),
    [
        ("value: {amount: args.amount}", "value.amount > 1", "rule 'value.amount': args.amount is not an argument"),
        ("value: {amount: args.amount_cents, currency: args.curency}", "value.amount > 1", "args.curency"),
        ("", "value.amount > 1", "rule 'large': reads value.amount, but the tool has no `value:`"),
    ],
)
def test_a_value_that_cannot_be_read_is_refused(tmp_path: Path, value: str, rule: str, problem: str) -> None:
    text = ENTRY.replace("    value: {amount: args.amount_cents}\n", f"    {value}\n" if value else "")
    with pytest.raises(CatalogError) as raised:
        load(tmp_path, text.replace("RULE", rule))
    assert problem in str(raised.value) and "\n" not in str(raised.value), str(raised.value)


@pytest.mark.parametrize(
    "rule",
    [
        "value.amount >= limits.approval_threshold && tool.changes_state == true",
        "window.beneficiary + value.amount > limits.session_limit || session.total > 2.5 * 100",
        "has(args.memo) && contains_text(args.memo, 'urgent')",
        "args.idempotency_key in ['a', 'b'] || args['memo'] == null",
        "principal.customer_age_days < 30 && value.currency == 'USD' && value.original_amount != -1",
        "size(args.idempotency_key) == 0 || args.idempotency_key + 'x' == 'ax'",
        "facts.anything == 3 || principal.key == 'agent:c:k'",
    ],
)
def test_sound_rules_of_every_shape_load(tmp_path: Path, rule: str) -> None:
    (_, tool) = load(tmp_path, ENTRY.replace("RULE", rule))
    assert tool.policy is not None and tool.policy.hold_when[0].source == rule


def test_the_members_checked_are_those_a_call_has() -> None:
    """core.policy_types names what each variable holds; the pipeline builds it."""
    assert set(limits()) == set(MEMBER_TYPES["limits"])
    source = inspect.getsource(policy_activation)
    for variable, members in MEMBER_TYPES.items():
        if variable != "limits":
            for member in members:
                assert f'"{member}"' in source, (variable, member)


def test_a_rule_written_twice_under_one_name_is_refused(tmp_path: Path) -> None:
    """YAML would keep the second and drop the first without a word."""
    text = ENTRY.replace(
        '        large: "RULE"\n', '        large: "value.amount > 100000"\n        large: "value.amount > 1"\n'
    )
    with pytest.raises(CatalogError) as raised:
        load(tmp_path, text)
    assert str(raised.value) == (
        f"tool catalog {tmp_path / 'tools.yaml'}:22: 'large' appears twice in one mapping (lines 21 and 22)"
    )


def test_a_tool_defined_twice_in_one_file_is_refused(tmp_path: Path) -> None:
    text = ENTRY.replace("RULE", "value.amount > 1")
    second = text.split("tools:\n", 1)[1].split("\n\n", 1)[0]  # the ok_tool entry again
    with pytest.raises(CatalogError, match=r":\d+: tool 'ok_tool' is already defined in this file, line 2$"):
        load(tmp_path, text + second + "\n")


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("    policy:\n", "    polcy:\n", "tool 'refund_order': unknown key(s) polcy (did you mean policy?)"),
        (
            "memo: free_text,",
            "memo: freetext,",
            "fields.memo: freetext (did you mean free_text?) is not one of free_text, free_text_links, identifier",
        ),
        ("memo: free_text,", "mem: free_text,", "fields name no argument of the schema: mem (did you mean memo?)"),
        (
            "value: {amount: args.amount_cents}",
            "value: {amount: args.amount_cents, curency: \"'USD'\"}",
            "unknown value key(s) curency (did you mean currency?)",
        ),
        (
            '        large: "RULE"\n',
            '        large: "RULE"\n      labels: {lagre: Large refund}\n',
            "labels name no rule of this policy: lagre (did you mean large?)",
        ),
        (
            "amount_cents: {type: integer, minimum: 1}",
            "amount_cents: {type: integr, minimum: 1}",
            "schema.properties.amount_cents.type: 'integr' is not valid",
        ),
    ],
)
def test_a_slip_in_an_entry_is_named_with_what_was_meant(tmp_path: Path, old: str, new: str, problem: str) -> None:
    text = ENTRY.replace(old, new).replace("RULE", "value.amount > 1")
    assert text != ENTRY.replace("RULE", "value.amount > 1")
    with pytest.raises(CatalogError) as raised:
        load(tmp_path, text)
    assert f"{tmp_path / 'tools.yaml'}:7: tool 'refund_order'" in str(raised.value)
    assert problem in str(raised.value), str(raised.value)


def test_a_misspelt_key_is_named_with_what_was_meant(tmp_path: Path) -> None:
    with pytest.raises(
        CatalogError, match=r":7: tool 'refund_order': unknown policy key\(s\) hold_wen \(did you mean hold_when\?\)"
    ):
        load(tmp_path, ENTRY.replace("hold_when:", "hold_wen:").replace("RULE", "value.amount > 1"))


def test_a_literal_header_names_the_file_and_the_tool(tmp_path: Path) -> None:
    text = ENTRY.replace("RULE", "value.amount > 1").replace(
        "    handler: tests.family.IssueCredit\n",
        "    upstream: {http: {url: 'https://orders.internal/x', headers: {Authorization: 'Bearer abc'}}}\n",
    )
    with pytest.raises(CatalogError) as raised:
        load(tmp_path, text)
    assert re.match(
        rf"{re.escape(str(tmp_path / 'tools.yaml'))}:2: tool 'ok_tool': .*headers\.Authorization must be env:NAME",
        str(raised.value),
    )


def test_a_sound_catalog_loads(tmp_path: Path) -> None:
    tools = load(tmp_path, ENTRY.replace("RULE", "value.amount > 10000 && has(args.memo)"))
    assert [tool.name for tool in tools] == ["ok_tool", "refund_order"]


def test_manage_py_says_it_in_one_line_and_exits_non_zero(tmp_path: Path) -> None:
    path = tmp_path / "tools.yaml"
    path.write_text(ENTRY.replace("RULE", "args.amount_cents > '200'"))
    env = {**os.environ, "TOOLGUARD_TOOL_CATALOG": str(path), "DJANGO_SETTINGS_MODULE": "toolguard.settings"}
    done = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        f"toolguard: {path}:7: tool 'refund_order', rule 'large': args.amount_cents is an integer and '200' a "
        "string: `>` between them fails on every call"
    ]


# --- Every rule docs/policies.md shows is loaded and run -------------------------

DOCS = ROOT / "docs" / "policies.md"
# One schema with every argument the documented rules read.
DOC_SCHEMA = {
    "type": "object",
    "properties": {
        "amount": {"type": "integer"},
        "amount_cents": {"type": "integer"},
        "currency": {"type": "string", "enum": ["USD", "EUR"]},
        "memo": {"type": "string"},
        "subject": {"type": "string"},
        "body": {"type": "string"},
        "to_account": {"type": "string"},
        "order_id": {"type": "string"},
        "idempotency_key": {"type": "string"},
    },
    "required": ["amount", "amount_cents", "currency", "idempotency_key"],
}


def documented_rules() -> list[tuple[str, str, str]]:
    """(part, name, expression) for each rule line in the page's YAML blocks."""
    blocks = re.findall(r"```yaml\n(.*?)```", DOCS.read_text(), flags=re.S)
    assert len(blocks) >= 2
    rules: list[tuple[str, str, str]] = []
    for block in blocks:
        part = ""
        for line in block.splitlines():
            heading = re.match(r"\s*(deny_when|hold_when):\s*$", line)
            if heading:
                part = heading.group(1)
            inline = re.match(r'\s*approvals_required:\s*"(.+)"\s*$', line)
            if inline:
                rules.append(("approvals_required", "approvals_required", inline.group(1)))
                continue
            rule = re.match(r'\s+([a-z][a-z0-9_]*):\s*"(.+)"\s*$', line)
            if rule and part:
                rules.append((part, rule.group(1), rule.group(2)))
    return rules


def test_the_documented_catalog_entry_loads(tmp_path: Path) -> None:
    block = re.findall(r"```yaml\n(.*?)```", DOCS.read_text(), flags=re.S)[0]
    (tool,) = load(tmp_path, block)
    assert tool.name == "refund_order" and tool.policy is not None and tool.policy.hold_when


@pytest.mark.parametrize(("part", "name", "expression"), documented_rules())
def test_every_documented_rule_loads_and_runs(tmp_path: Path, part: str, name: str, expression: str) -> None:
    spec = {part: expression} if part == "approvals_required" else {part: {name: expression}}
    if part == "approvals_required":
        spec["hold_when"] = {"always": "true"}
    policy = Policy.compile(tool="documented", spec=spec, changes_state=True)
    text = ENTRY.replace("RULE", "value.amount > 1")
    assert load(tmp_path, text)  # the entry around it is sound
    from core.catalog import tool_from_entry

    entry = {
        "name": "documented",
        "changes_state": True,
        "schema": DOC_SCHEMA,
        "fields": {"memo": "free_text", "subject": "free_text", "body": "free_text"},
        "value": {"amount": "args.amount", "currency": "args.currency", "beneficiary": "args.to_account"},
        "policy": spec,
        "handler": "tests.family.IssueCredit",
    }
    tool = tool_from_entry(entry, source="docs/policies.md")
    assert tool.policy is not None
    assert next(e.source for e in tool.policy.expressions) == policy.expressions[0].source
    assert isinstance(tool.handler, ToolHandler)
