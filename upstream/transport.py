"""Sending one call upstream and classifying the answer: the transport the outbox uses (UpstreamConfig.transports)."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

import httpx

from core.tools import Attempt
from upstream.executors import UpstreamConfigError, resolve_headers
from upstream.mcp import mcp_send


def attempt_send(*, kind: str, target: Mapping[str, Any], body: dict[str, Any], headers: dict[str, str]) -> Attempt:
    """Send once and classify the answer; never raises for what the network does."""
    started = time.perf_counter()
    try:
        all_headers = {**resolve_headers(target.get("headers", {})), **headers}
    except UpstreamConfigError as exc:
        # Nothing was sent: a missing secret is an outage of our own.
        return Attempt("unreachable", message=str(exc))
    if kind == "mcp":
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
