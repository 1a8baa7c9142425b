"""What the guards cost: guarded transfers against the same transfer unguarded.

Starts gunicorn on a PostgreSQL database and a Redis db of the bench's own,
drives three scenarios with wrk at a fixed number of connections, and prints
one JSON object:

- guarded: POST /api/v1/tool-calls `transfer_funds`, a fresh idempotency key
  per request, through every stage of the pipeline, 32 customers with pooled
  sessions;
- replay: the same keys again and again, answered from the hot cache;
- bare: POST /bench/bare-transfer, the transfer's SQL with no guards;
- guarded_pair and bare_pair: one customer, one account pair, a new session
  on every call: every call queues on the same customer and account rows.

It also times schema validation + sanitization in-process, checks afterwards
that every guarded 2xx executed exactly once and that money was conserved, and
profiles the guarded path in-process (queries per call, hottest functions).

    .venv/bin/python bench/pipeline.py [--workers 4] [--duration 20] ...
    .venv/bin/python bench/pipeline.py --history-only [--history 10000,100000]

`--history-only` measures one customer's calls (the pair shape) on a fresh
database and again after its history is seeded in bulk to each count of calls
in the value window: what a call costs at the end of a busy day.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (
    PYTHON,
    ROOT,
    CpuMonitor,
    ensure_wrk,
    free_port,
    gunicorn,
    http_post,
    log,
    lua_string,
    machine,
    manage,
    postgres_recreate,
    redis_flush,
    wait_http,
    wrk_run,
)

# Overridable so that two checkouts can bench on one machine without sharing a database.
DATABASE = os.environ.get("BENCH_PIPELINE_DATABASE", "toolguard_bench_pipeline")
REDIS_URL = os.environ.get("BENCH_PIPELINE_REDIS_URL", "redis://127.0.0.1:6379/5")
CUSTOMERS = 32
SESSIONS_PER_CUSTOMER = 8
# Large enough that no account runs dry and no transfer trips an approval rule:
# the bench measures the path that executes, not the one that waits for a human.
BALANCE_CENTS = 10**12
NO_LIMIT_CENTS = str(10**15)
AMOUNT_CENTS = 1_250
MEMO = "Invoice #4411 for O'Brien & Sons - March rent; thanks!"
TOOLS = ["transfer_funds", "check_balance", "list_transactions"]
TARGETS = {
    "ratio_guarded_to_bare_min": 0.6,
    "guarded_p99_ms_max": 50.0,
    "ratio_pair_guarded_to_bare_min": 0.5,
    "ratio_replay_to_bare_min": 0.9,
    "validation_sanitization_us_max": 100.0,
}


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn sync workers (default 4 on 2 cores)")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument(
        "--low-connections",
        type=int,
        default=4,
        help="guarded again at this many connections (one per worker): service time without queueing; 0 skips",
    )
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument(
        "--profile-only", action="store_true", help="only the in-process profile (queries, cProfile): no servers"
    )
    parser.add_argument("--skip-pair", action="store_true", help="skip the one-account-pair, fresh-session shape")
    parser.add_argument(
        "--tracing-only",
        action="store_true",
        help="only the tracing figures: CPU per call with OpenTelemetry off and on",
    )
    parser.add_argument(
        "--history-only",
        action="store_true",
        help="only the value windows' figures: one customer's calls on a fresh database, then with "
        "--history calls of that customer already in the window",
    )
    parser.add_argument(
        "--history",
        default="10000,100000",
        help="comma-separated counts of one customer's calls in the window to measure at (default 10000,100000)",
    )
    parser.add_argument(
        "--capacity-only",
        action="store_true",
        help="only the capacity check: guarded and bare calls/s with the app server on 1 core, then on 2, "
        "each size's calls/s predicted from the other size's CPU per call",
    )
    parser.add_argument("--tracing-calls", type=int, default=400, help="guarded calls per tracing batch")
    parser.add_argument(
        "--tracing-rounds", type=int, default=10, help="live rounds, a batch on each server (off, on, off again)"
    )
    parser.add_argument(
        "--tracing-rounds-in-process",
        type=int,
        default=2000,
        help="in-process rounds of three calls (off, on, off again): the judged median is over this many pairs",
    )
    parser.add_argument("--duration", type=int, default=20, help="measured seconds per scenario")
    parser.add_argument("--warmup", type=int, default=5, help="warm-up seconds per scenario")
    parser.add_argument("--iterations", type=int, default=20_000, help="validation/sanitization timing loop")
    parser.add_argument("--profile-calls", type=int, default=300, help="guarded calls profiled in-process")
    parser.add_argument(
        "--wait-sanitizer", type=float, default=0.0, help="seconds to wait for detection.sanitizer to appear"
    )
    return parser.parse_args()


def bench_env(database_url: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("GUNICORN_", "PROMETHEUS_"))}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "toolguard.settings",
            "DATABASE_URL": database_url,
            "REDIS_URL": REDIS_URL,
            "DEBUG": "false",
            "TOOLGUARD_BENCH_ENDPOINTS": "true",
            "TOOLGUARD_APPROVAL_THRESHOLD_CENTS": NO_LIMIT_CENTS,
            "TOOLGUARD_SESSION_LIMIT_CENTS": NO_LIMIT_CENTS,
            "TOOLGUARD_DUAL_APPROVAL_CENTS": NO_LIMIT_CENTS,
            # The limiter still runs (its cache round trip is part of the path), but never refuses.
            "TOOLGUARD_AGENT_RATE": "100000000/min",
            "LOG_LEVEL": "WARNING",
        }
    )
    return env


def seed() -> list[dict[str, str]]:
    """Customers with two own accounts each: own-account transfers need no payee and no approval."""
    from banking.models import Account
    from core.models import AgentKey, Customer

    customers = []
    for i in range(CUSTOMERS):
        customer = Customer.objects.create(external_id=f"bench-{i}", name=f"Bench customer {i}")
        for side in ("a", "b"):
            Account.objects.create(
                number=f"bench-{i}-{side}", customer=customer, currency="USD", balance_cents=BALANCE_CENTS
            )
        _, raw_key = AgentKey.objects.issue(customer=customer, allowed_tools=TOOLS, name="bench")
        customers.append({"key": raw_key, "a": f"bench-{i}-a", "b": f"bench-{i}-b"})
    return customers


def total_money() -> int:
    from django.db.models import Sum

    from banking.models import Account

    return int(Account.objects.aggregate(total=Sum("balance_cents"))["total"] or 0)


def transfer_arguments(
    source: str, destination: str, key: str, *, amount: int = AMOUNT_CENTS, memo: str = MEMO
) -> dict[str, Any]:
    return {
        "from_account": source,
        "to_account": destination,
        "amount": amount,
        "currency": "USD",
        "memo": memo,
        "idempotency_key": key,
    }


def guarded_body(source: str, destination: str, key: str, session: str, amount: int = AMOUNT_CENTS) -> dict[str, Any]:
    return {
        "id": "call-bench",
        "name": "transfer_funds",
        "arguments": transfer_arguments(source, destination, key, amount=amount),
        "session_id": session,
    }


def bare_body(source: str, destination: str, key: str, session: str, amount: int = AMOUNT_CENTS) -> dict[str, Any]:
    return {**transfer_arguments(source, destination, key, amount=amount), "session_id": session}


# Stand-ins in a body template, in the order they appear in the JSON text.
AMOUNT_SLOT, KEY_SLOT, SESSION_SLOT = 987_654_321, "@@KEY@@", "@@SESSION@@"


def _template(body: dict[str, Any]) -> str:
    """A Lua table of the body's text around its amount, key and session."""
    text = json.dumps(body, separators=(",", ":"))
    before_amount, rest = text.split(str(AMOUNT_SLOT))
    before_key, rest = rest.split(KEY_SLOT)
    before_session, after = rest.split(f'"{SESSION_SLOT}"')
    parts = (before_amount, before_key, before_session + '"', '"' + after)
    return "{" + ",".join(lua_string(part) for part in parts) + "}"


