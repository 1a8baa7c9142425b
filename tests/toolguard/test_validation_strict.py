"""Schema patterns match whole strings; schema integers are JSON integers."""

from __future__ import annotations

import re

import pytest

from core.tools import get_tool
from toolguard.pipeline.validation import validation_errors, whole_string_pattern


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("^[a-z]+$", r"^[a-z]+\Z"),
        (r"^price\$[0-9]+$", r"^price\$[0-9]+\Z"),
        ("^[$a-z]+$", r"^[$a-z]+\Z"),
        (r"^[\]$]+$", r"^[\]$]+\Z"),
        ("^(a|b$)", r"^(a|b\Z)"),
        ("abc", "abc"),
    ],
)
def test_dollar_means_the_end_of_the_string(pattern: str, expected: str) -> None:
    assert whole_string_pattern(pattern) == expected
    re.compile(whole_string_pattern(pattern))


@pytest.mark.parametrize("value", ["savings\n", "savings\n\n", "\nsavings"])
def test_a_trailing_or_leading_newline_fails_the_account_pattern(value: str) -> None:
    tool = get_tool("check_balance")
    assert tool is not None
    errors = validation_errors(tool, {"account_id": value})
    assert [e["code"] for e in errors] == ["pattern"]


@pytest.mark.parametrize("amount", [1.0, 100.0, 1e2, True, "100"])
def test_integers_must_be_json_integers(amount: object) -> None:
    tool = get_tool("transfer_funds")
    assert tool is not None
    arguments = {"from_account": "a", "to_account": "b", "amount": amount, "currency": "USD", "idempotency_key": "k"}
    assert [e["path"] for e in validation_errors(tool, arguments)] == ["/amount"]


def test_a_json_integer_passes() -> None:
    tool = get_tool("transfer_funds")
    assert tool is not None
    arguments = {"from_account": "a", "to_account": "b", "amount": 100, "currency": "USD", "idempotency_key": "k"}
    assert validation_errors(tool, arguments) == []
