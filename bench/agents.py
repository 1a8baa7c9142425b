"""What each way of connecting costs per tool call: REST one call, REST batches, MCP.

Starts gunicorn on a PostgreSQL database and a Redis db of the bench's own,
seeds the demo bank, and times sequential `check_balance` calls (one client,
so the figures are latency, not throughput) through:

- rest: POST /api/v1/tool-calls, one OpenAI Chat call per request;
- rest_batch: POST /api/v1/tool-calls with an assistant message of BATCH calls;
- mcp: tools/call on /mcp within one MCP session.

    .venv/bin/python bench/agents.py [--calls 300] [--workers 2]

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from bench.common import MCP_INITIALIZE, PYTHON, ROOT, gunicorn, log, machine, manage, postgres_recreate, redis_flush

DATABASE = "toolguard_bench_agents"
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/3")
BATCH = 4


def bench_env(database_url: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("GUNICORN_", "PROMETHEUS_"))}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "toolguard.settings",
            "DATABASE_URL": database_url,
            "REDIS_URL": REDIS_URL,
            "DEBUG": "false",
            "TOOLGUARD_AGENT_RATE": "100000000/min",
            "LOG_LEVEL": "WARNING",
        }
    )
    return env


def timed(calls: int, send: Callable[[int], None]) -> list[float]:
    send(-1)  # warm the worker's connections and caches
    samples = []
    for n in range(calls):
        started = time.perf_counter()
        send(n)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def summary(samples: list[float], *, per: int = 1) -> dict[str, float]:
    ordered = sorted(sample / per for sample in samples)
    return {
        "p50_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
    }


def chat_call(n: int, account: str) -> dict[str, Any]:
    arguments = json.dumps({"account_id": account})
    return {"id": f"call_{n}", "type": "function", "function": {"name": "check_balance", "arguments": arguments}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    log(f"recreating database {DATABASE}")
    env = bench_env(postgres_recreate(DATABASE))
    manage("migrate", "--noinput", "-v0", env=env)
    redis_flush(REDIS_URL)
    seeded = subprocess.run(
        [PYTHON, "manage.py", "seed_demo", "--json"], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    customer = json.loads(seeded.stdout)["customers"][0]
    key, account = customer["agent_key"], customer["accounts"][0]
    account = account["number"] if isinstance(account, dict) else account
    auth = {"Authorization": f"Bearer {key}"}

    with gunicorn(workers=args.workers, env=env) as url, httpx.Client(base_url=url, headers=auth, timeout=30) as http:

        def rest(n: int) -> None:
            response = http.post("/api/v1/tool-calls", json={**chat_call(n, account), "session_id": "bench-rest"})
            assert response.status_code == 200, response.text

        def rest_batch(n: int) -> None:
            message = {"role": "assistant", "tool_calls": [chat_call(n * BATCH + i, account) for i in range(BATCH)]}
            response = http.post("/api/v1/tool-calls", json={"message": message, "session_id": "bench-batch"})
            assert response.status_code == 200 and len(response.json()["results"]) == BATCH, response.text

        session = http.post("/mcp", json=MCP_INITIALIZE).headers["Mcp-Session-Id"]

        def mcp(n: int) -> None:
            message = {
                "jsonrpc": "2.0",
                "id": n + 2,
                "method": "tools/call",
                "params": {"name": "check_balance", "arguments": {"account_id": account}},
            }
            response = http.post("/mcp", json=message, headers={"Mcp-Session-Id": session})
            assert response.status_code == 200 and response.json()["result"]["isError"] is False, response.text

        log(f"timing {args.calls} calls per transport")
        figures = {
            "rest": summary(timed(args.calls, rest)),
            "rest_batch_per_call": summary(timed(args.calls // BATCH, rest_batch), per=BATCH),
            "mcp": summary(timed(args.calls, mcp)),
        }
    print(
        json.dumps(
            {
                "bench": "agents",
                "calls": args.calls,
                "batch_size": BATCH,
                "workers": args.workers,
                **{f"{name}_{k}": v for name, values in figures.items() for k, v in values.items()},
                "machine": machine(),
                "load_average": os.getloadavg(),
            }
        )
    )


if __name__ == "__main__":
    main()
