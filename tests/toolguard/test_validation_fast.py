"""The compiled fast path (jsonschema-rs) never accepts what the reference
validator (jsonschema, toolguard's strict reading) rejects."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.tools import Tool, ToolHandler, all_tools, get_tool
from toolguard.pipeline.validation import fast_validator, reference_errors, validation_errors

TOOLS = sorted(all_tools(), key=lambda tool: tool.name)

# Values of every JSON kind, with the edge cases where the two libraries read
# differently: integral floats, integers past 2**53, Unicode digits and line
# breaks in identifiers, lone surrogates.
_EDGE_STRINGS = st.sampled_from(
    [
        "acct-000123",
        "acct-000123\n",
        "\nacct",
        "٣٤٥",
        "a b",
        "USD",
        "usd",
        "x" * 65,
        "x" * 300,
        "\ud800",
        "",
        "a@b",
        "é",
    ]
)
_SCALARS = st.one_of(
    _EDGE_STRINGS,
    st.text(max_size=40),
    st.integers(min_value=-(2**64), max_value=2**64),
    st.sampled_from([0, 1, 100, 100_000_000, 100_000_001, 2**53, 2**53 + 1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1.0, 100.0, 1e2, 12500.0]),
    st.booleans(),
    st.none(),
)
_EDGES = st.sampled_from([1.0, 12500.0, 2**53 + 1, -(2**63), "acct-1\n", "٣", "no-at-sign", "\ud800", True, None])
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def _valid_example(tool: Tool) -> dict[str, Any]:
    examples = {
        "transfer_funds": {"from_account": "acct-1", "to_account": "acct-2", "amount": 100, "currency": "USD"},
        "check_balance": {"account_id": "acct-1"},
        "list_transactions": {"account_id": "acct-1"},
        "refund_order": {"order_id": "ord-1", "amount_cents": 500, "currency": "USD", "reason": "damaged"},
        "send_customer_email": {"to": "ana@example.com", "subject": "Refund", "body": "Your refund is on its way."},
    }
    arguments = dict(examples.get(tool.name, {}))
    if "idempotency_key" in tool.schema.get("properties", {}):
        arguments["idempotency_key"] = "key-1"
    return arguments


@pytest.mark.parametrize("tool", TOOLS, ids=lambda tool: tool.name)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_the_fast_path_agrees_with_the_reference(tool: Tool, data: st.DataObject) -> None:
    arguments = _valid_example(tool)
    names = [*sorted(tool.schema.get("properties", {})), "unexpected"]
    for name in data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=2, unique=True)):
        arguments[name] = data.draw(st.one_of(_EDGES, _VALUES))
    for name in data.draw(st.lists(st.sampled_from(sorted(arguments) or ["none"]), max_size=1)):
        arguments.pop(name, None)
    assert validation_errors(tool, arguments) == reference_errors(tool, arguments)


def test_a_plain_transfer_is_accepted_by_the_fast_path() -> None:
    tool = get_tool("transfer_funds")
    assert tool is not None
    fast = fast_validator(tool)
    assert fast is not None, "transfer_funds' schema is in the shared subset: the fast path must serve it"
    arguments = _valid_example(tool)
    assert fast.is_valid(arguments)
    assert validation_errors(tool, arguments) == []


@pytest.mark.parametrize("amount", [1.0, 12500.0, 1e2])
def test_an_integral_float_is_decided_by_the_reference(amount: float) -> None:
    tool = get_tool("transfer_funds")
    assert tool is not None
    arguments = {**_valid_example(tool), "amount": amount}
    fast = fast_validator(tool)
    assert fast is not None and fast.is_valid(arguments), "jsonschema-rs reads 1.0 as an integer"
    assert [error["path"] for error in validation_errors(tool, arguments)] == ["/amount"]


def _tool(schema: dict[str, Any]) -> Tool:
    return Tool(
        name="probe",
        description="",
        schema={"type": "object", "properties": schema},
        changes_state=False,
        field_kinds={},
        handler=ToolHandler(),
    )


@pytest.mark.parametrize(
    "schema",
    [
        {"to": {"type": "string", "format": "email"}},
        {"id": {"type": "string", "pattern": r"^\d+$"}},
        {"id": {"type": "string", "pattern": "^a.b$"}},
        {"id": {"type": "string", "pattern": r"^\w+$"}},
        {"id": {"$ref": "https://schemas.example.com/id.json"}},
    ],
)
def test_schemas_outside_the_shared_subset_have_no_fast_path(schema: dict[str, Any]) -> None:
    assert fast_validator(_tool(schema)) is None


def test_a_unicode_digit_is_judged_by_pythons_reading() -> None:
    # Python's \\d matches "٣"; ECMA-262's does not: the reference decides, so the answer is Python's.
    tool = _tool({"id": {"type": "string", "pattern": r"^\d+$"}})
    assert validation_errors(tool, {"id": "٣٤٥"}) == []
    assert [error["code"] for error in validation_errors(tool, {"id": "12a"})] == ["pattern"]
