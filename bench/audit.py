"""The audit log at a million entries: how fast it is written, searched and verified.

Creates a PostgreSQL database of its own (toolguard_bench_audit, dropped and
re-created; `--database` names another, `--reuse` keeps its entries), migrates
it, fills it with `manage.py audit_generate --mix skewed` (the benchmark-only
benchgen app, through the one chain insert), then measures and prints one
JSON object (progress goes to stderr):

- generate: time to append the synthetic entries;
- queries (the skewed mix): p50/p95 of one search page for every documented
  filter combination (docs/audit.md#search), for the few agents that write
  most entries and for quiet ones that are a small share, first page and
  after 20 cursor hops, in the database (the ORM query of `audit_page`) and
  through the HTTP API on gunicorn with a signed-in session (targets: p95
  <= 10 ms and <= 25 ms), each with the index EXPLAIN ANALYZE shows serving
  it; `skewed_mix` lists them one line each;
- writes: sustained entries/s through `audit_append` (3 entries per tool
  call) with several threads, against one thread and against the same inserts
  with no chain (no lock, no head read, no alert rules): the chain's cost;
- verify: `verify_audit` over everything, and an `--incremental` run;
- tree: the Merkle tree at that size (audit.tree, docs/audit.md#merkle-tree-and-checkpoints):
  p50/p95 of an inclusion proof, a consistency proof and a root from the stored
  nodes, in the database and through the compliance API views (DRF, no
  network); and the integration delay, from an append's commit until a signed
  checkpoint covers it, while a writer appends steadily. The tree is kept off
  the chain lock (each writing process's timer integrates new entries after
  commit), so `generate` and `writes` include its cost as production pays it.

    .venv/bin/python bench/audit.py [--entries 1000000] [--threads 4] [--write-seconds 10]
        [--database NAME] [--reuse] [--parts queries,writes,verify,tree] [--delay-seconds 20]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import PYTHON, ROOT, gunicorn, log, machine, manage, postgres_recreate

DATABASE = "toolguard_bench_audit"
REDIS_URL = "redis://127.0.0.1:6379/3"
PARTS = ("queries", "writes", "verify", "tree")
TARGETS = {
    "generate_seconds_max": 120,
    "db_p95_ms_max": 10.0,
    "http_p95_ms_max": 25.0,
    "entries_per_s_min": 2000,
    "proof_p95_ms_max": 5.0,
}
DEEP_HOPS = 20
PASSWORD = "bench-compliance-password-1"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", type=int, default=1_000_000)
    parser.add_argument("--threads", type=int, default=4, help="concurrent writers for the write-rate runs")
    parser.add_argument("--write-seconds", type=float, default=10.0, help="measured seconds per write run")
    parser.add_argument("--samples", type=int, default=200, help="timed queries per shape and depth, in the database")
    parser.add_argument("--http-samples", type=int, default=100, help="timed requests per shape and depth, over HTTP")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (the machine has 2 cores)")
    parser.add_argument("--database", default=DATABASE, help="the PostgreSQL database to (re)create and fill")
    parser.add_argument("--redis-url", default=REDIS_URL)
    parser.add_argument(
        "--reuse", action="store_true", help="keep the database's entries (migrate only): no re-generation"
    )
    parser.add_argument("--parts", default=",".join(PARTS), help=f"what to measure, of {','.join(PARTS)}")
    parser.add_argument("--proof-samples", type=int, default=1000, help="timed proofs of each kind")
    parser.add_argument(
        "--delay-seconds", type=float, default=20.0, help="how long the integration-delay writer appends"
    )
    return parser.parse_args()


def percentiles(samples_ms: list[float]) -> dict[str, float]:
    ordered = sorted(samples_ms)
    cuts = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else ordered * 99
    return {
        "p50": round(cuts[49], 3),
        "p95": round(cuts[94], 3),
        "max": round(ordered[-1], 3),
        "n": len(ordered),
    }


# --- data and the query shapes -------------------------------------------------------------


def actor_shares() -> tuple[list[str], list[str]]:
    """The heaviest agents, and quiet ones: each a small share of the log (0.002% to 0.05%)."""
    from django.db.models import Count

    from audit.models import AuditEntry
    from core.enums import ActorType

    counts = list(
        AuditEntry.objects.filter(actor_type=ActorType.AGENT)
        .values_list("actor")
        .annotate(n=Count("id"))
        .order_by("-n")
    )
    total = sum(n for _, n in counts)
    heavy = [actor for actor, _ in counts[:3]]
    light = [actor for actor, n in counts if 0.00002 * total <= n <= 0.0005 * total]
    return heavy, light[:: max(len(light) // 20, 1)][:20]


# Every combination the search form and the API document (docs/audit.md#search), with values
# from the skewed mix: a few agents dominate, and the queried agent is usually a quiet one.
TOOL_RESULTS = [
    ("transfer_funds", "success"),
    ("transfer_funds", "pending"),
    ("transfer_funds", "blocked"),
    ("check_balance", "success"),
    ("check_balance", "pending"),  # never happens: the whole actor is read to find nothing
    ("list_transactions", "failure"),
]
RARE_ACTIONS = ["transfer_initiated", "injection_blocked", "idempotency_mismatch", "approval_granted"]


def shapes(rng: random.Random) -> dict[str, list[dict[str, str]]]:
    """Sample filter values for every shape, chosen so the deep page exists where the data allows."""
    from django.db.models import Max, Min

    from audit.models import AuditEntry

    heavy_sessions = [f"batch-{n:03d}" for n in range(20)]
    heavy_actors, light_actors = actor_shares()
    span = AuditEntry.objects.aggregate(first=Min("timestamp"), last=Max("timestamp"))
    first, last = span["first"], span["last"]
    top = AuditEntry.objects.aggregate(top=Max("id"))["top"]
    picked = list(
        AuditEntry.objects.filter(id__in=[rng.randint(1, top) for _ in range(600)]).values(
            "idempotency_key", "session_id", "customer", "tool_call_id"
        )
    )
    keys = [row["idempotency_key"] for row in picked if row["idempotency_key"]][:40]
    light_sessions = [row["session_id"] for row in picked if row["session_id"].startswith("s-")][:40]
    customers = [row["customer"] for row in picked if row["customer"]][:40]
    calls = [row["tool_call_id"] for row in picked if row["tool_call_id"]][:40]
    approvals = list(AuditEntry.objects.exclude(approval_id="").values_list("approval_id", flat=True)[:40])

    def window(days: float) -> tuple[str, str]:
        start = first + (last - first - _days(days)) * rng.random()
        return start.isoformat(), (start + _days(days)).isoformat()

    def ranged(days: float, **extra: str) -> dict[str, str]:
        since, until = window(days)
        return {"since": since, "until": until, **extra}

    def each(actors: list[str], **extra: str) -> list[dict[str, str]]:
        return [{"actor": actor, **extra} for actor in actors]

    return {
        "by_actor_light": each(light_actors),
        "by_actor_heavy": each(heavy_actors),
        "actor_tool_result_light": [
            {"actor": actor, "tool": tool, "result": result} for actor in light_actors for tool, result in TOOL_RESULTS
        ],
        "actor_tool_result_heavy": [
            {"actor": actor, "tool": tool, "result": result} for actor in heavy_actors for tool, result in TOOL_RESULTS
        ],
        "actor_result_heavy": [
            {"actor": actor, "result": result} for actor in heavy_actors for result in ("pending", "blocked", "failure")
        ],
        "actor_action_heavy": [{"actor": actor, "action": action} for actor in heavy_actors for action in RARE_ACTIONS],
        "actor_tool_heavy": [{"actor": actor, "tool": tool} for actor in heavy_actors for tool, _ in TOOL_RESULTS[::2]],
        "by_tool": [{"tool": tool} for tool in ("transfer_funds", "check_balance", "list_transactions")],
        "by_action": [{"action": action} for action in RARE_ACTIONS],
        "by_result": [{"result": result} for result in ("pending", "blocked", "failure")],
        "tool_action_result": [
            {"tool": "transfer_funds", "action": action, "result": result}
            for action, result in (("transfer_initiated", "pending"), ("injection_blocked", "blocked"))
        ],
        "by_session_heavy": [{"session": session} for session in heavy_sessions],
        "by_session_light": [{"session": session} for session in light_sessions],
        "session_action_heavy": [
            {"session": session, "action": action} for session in heavy_sessions[:5] for action in RARE_ACTIONS
        ],
        "by_customer": [{"customer": customer} for customer in customers],
        "by_key": [{"idempotency_key": key} for key in keys],
        "by_tool_call": [{"tool_call": call} for call in calls],
        "by_approval": [{"approval": approval} for approval in approvals],
        "by_time_range": [ranged(1) for _ in range(20)],
        "combined": [
            ranged(10, tool="transfer_funds", action="transfer_initiated", result="success") for _ in range(20)
        ],
        "time_range_actor_light": [ranged(7, actor=actor) for actor in light_actors],
    }


def _days(days: float) -> Any:
    from datetime import timedelta

    return timedelta(days=days)


def deep_cursors(samples: list[dict[str, str]]) -> list[dict[str, str]]:
    """For each sample, the cursor after DEEP_HOPS pages, where the result is that long."""
    from audit.selectors import audit_page

    deep = []
    for params in samples:
        page, hops = audit_page(params), 0
        while page.next_cursor and hops < DEEP_HOPS:
            cursor = page.next_cursor
            page, hops = audit_page({**params, "cursor": cursor}), hops + 1
        if hops == DEEP_HOPS:
            deep.append({**params, "cursor": cursor})
    return deep


def explain(params: dict[str, str]) -> dict[str, Any]:
    from django.db import connection

    from audit.selectors import audit_page_queryset

    sql, sql_params = audit_page_queryset(params).query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", sql_params)
        raw = cursor.fetchone()[0]
    plan = (json.loads(raw) if isinstance(raw, str) else raw)[0]

    def walk(node: dict[str, Any]) -> list[dict[str, Any]]:
        return [node, *(n for child in node.get("Plans", []) for n in walk(child))]

    nodes = walk(plan["Plan"])
    return {
        "indexes": sorted({n["Index Name"] for n in nodes if "Index Name" in n}),
        "nodes": [n["Node Type"] for n in nodes],
        "sql_ms": round(plan["Execution Time"], 3),
    }


def time_db(samples: list[dict[str, str]], runs: int) -> dict[str, float]:
    from audit.selectors import audit_page

    for params in samples[:5]:
        audit_page(params)  # warm the cache and the connection
    timings = []
    for n in range(runs):
        params = samples[n % len(samples)]
        started = time.perf_counter()
        audit_page(params)
        timings.append((time.perf_counter() - started) * 1000)
    return percentiles(timings)


def time_http(client: Any, url: str, samples: list[dict[str, str]], runs: int) -> dict[str, float]:
    for params in samples[:3]:
        client.get(url, params=params)
    timings = []
    for n in range(runs):
        params = samples[n % len(samples)]
        started = time.perf_counter()
        response = client.get(url, params=params)
        timings.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            raise RuntimeError(f"{url} {params} answered {response.status_code}: {response.text[:200]}")
    return percentiles(timings)


# --- writes --------------------------------------------------------------------------------


def tool_call_events(n: int, session: str) -> list[Any]:
    """What one completed transfer writes: received, initiated (canonical arguments), completed."""
    from audit.services import AuditEvent
    from core.enums import ActorType, AuditAction, AuditResult

    key = uuid.uuid4().hex
    common: dict[str, Any] = {
        "actor": "agent:bench:0123456789ab",
        "actor_type": ActorType.AGENT,
        "customer": "bench",
        "tool": "transfer_funds",
        "tool_call_id": str(uuid.uuid4()),
        "session_id": session,
        "idempotency_key": key,
    }
    arguments = {"from_account": "a1", "to_account": "a2", "amount": 100 + n, "currency": "USD", "idempotency_key": key}
    return [
        AuditEvent(
            action=AuditAction.TOOL_CALL_RECEIVED,
            result=AuditResult.SUCCESS,
            details={"provider": "openai"},
            **common,
        ),
        AuditEvent(
            action=AuditAction.TRANSFER_INITIATED,
            result=AuditResult.SUCCESS,
            details={"arguments": arguments, "tool_version": "1"},
            **common,
        ),
        AuditEvent(
            action=AuditAction.TRANSFER_COMPLETED,
            result=AuditResult.SUCCESS,
            details={"result": {"amount": 100 + n}},
            duration_ms=3.2,
            **common,
        ),
    ]


def unchained_model() -> Any:
    """A copy of the audit table with the same indexes, written with no chain at all (the baseline)."""
    from django.db import connection, models

    from audit.models import AuditEntry

    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS bench_unchained")
        cursor.execute("CREATE TABLE bench_unchained (LIKE audit_auditentry INCLUDING ALL)")
    attrs: dict[str, Any] = {
        "__module__": __name__,
        "Meta": type("Meta", (), {"app_label": "audit", "db_table": "bench_unchained", "managed": False}),
    }
    for model_field in AuditEntry._meta.concrete_fields:
        attrs[model_field.name] = model_field.clone()
    return type("BenchUnchainedEntry", (models.Model,), attrs)


def write_run(threads: int, seconds: float, append: Callable[[list[Any]], object]) -> dict[str, Any]:
    from django.db import connection

    stop = time.monotonic() + seconds
    latencies: list[list[float]] = [[] for _ in range(threads)]
    errors: list[BaseException] = []
    barrier = threading.Barrier(threads + 1)

    def writer(slot: int) -> None:
        session = f"bench-writer-{uuid.uuid4().hex[:8]}"
        try:
            barrier.wait()
            n = 0
            while time.monotonic() < stop:
                events = tool_call_events(n, session)
                started = time.perf_counter()
                append(events)
                latencies[slot].append((time.perf_counter() - started) * 1000)
                n += 1
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            connection.close()

    workers = [threading.Thread(target=writer, args=(slot,)) for slot in range(threads)]
    for worker in workers:
        worker.start()
    barrier.wait()
    started = time.monotonic()
    for worker in workers:
        worker.join()
    elapsed = time.monotonic() - started
    if errors:
        raise errors[0]
    every = [ms for slot in latencies for ms in slot]
    appends = len(every)
    return {
        "threads": threads,
        "seconds": round(elapsed, 2),
        "appends": appends,
        "entries": appends * 3,
        "appends_per_s": round(appends / elapsed, 1),
        "entries_per_s": round(appends * 3 / elapsed, 1),
        "append_ms": percentiles(every),
    }


def _process_writer(seconds: float, results: Any) -> None:
    from django.db import connection

    from audit.services import audit_append

    connection.close()  # never share the parent's socket
    session, n, latencies = f"bench-proc-{uuid.uuid4().hex[:8]}", 0, []
    stop = time.monotonic() + seconds
    while time.monotonic() < stop:
        events = tool_call_events(n, session)
        started = time.perf_counter()
        audit_append(events)
        latencies.append((time.perf_counter() - started) * 1000)
        n += 1
    connection.close()
    results.put(latencies)


def write_run_processes(processes: int, seconds: float) -> dict[str, Any]:
    """The same loop in separate processes, as gunicorn workers are: no shared interpreter lock."""
    import multiprocessing

    from django.db import connection

    connection.close()
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    workers = [context.Process(target=_process_writer, args=(seconds, results)) for _ in range(processes)]
    started = time.monotonic()
    for worker in workers:
        worker.start()
    every = [ms for _ in workers for ms in results.get()]
    for worker in workers:
        worker.join()
    elapsed = time.monotonic() - started
    return {
        "processes": processes,
        "seconds": round(elapsed, 2),
        "appends": len(every),
        "entries": len(every) * 3,
        "appends_per_s": round(len(every) / seconds, 1),
        "entries_per_s": round(len(every) * 3 / seconds, 1),
        "append_ms": percentiles(every),
    }


def checkpoint() -> None:
    """Flush what earlier steps wrote, so a checkpoint does not land inside a measurement."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("CHECKPOINT")