def _headers(customer: dict[str, str], *, authenticated: bool) -> str:
    auth = f', ["Authorization"] = {lua_string("Bearer " + customer["key"])}' if authenticated else ""
    return '{["Content-Type"] = "application/json"' + auth + "}"


def fresh_key_script(
    customers: list[dict[str, str]], *, path: str, run: str, guarded: bool, threads: int, fresh_sessions: bool = False
) -> str:
    """Every request a new idempotency key (run, wrk thread, counter); sessions from a small pool,
    or a new session on every request with `fresh_sessions`.

    The amount changes with every request too: the same operation twice in one
    session under a new key is what the repeated-operation alert looks for, and
    the bench measures ordinary traffic, not an incident.
    """
    make = guarded_body if guarded else bare_body
    rows = []
    for c in customers:
        there = _template(make(c["a"], c["b"], KEY_SLOT, SESSION_SLOT, AMOUNT_SLOT))
        back = _template(make(c["b"], c["a"], KEY_SLOT, SESSION_SLOT, AMOUNT_SLOT))
        rows.append(f"{{headers = {_headers(c, authenticated=guarded)}, t = {{{there}, {back}}}}}")
    return f"""
local path = {lua_string(path)}
local run = {lua_string(run)}
local sessions = {SESSIONS_PER_CUSTOMER}
local fresh_sessions = {"true" if fresh_sessions else "false"}
-- Threads start on different customers so they do not queue on the same account rows.
local stride = {max(1, len(customers) // threads)}
local customers = {{
{("," + chr(10)).join(rows)}
}}
local counter = 0

function request()
  counter = counter + 1
  local visit = math.floor(counter / #customers)
  local c = customers[(counter + tid * stride) % #customers + 1]
  local t = c.t[visit % 2 + 1]
  local key = run .. "-" .. tid .. "-" .. counter
  local session = run .. "-t" .. tid .. "-s" .. (visit % sessions)
  if fresh_sessions then session = run .. "-t" .. tid .. "-c" .. counter end
  local amount = {AMOUNT_CENTS} + counter
  return wrk.format("POST", path, c.headers, t[1] .. amount .. t[2] .. key .. t[3] .. session .. t[4])
end
"""


def replay_body(customer: dict[str, str], index: int) -> dict[str, Any]:
    return guarded_body(customer["a"], customer["b"], f"replay-{index}", "replay")


def replay_script(customers: list[dict[str, str]], *, threads: int) -> str:
    """The same key per customer on every request: answered from the stored result."""
    rows = [
        f"{{headers = {_headers(c, authenticated=True)}, body = {lua_string(json.dumps(replay_body(c, i)))}}}"
        for i, c in enumerate(customers)
    ]
    return f"""
local stride = {max(1, len(customers) // threads)}
local customers = {{
{("," + chr(10)).join(rows)}
}}
local counter = 0

function request()
  counter = counter + 1
  local c = customers[(counter + tid * stride) % #customers + 1]
  return wrk.format("POST", "/api/v1/tool-calls", c.headers, c.body)
end
"""


def scenario(
    url: str,
    scripts: tuple[str, str],
    args: argparse.Namespace,
    workdir: Path,
    name: str,
    *,
    connections: int | None = None,
    duration_s: int | None = None,
) -> dict[str, Any]:
    warmup_script, measured_script = scripts
    connections = connections or args.connections
    duration_s = duration_s or args.duration
    options = {"connections": connections, "threads": min(args.threads, connections), "workdir": workdir}
    log(f"{name}: warm-up {args.warmup}s at {connections} connections")
    warmup = wrk_run(url, warmup_script, duration_s=args.warmup, **options)
    log(f"{name}: measuring {duration_s}s")
    with CpuMonitor(database=DATABASE) as cpu:
        measured = wrk_run(url, measured_script, duration_s=duration_s, **options)
    measured.update(cpu.cores())
    # What holds a ratio: the CPU one call costs each kind of process (the app
    # server, PostgreSQL, Redis, wrk), on cores they all share.
    measured["cpu_ms_per_call"] = cpu.cpu_ms_per_call(measured["calls_per_s"])
    log(
        f"{name}: {measured['calls_per_s']} calls/s, p50 {measured['p50_us'] / 1000:.1f} ms, "
        f"p99 {measured['p99_us'] / 1000:.1f} ms, non-2xx {measured['non_2xx']}, "
        f"cores used by other work {measured['other_cpu_cores']}; CPU ms per call {measured['cpu_ms_per_call']}"
    )
    return {"warmup": warmup, "measured": measured}


# --- The capacity model checked at two machine sizes --------------------------------


def measure_capacity(customers: list[dict[str, str]], env: dict[str, str], args: argparse.Namespace) -> dict[str, Any]:
    """The guarded shape (every customer, fresh keys) and the bare endpoint, with the app server on
    1 core and then on 2 (taskset; PostgreSQL, Redis and wrk share the machine's 2 cores).

    docs/performance.md's capacity model says a size's calls/s is its app
    cores over the app server's CPU per call, capped by the machine's cores
    (less what other work took from them) over every process's CPU per call. Each size is predicted here from the
    *other* size's per-call CPU, so the check is not the measurement read back.
    """
    sizes: dict[str, Any] = {}
    for cores in (1, 2):
        cpus = "0" if cores == 1 else "0-1"
        with (
            tempfile.TemporaryDirectory(prefix="toolguard-bench-") as tmp,
            gunicorn(workers=args.workers, env=env, cpus=cpus) as url,
        ):
            workdir = Path(tmp)
            figures: dict[str, Any] = {}
            for name, path, guarded in (
                ("bare", "/bench/bare-transfer", False),
                ("guarded", "/api/v1/tool-calls", True),
            ):
                scripts = tuple(
                    fresh_key_script(
                        customers, path=path, run=f"cap{cores}-{name}-{phase}", guarded=guarded, threads=args.threads
                    )
                    for phase in ("w", "m")
                )
                measured = scenario(url, (scripts[0], scripts[1]), args, workdir, f"{name} on {cores} app core(s)")[
                    "measured"
                ]
                figures[name] = {
                    "calls_per_s": measured["calls_per_s"],
                    "p99_ms": round(measured["p99_us"] / 1000, 2),
                    "non_2xx": measured["non_2xx"],
                    "cpu_ms_per_call": measured["cpu_ms_per_call"],
                    "other_cpu_cores": measured["other_cpu_cores"],
                }
            sizes[str(cores)] = figures
    machine_cores = os.cpu_count() or 2
    checks: dict[str, Any] = {}
    for cores, other in (("1", "2"), ("2", "1")):
        for name in ("bare", "guarded"):
            cpu = sizes[other][name]["cpu_ms_per_call"]
            app_ms, all_ms = cpu.get("app_server", 0.0), cpu.get("all", 0.0)
            if not app_ms or not all_ms:
                continue
            app_bound = int(cores) * 1000 / app_ms
            # The machine's cores less what other work took from them during this size's run.
            free_cores = max(machine_cores - sizes[cores][name]["other_cpu_cores"], 0.1)
            machine_bound = free_cores * 1000 / all_ms
            predicted = min(app_bound, machine_bound)
            measured_rate = sizes[cores][name]["calls_per_s"]
            checks[f"{name}_on_{cores}"] = {
                "predicted_calls_per_s": round(predicted, 1),
                "bound_by": "app cores" if app_bound <= machine_bound else "the machine's free cores",
                "free_cores": round(free_cores, 2),
                "measured_calls_per_s": measured_rate,
                "measured_to_predicted": round(measured_rate / predicted, 3) if predicted else None,
            }
    return {"sizes": sizes, "model_checks": checks, "machine_cores": machine_cores}


