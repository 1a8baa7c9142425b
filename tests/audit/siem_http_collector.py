"""A small HTTP SIEM collector for the tests: python siem_http_collector.py PORT TOKEN FILE.

POST /ingest with `Authorization: Bearer TOKEN` and a body of JSON lines:
every line must parse as a JSON object, then all are appended to FILE and
the answer is 204. A wrong or missing token is 401, a bad line 400, and
nothing is written for either.
"""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    token = ""
    path_out = ""

    def do_POST(self) -> None:
        if self.headers.get("Authorization") != f"Bearer {self.token}":
            self._answer(401, b"bad token")
            return
        if self.headers.get("Content-Type") != "application/x-ndjson" or self.path != "/ingest":
            self._answer(400, b"want POST /ingest with application/x-ndjson")
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        lines = body.decode("utf-8").splitlines()
        try:
            if not lines or not all(isinstance(json.loads(line), dict) for line in lines):
                raise ValueError("empty")
        except ValueError:
            self._answer(400, b"every line must be a JSON object")
            return
        with open(self.path_out, "a", encoding="utf-8") as out:
            out.write("".join(line + "\n" for line in lines))
        self._answer(204, b"")

    def _answer(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    port, token, path_out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    Handler.token, Handler.path_out = token, path_out
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


if __name__ == "__main__":
    main()
