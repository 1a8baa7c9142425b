"""Handlers that call a tool living elsewhere: an HTTP API or an MCP server.

A handler only knows where the tool is and how to talk to it. Everything a
send needs is also copied onto the outbox row (`Dispatch.target`), so the
worker that re-sends a call needs neither the registry nor the catalog.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import httpx

from core.tools import BusinessError, Dispatching, HeldOperation, Tool, ToolContext, ToolHandler

if TYPE_CHECKING:
    from approvals.models import ApprovalRequest
    from core.models import IdempotencyRecord, ToolCall

Verdict = Literal["completed", "failed", "retry", "unknown", "unreachable"]
HTTP_METHODS = ("POST", "PUT", "PATCH", "DELETE", "GET")


class UpstreamUnavailable(BusinessError):
    """The upstream could not be reached; for a state-changing tool, nothing was sent."""

    http_status = 503

    def __init__(self, message: str) -> None:
        super().__init__("upstream_unavailable", message)


class UpstreamConfigError(ValueError):
    """An upstream spec that cannot work; raised at registration, naming the field."""


@dataclass(frozen=True)
class Attempt:
    """What one send learned."""

    verdict: Verdict
    result: Any = None
    message: str = ""
    status_code: int | None = None
    duration_ms: float = 0.0

    def details(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "status_code": self.status_code,
            "message": self.message[:300],
            "duration_ms": self.duration_ms,
        }


def upstream_key(*, customer_id: int, tool: str, key: str) -> str:
    """The Idempotency-Key sent upstream: stable for the scope, and naming neither customer nor key."""
    return hashlib.sha256(f"toolguard:v1:{customer_id}:{tool}:{key}".encode()).hexdigest()


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


def _check_headers(headers: Any, where: str) -> dict[str, str]:
    if headers is None:
        return {}
    if not isinstance(headers, Mapping):
        raise UpstreamConfigError(f"{where}.headers must be a mapping")
    for name, value in headers.items():
        if not isinstance(value, str) or not value.startswith("env:") or len(value) <= 4:
            # A literal value would put a secret in the catalog and on every outbox row.
            raise UpstreamConfigError(f"{where}.headers.{name} must be env:NAME, never a literal value")
    return dict(headers)


def _check_url(url: Any, where: str) -> str:
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise UpstreamConfigError(f"{where}.url must be an http:// or https:// URL")
    return url


def _check_timeout(value: Any, where: str) -> float:
    if value is None:
        return 10.0
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 < value <= 300:
        raise UpstreamConfigError(f"{where}.timeout_s must be a number of seconds in (0, 300]")
    return float(value)


class UpstreamExecutor(ToolHandler):
    """A tool whose effect happens upstream. State-changing calls go through the outbox.

    The executor reaches the outbox only through the handler contract
    (`dispatches`, `dispatch_prepare`, `dispatch_send`, `dispatch_answer`):
    the pipeline core does not import this package.
    """

    kind: str = ""
    dispatches = True
    # Approval does not run the call inside the decision's transaction: it
    # queues the send (approvals.services._dispatch_held -> execute_approved).
    dispatches_held = True

    def __init__(self, *, target: dict[str, Any]) -> None:
        self.target = target

    def forwarded(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """What the upstream receives: toolguard's own key travels as a header, not an argument."""
        return {name: value for name, value in arguments.items() if name != "idempotency_key"}

    def hold(self, ctx: ToolContext, arguments: dict[str, Any]) -> HeldOperation:
        # Nothing happens upstream until a reviewer approves.
        return HeldOperation(result={"status": "pending_approval"})

    def execute(self, ctx: ToolContext, arguments: dict[str, Any]) -> dict[str, Any]:
        """Read-only tools only: one direct call, no outbox (there is no effect to repeat)."""
        headers = {"X-Toolguard-Call-Id": ctx.tool_call_id, "X-Toolguard-Customer": ctx.agent_key.customer.external_id}
        attempt = attempt_send(kind=self.kind, target=self.target, body=self.forwarded(arguments), headers=headers)
        if attempt.verdict == "completed":
            return attempt.result if isinstance(attempt.result, dict) else {"result": attempt.result}
        if attempt.verdict == "failed":
            raise BusinessError("upstream_rejected", attempt.message, {"upstream_status": attempt.status_code})
        raise UpstreamUnavailable(f"the upstream did not answer: {attempt.message}")

    def dispatch_prepare(
        self,
        ctx: ToolContext,
        *,
        tool: Tool,
        tool_call: ToolCall,
        record: IdempotencyRecord,
        arguments: dict[str, Any],
    ) -> Dispatching:
        from outbox.services import dispatch_create

        dispatch = dispatch_create(
            ctx=ctx,
            tool_call=tool_call,
            record=record,
            executor=self,
            tool=tool.name,
            arguments=arguments,
            results=tool.results,
        )
        # The sender needs the customer's external id for its headers: no second read.
        dispatch.customer = ctx.agent_key.customer
        return Dispatching(ref=str(dispatch.id), kind=self.kind, handle=dispatch)

    def dispatch_send(self, dispatching: Dispatching) -> dict[str, Any]:
        from outbox.services import dispatch_send_claimed

        # The row was committed already claimed by this request (dispatch_create).
        return dispatch_send_claimed(dispatch=dispatching.handle)

    def dispatch_answer(self, tool_call: ToolCall, stored: dict[str, Any]) -> dict[str, Any]:
        from outbox.services import dispatch_first_answer

        return dispatch_first_answer(tool_call, stored)

    def execute_approved(self, *, approval: ApprovalRequest) -> dict[str, Any]:
        """A reviewer approved: queue the send (the worker sends it); return the call's answer now."""
        from outbox.services import dispatch_approved

        return dispatch_approved(approval=approval, executor=self)


