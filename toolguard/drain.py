"""Refused bodies are read to their end before the connection closes, so the client can read the refusal.

toolguard answers a body over TOOLGUARD_MAX_BODY_BYTES with 413 before
reading it (and a 401 or 405 never reads one). The server then closes the
connection with the client's bytes still arriving; TCP answers those with a
reset, and a client that sends its whole body before reading (Python's
requests and urllib, most SDKs) sees "connection reset" instead of the 413.
So after the answer is sent, what is left of the body is read and thrown
away, up to DRAIN_MAX_BYTES and DRAIN_SECONDS: a client sending more than
that, or too slowly, still gets the reset, and a worker is never held long.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

# Far above the largest accepted body (TOOLGUARD_MAX_BODY_BYTES) and what
# clients commonly send by mistake; reading it over a LAN takes well under a second.
DRAIN_MAX_BYTES = 64 * 1024 * 1024
# Well inside gunicorn's worker timeout (30 s), which kills a sync worker stuck longer.
DRAIN_SECONDS = 10.0
_CHUNK = 64 * 1024

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class _CountedInput:
    """wsgi.input, counting what the application read of it."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.consumed = 0

    def read(self, *args: Any) -> bytes:
        data: bytes = self.stream.read(*args)
        self.consumed += len(data)
        return data

    def readline(self, *args: Any) -> bytes:
        data: bytes = self.stream.readline(*args)
        self.consumed += len(data)
        return data

    def readlines(self, *args: Any) -> list[bytes]:
        lines: list[bytes] = self.stream.readlines(*args)
        self.consumed += sum(len(line) for line in lines)
        return lines

    def __iter__(self) -> Iterator[bytes]:
        for line in self.stream:
            self.consumed += len(line)
            yield line


def _unread(environ: dict[str, Any], counted: _CountedInput) -> int | None:
    """Bytes of the body the application left unread: 0 when none, None when unknown (chunked)."""
    declared = environ.get("CONTENT_LENGTH") or ""
    if declared.isdigit():
        return max(int(declared) - counted.consumed, 0)
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    # A chunked body is read to its end only where the server ends the stream itself (gunicorn).
    return None if chunked and environ.get("wsgi.input_terminated") else 0


def body_drain(environ: dict[str, Any], stream: Any, left: int | None) -> int:
    """Read and discard up to `left` bytes (to the end when None) within the bounds; the bytes read."""
    if left is not None and left > DRAIN_MAX_BYTES:
        # Past the bound the client gets a reset whatever is read: reading it would only hold the worker.
        return 0
    budget = DRAIN_MAX_BYTES if left is None else left
    deadline = time.monotonic() + DRAIN_SECONDS
    sock = environ.get("gunicorn.socket")
    previous = sock.gettimeout() if isinstance(sock, socket.socket) else None
    drained = 0
    try:
        while drained < budget:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            if isinstance(sock, socket.socket):
                # A client that stops sending must not hold the worker past the deadline.
                sock.settimeout(remaining)
            data = stream.read(min(_CHUNK, budget - drained))
            if not data:
                break
            drained += len(data)
    except (OSError, ValueError):
        # The client went away, or stalled past the deadline: the connection closes either way.
        pass
    finally:
        if isinstance(sock, socket.socket):
            try:
                sock.settimeout(previous)
            except OSError:
                pass
    return drained


class _Drained:
    """The application's answer, then (once the server has sent it) the rest of the body read and dropped."""

    def __init__(self, answer: Iterable[bytes], environ: dict[str, Any], counted: _CountedInput) -> None:
        self.answer = answer
        self.environ = environ
        self.counted = counted

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.answer)

    def close(self) -> None:
        try:
            close = getattr(self.answer, "close", None)
            if close is not None:
                close()
        finally:
            left = _unread(self.environ, self.counted)
            if left != 0:
                body_drain(self.environ, self.counted.stream, left)


class BodyDrainMiddleware:
    """WSGI wrapper: answers that left the request body unread drain it (bounded) after being sent."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        counted = _CountedInput(environ["wsgi.input"])
        environ["wsgi.input"] = counted
        answer = self.app(environ, start_response)
        if _unread(environ, counted) == 0:
            # The usual case, left untouched so the server may still send files its fast way.
            return answer
        return _Drained(answer, environ, counted)
