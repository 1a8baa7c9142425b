"""What guarding an upstream costs: guarded calls to an HTTP API against calling it directly.

Starts the fake orders API (tests/upstream/fake_http.py, honouring
Idempotency-Key) and gunicorn on a PostgreSQL database of the bench's own,
then drives both with wrk, a fresh idempotency key per request:

- throughput at --connections (16): guarded `orders_refund` calls/s vs
  direct POST /refunds calls/s;
- latency at --latency-connections (4): p50/p99 of each, and what toolguard
  adds (guarded minus direct). Target: at most 15 ms added at p50;
- the same for the bare outbox (/bench/bare-outbox: the two transactions and
  the send that exactly once needs, with no guard at all): the floor under
  any guarded figure, so the gap between it and guarded is what the guards cost.

Afterwards it checks every guarded 2xx applied its refund exactly once.
Prints one JSON object.

    .venv/bin/python bench/upstream.py [--workers 4] [--duration 15]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (
    PYTHON,
    ROOT,
    CpuMonitor,
    free_port,
    gunicorn,
    log,
    lua_string,
    machine,
    manage,
    postgres_recreate,
    redis_flush,
    wait_http,
    wrk_run,
)

# A database of the bench's own (dropped and created); override to run beside another checkout.
DATABASE = os.environ.get("BENCH_UPSTREAM_DATABASE", "tg_upstream_bench")
TOKEN = "bench-orders-token"
TARGET_ADDED_P50_MS = 15.0


def fresh_key_script(
    *, path: str, run: str, headers: dict[str, str], guarded: bool, bare_ids: tuple[int, int] | None = None
) -> str:
    """A new key (run, wrk thread, counter) per request; the amount varies so no two calls look alike."""
    header_table = "{" + ", ".join(f"[ {lua_string(k)} ] = {lua_string(v)}" for k, v in headers.items()) + "}"
    if bare_ids is not None:
        customer_id, agent_key_id = bare_ids
        build = f"""
  local body = '{{"tool":"orders_refund","customer_id":{customer_id},"agent_key_id":{agent_key_id},' ..
    '"session_id":"' .. run .. '-' .. tid .. '","arguments":{{"order_id":"ord-1","amount_cents":' ..
    (100 + counter % 40000) .. ',"idempotency_key":"' .. key .. '"}}}}'
  return wrk.format("POST", path, headers, body)"""
    elif guarded:
        build = """
  local body = '{"name":"orders_refund","session_id":"' .. run .. '-' .. tid .. '-' .. (counter % 8) ..
    '","arguments":{"order_id":"ord-1","amount_cents":' .. (100 + counter % 40000) ..
    ',"idempotency_key":"' .. key .. '"}}'
  return wrk.format("POST", path, headers, body)"""
    else:
        build = """
  local body = '{"order_id":"ord-1","amount_cents":' .. (100 + counter % 40000) .. '}'
  headers["Idempotency-Key"] = key
  return wrk.format("POST", path, headers, body)"""
    return f"""
local path = {lua_string(path)}
local run = {lua_string(run)}
local headers = {header_table}
local counter = 0

