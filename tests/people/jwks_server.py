"""A small issuer for the resource-server tests: its discovery document and its JWKS, over real HTTP.

`python jwks_server.py PORT JWKS_FILE`: the keys are read from JWKS_FILE on
every fetch, so a test rotates them by rewriting the file; `/fetches` says how
often the keys were asked for (the refetch floor's test reads it). As an OpenID
provider's token endpoint, `POST /token` answers whatever ID token the test
wrote to JWKS_FILE.id_token (tests/people/test_oidc_id_token.py).
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PORT = int(sys.argv[1])
JWKS_FILE = Path(sys.argv[2])
ISSUER = f"http://127.0.0.1:{PORT}"
fetches = 0
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        global fetches
        if self.path == "/.well-known/openid-configuration":
            self._json(
                {
                    "issuer": ISSUER,
                    "jwks_uri": f"{ISSUER}/jwks",
                    "authorization_endpoint": f"{ISSUER}/auth",
                    "token_endpoint": f"{ISSUER}/token",
                }
            )
        elif self.path == "/jwks":
            with lock:
                fetches += 1
            self._json(json.loads(JWKS_FILE.read_text()))
        elif self.path == "/fetches":
            self._json({"jwks": fetches})
        else:
            self._json({"error": "not found"}, status=404)

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path == "/token":
            id_token = Path(f"{JWKS_FILE}.id_token").read_text()
            self._json({"access_token": "", "token_type": "Bearer", "expires_in": 60, "id_token": id_token})
        else:
            self._json({"error": "not found"}, status=404)

    def _json(self, body: object, status: int = 200) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
