"""A test issuer: its own signing keys, served by tests/people/jwks_server.py in a process of its own."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import jwt
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from tests.live import ROOT, free_port, stop_process, wait_http

HERE = Path(__file__).resolve().parent


class SigningKey:
    def __init__(self, kind: str = "RSA", kid: str | None = None) -> None:
        self.kid = kid or secrets.token_hex(4)
        if kind == "RSA":
            self.private: Any = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            self.alg = "RS256"
            self.jwk: dict[str, Any] = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(self.private.public_key()))
        else:
            self.private = ec.generate_private_key(ec.SECP256R1())
            self.alg = "ES256"
            self.jwk = json.loads(jwt.algorithms.ECAlgorithm.to_jwk(self.private.public_key()))
        self.jwk.update({"kid": self.kid, "use": "sig"})


class TestIssuer:
    """An issuer at http://127.0.0.1:<port> whose JWKS a test can rotate."""

    __test__ = False  # not a test class, whatever its name

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.jwks_file = Path(tempfile.mkstemp(prefix="jwks-", suffix=".json")[1])
        self.keys = [SigningKey()]
        self.publish()
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "jwks_server.py"), str(self.port), str(self.jwks_file)], cwd=ROOT
        )
        try:
            wait_http(f"{self.url}/fetches", proc=self.proc)
        except BaseException:
            self.stop()
            raise

    def publish(self, keys: list[SigningKey] | None = None) -> None:
        if keys is not None:
            self.keys = keys
        self.jwks_file.write_text(json.dumps({"keys": [key.jwk for key in self.keys]}))

    def answer_id_token(self, id_token: str) -> None:
        """What its token endpoint answers next, as an OpenID provider's would."""
        Path(f"{self.jwks_file}.id_token").write_text(id_token)

    def fetches(self) -> int:
        return int(httpx.get(f"{self.url}/fetches", timeout=5).json()["jwks"])

    def token(
        self,
        *,
        audience: str | list[str] = "http://testserver/mcp",
        key: SigningKey | None = None,
        headers: dict[str, Any] | None = None,
        **claims: Any,
    ) -> str:
        key = key or self.keys[0]
        now = int(time.time())
        payload = {
            "iss": self.url,
            "aud": audience,
            "sub": "subject-1",
            # Each token its own client unless a test says otherwise: a principal
            # remembered in Redis by an earlier test (whose rows rolled back) never answers.
            "client_id": f"client-{secrets.token_hex(6)}",
            "customer": "alice",
            "scope": "tools:*",
            "iat": now,
            "exp": now + 300,
            **claims,
        }
        payload = {name: value for name, value in payload.items() if value is not None}
        return jwt.encode(payload, key.private, algorithm=key.alg, headers={"kid": key.kid, **(headers or {})})

    def stop(self) -> None:
        stop_process(self.proc)
        self.jwks_file.unlink(missing_ok=True)
        Path(f"{self.jwks_file}.id_token").unlink(missing_ok=True)