function request()
  counter = counter + 1
  local key = run .. "-" .. tid .. "-" .. counter
{build}
end
"""


def agent_key_create(env: dict[str, str]) -> tuple[str, tuple[int, int]]:
    """The agent key's secret, and (customer id, agent key id) for the bare outbox's rows."""
    code = (
        "import json; from core.models import AgentKey, Customer\n"
        "c, _ = Customer.objects.get_or_create(external_id='bench-shop', defaults={'name': 'Bench'})\n"
        "k, raw = AgentKey.objects.issue(customer=c, allowed_tools=['orders_refund'])\n"
        "print(json.dumps({'id': c.id, 'key_id': k.id, 'key': raw}))"
    )
    out = subprocess.run(
        [PYTHON, "manage.py", "shell", "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout
    made = json.loads(out.strip().splitlines()[-1])
    return str(made["key"]), (int(made["id"]), int(made["key_id"]))


def run_pair(
    *,
    api: str,
    upstream: str,
    agent_key: str,
    bare_ids: tuple[int, int],
    connections: int,
    args: argparse.Namespace,
    workdir: Path,
    tag: str,
) -> dict[str, Any]:
    """The direct call, the guarded call and the bare outbox, one after the other at `connections`."""
    json_type = {"Content-Type": "application/json"}
    scripts = {
        "direct": (
            upstream,
            fresh_key_script(
                path="/refunds",
                run=f"{tag}-direct",
                headers={**json_type, "Authorization": f"Bearer {TOKEN}"},
                guarded=False,
            ),
        ),
        "guarded": (
            api,
            fresh_key_script(
                path="/api/v1/tool-calls",
                run=f"{tag}-guarded",
                headers={**json_type, "Authorization": f"Bearer {agent_key}"},
                guarded=True,
            ),
        ),
        "bare": (
            api,
            fresh_key_script(
                path="/bench/bare-outbox", run=f"{tag}-bare", headers=json_type, guarded=False, bare_ids=bare_ids
            ),
        ),
    }
    return {
        name: wrk_run(
            url,
            script,
            connections=connections,
            threads=min(connections, 4),
            duration_s=args.duration,
            workdir=workdir,
        )
        for name, (url, script) in scripts.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--duration", type=int, default=15)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--latency-connections", type=int, default=4)
    args = parser.parse_args()

    redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/8")
    env = {
        **os.environ,
        "DATABASE_URL": postgres_recreate(DATABASE),
        "REDIS_URL": redis_url,
        "TOOLGUARD_AGENT_RATE": "100000000/min",
        "TOOLGUARD_BENCH_ENDPOINTS": "true",
        "TOOLGUARD_UPSTREAM_MODULES": "tests.upstream.registered",
        "FAKE_ORDERS_AUTHORIZATION": f"Bearer {TOKEN}",
        "FAKE_TIMEOUT_S": "10",
    }
    redis_flush(redis_url)
    log("migrating the bench database")
    manage("migrate", env=env)

    port = free_port()
    upstream = f"http://127.0.0.1:{port}"
    env["FAKE_HTTP_URL"] = upstream
    fake = subprocess.Popen(
        [PYTHON, str(ROOT / "tests/upstream/fake_http.py"), str(port)],
        cwd=ROOT,
        env={**env, "FAKE_ORDERS_TOKEN": TOKEN},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_http(f"{upstream}/health", proc=fake)
        agent_key, bare_ids = agent_key_create(env)
        with gunicorn(workers=args.workers, env=env) as api, tempfile.TemporaryDirectory() as tmp:
            workdir = Path(tmp)
            run = str(int(time.time()))
            log(f"warm-up, then {args.connections} connections for {args.duration}s each way")
            wrk_run(
                api,
                fresh_key_script(
                    path="/api/v1/tool-calls",
                    run=f"{run}-warm",
                    headers={"Content-Type": "application/json", "Authorization": f"Bearer {agent_key}"},
                    guarded=True,
                ),
                connections=4,
                threads=2,
                duration_s=3,
                workdir=workdir,
            )
            with CpuMonitor(database=DATABASE) as cpu:
                throughput = run_pair(
                    api=api,
                    upstream=upstream,
                    agent_key=agent_key,
                    bare_ids=bare_ids,
                    connections=args.connections,
                    args=args,
                    workdir=workdir,
                    tag=f"{run}-t",
                )
            log(f"latency at {args.latency_connections} connections")
            latency = run_pair(
                api=api,
                upstream=upstream,
                agent_key=agent_key,
                bare_ids=bare_ids,
                connections=args.latency_connections,
                args=args,
                workdir=workdir,
                tag=f"{run}-l",
            )
        with urllib.request.urlopen(f"{upstream}/_admin/effects", timeout=30) as response:
            effects = json.loads(response.read())
    finally:
        fake.terminate()
        fake.wait(timeout=10)

    applied_twice = sum(1 for count in effects["applied"].values() if count > 1)
    guarded_2xx = throughput["guarded"]["fresh_2xx"] + latency["guarded"]["fresh_2xx"]
    bare_added_p50 = (latency["bare"]["p50_us"] - latency["direct"]["p50_us"]) / 1000
    added_p50 = (latency["guarded"]["p50_us"] - latency["direct"]["p50_us"]) / 1000
    added_p99 = (latency["guarded"]["p99_us"] - latency["direct"]["p99_us"]) / 1000
    print(
        json.dumps(
            {
                "bench": "upstream",
                "workers": args.workers,
                "duration_s": args.duration,
                "throughput": {
                    "connections": args.connections,
                    "guarded_calls_per_s": throughput["guarded"]["calls_per_s"],
                    "direct_calls_per_s": throughput["direct"]["calls_per_s"],
                    "ratio": round(throughput["guarded"]["calls_per_s"] / throughput["direct"]["calls_per_s"], 3)
                    if throughput["direct"]["calls_per_s"]
                    else None,
                    "guarded_non_2xx": throughput["guarded"]["non_2xx_by_status"],
                    "direct_non_2xx": throughput["direct"]["non_2xx_by_status"],
                    "bare_outbox_calls_per_s": throughput["bare"]["calls_per_s"],
                    "bare_outbox_non_2xx": throughput["bare"]["non_2xx_by_status"],
                },
                "latency": {
                    "connections": args.latency_connections,
                    "direct_p50_ms": latency["direct"]["p50_us"] / 1000,
                    "direct_p99_ms": latency["direct"]["p99_us"] / 1000,
                    "guarded_p50_ms": latency["guarded"]["p50_us"] / 1000,
                    "guarded_p99_ms": latency["guarded"]["p99_us"] / 1000,
                    "added_p50_ms": round(added_p50, 3),
                    "added_p99_ms": round(added_p99, 3),
                    "target_added_p50_ms": TARGET_ADDED_P50_MS,
                    "meets_target": added_p50 <= TARGET_ADDED_P50_MS,
                    "guarded_non_2xx": latency["guarded"]["non_2xx_by_status"],
                    "bare_outbox_p50_ms": latency["bare"]["p50_us"] / 1000,
                    "bare_outbox_p99_ms": latency["bare"]["p99_us"] / 1000,
                    # What the outbox alone adds: the floor under added_p50_ms.
                    "bare_outbox_added_p50_ms": round(bare_added_p50, 3),
                    "bare_outbox_non_2xx": latency["bare"]["non_2xx_by_status"],
                },
                "exactly_once": {
                    "guarded_2xx": guarded_2xx,
                    "keys_applied_more_than_once": applied_twice,
                },
                "cpu_cores": cpu.cores(),
                "machine": machine(),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
