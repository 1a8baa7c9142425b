"""Upstream specs: what an `http:` or `mcp:` entry becomes, and what it is refused for."""

from __future__ import annotations

from typing import Any

import pytest

from core.tools import Tool
from upstream.executors import (
    HttpExecutor,
    McpExecutor,
    UpstreamConfigError,
    resolve_headers,
    upstream_executor_from_spec,
)
from upstream.mcp import UpstreamTool, guarded_schema, mcp_source_register

HTTP = {"url": "https://orders.internal/refunds", "method": "post", "headers": {"Authorization": "env:TOKEN"}}


def test_an_http_spec_becomes_an_http_executor() -> None:
    executor = upstream_executor_from_spec({"http": {**HTTP, "timeout_s": 4}})
    assert isinstance(executor, HttpExecutor)
    assert executor.target == {
        "url": "https://orders.internal/refunds",
        "method": "POST",
        "headers": {"Authorization": "env:TOKEN"},
        "timeout_s": 4.0,
        "max_response_bytes": 1_048_576,
    }
    assert executor.forwarded({"a": 1, "idempotency_key": "k"}) == {"a": 1}


def test_an_mcp_spec_with_a_tool_becomes_an_mcp_executor() -> None:
    executor = upstream_executor_from_spec({"mcp": {"url": "http://mcp.internal/mcp", "tool": "refund"}})
    assert isinstance(executor, McpExecutor) and executor.target["tool"] == "refund"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"http": {**HTTP, "headers": {"Authorization": "Bearer s3cret"}}}, "must be env:NAME"),
        ({"http": {**HTTP, "method": "TRACE"}}, "method must be one of"),
        ({"http": {**HTTP, "url": "ftp://x"}}, "url must be an http"),
        ({"http": {**HTTP, "timeout_s": 0}}, "timeout_s must be"),
        ({"http": {**HTTP, "max_response_bytes": 0}}, "max_response_bytes must be"),
        ({"http": {**HTTP, "max_response_bytes": "1MB"}}, "max_response_bytes must be"),
        ({"http": {**HTTP, "max_response_bytes": 2**40}}, "max_response_bytes must be"),
        ({"mcp": {"url": "http://mcp.internal/mcp", "tool": "t", "max_response_bytes": True}}, "max_response_bytes"),
        ({"http": {**HTTP, "retries": 3}}, "unknown fields: retries"),
        ({"mcp": {"url": "http://mcp.internal/mcp", "prefix": "crm_"}}, "tool names the upstream tool"),
        ({"http": HTTP, "mcp": {}}, "exactly one of http or mcp"),
    ],
)
def test_a_broken_spec_is_refused_naming_the_field(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(UpstreamConfigError, match=message):
        upstream_executor_from_spec(spec)


def test_a_results_policy_outside_pass_mark_withhold_is_refused() -> None:
    with pytest.raises(ValueError, match="results must be one of"):
        Tool(
            name="orders_x",
            description="",
            schema={"type": "object"},
            changes_state=False,
            field_kinds={},
            handler=upstream_executor_from_spec({"http": HTTP}),
            results="hide",
        )


def test_header_values_are_read_from_the_environment_at_send_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOKEN", "Bearer abc")
    assert resolve_headers({"Authorization": "env:TOKEN"}) == {"Authorization": "Bearer abc"}
    monkeypatch.delenv("TOKEN")
    with pytest.raises(UpstreamConfigError, match="TOKEN, which is not set"):
        resolve_headers({"Authorization": "env:TOKEN"})


def test_a_state_changing_mcp_schema_gains_a_required_idempotency_key() -> None:
    upstream = UpstreamTool(
        name="add_credit",
        description="",
        input_schema={"type": "object", "properties": {"amount": {"type": "integer"}}, "required": ["amount"]},
    )
    schema = guarded_schema(upstream, changes_state=True)
    assert schema["required"] == ["amount", "idempotency_key"]
    assert upstream.input_schema["required"] == ["amount"]  # the upstream's copy is untouched
    assert "idempotency_key" not in guarded_schema(upstream, changes_state=False)["properties"]
    clash = UpstreamTool("x", "", {"type": "object", "properties": {"idempotency_key": {}}})
    with pytest.raises(UpstreamConfigError, match="already has an idempotency_key"):
        guarded_schema(clash, changes_state=True)


def test_an_mcp_schema_is_closed_unless_the_catalog_opens_it() -> None:
    open_upstream = UpstreamTool(
        "lookup", "", {"type": "object", "properties": {"q": {"type": "string"}}, "additionalProperties": True}
    )
    assert guarded_schema(open_upstream, changes_state=False)["additionalProperties"] is False
    assert guarded_schema(open_upstream, changes_state=False, open_schema=True)["additionalProperties"] is True
    with pytest.raises(UpstreamConfigError, match="open_schema must be true or false"):
        mcp_source_register(spec={"url": "http://127.0.0.1:9/mcp", "prefix": "x_", "open_schema": "yes"})


def test_max_response_bytes_is_carried_on_the_target() -> None:
    executor = upstream_executor_from_spec(
        {"mcp": {"url": "http://mcp.internal/mcp", "tool": "t", "max_response_bytes": 10}}
    )
    assert executor.target["max_response_bytes"] == 10
