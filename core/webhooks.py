"""The one client that POSTs JSON to an operator's webhook (alert hooks, the checkpoint log's webhook).

Small on purpose: an http(s) URL from configuration, a JSON body, a bounded
wait and a bounded answer. The answer's body is not needed by any caller,
so at most WEBHOOK_RESPONSE_MAX_BYTES of it are read: a misbehaving
receiver cannot make a worker buffer megabytes. Redirects are not followed
(a webhook that moved is a configuration to fix, not a place to follow
the payload to).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import httpx

# Connect, read and write each; a slow receiver must not hold the worker.
WEBHOOK_TIMEOUT_SECONDS = 5.0
# Enough for an error message worth logging; more is never read.
WEBHOOK_RESPONSE_MAX_BYTES = 4096


class WebhookError(Exception):
    """The webhook could not be reached, or answered other than 2xx; the message says which."""

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


def webhook_url_valid(url: str) -> bool:
    """Whether the URL is one a webhook may be posted to: http or https with a host."""
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and bool(parts.netloc)


def webhook_post_json(url: str, payload: Any, *, timeout: float = WEBHOOK_TIMEOUT_SECONDS) -> int:
    """POST the payload as JSON; the 2xx status, or WebhookError (unreachable, non-2xx, not http(s))."""
    if not webhook_url_valid(url):
        raise WebhookError(f"{url!r} is not an http(s) URL")
    body = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    try:
        with (
            httpx.Client(timeout=timeout, follow_redirects=False) as client,
            client.stream("POST", url, content=body, headers={"Content-Type": "application/json"}) as response,
        ):
            received = b""
            for chunk in response.iter_bytes():
                received += chunk
                if len(received) >= WEBHOOK_RESPONSE_MAX_BYTES:
                    break
    except httpx.HTTPError as exc:
        raise WebhookError(f"the webhook {url} could not be reached: {type(exc).__name__}: {exc}") from None
    if not 200 <= response.status_code < 300:
        text = received[:WEBHOOK_RESPONSE_MAX_BYTES].decode("utf-8", "replace").strip()[:300]
        raise WebhookError(f"the webhook {url} answered {response.status_code}: {text}", status=response.status_code)
    return response.status_code
