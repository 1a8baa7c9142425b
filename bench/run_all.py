"""Run every benchmark and rewrite the summary table in docs/performance.md.

    make bench                              # every bench
    .venv/bin/python bench/run_all.py audit  # one bench; the others keep their last figures

Each bench prints one JSON object; the raw objects are kept in var/bench/.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCHES = ["sanitizer", "pipeline", "approvals", "audit"]
START, END = "<!-- bench:summary:start -->", "<!-- bench:summary:end -->"

# (bench, figure, label, target text, check)
ROWS: list[tuple[str, str, str, str, Any]] = [
    ("pipeline", "guarded_calls_per_s", "guarded transfer calls/s (16 connections)", "", None),
    ("pipeline", "bare_calls_per_s", "bare endpoint calls/s (same SQL, no guards)", "", None),
    ("pipeline", "ratio_guarded_to_bare", "guarded / bare throughput", ">= 0.6", lambda v: v >= 0.6),
    ("pipeline", "guarded_p50_ms", "guarded p50 ms", "", None),
    ("pipeline", "guarded_p99_ms", "guarded p99 ms", "<= 50", lambda v: v <= 50),
    ("pipeline", "replay_calls_per_s", "replay calls/s", "", None),
    (
        "pipeline",
        "validation_sanitization_us_per_call",
        "validation + sanitization µs/call",
        "<= 100",
        lambda v: v <= 100,
    ),
    ("sanitizer", "sanitize_us_p50", "sanitizer µs/call (typical transfer, p50)", "", None),
    ("approvals", "decisions_per_s", "approval decisions/s through the API", "", None),
    ("approvals", "expiry_seconds", "expiry of 10,000 overdue requests, s", "<= 5", lambda v: v <= 5),
    (
        "audit",
        "best_entries_per_s",
        "audit writes with the chain, entries/s (best of threads, processes)",
        ">= 2000",
        lambda v: v >= 2000,
    ),
]


def run(name: str) -> dict[str, Any]:
    print(f"[bench] running {name}", file=sys.stderr, flush=True)
    started = time.monotonic()
    out = subprocess.run([sys.executable, str(ROOT / "bench" / f"{name}.py")], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        print(out.stderr[-3000:], file=sys.stderr)
        return {"error": f"exit {out.returncode}"}
    result: dict[str, Any] = json.loads(out.stdout)  # stdout holds only the bench's JSON object
    result["_seconds"] = round(time.monotonic() - started, 1)
    return result


def figure(result: dict[str, Any], name: str) -> Any:
    """A figure at the top level or one level down (benches group some)."""
    if name in result:
        return result[name]
    for value in result.values():
        if isinstance(value, dict) and name in value:
            return value[name]
    return None


def main() -> None:
    out_dir = ROOT / "var" / "bench"
    out_dir.mkdir(parents=True, exist_ok=True)
    chosen = sys.argv[1:] or BENCHES
    results = {}
    for name in chosen:
        results[name] = run(name)
        (out_dir / f"{name}.json").write_text(json.dumps(results[name], indent=2))
    for name in set(BENCHES) - set(chosen):
        # `run_all.py pipeline` re-measures one bench; the table keeps the
        # others' last figures from this machine instead of blanking them.
        saved = out_dir / f"{name}.json"
        if saved.exists():
            results[name] = json.loads(saved.read_text())
    lines = [
        START,
        "",
        f"Measured {time.strftime('%Y-%m-%d')} by `make bench` on this machine.",
        "",
        "| figure | measured | target | met |",
        "|---|---|---|---|",
    ]
    for bench, name, label, target, check in ROWS:
        value = figure(results.get(bench, {}), name)
        met = "" if check is None or value is None else ("yes" if check(value) else "**no**")
        lines.append(f"| {label} | {'—' if value is None else value} | {target or '—'} | {met} |")
    lines += ["", END]
    doc = ROOT / "docs" / "performance.md"
    text = doc.read_text() if doc.exists() else "# Performance\n"
    block = "\n".join(lines)
    if START in text:
        text = re.sub(re.escape(START) + ".*?" + re.escape(END), block, text, flags=re.S)
    else:
        head, _, rest = text.partition("\n")
        text = f"{head}\n\n## Summary\n\n{block}\n{rest}"
    doc.write_text(text)
    print(json.dumps({name: {k: v for k, v in results[name].items() if not isinstance(v, dict)} for name in chosen}))


if __name__ == "__main__":
    main()
