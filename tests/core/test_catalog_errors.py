"""A catalog that cannot work is refused at load, in one line naming file, line, tool and rule.

Including rules that parse but could never run (an integer compared with a
string, a function CEL does not have), and every rule docs/policies.md shows.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core.catalog import CatalogError, catalog_load
from core.policy import Policy
from core.tools import Tool, ToolHandler
from tests.live import ROOT

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
        ("args.amount_cents > '200'", "rule 'large': No such overload"),
        ("args.idempotency_key.lowerAscii() == 'urgent'", "rule 'large': Undefined variable or function"),
        ("has(args.memo) && args.memo.lowerAscii() == 'urgent'", "rule 'large': args.memo is free text"),
        ("args.amount_cents + 1", "rule 'large': gives 2, not true or false"),
    ],
)
def test_a_bad_rule_names_file_line_tool_and_rule(tmp_path: Path, rule: str, problem: str) -> None:
    with pytest.raises(CatalogError) as raised:
        load(tmp_path, ENTRY.replace("RULE", rule))
    message = str(raised.value)
    assert message.startswith(f"{tmp_path / 'tools.yaml'}:7: tool 'refund_order', "), message
    assert problem in message and "\n" not in message


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
        f"toolguard: {path}:7: tool 'refund_order', rule 'large': No such overload: the operation is not defined "
        "for the given operand types"
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
