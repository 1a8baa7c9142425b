"""The one webhook client (core.webhooks): JSON in, a 2xx status out, a bounded answer, a clear error otherwise."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest

from core.webhooks import WEBHOOK_RESPONSE_MAX_BYTES, WebhookError, webhook_post_json
from tests.live import free_port


@pytest.fixture
def hook() -> Iterator[tuple[str, dict[str, Any]]]:
    """A receiver whose answer the test sets: status and body size."""
    state: dict[str, Any] = {"status": 204, "body_bytes": 0, "received": [], "sent": 0}

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers["Content-Length"])
            state["received"].append((self.headers["Content-Type"], json.loads(self.rfile.read(length))))
            self.send_response(state["status"])
            self.send_header("Content-Length", str(state["body_bytes"]))
            self.end_headers()
            chunk = b"x" * 65536
            left = state["body_bytes"]
            try:
                while left > 0:
                    self.wfile.write(chunk[: min(left, len(chunk))])
                    state["sent"] += min(left, len(chunk))
                    left -= len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client stopped reading: what the size limit is for

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook", state
    finally:
        server.shutdown()
        server.server_close()


def test_it_posts_json_and_returns_the_status(hook: tuple[str, dict[str, Any]]) -> None:
    url, state = hook
    assert webhook_post_json(url, {"b": 2, "a": [1]}) == 204
    assert state["received"] == [("application/json", {"a": [1], "b": 2})]


def test_a_non_2xx_answer_is_an_error_naming_the_status(hook: tuple[str, dict[str, Any]]) -> None:
    url, state = hook
    state["status"], state["body_bytes"] = 503, 20
    with pytest.raises(WebhookError, match="answered 503") as raised:
        webhook_post_json(url, {})
    assert raised.value.status == 503


def test_a_huge_answer_is_not_read_whole(hook: tuple[str, dict[str, Any]]) -> None:
    url, state = hook
    state["body_bytes"] = 256 * 1024 * 1024  # far more than any socket buffers hold
    assert webhook_post_json(url, {}) == 204
    # The client stopped after its limit; the server could not send it all.
    assert state["sent"] < state["body_bytes"]
    assert WEBHOOK_RESPONSE_MAX_BYTES < 65536


def test_an_unreachable_hook_and_a_non_http_url_are_errors() -> None:
    with pytest.raises(WebhookError, match="could not be reached"):
        webhook_post_json(f"http://127.0.0.1:{free_port()}/hook", {})
    with pytest.raises(WebhookError, match="not an http"):
        webhook_post_json("file:///etc/passwd", {})