def writes(args: argparse.Namespace) -> dict[str, Any]:
    from django.db import transaction

    from audit.services import audit_append, entry_hash

    baseline_model = unchained_model()

    def unchained(events: list[Any]) -> None:
        # The same Python work and the same rows, minus the lock, the head read and the alert rules.
        from django.utils import timezone

        now = timezone.now()
        with transaction.atomic():
            rows = []
            for event in events:
                values = {**event.__dict__, "timestamp": now}
                rows.append(baseline_model(prev_hash="0" * 64, hash=entry_hash(values, uuid.uuid4().hex), **values))
            baseline_model.objects.bulk_create(rows)

    checkpoint()
    log("writes: chained, 1 thread")
    single = write_run(1, args.write_seconds, audit_append)
    log(f"writes: chained, {args.threads} threads")
    chained = write_run(args.threads, args.write_seconds, audit_append)
    log(f"writes: unchained baseline, {args.threads} threads")
    baseline = write_run(args.threads, args.write_seconds, unchained)
    processes = {}
    for count in (2, args.threads):
        checkpoint()
        log(f"writes: chained, {count} processes")
        processes[f"chained_{count}_processes"] = write_run_processes(count, args.write_seconds)
    best = max(chained["entries_per_s"], *(run["entries_per_s"] for run in processes.values()))
    return {
        "chained_1_thread": single,
        f"chained_{args.threads}_threads": chained,
        f"unchained_{args.threads}_threads": baseline,
        **processes,
        "chain_cost": {
            "threads_throughput_vs_unchained": round(chained["entries_per_s"] / baseline["entries_per_s"], 3),
            "threads_speedup_vs_1": round(chained["entries_per_s"] / single["entries_per_s"], 3),
        },
        "target_entries_per_s": TARGETS["entries_per_s_min"],
        "best_entries_per_s": best,
        "met_by_threads": chained["entries_per_s"] >= TARGETS["entries_per_s_min"],
        "met": best >= TARGETS["entries_per_s_min"],
    }