# --- A busy day: the value windows with one customer's history ------------------------


def database_sessions() -> int:
    """Connections ever opened to the bench's database (pg_stat_database.sessions, PostgreSQL 14+)."""
    from django.db import connection

    time.sleep(1.1)  # backends report their statistics at most once a second
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return int(cursor.fetchone()[0])


def redis_round_trips(url: str, customer: dict[str, str], *, calls: int) -> dict[str, Any]:
    """Redis commands a guarded call sends, counted by MONITOR over `calls` sequential calls of new
    sessions and keys; none is pipelined, so each is one round trip (a script's own commands,
    which MONITOR shows as [lua], are not)."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    db = client.connection_pool.connection_kwargs.get("db", 0)
    seen: list[str] = []
    ready = threading.Event()
    done = threading.Event()

    def watch() -> None:
        with client.monitor() as monitor:
            ready.set()
            for line in monitor.listen():
                if done.is_set():
                    return
                command = str(line.get("command", ""))
                if line.get("db") == db and line.get("client_type") != "lua" and not command.startswith("MONITOR"):
                    seen.append(command.split(" ", 1)[0].upper())

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    ready.wait(5)
    headers = {"Authorization": f"Bearer {customer['key']}"}
    for n in range(calls):
        source, destination = customer["a"], customer["b"]
        body = guarded_body(source, destination, f"rt-{n}-{time.time_ns()}", f"rt-{n}-{time.time_ns()}", amount=1 + n)
        status, _ = http_post(f"{url}/api/v1/tool-calls", body, headers)
        if status != 200:
            raise RuntimeError(f"a round-trip count call answered {status}")
    time.sleep(0.5)
    done.set()
    client.set("bench:monitor:stop", "1")  # wakes the watcher
    watcher.join(5)
    by_command: dict[str, int] = {}
    for command in seen:
        by_command[command] = by_command.get(command, 0) + 1
    by_command["SET"] = by_command.get("SET", 1) - 1  # the wake-up above
    return {
        "per_call": round(sum(by_command.values()) / calls, 2),
        "commands_per_call": {name: round(count / calls, 2) for name, count in sorted(by_command.items()) if count},
    }


# One customer's history: tool calls, their value entries and the windows' totals, in one statement.
_SEED_HISTORY_SQL = """
WITH calls AS (
    INSERT INTO toolguard_toolcall (id, customer_id, agent_key_id, session_id, tool, tool_call_id,
        provider, status, http_status, arguments, response, idempotency_key, created_at, duration_ms)
    SELECT gen_random_uuid(), %(customer)s, %(key)s, 'history-' || %(count)s || '-' || n,
        'transfer_funds', '', 'native', 'completed', 200, NULL, '{}'::jsonb,
        'history-' || %(count)s || '-' || n,
        now() - interval '60 seconds' - (n::bigint * %(step)s) * interval '1 microsecond', 0
    FROM generate_series(1, %(missing)s) AS n
    RETURNING id, session_id, created_at
), entries AS (
    INSERT INTO toolguard_valueentry (customer_id, agent_key_id, session_id, tool, tool_call_id,
        beneficiary, value_cents, currency, reporting_cents, status, created_at)
    SELECT %(customer)s, %(key)s, session_id, 'transfer_funds', id, %(beneficiary)s,
        %(cents)s, %(currency)s, %(cents)s, 'completed', created_at
    FROM calls
    RETURNING created_at, reporting_cents
)
INSERT INTO core_valuetotal (scope, span, bucket, pending_cents, completed_cents, unknown)
SELECT scope.name, span.seconds,
    (floor(extract(epoch FROM entries.created_at) / span.seconds) * span.seconds)::bigint,
    0, SUM(entries.reporting_cents), 0
FROM entries
CROSS JOIN (VALUES ('customer:' || %(customer)s), ('key:' || %(key)s),
    ('beneficiary:' || %(beneficiary)s)) AS scope (name)
CROSS JOIN (VALUES (60), (3600)) AS span (seconds)
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3
ON CONFLICT (scope, span, bucket) DO UPDATE
    SET completed_cents = core_valuetotal.completed_cents + excluded.completed_cents
