"""Handlers that call a tool living elsewhere: an HTTP API or an MCP server.

A handler only knows where the tool is and how to talk to it: its `target`
and the transport for its `kind` (`attempt_send`, declared on UpstreamConfig).
The outbox (outbox/services.py) copies both onto its row and does the
sending for state-changing calls, exactly once past toolguard.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from core.headers import header_value
from core.tools import BusinessError, HeldOperation, ToolContext, ToolHandler, UpstreamUnavailable, transport_send

HTTP_METHODS = ("POST", "PUT", "PATCH", "DELETE", "GET")
# The largest answer an upstream may send (after decompression); past it the answer is cut.
DEFAULT_MAX_RESPONSE_BYTES = 1_048_576
# Far above any tool result a model can use, and below what a worker can hold many of at once.
MAX_RESPONSE_BYTES_CEILING = 64 * 1_048_576


class UpstreamConfigError(ValueError):
    """An upstream spec that cannot work; raised at registration, naming the field."""


def resolve_headers(configured: Mapping[str, str]) -> dict[str, str]:
    """Header values are `env:NAME` references, read at send time so no secret is stored."""
    headers = {}
    for name, reference in configured.items():
        variable = reference.removeprefix("env:")
        value = os.environ.get(variable)
        if value is None:
            raise UpstreamConfigError(f"header {name} needs the environment variable {variable}, which is not set")
        headers[name] = value
    return headers


# One field each of an `http:` or `mcp:` spec, checked and with its default; `where` names the entry in errors.


def headers_from_spec(headers: Any, where: str) -> dict[str, str]:
    if headers is None:
        return {}
    if not isinstance(headers, Mapping):
        raise UpstreamConfigError(f"{where}.headers must be a mapping")
    for name, value in headers.items():
        if not isinstance(value, str) or not value.startswith("env:") or len(value) <= 4:
            # A literal value would put a secret in the catalog and on every outbox row.
            raise UpstreamConfigError(f"{where}.headers.{name} must be env:NAME, never a literal value")
    return dict(headers)


def url_from_spec(url: Any, where: str) -> str:
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise UpstreamConfigError(f"{where}.url must be an http:// or https:// URL")
    return url


def timeout_from_spec(value: Any, where: str) -> float:
    if value is None:
        return 10.0
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 < value <= 300:
        raise UpstreamConfigError(f"{where}.timeout_s must be a number of seconds in (0, 300]")
    return float(value)


def max_response_bytes_from_spec(value: Any, where: str) -> int:
    if value is None:
        return DEFAULT_MAX_RESPONSE_BYTES
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value <= MAX_RESPONSE_BYTES_CEILING:
        raise UpstreamConfigError(
            f"{where}.max_response_bytes must be a whole number of bytes in (0, {MAX_RESPONSE_BYTES_CEILING}]"
        )
    return value


class UpstreamExecutor(ToolHandler):
    """A tool whose effect happens upstream. State-changing calls go through the outbox (ToolHandler.dispatches)."""

    dispatches = True

    def __init__(self, *, target: dict[str, Any]) -> None:
        self.target = target

    def hold(self, ctx: ToolContext, arguments: dict[str, Any]) -> HeldOperation:
        # Nothing happens upstream until a reviewer approves.
        return HeldOperation(result={"status": "pending_approval"})

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        """Read-only tools only: one direct call, no outbox (there is no effect to repeat)."""
        # The agent chose the call id: percent-encoded, so no text it picks breaks (or adds) a header.
        headers = {
            "X-Toolguard-Call-Id": header_value(ctx.tool_call_id),
            "X-Toolguard-Customer": header_value(ctx.agent_key.customer.external_id),
        }
        attempt = transport_send(kind=self.kind, target=self.target, body=self.forwarded(arguments), headers=headers)
        if attempt.verdict == "completed":
            return attempt.result if isinstance(attempt.result, dict) else {"result": attempt.result}
        # The upstream's own words (attempt.message) go to the audit entry only: the model reads a fixed sentence.
        audit = {"upstream": attempt.details()}
        if attempt.too_large:
            # A read has no effect to settle: an answer too large to keep is an error, not an unknown outcome.
            details = {"upstream_status": attempt.status_code}
            raise BusinessError("upstream_response_too_large", attempt.told(), details, audit=audit)
        if attempt.verdict == "failed":
            raise BusinessError(
                "upstream_rejected", attempt.told(), {"upstream_status": attempt.status_code}, audit=audit
            )
        raise UpstreamUnavailable(attempt.told(), audit=audit)


class HttpExecutor(UpstreamExecutor):
    kind = "http"


class McpExecutor(UpstreamExecutor):
    kind = "mcp"


def upstream_executor_from_spec(spec: Mapping[str, Any]) -> UpstreamExecutor:
    """The handler for one catalog entry's `upstream:` mapping.

    `{http: {url, method, headers, timeout_s, max_response_bytes}}` or
    `{mcp: {url, tool, headers, timeout_s, max_response_bytes}}`.
    An `mcp` entry with `prefix` and no `tool` stands for many tools: see
    `upstream.mcp.mcp_source_register`.
    """
    if not isinstance(spec, Mapping) or len(spec) != 1 or next(iter(spec)) not in ("http", "mcp"):
        raise UpstreamConfigError("upstream must have exactly one of http or mcp")
    kind, body = next(iter(spec.items()))
    where = f"upstream.{kind}"
    if not isinstance(body, Mapping):
        raise UpstreamConfigError(f"{where} must be a mapping")
    unknown = set(body) - {"url", "method", "headers", "timeout_s", "max_response_bytes", "tool", "prefix"}
    if unknown:
        raise UpstreamConfigError(f"{where} has unknown fields: {', '.join(sorted(unknown))}")
    target: dict[str, Any] = {
        "url": url_from_spec(body.get("url"), where),
        "headers": headers_from_spec(body.get("headers"), where),
        "timeout_s": timeout_from_spec(body.get("timeout_s"), where),
        "max_response_bytes": max_response_bytes_from_spec(body.get("max_response_bytes"), where),
    }
    if kind == "http":
        method = str(body.get("method", "POST")).upper()
        if method not in HTTP_METHODS:
            raise UpstreamConfigError(f"{where}.method must be one of {', '.join(HTTP_METHODS)}")
        target["method"] = method
        return HttpExecutor(target=target)
    tool = body.get("tool")
    if not isinstance(tool, str) or not tool:
        raise UpstreamConfigError(f"{where}.tool names the upstream tool; for a prefix use mcp_source_register")
    target["tool"] = tool
    return McpExecutor(target=target)


def http_executor_factory(name: str, config: Mapping[str, Any]) -> ToolHandler:
    """The catalog's `upstream: {http: ...}` (core.catalog.EXECUTOR_FACTORIES)."""
    return upstream_executor_from_spec({"http": config})


def mcp_executor_factory(name: str, config: Mapping[str, Any]) -> ToolHandler:
    """The catalog's `upstream: {mcp: {url, tool}}`; a `prefix` source is registered by mcp_source_register."""
    return upstream_executor_from_spec({"mcp": config})
