"""Detection benchmark (issue 38): the default screen, scored one value at a time.

Starts gunicorn with default detection settings (TOOLGUARD_INJECTION_MODEL
unset: the cascade of the character n-gram model and the semantic stage) on a
PostgreSQL database of its own, and sends every value of the measurement sets
as the body of a `send_customer_email` call (free text, up to 5,000
characters; the recipient is on file, so only a detection or a link holds it),
one call at a time, through POST /api/v1/tool-calls. A value is

* refused: the call is refused by a rule (the answer's error, no approval);
* held: the call waits for a reviewer and its approval names
  injection_suspected (a hold for a link alone is not counted);
* passed: otherwise.

An attack is stopped when refused or held. The result path is scored in
process through detection.results.result_screen (policy mark, the default),
as a tool's answer would be: flagged = a finding on the value. Latency is
measured in process with sanitize_arguments and the default classifier, per
value (p50, p95), and over HTTP per call.

Prints one JSON object: per set, per register/kind and per language.

    .venv/bin/python bench/detection.py [--sets fresh9,fresh8] [--limit N] [--no-http]

Sets: fresh9 first, then every tests/detection/corpus/*_legitimate.jsonl and
*_attacks.jsonl. Never trained on (the semantic stage is trained from
corpus/training only).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import gunicorn, log, manage, postgres_recreate, redis_flush  # noqa: E402

CORPUS = ROOT / "tests" / "detection" / "corpus"
DATABASE = os.environ.get("BENCH_DETECTION_DATABASE", "toolguard_bench_detection")
REDIS_URL = os.environ.get("BENCH_DETECTION_REDIS_URL", "redis://127.0.0.1:6379/6")
RECIPIENT = "customer@example.com"


def set_names() -> list[str]:
    names = sorted({p.name.rsplit("_", 1)[0] for p in CORPUS.glob("*_legitimate.jsonl")})
    names += sorted({p.name.rsplit("_", 1)[0] for p in CORPUS.glob("*_attacks.jsonl")} - set(names))
    names = [n for n in names if n != "fresh9"]
    return ["fresh9", *names, "main"]


def load_set(name: str, limit: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for kind in ("legitimate", "attacks"):
        path = CORPUS / f"{name}_{kind}.jsonl"
        if not path.exists() and name in ("", "main"):
            path = CORPUS / f"{kind}.jsonl"
        if not path.exists():
            continue
        items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for item in items[:limit] if limit else items:
            item["_attack"] = kind == "attacks"
            rows.append(item)
    return rows


def bench_env(database_url: str) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("GUNICORN_", "PROMETHEUS_", "TOOLGUARD_INJECTION"))
    }
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


def seed() -> str:
    from core.models import Customer
    from support.models import Order

    customer = Customer.objects.create(external_id="bench-detection", name="Bench detection")
    Order.objects.create(number="ord-1", customer=customer, customer_email=RECIPIENT, total_cents=1000, currency="USD")
    return new_key()


def new_key() -> str:
    """A fresh agent key: injection blocks quarantine a key across its sessions, and every value is scored apart."""
    from core.models import AgentKey, Customer

    customer = Customer.objects.get(external_id="bench-detection")
    _, raw_key = AgentKey.objects.issue(customer=customer, allowed_tools=["send_customer_email"], name="bench")
    return str(raw_key)


def call(url: str, key: str, text: str) -> tuple[str, float]:
    from approvals.models import ApprovalRequest

    ident = uuid.uuid4().hex
    arguments = {"to": RECIPIENT, "subject": "Your order", "body": text, "idempotency_key": ident}
    body = {"id": ident, "name": "send_customer_email", "arguments": arguments, "session_id": ident}
    request = urllib.request.Request(
        f"{url}/api/v1/tool-calls",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            answer = json.loads(response.read())
    except urllib.error.HTTPError as exc:
        answer = json.loads(exc.read() or b"{}")
    elapsed = (time.perf_counter() - started) * 1000
    if answer.get("status") == "pending_approval":
        rules = ApprovalRequest.objects.get(id=answer["approval_id"]).rules
        return ("held" if "injection_suspected" in rules else "passed"), elapsed
    error = answer.get("error") or {}
    if error:
        code = str(error.get("code", ""))
        if code == "injection_blocked":
            return "refused", elapsed
        if code == "validation_failed":
            return "invalid", elapsed
        return f"error:{code}", elapsed
    return "passed", elapsed


def in_process(rows: list[dict[str, Any]]) -> tuple[list[str], list[float], list[bool]]:
    from django.conf import settings

    from detection.results import result_screen
    from detection.sanitizer import load_classifier, sanitize_arguments

    classifier = load_classifier(settings.TOOLGUARD_INJECTION_MODEL)
    verdicts, times, flagged = [], [], []
    for row in rows:
        started = time.perf_counter()
        result = sanitize_arguments(
            {"body": row["text"]},
            {"body": "free_text"},
            classifier=classifier,
            threshold=settings.TOOLGUARD_INJECTION_THRESHOLD,
        )
        times.append((time.perf_counter() - started) * 1000)
        verdicts.append("refused" if result.block else "held" if result.suspicion else "passed")
        flagged.append(bool(result_screen({"body": row["text"]}, policy="mark").findings))
        if len(times) % 100 == 0:
            log(f"  in process: {len(times)}/{len(rows)}")
    return verdicts, times, flagged


def pct(part: int, total: int) -> float:
    return round(100.0 * part / total, 2) if total else 0.0


def percentile(samples: list[float], q: float) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


def summarize(rows: list[dict[str, Any]], verdicts: list[str], flagged: list[bool]) -> dict[str, Any]:
    def table(key: str, attack: bool) -> dict[str, Any]:
        groups: dict[str, Counter[str]] = defaultdict(Counter)
        for row, verdict, flag in zip(rows, verdicts, flagged, strict=True):
            if row["_attack"] != attack:
                continue
            group = groups[str(row.get(key) or "-")]
            group[verdict] += 1
            group["n"] += 1
            group["flagged"] += int(flag)
        return {name: stats(counts, attack) for name, counts in sorted(groups.items())}

    def stats(counts: Counter[str], attack: bool) -> dict[str, Any]:
        n = counts["n"]
        if attack:
            return {
                "n": n,
                "stopped_percent": pct(counts["refused"] + counts["held"], n),
                "result_flagged_percent": pct(counts["flagged"], n),
            }
        return {
            "n": n,
            "refused_percent": pct(counts["refused"], n),
            "held_percent": pct(counts["held"], n),
            "result_marked_percent": pct(counts["flagged"], n),
        }

    out: dict[str, Any] = {}
    for attack, label in ((False, "legitimate"), (True, "attacks")):
        total: Counter[str] = Counter()
        for row, verdict, flag in zip(rows, verdicts, flagged, strict=True):
            if row["_attack"] == attack:
                total[verdict] += 1
                total["n"] += 1
                total["flagged"] += int(flag)
        if not total["n"]:
            continue
        out[label] = {
            "overall": stats(total, attack),
            "by_register": table("register" if not attack else "family", attack)
            if any("register" in r for r in rows)
            else table("kind" if not attack else "family", attack),
            "by_language": table("lang", attack),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", default="", help="comma-separated set names (default: fresh9 then every set)")
    parser.add_argument("--limit", type=int, default=0, help="at most N values per file (0: all)")
    parser.add_argument("--no-http", action="store_true", help="score in process only")
    parser.add_argument("--no-in-process", action="store_true", help="score over HTTP only (no latency per value)")
    args = parser.parse_args()
    names = args.sets.split(",") if args.sets else set_names()
    database_url = postgres_recreate(DATABASE)
    env = bench_env(database_url)
    os.environ.update(env)
    import django

    django.setup()
    manage("migrate", "--noinput", env=env)
    redis_flush(REDIS_URL)
    key = seed()
    report: dict[str, Any] = {"sets": {}}
    all_times: list[float] = []
    http_times: list[float] = []
    with gunicorn(workers=1, env=env) as url:
        if not args.no_http:
            call(url, key, "warm-up: hello")
        for name in names:
            rows = load_set(name, args.limit)
            log(f"{name}: {len(rows)} values")
            if args.no_in_process:
                verdicts, times, flagged = ["passed"] * len(rows), [], [False] * len(rows)
            else:
                verdicts, times, flagged = in_process(rows)
            all_times += times
            entry: dict[str, Any] = {"in_process": summarize(rows, verdicts, flagged)}
            if not args.no_http:
                http_verdicts = []
                errors: Counter[str] = Counter()
                for index, row in enumerate(rows):
                    if index and index % 100 == 0:
                        log(f"  http: {index}/{len(rows)}")
                    verdict, elapsed = call(url, key, row["text"])
                    if verdict == "refused":
                        key = new_key()
                    if verdict.startswith("error:") or verdict == "invalid":
                        errors[verdict] += 1
                        verdict = "passed"
                    http_verdicts.append(verdict)
                    http_times.append(elapsed)
                entry["http"] = summarize(rows, http_verdicts, flagged)
                entry["http_other_answers"] = dict(errors)
                entry["http_agrees_with_in_process"] = pct(
                    sum(1 for a, b in zip(verdicts, http_verdicts, strict=True) if a == b), len(rows)
                )
            entry["screen_ms"] = {"p50": percentile(times, 0.5), "p95": percentile(times, 0.95)}
            report["sets"][name] = entry
            print(json.dumps({name: entry["http" if not args.no_http else "in_process"]}), file=sys.stderr, flush=True)
    report["screen_ms_per_value"] = {
        "p50": percentile(all_times, 0.5),
        "p95": percentile(all_times, 0.95),
        "mean": round(statistics.fmean(all_times), 3) if all_times else 0.0,
    }
    if http_times:
        report["http_ms_per_call"] = {"p50": percentile(http_times, 0.5), "p95": percentile(http_times, 0.95)}
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
