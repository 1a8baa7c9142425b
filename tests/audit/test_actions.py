"""Audit actions, results and actor types are named once, in core.enums: the log holds no other name.

The chain insert refuses an unnamed action or result, and a bare string for
any of the three, at run time (tests/audit/test_operation_names.py); mypy
refuses the bare string before that, and the source scan below catches a
literal before it ever runs, including on a path no other test takes.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from audit.models import AuditEntry
from audit.services import audit_append
from core.enums import ActorType, AuditAction, AuditResult
from core.events import AuditEvent
from tests.audit.entries import event
from tests.conftest import Bank
from tests.live import ROOT

pytestmark = pytest.mark.django_db

PRODUCTION_APPS = (
    "core",
    "banking",
    "support",
    "upstream",
    "audit",
    "people",
    "detection",
    "approvals",
    "outbox",
    "staff",
    "toolguard",
    "demo",
)


def production_sources() -> Iterator[tuple[str, ast.Module]]:
    for app in PRODUCTION_APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(), filename=str(path))


def _literals(node: ast.expr) -> Iterator[ast.Constant]:
    """The string constants an expression may evaluate to (a conditional's both branches)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def action_literals(tree: ast.Module) -> Iterator[ast.Constant]:
    """String literals used as an audit action: `action=`, an `event(...)` helper's first argument,
    `.action ==`, the first of an (action, result, ...) tuple."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if _callee(node) == "add_argument":  # argparse's action="store_true"
                continue
            for keyword in node.keywords:
                if keyword.arg == "action":
                    yield from _literals(keyword.value)
            if _callee(node) == "event" and node.args:
                yield from _literals(node.args[0])
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and node.left.attr == "action":
            for comparator in node.comparators:
                yield from _literals(comparator)
        elif isinstance(node, ast.Tuple) and len(node.elts) >= 2 and _is_result(node.elts[1]):
            # An (action, result, details) tuple, as the outbox collects its events.
            yield from _literals(node.elts[0])


def _is_result(node: ast.expr) -> bool:
    if isinstance(node, ast.Attribute):
        return isinstance(node.value, ast.Name) and node.value.id == "AuditResult"
    return isinstance(node, ast.Constant) and node.value in AuditResult.values


def test_audit_append_refuses_an_action_the_enum_does_not_name() -> None:
    before = AuditEntry.objects.count()
    with pytest.raises(ValueError, match="'transfer_teleported'"):
        audit_append([event(), event("transfer_teleported")])
    assert AuditEntry.objects.count() == before


def test_audit_append_refuses_a_result_the_enum_does_not_name() -> None:
    before = AuditEntry.objects.count()
    with pytest.raises(ValueError, match="'inapplicable'"):
        audit_append([event("tool_call_received", "inapplicable")])
    assert AuditEntry.objects.count() == before


def member_event(**changes: Any) -> AuditEvent:
    values: dict[str, Any] = {
        "actor": "agent:alice:0123456789ab",
        "actor_type": ActorType.AGENT,
        "action": AuditAction.TOOL_CALL_RECEIVED,
        "result": AuditResult.SUCCESS,
    }
    return AuditEvent(**{**values, **changes})


@pytest.mark.parametrize(
    ("field", "bare"),
    [("action", "tool_call_received"), ("result", "success"), ("actor_type", "agent")],
)
def test_the_writer_refuses_a_bare_string_even_one_that_names_a_member(field: str, bare: str) -> None:
    before = AuditEntry.objects.count()
    with pytest.raises(TypeError, match=f"audit {field} '{bare}' is a bare string"):
        audit_append([member_event(), member_event(**{field: bare})])
    assert AuditEntry.objects.count() == before


def test_the_writer_refuses_an_actor_type_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="unknown actor type 'robot'"):
        audit_append([member_event(actor_type="robot")])


def test_the_writer_takes_members() -> None:
    [entry] = audit_append([member_event()])
    stored = AuditEntry.objects.get(id=entry.id)
    assert (stored.action, stored.result, stored.actor_type) == ("tool_call_received", "success", "agent")


def test_audit_append_takes_every_named_action_and_result() -> None:
    entries = audit_append([event(action) for action in AuditAction] + [event(result=r) for r in AuditResult])
    assert {entry.action for entry in entries} == set(AuditAction.values)
    assert {entry.result for entry in entries} == set(AuditResult.values)


def test_no_production_source_writes_an_action_by_a_bare_literal() -> None:
    found = []
    for relative, tree in production_sources():
        for literal in action_literals(tree):
            if literal.value not in AuditAction.values:
                found.append(f"{relative}:{literal.lineno}: {literal.value!r} is not an AuditAction")
            else:
                found.append(
                    f"{relative}:{literal.lineno}: {literal.value!r}: use AuditAction.{AuditAction(literal.value).name}"
                )
    assert found == []


def actor_type_literals(tree: ast.Module) -> Iterator[ast.Constant]:
    """String literals passed as `actor_type=` (a conditional's both branches)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg == "actor_type":
                    yield from _literals(keyword.value)


def test_no_production_source_passes_an_actor_type_as_a_bare_literal() -> None:
    found = [
        f"{relative}:{literal.lineno}: {literal.value!r}: use ActorType"
        for relative, tree in production_sources()
        for literal in actor_type_literals(tree)
    ]
    assert found == []


def test_the_actor_type_scan_sees_the_literals_it_is_meant_to_catch() -> None:
    tree = ast.parse(
        "AuditEvent(actor_type='agent')\n"
        "AuditEvent(actor_type='reviewer' if person else 'system')\n"
        "AuditEvent(actor_type=ActorType.AGENT)\n"
        "rates_submit(rows, actor=actor, actor_type=kind)\n"
    )
    assert sorted(literal.value for literal in actor_type_literals(tree)) == ["agent", "reviewer", "system"]


def test_the_scan_sees_the_literals_it_is_meant_to_catch() -> None:
    tree = ast.parse(
        "AuditEvent(action='a1', result='success')\n"
        "call.event('a2', 'success')\n"
        "AuditEvent(action='a3' if ok else 'a4')\n"
        "if entry.action == 'a5': pass\n"
        "events.append(('a6', AuditResult.FAILURE, {}))\n"
        "events.append(('a7', 'pending', {}))\n"
        "parser.add_argument('--json', action='store_true')\n"
        "AuditEvent(action=AuditAction.TOOL_EXECUTED)\n"
        "pair = ('name', 'label')\n"
    )
    found = sorted(literal.value for literal in action_literals(tree))
    assert found == ["a1", "a2", "a3", "a4", "a5", "a6", "a7"]


def test_every_action_is_used_by_production_code() -> None:
    sources = "\n".join(ast.unparse(tree) for _, tree in production_sources())
    unused = [action.name for action in AuditAction if f"AuditAction.{action.name}" not in sources]
    assert unused == []


def test_the_search_page_suggests_every_action_and_offers_every_result(bank: Bank) -> None:
    client = Client()
    client.force_login(bank.compliance)
    html = client.get("/audit/").content.decode()
    for action in AuditAction:
        assert f'<option value="{action.value}">{action.label}</option>' in html
    for result in AuditResult.values:
        assert f'<option value="{result}">' in html