class HttpExecutor(UpstreamExecutor):
    kind = "http"


class McpExecutor(UpstreamExecutor):
    kind = "mcp"


def upstream_executor_from_spec(spec: Mapping[str, Any]) -> UpstreamExecutor:
    """The handler for one catalog entry's `upstream:` mapping.

    `{http: {url, method, headers, timeout_s}}` or `{mcp: {url, tool, headers, timeout_s}}`.
    An `mcp` entry with `prefix` and no `tool` stands for many tools: see
    `upstream.mcp.mcp_source_register`.
    """
    if not isinstance(spec, Mapping) or len(spec) != 1 or next(iter(spec)) not in ("http", "mcp"):
        raise UpstreamConfigError("upstream must have exactly one of http or mcp")
    kind, body = next(iter(spec.items()))
    where = f"upstream.{kind}"
    if not isinstance(body, Mapping):
        raise UpstreamConfigError(f"{where} must be a mapping")
    unknown = set(body) - {"url", "method", "headers", "timeout_s", "tool", "prefix"}
    if unknown:
        raise UpstreamConfigError(f"{where} has unknown fields: {', '.join(sorted(unknown))}")
    target: dict[str, Any] = {
        "url": _check_url(body.get("url"), where),
        "headers": _check_headers(body.get("headers"), where),
        "timeout_s": _check_timeout(body.get("timeout_s"), where),
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


def attempt_send(*, kind: str, target: Mapping[str, Any], body: dict[str, Any], headers: dict[str, str]) -> Attempt:
    """Send once and classify the answer; never raises for what the network does."""
    started = time.perf_counter()
    try:
        all_headers = {**resolve_headers(target.get("headers", {})), **headers}
    except UpstreamConfigError as exc:
        # Nothing was sent: a missing secret is an outage of our own.
        return Attempt("unreachable", message=str(exc))
    if kind == "mcp":
        from upstream.mcp import mcp_send

        attempt = mcp_send(target=target, body=body, headers=all_headers)
    else:
        attempt = http_send(target=target, body=body, headers=all_headers)
    return Attempt(
        attempt.verdict,
        result=attempt.result,
        message=attempt.message,
        status_code=attempt.status_code,
        duration_ms=round((time.perf_counter() - started) * 1000, 3),
    )


_client: httpx.Client | None = None


def _http_client() -> httpx.Client:
    # One pooled client per process: keep-alive connections to the upstream
    # are most of what keeps toolguard's added latency small.
    global _client
    if _client is None:
        _client = httpx.Client(limits=httpx.Limits(max_connections=64, max_keepalive_connections=32))
    return _client


def http_send(*, target: Mapping[str, Any], body: dict[str, Any], headers: dict[str, str]) -> Attempt:
    timeout = float(target["timeout_s"])
    method = target.get("method", "POST")
    try:
        response = _http_client().request(
            method,
            target["url"],
            json=body if method != "GET" else None,
            params=body if method == "GET" else None,
            headers=headers,
            timeout=httpx.Timeout(timeout, connect=min(timeout, 3.0)),
        )
    except (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout) as exc:
        # The request never left: no connection was made.
        return Attempt("unreachable", message=f"{type(exc).__name__}: {exc}")
    except httpx.HTTPError as exc:
        # Sent, and then a timeout or a dropped connection: it may have run.
        return Attempt("unknown", message=f"{type(exc).__name__}: {exc}")
    code = response.status_code
    if 200 <= code < 300:
        try:
            return Attempt("completed", result=response.json() if response.content else {}, status_code=code)
        except json.JSONDecodeError:
            return Attempt("completed", result={"body": response.text[:65536]}, status_code=code)
    if code == 409:
        # The upstream is still working on this key (or another copy of it): ask again later.
        return Attempt("retry", message=_error_message(response), status_code=code)
    if code >= 500 or code in (408, 429):
        return Attempt("unknown", message=_error_message(response), status_code=code)
    return Attempt("failed", message=_error_message(response), status_code=code)


def _error_message(response: httpx.Response) -> str:
    try:
        payload = response.json()
    except (json.JSONDecodeError, ValueError):
        return response.text[:300] or f"HTTP {response.status_code}"
    if isinstance(payload, dict):
        error = payload.get("error", payload.get("message", payload))
        if isinstance(error, dict):
            error = error.get("message", error)
        return str(error)[:300]
    return str(payload)[:300]
