"""Micro benchmark: sanitize_arguments on a typical transfer_funds call.

Prints one JSON object (microseconds per call).  Every iteration uses a new
idempotency key, as real traffic does, so the identifier cache only helps
where it would in production (account numbers, currency codes).

    .venv/bin/python bench/sanitizer.py [--iterations N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from toolguard.pipeline.sanitizer import sanitize_arguments

FIELD_KINDS: dict[str, Any] = {
    "from_account": "identifier",
    "to_account": "identifier",
    "currency": "identifier",
    "idempotency_key": "identifier",
    "memo": "free_text",
}
ASCII_MEMO = "Invoice 2024/17 - rent for May, thanks!"  # ~40 ASCII characters
UNICODE_MEMO = "Müller & Söhne – Miete März 🎉 danke schön"


def _arguments(memo: str, key: str) -> dict[str, Any]:
    return {
        "from_account": "acct-000123",
        "to_account": "acct-000456",
        "amount": 12_500,
        "currency": "USD",
        "memo": memo,
        "idempotency_key": key,
    }


def _time_calls(memo: str, iterations: int) -> list[float]:
    calls = [_arguments(memo, str(uuid.uuid4())) for _ in range(iterations)]
    for arguments in calls[: min(1000, iterations)]:  # warm-up (regex caches, lazily built scanners)
        sanitize_arguments(arguments, FIELD_KINDS)
    calls = [_arguments(memo, str(uuid.uuid4())) for _ in range(iterations)]
    samples: list[float] = []
    clock = time.perf_counter_ns
    for arguments in calls:
        started = clock()
        result = sanitize_arguments(arguments, FIELD_KINDS)
        samples.append((clock() - started) / 1000)
        if result.block is not None:
            raise SystemExit(f"benchmark input was blocked: {result.block}")
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20_000)
    iterations = parser.parse_args().iterations
    ascii_samples = _time_calls(ASCII_MEMO, iterations)
    unicode_samples = _time_calls(UNICODE_MEMO, iterations)
    quantiles = statistics.quantiles(ascii_samples, n=100)
    print(
        json.dumps(
            {
                "iterations": iterations,
                "sanitize_us_p50": round(statistics.median(ascii_samples), 2),
                "sanitize_us_p99": round(quantiles[98], 2),
                "sanitize_us_mean": round(statistics.fmean(ascii_samples), 2),
                "sanitize_unicode_us_p50": round(statistics.median(unicode_samples), 2),
                "sanitize_unicode_us_mean": round(statistics.fmean(unicode_samples), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