# --- HTTP ----------------------------------------------------------------------------------


def compliance_user() -> str:
    from django.contrib.auth.models import Group, User

    user, _ = User.objects.get_or_create(username="bench-compliance")
    user.set_password(PASSWORD)
    user.save()
    user.groups.add(Group.objects.get(name="compliance"))
    return user.username


def sign_in(client: Any, base: str, username: str) -> None:
    page = client.get(f"{base}/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
    assert token is not None, "no CSRF token on the sign-in page"
    response = client.post(
        f"{base}/accounts/login/",
        data={"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token.group(1), "next": "/audit/"},
    )
    if response.status_code != 302:
        raise RuntimeError(f"sign-in failed with {response.status_code}")


# --- main ----------------------------------------------------------------------------------


def main() -> None:
    args = parse_args()
    load_at_start = os.getloadavg()
    rng = random.Random(11)
    parts = set(args.parts.split(","))
    database_url = (
        f"postgres://postgres@127.0.0.1:5432/{args.database}" if args.reuse else postgres_recreate(args.database)
    )
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("GUNICORN_", "PROMETHEUS_"))},
        "DATABASE_URL": database_url,
        "REDIS_URL": args.redis_url,
        "DEBUG": "false",
        "LOG_LEVEL": "WARNING",
        # The generator is a benchmark-only app: installed for this run, never in production.
        "TOOLGUARD_BENCH_APPS": "1",
    }
    # Signed heads on, as in production: every 1,000 entries an append's commit signs the head.
    # The key and the checkpoint log belong to the database: kept with --reuse, new with a new database.
    keys = ROOT / "var" / "bench" / f"{args.database}-witness"
    if not args.reuse:
        shutil.rmtree(keys, ignore_errors=True)
    if not (keys / "keys" / "audit-signing.pem").exists():
        manage("audit_keygen", str(keys / "keys"), env=env)
    env.update(
        {
            "TOOLGUARD_AUDIT_SIGNING_KEY": str(keys / "keys" / "audit-signing.pem"),
            "TOOLGUARD_AUDIT_CHECKPOINT_LOG": str(keys / "checkpoints.jsonl"),
        }
    )
    log(f"migrating {args.database}")
    manage("migrate", "--noinput", "-v0", env=env)
    generate_s = None
    if not args.reuse:
        log(f"audit_generate --entries {args.entries} --mix skewed")
        started = time.perf_counter()
        subprocess.run(
            [PYTHON, "manage.py", "audit_generate", "--entries", str(args.entries), "--mix", "skewed"],
            cwd=ROOT,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        generate_s = time.perf_counter() - started

    os.environ.update(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": args.redis_url,
            "LOG_LEVEL": "WARNING",
            "TOOLGUARD_AUDIT_SIGNING_KEY": env["TOOLGUARD_AUDIT_SIGNING_KEY"],
            "TOOLGUARD_AUDIT_CHECKPOINT_LOG": env["TOOLGUARD_AUDIT_CHECKPOINT_LOG"],
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toolguard.settings")
    import django

    django.setup()
    from django.db import connection

    with connection.cursor() as cursor:
        # What autovacuum would do a little later after a bulk load: fresh statistics and visibility map.
        started = time.perf_counter()
        cursor.execute("VACUUM ANALYZE audit_auditentry")
        vacuum_s = time.perf_counter() - started
        # The same for the Merkle tree's nodes (insert-only: autovacuum's insert threshold reaches it too).
        cursor.execute("VACUUM ANALYZE audit_treenode")
        cursor.execute("SELECT version()")
        version = cursor.fetchone()[0].split(" on ")[0]
        cursor.execute(
            "SELECT pg_relation_size('audit_auditentry'), pg_indexes_size('audit_auditentry'), count(*) FROM audit_auditentry"
        )
        table_bytes, index_bytes, rows = cursor.fetchone()

    checkpoint()
    queries: dict[str, Any] = {}
    http_extra: dict[str, Any] = {}
    if "queries" in parts:
        queries, http_extra = measure_queries(args, env, rng)
    write_results = writes(args) if "writes" in parts else None
    verify_results = verify(env) if "verify" in parts else None
    tree_results = tree_bench(args, rng) if "tree" in parts else None

    db_p95 = [d["db_ms"]["p95"] for q in queries.values() for d in q.values() if isinstance(d, dict) and "db_ms" in d]
    http_p95 = [
        d["http_ms"]["p95"] for q in queries.values() for d in q.values() if isinstance(d, dict) and "http_ms" in d
    ]
    print(
        json.dumps(
            {
                "bench": "audit",
                "machine": {
                    **machine(),
                    "load_average_at_start": load_at_start,
                    "load_average_at_end": os.getloadavg(),
                },
                "database": version,
                "generate": None
                if generate_s is None
                else {
                    "entries": args.entries,
                    "mix": "skewed",
                    "path": "audit_chain_insert (redaction, alert rules, chain lock), 5,000 entries a statement",
                    "seconds": round(generate_s, 1),
                    "entries_per_s": round(args.entries / generate_s),
                    "target_seconds": TARGETS["generate_seconds_max"],
                    "met": generate_s < TARGETS["generate_seconds_max"],
                },
                "table": {
                    "rows_at_query_time": rows,
                    "heap_mb": round(table_bytes / 2**20),
                    "indexes_mb": round(index_bytes / 2**20),
                    "vacuum_analyze_s": round(vacuum_s, 1),
                },
                "skewed_mix": skewed_summary(queries),
                "queries": queries,
                "http": http_extra,
                "writes": write_results,
                "verify": verify_results,
                "tree": tree_results,
                "targets": {
                    **TARGETS,
                    "db_p95_ms_worst": max(db_p95, default=None),
                    "http_p95_ms_worst": max(http_p95, default=None),
                    "db_met": bool(db_p95) and max(db_p95) <= TARGETS["db_p95_ms_max"],
                    "http_met": bool(http_p95) and max(http_p95) <= TARGETS["http_p95_ms_max"],
                },
            },
            indent=2,
        )
    )


def skewed_summary(queries: dict[str, Any]) -> list[dict[str, Any]]:
    """One line per filter combination and depth: HTTP p95 and the index EXPLAIN shows serving it."""
    lines = []
    for name, by_depth in queries.items():
        for depth in ("first_page", "deep_page"):
            measured = by_depth.get(depth, {})
            if "plan" not in measured:
                continue
            lines.append(
                {
                    "filters": name,
                    "page": depth,
                    "http_p95_ms": measured.get("http_ms", {}).get("p95"),
                    "db_p95_ms": measured["db_ms"]["p95"],
                    "sql_ms_worst": measured["sql_ms_worst"],
                    "indexes": measured["indexes_seen"],
                    "met": measured.get("http_ms", {}).get("p95", 0) <= TARGETS["http_p95_ms_max"],
                }
            )
    return lines


def measure_queries(
    args: argparse.Namespace, env: dict[str, str], rng: random.Random
) -> tuple[dict[str, Any], dict[str, Any]]:
    from django.db import connection

    log("choosing filter samples and deep cursors")
    sample_sets = shapes(rng)
    depths = {
        name: {"first_page": samples, "deep_page": deep_cursors(samples)} for name, samples in sample_sets.items()
    }

    queries: dict[str, Any] = {}
    for name, by_depth in depths.items():
        queries[name] = {"samples": len(by_depth["first_page"])}
        for depth, samples in by_depth.items():
            if not samples:
                queries[name][depth] = {"n/a": f"no sample has more than {DEEP_HOPS} pages of results"}
                continue
            log(f"db: {name} {depth}")
            plans = [explain(params) for params in samples]
            queries[name][depth] = {
                "db_ms": time_db(samples, args.samples),
                "plan": plans[0],
                # Every sample's plan: the slowest SQL (a busy agent with no match reads the
                # most) and every index a sample was served by. The SQL alone hardly moves
                # with the machine's load; the Django and HTTP figures do.
                "sql_ms_worst": max(plan["sql_ms"] for plan in plans),
                "indexes_seen": sorted({index for plan in plans for index in plan["indexes"]}),
            }

    import httpx

    username = compliance_user()
    connection.close()
    http_extra: dict[str, Any] = {}
    with gunicorn(workers=args.workers, env=env) as base, httpx.Client(timeout=60) as client:
        sign_in(client, base, username)
        for name, by_depth in depths.items():
            for depth, samples in by_depth.items():
                if samples:
                    log(f"http: {name} {depth}")
                    queries[name][depth]["http_ms"] = time_http(
                        client, f"{base}/api/v1/audit", samples, args.http_samples
                    )
            if by_depth["first_page"]:
                # The HTML search page a person sees, first page.
                queries[name]["first_page"]["html_page_ms"] = time_http(
                    client, f"{base}/audit/", by_depth["first_page"], max(20, args.http_samples // 5)
                )
        # HTTP Basic checks the password on every request: PBKDF2 at Django's full rounds.
        with httpx.Client(timeout=60, auth=(username, PASSWORD)) as basic:
            http_extra["basic_auth_first_page_ms"] = time_http(
                basic, f"{base}/api/v1/audit", depths["by_session_heavy"]["first_page"], 6
            )
        log("http: export one day as CSV")
        day = depths["by_time_range"]["first_page"][0]
        started = time.perf_counter()
        exported = 0
        with client.stream("GET", f"{base}/api/v1/audit/export", params={"format": "csv", **day}) as response:
            for _ in response.iter_lines():
                exported += 1
        export_s = time.perf_counter() - started
        http_extra["export_csv_one_day"] = {
            "rows": exported - 1,
            "seconds": round(export_s, 2),
            "rows_per_s": round((exported - 1) / export_s),
        }
    return queries, http_extra


def verify(env: dict[str, str]) -> dict[str, Any]:
    from audit.models import AuditEntry

    log("verify_audit (re-reads everything), then --incremental")
    timings = {}
    for label, extra in (("full", []), ("incremental_nothing_new", ["--incremental"])):
        started = time.perf_counter()
        subprocess.run(
            [PYTHON, "manage.py", "verify_audit", *extra], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
        )
        timings[label] = time.perf_counter() - started
    total = AuditEntry.objects.count()
    return {
        "entries": total,
        "full_seconds": round(timings["full"], 1),
        "full_entries_per_s": round(total / timings["full"]),
        "incremental_nothing_new_seconds": round(timings["incremental_nothing_new"], 2),
    }


# --- the Merkle tree -----------------------------------------------------------------------


def timed(calls: list[Callable[[], object]]) -> dict[str, float]:
    for call in calls[:20]:
        call()  # warm the connection, the plans and the cache
    timings = []
    for call in calls:
        started = time.perf_counter()
        call()
        timings.append((time.perf_counter() - started) * 1000)
    return percentiles(timings)


def integration_delay(seconds: float) -> dict[str, Any]:
    """From each append's commit until a signed checkpoint covers it, with a writer appending steadily.

    The writer appends one tool call (3 entries) every 20 ms or so, as a
    quiet production process would; checkpoints come from the append path
    (after commit, once the last is TOOLGUARD_CHECKPOINT_SECONDS old) and its
    timer, exactly as in production. A poller notes when each size is signed.
    """
    from django.conf import settings
    from django.db import connection

    from audit import tree
    from audit.services import audit_append

    committed: list[tuple[float, int]] = []  # (monotonic time after commit, last leaf index)
    signed: list[tuple[float, int]] = []  # (monotonic time first seen, checkpoint size)
    stop = time.monotonic() + seconds
    done = threading.Event()

    def writer() -> None:
        session, n = f"bench-delay-{uuid.uuid4().hex[:8]}", 0
        try:
            while time.monotonic() < stop:
                entries = audit_append(tool_call_events(n, session))
                committed.append((time.monotonic(), tree.leaf_index(entries[-1].id) or 0))
                n += 1
                time.sleep(0.02)
        finally:
            connection.close()
            done.set()

    def poller() -> None:
        last = -1
        try:
            while not done.is_set() or (committed and last <= committed[-1][1]):
                latest = tree.checkpoint_latest()
                if latest is not None and latest.size != last:
                    signed.append((time.monotonic(), latest.size))
                    last = latest.size
                if time.monotonic() > stop + 3 * settings.TOOLGUARD_CHECKPOINT_SECONDS:
                    break
                time.sleep(0.01)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer), threading.Thread(target=poller)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    delays, uncovered = [], 0
    for at, index in committed:
        covered = next((moment for moment, size in signed if size > index), None)
        if covered is None:
            uncovered += 1
        else:
            delays.append(max(covered - at, 0.0) * 1000)
    return {
        "appends": len(committed),
        "checkpoints": len(signed),
        "checkpoint_seconds": settings.TOOLGUARD_CHECKPOINT_SECONDS,
        "delay_ms": percentiles(delays) if delays else None,
        "never_covered": uncovered,
        "met": uncovered == 0 and bool(delays) and max(delays) <= (settings.TOOLGUARD_CHECKPOINT_SECONDS + 1) * 1000,
    }


def tree_bench(args: argparse.Namespace, rng: random.Random) -> dict[str, Any]:
    from django.contrib.auth.models import User
    from rest_framework.test import APIClient

    from audit import tree
    from audit.models import AuditEntry

    log("tree: checkpoint, proofs from the stored nodes")
    started = time.perf_counter()
    checkpoint = tree.checkpoint_make()
    checkpoint_ms = (time.perf_counter() - started) * 1000
    if checkpoint is None:
        raise RuntimeError("no checkpoint: the bench needs TOOLGUARD_AUDIT_SIGNING_KEY")
    size = checkpoint.size
    indexes = [rng.randrange(size) for _ in range(args.proof_samples)]
    olds = [rng.randrange(1, size) for _ in range(args.proof_samples)]
    with connection_cursor() as cursor:
        cursor.execute("SELECT count(*), pg_total_relation_size('audit_treenode') FROM audit_treenode")
        nodes, node_bytes = cursor.fetchone()
    db = {
        "inclusion_ms": timed([functools.partial(tree.inclusion_path, i, size) for i in indexes]),
        "consistency_to_latest_ms": timed([functools.partial(tree.consistency_path, m, size) for m in olds]),
        "consistency_between_ms": timed(
            [functools.partial(tree.consistency_path, m, rng.randrange(m, size + 1)) for m in olds]
        ),
        "root_hash_ms": timed([functools.partial(tree.root_hash, m) for m in olds]),
    }
    top = AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 1
    entry_ids = list(
        AuditEntry.objects.filter(id__in=[rng.randint(1, top) for _ in range(args.proof_samples)]).values_list(
            "id", flat=True
        )
    )
    user, _ = User.objects.get_or_create(username="bench-compliance-tree")
    from django.contrib.auth.models import Group

    user.groups.add(Group.objects.get(name="compliance"))
    client = APIClient()
    client.force_authenticate(user=user)

    def get(path: str, params: dict[str, Any] | None = None) -> None:
        response = client.get(path, params or {})
        if response.status_code != 200:
            raise RuntimeError(f"{path} {params} answered {response.status_code}: {response.content[:200]!r}")

    api = {
        "proof_ms": timed([functools.partial(get, f"/api/v1/audit/{e}/proof") for e in entry_ids]),
        "consistency_ms": timed(
            [functools.partial(get, "/api/v1/audit/consistency", {"from": m, "to": size}) for m in olds]
        ),
        "checkpoint_ms": timed([lambda: get("/api/v1/audit/checkpoint")] * 200),
    }
    worst = max(db["inclusion_ms"]["p95"], db["consistency_to_latest_ms"]["p95"], db["consistency_between_ms"]["p95"])
    log(f"tree: integration delay, {args.delay_seconds} s of steady appends")
    return {
        "tree_size": size,
        "nodes": nodes,
        "nodes_mb": round(node_bytes / 2**20),
        "checkpoint_make_ms": round(checkpoint_ms, 1),
        "db": db,
        "api_in_process": api,
        "proof_p95_ms_worst": worst,
        "target_proof_p95_ms": TARGETS["proof_p95_ms_max"],
        "met": worst <= TARGETS["proof_p95_ms_max"],
        "integration": integration_delay(args.delay_seconds),
    }


def connection_cursor() -> Any:
    from django.db import connection

    return connection.cursor()


if __name__ == "__main__":
    main()
