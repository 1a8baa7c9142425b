"""A small orders API in its own process that honours Idempotency-Key as Stripe does.

    python tests/upstream/fake_http.py PORT

POST /refunds {order_id, amount_cents, note?} with an Idempotency-Key:
  same key + same body  -> the stored response (header Idempotent-Replayed: true)
  same key + other body -> 422
  same key while the first is still running -> 409
  order_id starting with "closed" -> 400 (a business refusal; nothing applied)
POST /orders/lookup {order_id} -> the order, with its memo (read-only)

Hostile answers (each answers whatever it is sent, with any key):
  POST /hostile/trickle {"part": "body"|"headers", "every_s": 0.5, "bytes": 50}
       a 200 whose body (or header block) comes one byte every `every_s`
  POST /hostile/huge {"bytes": N, "declared": true}
       a 200 JSON body of N bytes, with its Content-Length or (declared false) without, closed at the end
  POST /hostile/keys {"text": "..."}     a 200 whose dict keys, at the top and nested, are `text`
  POST /hostile/deep {"depth": N, "text": "..."}   a 200 with `text` nested N dicts deep
  POST /hostile/refuse {"status": 400, "text": "..."}   that status with `text` as the error message

With FAKE_ORDERS_TOKEN set, every request must carry `Authorization: Bearer <token>`.

Test controls:
  POST /_admin/fault {"mode": "slow"|"drop"|"500", "times": 1, "slow_seconds": 3}
       for the next `times` refund requests, whatever their key:
       slow: apply the effect (or find the stored one), then answer after slow_seconds
       drop: apply the effect (or find the stored one), then close the connection unanswered
       500:  answer 500 without applying anything
  POST /_admin/memo {"memo": "..."}   the text lookup returns in the order's memo
  GET  /_admin/effects                {"refunds": [...], "applied": {key: count}, "requests": [...]}
       (each request: path, idempotency_key, call_id, customer, traceparent, tracestate, baggage, body)
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

LOCK = threading.Lock()
STATE: dict[str, Any] = {
    "refunds": [],
    "applied": {},
    "keys": {},
    "requests": [],
    "fault": {"mode": "", "times": 0, "slow_seconds": 3.0},
    "memo": "Leave the parcel at the back door.",
}
TOKEN = os.environ.get("FAKE_ORDERS_TOKEN", "")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; without this, keep-alive clients
    # wait out a delayed ACK (about 40 ms) on every request.
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _answer(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _body(self) -> tuple[bytes, Any]:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        return raw, json.loads(raw or b"{}")

    def do_GET(self) -> None:
        if self.path == "/_admin/effects":
            with LOCK:
                self._answer(200, {k: STATE[k] for k in ("refunds", "applied", "requests")})
            return
        if self.path == "/health":
            self._answer(200, {"ok": True})
            return
        self._answer(404, {"error": {"message": "not found"}})

    def do_POST(self) -> None:
        raw, body = self._body()
        if self.path.startswith("/_admin/"):
            self._admin(body)
            return
        if TOKEN and self.headers.get("Authorization") != f"Bearer {TOKEN}":
            self._answer(401, {"error": {"message": "bad token"}})
            return
        with LOCK:
            # The fault is taken with the request's log entry: a test that has
            # seen a request logged knows which fault it got.
            fault = self._take_fault() if self.path == "/refunds" else ("", 0.0)
            STATE["requests"].append(
                {
                    "path": self.path,
                    "idempotency_key": self.headers.get("Idempotency-Key", ""),
                    "call_id": self.headers.get("X-Toolguard-Call-Id", ""),
                    "customer": self.headers.get("X-Toolguard-Customer", ""),
                    "traceparent": self.headers.get("traceparent", ""),
                    "tracestate": self.headers.get("tracestate", ""),
                    "baggage": self.headers.get("baggage", ""),
                    "body": body,
                }
            )
        if self.path.startswith("/hostile/"):
            self._hostile(body)
        elif self.path == "/orders/lookup":
            self._answer(200, {"order_id": body.get("order_id"), "status": "shipped", "memo": STATE["memo"]})
        elif self.path == "/refunds":
            self._refund(raw, body, fault)
        else:
            self._answer(404, {"error": {"message": "not found"}})

    def _hostile(self, body: dict[str, Any]) -> None:
        kind = self.path.removeprefix("/hostile/")
        text = str(body.get("text", ""))
        if kind == "trickle":
            self._trickle(str(body.get("part", "body")), float(body.get("every_s", 0.5)), int(body.get("bytes", 50)))
        elif kind == "huge":
            self._huge(int(body.get("bytes", 30 * 1024 * 1024)), bool(body.get("declared", True)))
        elif kind == "keys":
            self._answer(200, {text: "ok", "order": {"status": "shipped", text: {"nested": 1}}, "lines": [{text: 2}]})
        elif kind == "deep":
            nested: Any = {"memo": text}
            for _ in range(int(body.get("depth", 40))):
                nested = {"next": nested}
            self._answer(200, nested)
        elif kind == "refuse":
            self._answer(int(body.get("status", 400)), {"error": {"message": text}})
        else:
            self._answer(404, {"error": {"message": "not found"}})

    def _trickle(self, part: str, every: float, size: int) -> None:
        data = json.dumps({"memo": "x" * max(0, size - 12)}).encode()
        head = (
            f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
            f"X-Padding: {'p' * size}\r\n\r\n"
        ).encode()
        self.close_connection = True
        try:
            if part == "headers":
                # The status line at once, then the header block a byte at a time.
                first = head.index(b"\r\n") + 2
                self.wfile.write(head[:first])
                self.wfile.flush()
                rest, body = head[first:], data
            else:
                self.wfile.write(head)
                self.wfile.flush()
                rest, body = b"", data
            for byte in rest + body:
                time.sleep(every)
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
        except OSError:
            pass  # the client hung up: that is what a bounded client does

    def _huge(self, size: int, declared: bool) -> None:
        chunk = b"x" * 65536
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if declared:
            self.send_header("Content-Length", str(size))
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        try:
            self.wfile.write(b'{"memo": "')
            left = size - 12
            while left > 0:
                self.wfile.write(chunk[: min(left, len(chunk))])
                left -= len(chunk)
            self.wfile.write(b'"}')
        except OSError:
            pass

    def _admin(self, body: dict[str, Any]) -> None:
        with LOCK:
            if self.path == "/_admin/fault":
                STATE["fault"] = {
                    "mode": body.get("mode", ""),
                    "times": int(body.get("times", 1)),
                    "slow_seconds": float(body.get("slow_seconds", 3.0)),
                }
            elif self.path == "/_admin/memo":
                STATE["memo"] = body.get("memo", "")
        self._answer(200, {"ok": True})

    def _take_fault(self) -> tuple[str, float]:
        fault = STATE["fault"]
        if fault["times"] <= 0:
            return "", 0.0
        fault["times"] -= 1
        return str(fault["mode"]), float(fault["slow_seconds"])

    def _refund(self, raw: bytes, body: dict[str, Any], fault: tuple[str, float]) -> None:
        key = self.headers.get("Idempotency-Key", "")
        if not key:
            self._answer(400, {"error": {"message": "Idempotency-Key is required"}})
            return
        mode, slow = fault
        if mode == "500":
            self._answer(500, {"error": {"message": "internal error, nothing applied"}})
            return
        body_hash = hashlib.sha256(raw).hexdigest()
        with LOCK:
            status, answer, headers = self._refund_locked(key, body_hash, body)
        # The faults strike after the effect: the caller cannot tell whether it happened.
        if mode == "slow":
            time.sleep(slow)
        with LOCK:
            if status == 200 and not headers:
                STATE["keys"][key].update(status=200, response=answer)
        if mode == "drop":
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self._answer(status, answer, headers)

    def _refund_locked(self, key: str, body_hash: str, body: dict[str, Any]) -> tuple[int, Any, dict[str, str]]:
        known = STATE["keys"].get(key)
        if known is not None:
            if known["body_hash"] != body_hash:
                return 422, {"error": {"message": "Idempotency-Key reused with different parameters"}}, {}
            if known["response"] is None:
                return 409, {"error": {"message": "a request with this key is in progress"}}, {}
            return known["status"], known["response"], {"Idempotent-Replayed": "true"}
        if str(body.get("order_id", "")).startswith("closed"):
            return 400, {"error": {"message": f"order {body.get('order_id')} is closed"}}, {}
        # In progress until the answer is stored, as a concurrent copy must see 409.
        STATE["keys"][key] = {"body_hash": body_hash, "status": None, "response": None}
        refund = {
            "refund_id": f"re_{len(STATE['refunds']) + 1}",
            "order_id": body.get("order_id"),
            "amount_cents": body.get("amount_cents"),
            "status": "succeeded",
            "note": body.get("note", ""),
        }
        STATE["refunds"].append(refund)
        STATE["applied"][key] = STATE["applied"].get(key, 0) + 1
        return 200, refund, {}


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


if __name__ == "__main__":
    Server(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
