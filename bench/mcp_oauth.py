"""What an OAuth access token costs per MCP tool call, beside an agent key.

Starts an issuer (tests/people/jwks_server.py, serving keys this script
makes) and gunicorn trusting it, on a PostgreSQL database and a Redis db of
the bench's own; seeds the demo bank and times sequential `check_balance`
calls on /mcp (one client, so latency) with:

- agent_key: the demo's agent key;
- oauth_rs256 / oauth_es256: a JWT access token signed RS256 (2048-bit) or
  ES256, verified on every call (keys held after the first fetch).

    .venv/bin/python bench/mcp_oauth.py [--calls 300] [--workers 2]

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
import jwt
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from bench.agents import bench_env, summary, timed
from bench.common import (
    MCP_INITIALIZE,
    PYTHON,
    ROOT,
    free_port,
    gunicorn,
    log,
    machine,
    manage,
    postgres_recreate,
    redis_flush,
)

DATABASE = "toolguard_bench_mcp_oauth"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    ec_key = ec.generate_private_key(ec.SECP256R1())
    keys: dict[str, rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey] = {"RS256": rsa_key, "ES256": ec_key}
    rsa_jwk = jwt.algorithms.RSAAlgorithm.to_jwk(rsa_key.public_key())
    ec_jwk = jwt.algorithms.ECAlgorithm.to_jwk(ec_key.public_key())
    jwks = [
        {**json.loads(rsa_jwk), "kid": "RS256", "use": "sig"},
        {**json.loads(ec_jwk), "kid": "ES256", "use": "sig"},
    ]
    jwks_file = Path(tempfile.mkstemp(prefix="bench-jwks-", suffix=".json")[1])
    jwks_file.write_text(json.dumps({"keys": jwks}))
    issuer_port = free_port()
    issuer = f"http://127.0.0.1:{issuer_port}"
    issuer_proc = subprocess.Popen(
        [PYTHON, str(ROOT / "tests/people/jwks_server.py"), str(issuer_port), str(jwks_file)], cwd=ROOT
    )
    try:
        log(f"recreating database {DATABASE}")
        env = bench_env(postgres_recreate(DATABASE))
        env["TOOLGUARD_OAUTH_ISSUERS"] = issuer
        manage("migrate", "--noinput", "-v0", env=env)
        redis_flush(env["REDIS_URL"])
        seeded = subprocess.run(
            [PYTHON, "manage.py", "seed_demo", "--json"], cwd=ROOT, env=env, check=True, capture_output=True, text=True
        )
        customer = json.loads(seeded.stdout)["customers"][0]
        account = customer["accounts"][0]
        account = account["number"] if isinstance(account, dict) else account

        with gunicorn(workers=args.workers, env=env) as url, httpx.Client(base_url=url, timeout=30) as http:

            def token(alg: str) -> str:
                now = int(time.time())
                claims = {
                    "iss": issuer,
                    "aud": f"{url}/mcp",
                    "sub": f"bench-{alg}",
                    "client_id": "bench-client",
                    "customer": customer["id"],
                    "scope": "tools:*",
                    "iat": now,
                    "exp": now + 3600,
                }
                return jwt.encode(claims, keys[alg], algorithm=alg, headers={"kid": alg})

            def caller(bearer: str) -> Callable[[int], None]:
                auth = {"Authorization": f"Bearer {bearer}"}
                answer = http.post("/mcp", json=MCP_INITIALIZE, headers=auth)
                assert answer.status_code == 200, answer.text
                headers = {**auth, "Mcp-Session-Id": answer.headers["Mcp-Session-Id"]}

                def call(n: int) -> None:
                    message = {
                        "jsonrpc": "2.0",
                        "id": n + 2,
                        "method": "tools/call",
                        "params": {"name": "check_balance", "arguments": {"account_id": account}},
                    }
                    response = http.post("/mcp", json=message, headers=headers)
                    assert response.status_code == 200 and response.json()["result"]["isError"] is False, response.text

                return call

            log(f"timing {args.calls} calls per credential")
            figures = {
                "agent_key": summary(timed(args.calls, caller(customer["agent_key"]))),
                "oauth_rs256": summary(timed(args.calls, caller(token("RS256")))),
                "oauth_es256": summary(timed(args.calls, caller(token("ES256")))),
            }
    finally:
        issuer_proc.terminate()
        issuer_proc.wait(timeout=20)
        jwks_file.unlink(missing_ok=True)
    print(
        json.dumps(
            {
                "bench": "mcp_oauth",
                "calls": args.calls,
                "workers": args.workers,
                **{f"{name}_{k}": v for name, values in figures.items() for k, v in values.items()},
                "machine": machine(),
                "load_average": os.getloadavg(),
            }
        )
    )


if __name__ == "__main__":
    main()
