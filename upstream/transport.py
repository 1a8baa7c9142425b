"""Sending one call upstream and classifying the answer: the transport the outbox uses (UpstreamConfig.transports)."""

from __future__ import annotations

import json
import ssl
import time
from collections.abc import Iterable, Mapping
from contextvars import ContextVar
from typing import Any

import httpcore
import httpx

from core.tools import Attempt
from upstream.executors import DEFAULT_MAX_RESPONSE_BYTES, UpstreamConfigError, resolve_headers
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
        too_large=attempt.too_large,
    )


# The whole exchange (pool wait, connect, TLS, sending, every byte of the
# answer) must end by `timeout_s`. httpx's timeouts bound each socket
# operation, so an upstream that trickles a byte now and then would hold the
# call and a worker for as long as it likes; every socket operation of this
# thread's exchange is therefore bounded by what is left until its deadline.
_deadline: ContextVar[float | None] = ContextVar("upstream_deadline", default=None)

DEADLINE_PASSED = "the upstream exchange ran past its timeout_s"


def _left(timeout: float | None, error: type[Exception]) -> float | None:
    deadline = _deadline.get()
    if deadline is None:
        return timeout
    left = deadline - time.monotonic()
    if left <= 0:
        raise error(DEADLINE_PASSED)
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        tls = self._stream.start_tls(ssl_context, server_hostname, _left(timeout, httpcore.ConnectTimeout))
        return _DeadlineStream(tls)

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    def __init__(self, backend: httpcore.NetworkBackend) -> None:
        self._backend = backend

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        bounded = _left(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self._backend.connect_tcp(host, port, bounded, local_address, socket_options))

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.NetworkStream:
        bounded = _left(timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self._backend.connect_unix_socket(path, bounded, socket_options))

    def sleep(self, seconds: float) -> None:
        self._backend.sleep(seconds)


def _bound_transport(transport: Any) -> None:
    # httpx builds its connection pools itself (one per proxy mount as well);
    # each is handed the deadline-aware backend. A pool without one would
    # leave sends unbounded, so that stops the first send rather than pass.
    pool = getattr(transport, "_pool", None)
    if pool is None or not hasattr(pool, "_network_backend"):
        raise RuntimeError("httpx's connection pool has no network backend to bound: check the httpx version")
    if not isinstance(pool._network_backend, _DeadlineBackend):
        pool._network_backend = _DeadlineBackend(pool._network_backend)


_client: httpx.Client | None = None


def _http_client() -> httpx.Client:
    # One pooled client per process: keep-alive connections to the upstream
    # are most of what keeps toolguard's added latency small.
    global _client
    if _client is None:
        client = httpx.Client(limits=httpx.Limits(max_connections=64, max_keepalive_connections=32))
        for transport in (client._transport, *client._mounts.values()):
            if transport is not None:
                _bound_transport(transport)
        _client = client
    return _client


class _TooLarge(Exception):
    pass


def _read_bounded(response: httpx.Response, limit: int) -> bytes:
    """The answer's bytes (decoded, as they would be stored), never more than `limit`."""
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > limit:
        raise _TooLarge(f"the answer declares {declared} bytes, over max_response_bytes {limit}")
    chunks, size = [], 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > limit:
            # Counted after decompression: a small compressed answer cannot unpack past the limit either.
            raise _TooLarge(f"the answer passed max_response_bytes {limit}; cut after {size} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def http_send(*, target: Mapping[str, Any], body: dict[str, Any], headers: dict[str, str]) -> Attempt:
    timeout = float(target["timeout_s"])
    limit = int(target.get("max_response_bytes", DEFAULT_MAX_RESPONSE_BYTES))
    method = target.get("method", "POST")
    code: int | None = None
    token = _deadline.set(time.monotonic() + timeout)
    try:
        with _http_client().stream(
            method,
            target["url"],
            json=body if method != "GET" else None,
            params=body if method == "GET" else None,
            headers=headers,
            timeout=httpx.Timeout(timeout, connect=min(timeout, 3.0)),
        ) as response:
            code = response.status_code
            content = _read_bounded(response, limit)
            encoding = response.encoding or "utf-8"
    except (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout) as exc:
        # The request never left: no connection was made.
        return Attempt("unreachable", message=f"{type(exc).__name__}: {exc}")
    except httpx.HTTPError as exc:
        # Sent, and then a timeout or a dropped connection: it may have run.
        return Attempt("unknown", message=f"{type(exc).__name__}: {exc}", status_code=code)
    except _TooLarge as exc:
        assert code is not None
        if 200 <= code < 300:
            # It ran (2xx) but its answer cannot be kept: the caller decides what
            # that means (outcome unknown for a state-changing call, an error for a read).
            return Attempt("unknown", message=str(exc), status_code=code, too_large=True)
        # A refusal or an outage says what it needs in its status code; the body was for the audit only.
        return _classified(code, str(exc))
    finally:
        _deadline.reset(token)
    if 200 <= code < 300:
        return Attempt("completed", result=_parsed(content, encoding), status_code=code)
    return _classified(code, _error_message(content, encoding, code))


def _classified(code: int, message: str) -> Attempt:
    """A non-2xx answer, by its status code."""
    if code == 409:
        # The upstream is still working on this key (or another copy of it): ask again later.
        return Attempt("retry", message=message, status_code=code)
    if code >= 500 or code in (408, 429):
        return Attempt("unknown", message=message, status_code=code)
    return Attempt("failed", message=message, status_code=code)


def _parsed(content: bytes, encoding: str) -> Any:
    if not content:
        return {}
    try:
        return json.loads(content)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return {"body": content.decode(encoding, errors="replace")[:65536]}
    except RecursionError:
        # Nested past what the parser can follow, far past what the result screen reads.
        return {"withheld": "the upstream's answer was nested too deeply to read"}


def _error_message(content: bytes, encoding: str, code: int) -> str:
    """The upstream's own words about a refusal, for the audit entry (Attempt.told is what the model reads)."""
    try:
        payload = json.loads(content)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        return content.decode(encoding, errors="replace")[:300] or f"HTTP {code}"
    if isinstance(payload, dict):
        error = payload.get("error", payload.get("message", payload))
        if isinstance(error, dict):
            error = error.get("message", error)
        return str(error)[:300]
    return str(payload)[:300]