"""


def seed_history(count: int) -> int:
    """Add completed transfers of customer 0 until `count` of its entries are in the value window.

    Written in bulk by SQL (tool calls and value entries, as the pipeline writes
    them, spread over the window's last 23.5 hours to the beneficiary its calls
    pay), not through the API: the bench measures a call after such a day, not
    the day. The same statement adds them to the windows' running totals
    (core_valuetotal: each scope's minute and hour buckets), as the calls would.
    """
    from django.db import connection

    from core.models import AgentKey, Customer, ValueEntry

    customer = Customer.objects.get(external_id="bench-0")
    key = AgentKey.objects.get(customer=customer)
    latest = ValueEntry.objects.filter(customer=customer).latest("created_at")
    since = time.time() - 86_400
    in_window = ValueEntry.objects.filter(customer=customer, created_at__gte=_utc(since)).count()
    missing = count - in_window
    if missing > 0:
        span_us = 23.5 * 3600 * 1_000_000
        with connection.cursor() as cursor:
            cursor.execute(
                _SEED_HISTORY_SQL,
                {
                    "customer": customer.id,
                    "key": key.id,
                    "count": count,
                    "missing": missing,
                    "step": int(span_us // missing),
                    "beneficiary": latest.beneficiary,
                    "cents": latest.reporting_cents,
                    "currency": latest.currency,
                },
            )
            cursor.execute("ANALYZE toolguard_toolcall, toolguard_valueentry, core_valuetotal")
    return ValueEntry.objects.filter(customer=customer, created_at__gte=_utc(since)).count()


def _utc(epoch: float) -> Any:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(epoch, UTC)


def measure_history(customers: list[dict[str, str]], env: dict[str, str], args: argparse.Namespace) -> dict[str, Any]:
    """Calls/s and CPU per call of customer 0 (a new session per call, as guarded_pair), on a fresh
    database and then with each --history count of its calls in the value window."""
    counts = [int(count) for count in args.history.split(",") if count]
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="toolguard-bench-") as tmp, gunicorn(workers=args.workers, env=env) as url:
        workdir = Path(tmp)

        def run(name: str, *, guarded: bool = True) -> dict[str, Any]:
            scripts = tuple(
                fresh_key_script(
                    customers[:1],
                    path="/api/v1/tool-calls" if guarded else "/bench/bare-transfer",
                    run=f"{name}-{phase}",
                    guarded=guarded,
                    threads=args.threads,
                    fresh_sessions=True,
                )
                for phase in ("w", "m")
            )
            sessions_before = database_sessions()
            started = time.monotonic()
            measured = scenario(url, (scripts[0], scripts[1]), args, workdir, name)["measured"]
            elapsed = time.monotonic() - started
            return {
                "calls_per_s": measured["calls_per_s"],
                "p50_ms": round(measured["p50_us"] / 1000, 2),
                "p99_ms": round(measured["p99_us"] / 1000, 2),
                "non_2xx": measured["non_2xx"],
                "cpu_ms_per_call": measured["cpu_ms_per_call"],
                "other_cpu_cores": measured["other_cpu_cores"],
                # Every connection the bench's database saw begin during warm-up and measurement:
                # web workers keep theirs (CONN_MAX_AGE), the tree integrator has one of its own.
                "connections_opened_per_s": round((database_sessions() - sessions_before) / elapsed, 2),
            }

        # The floor in the same run, on the same host load: the transfer's SQL without the guards.
        figures["bare"] = run("history-bare", guarded=False)
        figures["redis_round_trips_per_call"] = redis_round_trips(url, customers[0], calls=100)
        figures["fresh"] = run("history-fresh")
        figures["fresh"]["calls_in_window_after"] = seed_history(0)
        for count in counts:
            log(f"history: seeding customer 0 up to {count} calls in the window")
            in_window = seed_history(count)
            figures[str(count)] = {"calls_in_window_before": in_window, **run(f"history-{count}")}
    fresh = figures["fresh"]["calls_per_s"]
    figures["ratios_to_fresh"] = {
        str(count): round(figures[str(count)]["calls_per_s"] / fresh, 3) if fresh else None for count in counts
    }
    bare_cpu = figures["bare"]["cpu_ms_per_call"]["all"]
    figures["cpu_ratio_to_bare"] = {
        name: round(figures[name]["cpu_ms_per_call"]["all"] / bare_cpu, 2) if bare_cpu else None
        for name in ["fresh", *(str(count) for count in counts)]
    }
    last = str(counts[-1]) if counts else None
    figures["target"] = {"ratio_last_to_fresh_min": 0.9}
    figures["meets_target"] = last is not None and (figures["ratios_to_fresh"][last] or 0) >= 0.9
    return figures


def sanitizer_available(wait_s: float) -> bool:
    deadline = time.monotonic() + wait_s
    while True:
        if importlib.util.find_spec("detection.sanitizer") is not None:
            return True
        if time.monotonic() >= deadline:
            return False
        log("waiting for detection/sanitizer.py")
        time.sleep(10)


def measure_validation_sanitization(iterations: int, wait_s: float) -> dict[str, Any]:
    """Microseconds per call for the two argument guards, in-process and single-threaded."""
    from core.tools import get_tool
    from toolguard.pipeline.validation import validation_errors

    TRANSFER_FUNDS = get_tool("transfer_funds")
    assert TRANSFER_FUNDS is not None

    # Distinct values, so a cache keyed on the input cannot make the guards look free.
    calls = [
        transfer_arguments(
            f"checking-{i % 7}",
            f"savings-{i % 5}",
            f"key-{i}",
            amount=100 + i,
            memo=MEMO.replace("4411", str(4400 + i)),
        )
        for i in range(1000)
    ]

    def per_call_us(step: Any) -> float:
        for arguments in calls:  # warm caches and compiled patterns
            step(arguments)
        started = time.perf_counter()
        for i in range(iterations):
            step(calls[i % len(calls)])
        return round((time.perf_counter() - started) / iterations * 1e6, 2)

    def validate(arguments: dict[str, Any]) -> None:
        assert not validation_errors(TRANSFER_FUNDS, arguments)

    report: dict[str, Any] = {"iterations": iterations, "validation_us_per_call": per_call_us(validate)}
    if not sanitizer_available(wait_s):
        log("detection/sanitizer.py does not exist yet: timing validation alone")
        report.update(sanitizer="missing", sanitization_us_per_call=None, validation_sanitization_us_per_call=None)
        return report
    from detection.sanitizer import sanitize_arguments

    def sanitize(arguments: dict[str, Any]) -> None:
        assert sanitize_arguments(arguments, TRANSFER_FUNDS.field_kinds).block is None

    def both(arguments: dict[str, Any]) -> None:
        validate(arguments)
        sanitize(arguments)

    from django.conf import settings

    from detection.sanitizer import load_classifier

    # The guarded path also asks the model stage (on by default) about the free text the rules let through.
    classifier = load_classifier(settings.TOOLGUARD_INJECTION_MODEL)

    def sanitize_with_model(arguments: dict[str, Any]) -> None:
        result = sanitize_arguments(
            arguments,
            TRANSFER_FUNDS.field_kinds,
            classifier=classifier,
            threshold=settings.TOOLGUARD_INJECTION_THRESHOLD,
        )
        assert result.block is None

    report.update(
        sanitizer="detection.sanitizer",
        sanitization_us_per_call=per_call_us(sanitize),
        validation_sanitization_us_per_call=per_call_us(both),
        sanitization_with_model_stage_us_per_call=per_call_us(sanitize_with_model) if classifier else None,
    )
    return report


def verify(
    customers: list[dict[str, str]], money_before: int, results: dict[str, dict[str, Any]], connections: int
) -> dict[str, Any]:
    """Each guarded 2xx that was not a replay is exactly one transfer; money is conserved."""
    from audit.verify import audit_chain_verify
    from banking.models import Transfer
    from core.models import IdempotencyRecord, ToolCall

    def seen(name: str, field: str) -> int:
        if name not in results:
            return 0
        return sum(int(results[name][phase][field]) for phase in ("warmup", "measured"))

    guarded_rows = Transfer.objects.filter(session_id__startswith="g").count()
    replay_rows = Transfer.objects.filter(session_id="replay").count()
    bare_rows = Transfer.objects.filter(session_id__startswith="b").count()
    bare_runs = [name for name in ("bare", "bare_pair") if name in results]
    # The server's own record of every answer it gave, abandoned or not.
    server_fresh_2xx = (
        ToolCall.objects.filter(tool="transfer_funds", http_status__gte=200, http_status__lt=300)
        .exclude(response__replayed=True)
        .count()
    )
    guarded_runs = [name for name in ("guarded", "guarded_low", "guarded_pair") if name in results]
    guarded_client_fresh = sum(seen(name, "fresh_2xx") for name in guarded_runs)
    # wrk stops mid-flight: up to one request per connection per run is executed
    # by the server but never read by wrk.
    abandoned = guarded_rows - guarded_client_fresh
    chain_break, _, _ = audit_chain_verify()
    money_after = total_money()
    checks = {
        "guarded_transfer_rows": guarded_rows,
        "guarded_fresh_2xx_seen_by_wrk": guarded_client_fresh,
        "guarded_in_flight_when_wrk_stopped": abandoned,
        "replay_transfer_rows": replay_rows,
        "replay_fresh_2xx_seen_by_wrk": seen("replay", "fresh_2xx"),
        "bare_transfer_rows": bare_rows,
        "bare_2xx_seen_by_wrk": sum(seen(name, "fresh_2xx") for name in bare_runs),
        "server_fresh_2xx_tool_calls": server_fresh_2xx,
        "idempotency_records": IdempotencyRecord.objects.count(),
        "money_before": money_before,
        "money_after": money_after,
        "audit_chain_intact": chain_break is None,
    }
    checks["ok"] = bool(
        server_fresh_2xx == guarded_rows + replay_rows == checks["idempotency_records"]
        and 0 <= abandoned <= 2 * connections * len(guarded_runs)
        and replay_rows == len(customers)
        and checks["replay_fresh_2xx_seen_by_wrk"] == 0
        and 0 <= bare_rows - checks["bare_2xx_seen_by_wrk"] <= 2 * connections * len(bare_runs)
        and money_after == money_before
        and chain_break is None
    )
    return checks


def _short_sql(sql: str) -> str:
    return " ".join(sql.split())[:140]


def profile_in_process(customers: list[dict[str, str]], calls: int) -> dict[str, Any]:
    """Queries per call and the hottest functions of one guarded call, without the network."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    customer = customers[0]
    auth = {"Authorization": f"Bearer {customer['key']}"}
    counter = iter(range(10**9))

    def guarded() -> None:
        n = next(counter)
        source, destination = (customer["a"], customer["b"]) if n % 2 else (customer["b"], customer["a"])
        body = guarded_body(
            source, destination, f"profile-{n}", f"profile-s{n % SESSIONS_PER_CUSTOMER}", AMOUNT_CENTS + n
        )
        response = client.post("/api/v1/tool-calls", data=body, content_type="application/json", headers=auth)
        assert response.status_code == 200 and not response.has_header("Idempotent-Replayed"), response.content

    def guarded_fresh_session() -> None:
        n = next(counter)
        source, destination = (customer["a"], customer["b"]) if n % 2 else (customer["b"], customer["a"])
        body = guarded_body(source, destination, f"profile-{n}", f"profile-fresh-{n}", AMOUNT_CENTS + n)
        response = client.post("/api/v1/tool-calls", data=body, content_type="application/json", headers=auth)
        assert response.status_code == 200 and not response.has_header("Idempotent-Replayed"), response.content

    def replay() -> None:
        response = client.post(
            "/api/v1/tool-calls", data=replay_body(customer, 0), content_type="application/json", headers=auth
        )
        assert response.status_code == 200 and response.has_header("Idempotent-Replayed"), response.content

    def bare() -> None:
        n = next(counter)
        source, destination = (customer["a"], customer["b"]) if n % 2 else (customer["b"], customer["a"])
        body = bare_body(source, destination, f"profile-{n}", f"bprofile-{n % SESSIONS_PER_CUSTOMER}", AMOUNT_CENTS + n)
        response = client.post("/bench/bare-transfer", data=body, content_type="application/json")
        assert response.status_code == 200, response.content

    def queries(step: Any) -> dict[str, Any]:
        step()  # a first call may create the session row
        statement_seconds = [0.0]

        def timed(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            started = time.perf_counter()
            try:
                return execute(sql, params, many, context)
            finally:
                statement_seconds[0] += time.perf_counter() - started

        with CaptureQueriesContext(connection) as captured, connection.execute_wrapper(timed):
            step()
        return {
            "count": len(captured.captured_queries),
            # Round trips of the statements themselves (BEGIN and COMMIT are not wrapped).
            "statement_ms": round(statement_seconds[0] * 1000, 2),
            "sql": [_short_sql(q["sql"]) for q in captured.captured_queries],
        }

    def wall_ms(step: Any, n: int) -> float:
        started = time.perf_counter()
        for _ in range(n):
            step()
        return round((time.perf_counter() - started) / n * 1000, 3)

    # The replay key is stored by the HTTP runs; on its own (--profile-only) the first post stores it.
    client.post("/api/v1/tool-calls", data=replay_body(customer, 0), content_type="application/json", headers=auth)
    for step in (guarded, replay, bare):
        for _ in range(20):
            step()
    report: dict[str, Any] = {
        "queries": {
            "guarded": queries(guarded),
            "guarded_fresh_session": queries(guarded_fresh_session),
            "replay": queries(replay),
            "bare": queries(bare),
        },
        "wall_ms_per_call_single_client": {
            "guarded": wall_ms(guarded, calls),
            "guarded_fresh_session": wall_ms(guarded_fresh_session, calls),
            "replay": wall_ms(replay, calls),
            "bare": wall_ms(bare, calls),
        },
    }
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(calls):
        guarded()
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    entries = stats.stats.items()  # type: ignore[attr-defined]
    by_package: dict[str, float] = {}
    app_functions = []
    for (filename, line, function), (_, ncalls, tottime, cumtime, _) in entries:
        package = _package(filename, function)
        by_package[package] = by_package.get(package, 0.0) + tottime
        if package.startswith("app:") and package != "app:bench":
            app_functions.append((cumtime, ncalls, f"{filename.replace(str(ROOT) + '/', '')}:{line}:{function}"))
    # Profiled times run slower than real ones; the shares between them are what to read.
    report["profiled_ms_per_call"] = round(sum(by_package.values()) / calls * 1000, 2)
    report["self_time_by_package_ms_per_call"] = {
        package: round(seconds / calls * 1000, 2)
        for package, seconds in sorted(by_package.items(), key=lambda item: -item[1])[:12]
    }
    report["app_functions_cumulative_ms_per_call"] = [
        {
            "function": name,
            "calls_per_call": round(ncalls / calls, 2),
            "cumulative_ms": round(cumtime / calls * 1000, 3),
        }
        for cumtime, ncalls, name in sorted(app_functions, reverse=True)[:25]
    ]
    for order in ("cumulative", "tottime"):
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats(order).print_stats(45)
        log(f"guarded path, {order} (in-process):\n" + text.getvalue())
    report["cpu_us_per_call_by_stage"] = {
        name: cpu_by_stage(step, calls) for name, step in (("guarded", guarded), ("replay", replay), ("bare", bare))
    }
    return report


# Where a call's CPU goes, stage by stage: (module, attribute) as the caller looks it up,
# so a function called from several pipeline modules is listed once per module, under one label.
# Inclusive and nested: `execute_claimed` contains the policy, the tool and the audit write.
STAGES = (
    ("rest_framework.views", "APIView.initial", "authentication (agent key)"),
    ("toolguard.api.views", "parse_body", "provider shape"),
    ("toolguard.pipeline.executor", "tool_call_execute", "pipeline (all of it)"),
    ("toolguard.pipeline.executor", "agent_session_lookup", "session and quarantine"),
    ("toolguard.pipeline.executor", "agent_session_claiming", "session, quarantine and the key's Redis claim"),
    ("toolguard.pipeline.executor", "validation_errors", "schema validation"),
    ("toolguard.pipeline.sanitization", "sanitize_arguments", "sanitization (rules and model stage)"),
    ("core.idempotency", "key_claim", "idempotency: Redis claim (when not made with the session)"),
    ("toolguard.pipeline.state_changing", "execute_claimed", "write phase (one transaction)"),
    ("toolguard.pipeline.state_changing", "policy_check", "policy: windows and CEL"),
    ("toolguard.pipeline.read_only", "policy_check", "policy: windows and CEL"),
    ("banking.tools", "TransferFunds.authorize", "tool: read the accounts"),
    ("banking.tools", "TransferFunds.execute", "tool: move the money"),
    ("toolguard.pipeline.state_changing", "screen_result", "result screen"),
    ("toolguard.pipeline.read_only", "screen_result", "result screen"),
    ("toolguard.pipeline.state_changing", "send_call_rows", "tool call, idempotency and value rows"),
    ("toolguard.pipeline.approval_hold", "send_call_rows", "tool call, idempotency and value rows"),
    ("toolguard.pipeline.dispatching", "send_call_rows", "tool call, idempotency and value rows"),
    ("toolguard.pipeline.recording", "insert_rows", "refusal or replay: its tool call row"),
    ("toolguard.pipeline.executor", "finish", "refusal or replay: tool call row and audit"),
    ("toolguard.pipeline.recording", "finish", "refusal or replay: tool call row and audit"),
    ("toolguard.pipeline.read_only", "finish", "refusal or replay: tool call row and audit"),
    ("toolguard.pipeline.sanitization", "finish", "refusal or replay: tool call row and audit"),
    ("toolguard.pipeline.state_changing", "finish", "refusal or replay: tool call row and audit"),
    ("toolguard.pipeline.recording", "audit_append", "audit append (alerts, chain lock, insert)"),
    ("core.idempotency", "lock_release", "idempotency: Redis release"),
    ("banking.bench_views", "BareTransferView.post", "bare endpoint: its view"),
    ("banking.bench_views", "bare_transfer", "bare endpoint: its SQL"),
)


def cpu_by_stage(step: Any, calls: int) -> dict[str, float]:
    """Microseconds of this process's CPU (not wall time: no waiting) per call in each stage.

    Each stage is wrapped with a `time.process_time` timer instead of run under
    a profiler, whose own overhead inflates Python-heavy stages several times.
    """
    import importlib
    from contextlib import ExitStack
    from unittest import mock

    spent: dict[str, float] = {}

    def timed(label: str, function: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[label] = spent.get(label, 0.0) + time.process_time() - started

        return wrapper

    with ExitStack() as stack:
        for module_name, attribute, label in STAGES:
            try:
                owner: Any = importlib.import_module(module_name)
            except ImportError:
                continue
            *path, name = attribute.split(".")
            for part in path:
                owner = getattr(owner, part)
            stack.enter_context(mock.patch.object(owner, name, timed(label, getattr(owner, name))))
        for _ in range(20):
            step()
        spent.clear()
        started = time.process_time()
        for _ in range(calls):
            step()
        total = time.process_time() - started
    return {"whole call": round(total / calls * 1e6)} | {
        label: round(spent[label] / calls * 1e6) for _, _, label in STAGES if label in spent
    }


def _package(filename: str, function: str) -> str:
    """Where a profiled function lives: the ORM, the driver, toolguard itself..."""
    if "site-packages/" in filename:
        parts = filename.split("site-packages/", 1)[1].split("/")
        return "/".join(parts[:3]) if parts[0] == "django" and len(parts) > 3 else parts[0]
    if filename.startswith(str(ROOT)):
        return "app:" + filename[len(str(ROOT)) + 1 :].split("/")[0]
    if filename == "~":
        return "builtins"
    return "stdlib"


def _low_connection_figures(results: dict[str, dict[str, Any]], connections: int) -> dict[str, Any]:
    if "guarded_low" not in results:
        return {}
    measured = results["guarded_low"]["measured"]
    return {
        f"guarded_at_{connections}_connections_calls_per_s": measured["calls_per_s"],
        f"guarded_at_{connections}_connections_p50_ms": round(measured["p50_us"] / 1000, 2),
        f"guarded_at_{connections}_connections_p99_ms": round(measured["p99_us"] / 1000, 2),
    }


def main() -> None:
    args = parse_args()
    load_before = os.getloadavg()
    ensure_wrk()
    log(f"recreating database {DATABASE}")
    database_url = postgres_recreate(DATABASE)
    env = bench_env(database_url)
    log("migrating")
    manage("migrate", "--noinput", "-v0", env=env)
    manage("createcachetable", env=env)
    redis_flush(REDIS_URL)

    os.environ.update(env)
    import django

    django.setup()
    customers = seed()
    money_before = total_money()
    log(f"seeded {len(customers)} customers with {2 * len(customers)} accounts")

    if args.profile_only:
        print(json.dumps({"bench": "pipeline", "profile": profile_in_process(customers, args.profile_calls)}))
        return
    if args.tracing_only:
        print(json.dumps({"bench": "pipeline", "tracing": measure_tracing(customers, env, args)}))
        return
    if args.history_only:
        print(json.dumps({"bench": "pipeline", "history": measure_history(customers, env, args)}))
        return
    if args.capacity_only:
        print(json.dumps({"bench": "pipeline", "capacity": measure_capacity(customers, env, args)}))
        return
    guards = measure_validation_sanitization(args.iterations, args.wait_sanitizer)
    log(f"validation+sanitization: {guards}")

    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="toolguard-bench-") as tmp, gunicorn(workers=args.workers, env=env) as url:
        workdir = Path(tmp)
        for i, customer in enumerate(customers):
            status, _ = http_post(
                f"{url}/api/v1/tool-calls", replay_body(customer, i), {"Authorization": f"Bearer {customer['key']}"}
            )
            if status != 200:
                raise RuntimeError(f"seeding the replay key of customer {i} answered {status}")

        def fresh(run: str, guarded: bool, *, pair: bool = False) -> str:
            path = "/api/v1/tool-calls" if guarded else "/bench/bare-transfer"
            # The pair shape: customer 0 only, both directions, a new session per call.
            return fresh_key_script(
                customers[:1] if pair else customers,
                path=path,
                run=run,
                guarded=guarded,
                threads=args.threads,
                fresh_sessions=pair,
            )

        results["bare"] = scenario(url, (fresh("bw", False), fresh("bm", False)), args, workdir, "bare")
        results["guarded"] = scenario(url, (fresh("gw", True), fresh("gm", True)), args, workdir, "guarded")
        replay = replay_script(customers, threads=args.threads)
        results["replay"] = scenario(url, (replay, replay), args, workdir, "replay")
        if not args.skip_pair:
            results["bare_pair"] = scenario(
                url, (fresh("bpw", False, pair=True), fresh("bpm", False, pair=True)), args, workdir, "bare_pair"
            )
            results["guarded_pair"] = scenario(
                url, (fresh("gpw", True, pair=True), fresh("gpm", True, pair=True)), args, workdir, "guarded_pair"
            )
        if args.low_connections:
            results["guarded_low"] = scenario(
                url,
                (fresh("glw", True), fresh("glm", True)),
                args,
                workdir,
                "guarded_low",
                connections=args.low_connections,
                duration_s=max(5, args.duration // 2),
            )

    log("verifying")
    checks = verify(customers, money_before, results, args.connections)
    log("tracing: CPU per guarded call with OpenTelemetry off and on")
    traced = measure_tracing(customers, env, args)
    log("profiling the guarded path in-process")
    profile = profile_in_process(customers, args.profile_calls)

    def ms(us: float) -> float:
        return round(us / 1000, 2)

    guarded, replayed, bare = (results[name]["measured"] for name in ("guarded", "replay", "bare"))
    ratio = round(guarded["calls_per_s"] / bare["calls_per_s"], 3) if bare["calls_per_s"] else None
    replay_ratio = round(replayed["calls_per_s"] / bare["calls_per_s"], 3) if bare["calls_per_s"] else None
    pair: dict[str, Any] = {}
    if "guarded_pair" in results:
        guarded_pair, bare_pair = results["guarded_pair"]["measured"], results["bare_pair"]["measured"]
        pair = {
            "pair_guarded_calls_per_s": guarded_pair["calls_per_s"],
            "pair_guarded_p50_ms": ms(guarded_pair["p50_us"]),
            "pair_guarded_p99_ms": ms(guarded_pair["p99_us"]),
            "pair_bare_calls_per_s": bare_pair["calls_per_s"],
            "pair_bare_p99_ms": ms(bare_pair["p99_us"]),
            "ratio_pair_guarded_to_bare": round(guarded_pair["calls_per_s"] / bare_pair["calls_per_s"], 3)
            if bare_pair["calls_per_s"]
            else None,
        }
    output: dict[str, Any] = {
        "bench": "pipeline",
        "guarded_calls_per_s": guarded["calls_per_s"],
        "guarded_p50_ms": ms(guarded["p50_us"]),
        "guarded_p99_ms": ms(guarded["p99_us"]),
        "replay_calls_per_s": replayed["calls_per_s"],
        "replay_p50_ms": ms(replayed["p50_us"]),
        "replay_p99_ms": ms(replayed["p99_us"]),
        "bare_calls_per_s": bare["calls_per_s"],
        "bare_p50_ms": ms(bare["p50_us"]),
        "bare_p99_ms": ms(bare["p99_us"]),
        "ratio_guarded_to_bare": ratio,
        "ratio_replay_to_bare": replay_ratio,
        **pair,
        "non_2xx": {name: results[name]["measured"]["non_2xx"] for name in results},
        "validation_us_per_call": guards["validation_us_per_call"],
        "sanitization_us_per_call": guards["sanitization_us_per_call"],
        "validation_sanitization_us_per_call": guards["validation_sanitization_us_per_call"],
        "sanitization_with_model_stage_us_per_call": guards.get("sanitization_with_model_stage_us_per_call"),
        "sanitizer": guards["sanitizer"],
        **_low_connection_figures(results, args.low_connections),
        "workers": args.workers,
        "connections": args.connections,
        "wrk_threads": args.threads,
        "duration_s": args.duration,
        "warmup_s": args.warmup,
        # Other work on the machine skews every figure: a load well above zero
        # before the bench starts means the run shared the cores.
        "machine": {
            **machine(),
            "loadavg_1m_before": round(load_before[0], 2),
            "other_cpu_cores_during_measurements": {
                name: results[name]["measured"]["other_cpu_cores"] for name in results
            },
        },
        "targets": TARGETS,
        "targets_met": {
            "throughput": ratio is not None and ratio >= TARGETS["ratio_guarded_to_bare_min"],
            "p99": ms(guarded["p99_us"]) <= TARGETS["guarded_p99_ms_max"],
            "pair_throughput": pair.get("ratio_pair_guarded_to_bare") is not None
            and pair["ratio_pair_guarded_to_bare"] >= TARGETS["ratio_pair_guarded_to_bare_min"],
            "replay": replay_ratio is not None and replay_ratio >= TARGETS["ratio_replay_to_bare_min"],
            "validation_sanitization": guards["validation_sanitization_us_per_call"] is not None
            and guards["validation_sanitization_us_per_call"] <= TARGETS["validation_sanitization_us_max"],
            "tracing": traced["target_met"],
        },
        "cpu_ms_per_call": {name: results[name]["measured"]["cpu_ms_per_call"] for name in results},
        "tracing": traced,
        "correctness": checks,
        "scenarios": results,
        "profile": profile,
    }
    print(json.dumps(output))


# --- Tracing: what OpenTelemetry costs a guarded call (docs/operations.md, "Tracing with OpenTelemetry") ---

TRACING_TARGET_CPU_MS_MAX = 0.3
# The arms of a tracing round: off, on, and off again (the control).
ARMS = ("off", "on", "control")


def _paired(base: list[float], other: list[float]) -> list[float]:
    """Each round's figure of `other` minus the same round's figure of `base`."""
    return [b - a for a, b in zip(base, other, strict=True)]


# Beyond the batch processor's default schedule delay (5 s).
EXPORT_WAIT_S = 6.0


def _receiver_start(workdir: Path) -> tuple[subprocess.Popen[Any], str, Path]:
    """tests/otlp_receiver.py in its own process: the spans go over OTLP/HTTP and are decoded there."""
    port = free_port()
    workdir.mkdir(parents=True, exist_ok=True)
    spans = workdir / "spans.jsonl"
    proc = subprocess.Popen(
        [PYTHON, str(ROOT / "tests" / "otlp_receiver.py"), str(port), str(spans)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    wait_http(f"{url}/health", proc=proc)
    return proc, url, spans


def _spans_received(spans: Path) -> int:
    return sum(1 for _ in spans.open(encoding="utf-8")) if spans.exists() else 0


def _server_cpu_s(port: int) -> float:
    """User + system CPU of the gunicorn on `port`, master and workers (they share its command line)."""
    ticks = 0
    needle = f"127.0.0.1:{port}\0".encode()  # a whole argument: port 4000 is not 40001
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle not in (entry / "cmdline").read_bytes():
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def _drive(url: str, customers: list[dict[str, str]], run: str, calls: int, *, clients: int = 4) -> None:
    """`calls` guarded transfers, each a fresh key, from `clients` threads, with an agent's traceparent."""
    import secrets
    import threading

    import httpx

    failures: list[str] = []

    def client(index: int) -> None:
        with httpx.Client(timeout=30) as http:
            for n in range(index, calls, clients):
                customer = customers[n % len(customers)]
                source, destination = (customer["a"], customer["b"]) if n % 2 else (customer["b"], customer["a"])
                body = guarded_body(source, destination, f"{run}-{n}", f"{run}-s{n % SESSIONS_PER_CUSTOMER}")
                headers = {
                    "Authorization": f"Bearer {customer['key']}",
                    "traceparent": f"00-{secrets.token_hex(16)}-{secrets.token_hex(8)}-01",
                }
                response = http.post(f"{url}/api/v1/tool-calls", json=body, headers=headers)
                if response.status_code != 200:
                    failures.append(f"{response.status_code} {response.text[:200]}")

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise RuntimeError(f"{len(failures)} guarded calls failed, e.g. {failures[0]}")


def measure_tracing_live(
    customers: list[dict[str, str]], env: dict[str, str], *, calls: int, rounds: int, workdir: Path
) -> dict[str, Any]:
    """Server CPU per guarded call on three gunicorns side by side: tracing off, on, and off again (the control).

    Every round drives a batch through each server, in an order that turns
    round every round, then waits out one export interval before reading
    each server's CPU, so the export thread's work is counted. The medians
    of the rounds' differences are reported: on minus off is tracing's cost,
    control minus off what the method reads when nothing differs. A batch's
    CPU moves by more than the target whenever other work shares the cores,
    so this figure corroborates the in-process one.
    """
    from urllib.parse import urlsplit

    receiver, receiver_url, spans = _receiver_start(workdir)
    # The batch processor's defaults, as in production (a batch every 5 s or every 512 spans):
    # a shorter delay would post a small batch per few calls and measure that instead.
    traced_env = {**env, "OTEL_EXPORTER_OTLP_ENDPOINT": receiver_url, "OTEL_SERVICE_NAME": "toolguard-bench"}
    per_call: dict[str, list[float]] = {arm: [] for arm in ARMS}
    try:
        with (
            gunicorn(workers=2, env=env) as off_url,
            gunicorn(workers=2, env=traced_env) as on_url,
            gunicorn(workers=2, env=env) as control_url,
        ):
            urls = dict(zip(ARMS, (off_url, on_url, control_url), strict=True))
            ports = {arm: int(urlsplit(url).port or 0) for arm, url in urls.items()}
            for arm in ARMS:
                _drive(urls[arm], customers, f"trace-warm-{arm}", 200)
            time.sleep(EXPORT_WAIT_S)
            for round_ in range(rounds):
                before: dict[str, float] = {}
                for arm in ARMS if round_ % 2 else ARMS[::-1]:
                    before[arm] = _server_cpu_s(ports[arm])
                    _drive(urls[arm], customers, f"trace-{arm}-{round_}", calls)
                time.sleep(EXPORT_WAIT_S)  # the last batch of spans is exported
                for arm in ARMS:
                    per_call[arm].append((_server_cpu_s(ports[arm]) - before[arm]) / calls * 1000)
                log(
                    f"tracing round {round_}, ms CPU per call: "
                    + ", ".join(f"{arm} {values[-1]:.3f}" for arm, values in per_call.items())
                )
        received = _spans_received(spans)
    finally:
        receiver.terminate()
        receiver.wait(timeout=20)
    off, on, control = per_call["off"], per_call["on"], per_call["control"]
    return {
        "cpu_ms_per_call_off": round(statistics.median(off), 3),
        "cpu_ms_per_call_on": round(statistics.median(on), 3),
        "cpu_ms_per_call_added": round(statistics.median(_paired(off, on)), 3),
        "control_ms_per_call": round(statistics.median(_paired(off, control)), 3),
        "rounds_ms_per_call": {name: [round(v, 3) for v in values] for name, values in per_call.items()},
        "spans_received": received,
        "calls_per_round": calls,
    }


def measure_tracing_in_process(customers: list[dict[str, str]], *, calls: int, workdir: Path) -> dict[str, Any]:
    """The same in this process (Django's test client, no network), call by call: the steadier figure.

    Each round makes three calls: tracing off, on, and off again (the
    control). The median of on minus off is tracing's cost; the median of the
    control minus off is what the method reads when nothing differs, printed
    so that a reader sees how far the machine's noise reaches. The order
    turns round every round (off, on, control; control, on, off), so the
    traced call follows and precedes each untraced one alike. Each call's own
    CPU is its thread's CPU time; the export thread's CPU (encoding, posting
    to the receiver) is charged to the traced calls.
    """
    from django.test import Client, override_settings
    from opentelemetry import trace

    from core import tracing

    receiver, receiver_url, spans = _receiver_start(workdir)
    os.environ["OTEL_EXPORTER_OTLP_ENDPOINT"] = receiver_url
    try:
        customer = customers[1]
        auth = {"Authorization": f"Bearer {customer['key']}"}
        client = Client()
        rounds = iter(range(10**9))

        def call(arm: str, round_: int) -> float:
            tracing._recorder = recorder if arm == "on" else None
            # The calls of a round go the same way, each arm in sessions of its own (a repeat
            # across arms would raise the repeated-operation alert in one arm only).
            source, destination = (customer["a"], customer["b"]) if round_ % 2 else (customer["b"], customer["a"])
            body = guarded_body(
                source, destination, f"tp-{arm}-{round_}", f"tp-{arm}-s{round_ % SESSIONS_PER_CUSTOMER}"
            )
            headers = {**auth, "traceparent": f"00-{round_ + 1:032x}-{round_ + 1:016x}-01"}
            started = time.thread_time()
            response = client.post("/api/v1/tool-calls", data=body, content_type="application/json", headers=headers)
            spent = time.thread_time() - started
            assert response.status_code == 200, response.content
            return spent

        with override_settings(TOOLGUARD_TRACING=True):
            tracing.tracing_setup()
            recorder = tracing._recorder
            # The client loads the middleware on its first request: the traceparent one with it.
            call("on", next(rounds))
        provider = trace.get_tracer_provider()

        for _ in range(50):
            round_ = next(rounds)
            for arm in ARMS:
                call(arm, round_)
        provider.force_flush()  # type: ignore[attr-defined]
        received_before = _spans_received(spans)
        spent: dict[str, list[float]] = {arm: [] for arm in ARMS}  # ms of CPU per call, by arm
        # The export threads' own CPU clocks (toolguard's calls and other libraries' spans):
        # other threads of this process (the model stage's thread pool) work for every arm alike.
        exporters = [thread for thread in threading.enumerate() if thread.name.startswith("OtelBatchSpan")]
        assert exporters and all(thread.ident is not None for thread in exporters)
        export_clocks = [time.pthread_getcpuclockid(thread.ident) for thread in exporters]  # type: ignore[arg-type]

        def export_cpu_s() -> float:
            return sum(time.clock_gettime(clock) for clock in export_clocks)

        export_started = export_cpu_s()
        for index in range(calls):
            round_ = next(rounds)
            for arm in ARMS if index % 2 else ARMS[::-1]:
                spent[arm].append(call(arm, round_) * 1000)
        flush_started = time.thread_time()
        provider.force_flush()  # type: ignore[attr-defined]
        export_s = export_cpu_s() - export_started + time.thread_time() - flush_started
        received = _spans_received(spans) - received_before
    finally:
        tracing._recorder = None
        receiver.terminate()
        receiver.wait(timeout=20)
    export_ms = export_s / calls * 1000
    off, on, control = spent["off"], spent["on"], spent["control"]
    paired = _paired(off, on)
    null = _paired(off, control)
    return {
        "cpu_ms_per_call_off": round(statistics.mean(off), 3),
        "cpu_ms_per_call_on": round(statistics.mean(on) + export_ms, 3),
        "cpu_ms_per_call_added": round(statistics.mean(paired) + export_ms, 3),
        # The median of the paired differences shrugs off a call that met a busy core.
        "cpu_ms_per_call_added_median": round(statistics.median(paired) + export_ms, 3),
        "export_thread_cpu_ms_per_call": round(export_ms, 3),
        # Off against off: the same figure when nothing differs (0 on a quiet machine).
        "control_ms_per_call_median": round(statistics.median(null), 3),
        "control_ms_per_call_mean": round(statistics.mean(null), 3),
        "spans_per_call": round(received / calls, 2),
        "calls": calls,
    }


def measure_tracing(customers: list[dict[str, str]], env: dict[str, str], args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="toolguard-bench-tracing-") as tmp:
        workdir = Path(tmp)
        live = measure_tracing_live(
            customers, env, calls=args.tracing_calls, rounds=args.tracing_rounds, workdir=workdir / "live"
        )
        in_process = measure_tracing_in_process(
            customers, calls=args.tracing_rounds_in_process, workdir=workdir / "in-process"
        )
    return {
        "live_server": live,
        "in_process": in_process,
        "target_cpu_ms_added_max": TRACING_TARGET_CPU_MS_MAX,
        # Judged on the paired in-process figure: the live servers' batches differ
        # by more than the target whenever other work shares the cores (their spread is in the output).
        "target_met": in_process["cpu_ms_per_call_added_median"] <= TRACING_TARGET_CPU_MS_MAX,
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }


if __name__ == "__main__":
    main()
