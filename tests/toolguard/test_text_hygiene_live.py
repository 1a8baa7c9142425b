"""Against a real gunicorn: a body over the limit gets a 413 the client can read, not a connection reset.

Python's requests and urllib send the whole body before reading the answer.
The server answers 413 without reading the body, then reads what is left of
it (bounded in bytes and seconds, toolguard/drain.py) before it closes, so
those clients see the 413 JSON instead of ECONNRESET.
"""

from __future__ import annotations

import json
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from tests.conftest import Bank, make_bank
from tests.live import Gunicorn, bearer, gunicorn, unique
from toolguard.drain import DRAIN_MAX_BYTES, DRAIN_SECONDS

pytestmark = pytest.mark.live

TWENTY_MB = 20 << 20


@pytest.fixture(scope="module")
def big_body_server(django_db_setup: Any, django_db_blocker: Any) -> Iterator[tuple[Gunicorn, Bank]]:
    with django_db_blocker.unblock():
        bank = make_bank(unique("-"))
    with gunicorn(workers=1) as server:
        yield server, bank


def huge_call() -> bytes:
    return b'{"name": "check_balance", "session_id": "s", "arguments": {"pad": "' + b"x" * TWENTY_MB + b'"}}'


def test_requests_sees_the_413_of_a_twenty_megabyte_post(big_body_server: tuple[Gunicorn, Bank]) -> None:
    server, bank = big_body_server
    for _ in range(3):  # not a lucky timing: every time
        response = requests.post(
            f"{server.url}/api/v1/tool-calls",
            data=huge_call(),
            headers={**bearer(bank.alice_key), "Content-Type": "application/json"},
            timeout=60,
        )
        assert response.status_code == 413
        assert response.json()["error"]["code"] == "request_too_large"


def urllib_post(url: str, headers: dict[str, str]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(url, data=huge_call(), headers=headers, method="POST")
    # urllib (unlike urllib3 2) gives up on a broken pipe: the strictest client to read a refusal with.
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=60)
    return refused.value.code, json.loads(refused.value.read())


def test_urllib_sees_the_413_of_a_twenty_megabyte_post(big_body_server: tuple[Gunicorn, Bank]) -> None:
    server, bank = big_body_server
    for _ in range(3):
        status, answer = urllib_post(
            f"{server.url}/api/v1/tool-calls", {**bearer(bank.alice_key), "Content-Type": "application/json"}
        )
        assert (status, answer["error"]["code"]) == (413, "request_too_large")


def test_urllib_sees_the_413_of_a_twenty_megabyte_post_to_mcp(big_body_server: tuple[Gunicorn, Bank]) -> None:
    server, bank = big_body_server
    status, answer = urllib_post(
        f"{server.url}/mcp", {**bearer(bank.alice_key), "Content-Type": "application/json", "Mcp-Session-Id": "mcp-x"}
    )
    assert status == 413
    assert answer["error"]["data"]["code"] == "request_too_large" and answer["id"] is None


def test_a_refusal_before_the_body_is_read_is_readable_too(big_body_server: tuple[Gunicorn, Bank]) -> None:
    server, _ = big_body_server
    # A bad key: refused before any parser runs, the whole body still unread.
    status, answer = urllib_post(
        f"{server.url}/api/v1/tool-calls", {"Authorization": "Bearer tg_wrong", "Content-Type": "application/json"}
    )
    assert (status, answer["error"]["code"]) == (401, "unauthenticated")


def _read_answer(sock: socket.socket) -> bytes:
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(65536)
        if not chunk:
            break
        answer += chunk
    return answer


def test_a_client_that_stalls_mid_body_is_let_go_after_the_drain_deadline(
    big_body_server: tuple[Gunicorn, Bank],
) -> None:
    server, bank = big_body_server
    with socket.create_connection(("127.0.0.1", server.port), timeout=DRAIN_SECONDS + 20) as sock:
        head = (
            f"POST /api/v1/tool-calls HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {bank.alice_key}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {TWENTY_MB}\r\n\r\n"
        )
        sock.sendall(head.encode() + b"{" * 1000)
        answer = _read_answer(sock)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        started = time.monotonic()
        try:
            while sock.recv(65536):
                pass
        except ConnectionResetError:
            pass
        # Let go at the drain deadline; the margin is for a loaded machine, far below "never".
        assert time.monotonic() - started < DRAIN_SECONDS + 10
    # The worker is free again.
    assert requests.get(f"{server.url}/healthz", timeout=10).status_code == 200


def test_a_body_past_the_drain_bound_is_not_read_at_all(big_body_server: tuple[Gunicorn, Bank]) -> None:
    server, bank = big_body_server
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        head = (
            f"POST /api/v1/tool-calls HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {bank.alice_key}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {DRAIN_MAX_BYTES + 1}\r\n\r\n"
        )
        sock.sendall(head.encode())
        assert _read_answer(sock).startswith(b"HTTP/1.1 413")
        started = time.monotonic()
        try:
            while sock.recv(65536):
                pass
        except ConnectionResetError:
            pass
        # gunicorn's own graceful close waits at most 2 s; a drain would wait out the whole deadline.
        assert time.monotonic() - started < DRAIN_SECONDS - 1
