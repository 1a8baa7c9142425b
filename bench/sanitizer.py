"""Sanitizer benchmark and corpus report.

Prints one JSON object:

* rules-only cost of a typical transfer_funds call, in microseconds:
  sanitization alone (p50, p99, mean; an ASCII and a Unicode memo) and
  schema validation + sanitization (the guard's budget is 100 µs);
* the model stage's cost per call (the shipped ONNX model);
* the multilingual corpus (tests/detection/corpus/): per family and per
  language, attacks blocked / held / passed and the share stopped, and
  legitimate values refused / held / passed (with the values refused or
  held) -- the train and holdout splits, the blind sets, the fresh set
  (corrections, software warnings, fraud warnings, plain amounts) and the
  first-sight sets fresh2 to fresh8 (issue 26) apart, with the model
  stage (the shipped model, the default; and behind its business reader,
  `shipped+reader`) and with the rules alone; `legitimate_percent` and
  `attacks_stopped_percent` give the refused, held and stopped rates per
  split.

Every iteration uses a new idempotency key, as real traffic does, so the
identifier cache only helps where it would in production.

    .venv/bin/python bench/sanitizer.py [--iterations N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toolguard.settings")

import django

django.setup()

from core.tools import get_tool  # noqa: E402
from detection.sanitizer import RULES, load_classifier, sanitize_arguments  # noqa: E402
from tests.detection.corpus_eval import CorpusScore, score_corpus  # noqa: E402
from toolguard.pipeline.validation import validation_errors  # noqa: E402

TRANSFER_FUNDS = get_tool("transfer_funds")
assert TRANSFER_FUNDS is not None
FIELD_KINDS: dict[str, Any] = dict(TRANSFER_FUNDS.field_kinds)
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


def _time_calls(memo: str, iterations: int, *, validate: bool = False, classifier: Any = None) -> list[float]:
    calls = [_arguments(memo, str(uuid.uuid4())) for _ in range(min(1000, iterations))]
    for arguments in calls:  # warm-up (regex caches, the identifier cache)
        sanitize_arguments(arguments, FIELD_KINDS, classifier=classifier)
    calls = [_arguments(memo, str(uuid.uuid4())) for _ in range(iterations)]
    samples: list[float] = []
    clock = time.perf_counter_ns
    for arguments in calls:
        started = clock()
        if validate and validation_errors(TRANSFER_FUNDS, arguments):
            raise SystemExit("benchmark input does not validate")
        result = sanitize_arguments(arguments, FIELD_KINDS, classifier=classifier, threshold=0.8)
        samples.append((clock() - started) / 1000)
        if result.block is not None or result.suspicion is not None:
            raise SystemExit(f"benchmark input was stopped: {result.block or result.suspicion}")
    return samples


def _p(samples: list[float], q: int) -> float:
    return round(statistics.quantiles(samples, n=100)[q - 1], 2)


def _counts(counter: Counter[str], *, legitimate: bool = False) -> dict[str, int]:
    if legitimate:
        return {"refused": counter["blocked"], "held": counter["held"], "passed": counter["passed"]}
    return {"blocked": counter["blocked"], "held": counter["held"], "passed": counter["passed"]}


def _report(score: CorpusScore) -> dict[str, Any]:
    def table(source: dict[tuple[str, str], Counter[str]], legitimate: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for (split, key), counter in sorted(source.items()):
            out.setdefault(split, {})[key] = _counts(counter, legitimate=legitimate)
        return out

    legit_totals: dict[str, Counter[str]] = {}
    for (split, _), counter in score.legitimate.items():
        legit_totals.setdefault(split, Counter()).update(counter)
    attack_totals: dict[str, Counter[str]] = {}
    for (split, _), counter in score.attacks_by_family.items():
        attack_totals.setdefault(split, Counter()).update(counter)
    stopped: dict[str, dict[str, float]] = {}
    for split, family in sorted(score.attacks_by_family):
        stopped.setdefault(split, {})[family] = round(score.stopped(split, family) * 100, 1)
    refused: dict[str, list[str]] = {}
    for row, outcome in score.refused_legitimate:
        refused.setdefault(row["split"], []).append(f"{outcome}: {row['text']}")

    def percent(part: int, counter: Counter[str]) -> float:
        total = sum(counter.values())
        return round(part / total * 100, 2) if total else 0.0

    return {
        "legitimate_percent": {
            split: {"refused": percent(c["blocked"], c), "held": percent(c["held"], c)}
            for split, c in sorted(legit_totals.items())
        },
        "attacks_stopped_percent": {
            split: percent(c["blocked"] + c["held"], c) for split, c in sorted(attack_totals.items())
        },
        "attacks": {split: _counts(c) for split, c in sorted(attack_totals.items())},
        "stopped_percent_by_family": stopped,
        "legitimate_refused_or_held": refused,
        "legitimate": {split: _counts(c, legitimate=True) for split, c in sorted(legit_totals.items())},
        "attacks_by_family": table(score.attacks_by_family),
        "attacks_by_language": table(score.attacks_by_lang),
        "legitimate_by_language": table(score.legitimate, legitimate=True),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=20_000)
    iterations = parser.parse_args().iterations
    ascii_samples = _time_calls(ASCII_MEMO, iterations)
    unicode_samples = _time_calls(UNICODE_MEMO, iterations)
    guarded = _time_calls(ASCII_MEMO, iterations, validate=True)
    classifier = load_classifier("shipped")
    model_iterations = max(200, iterations // 10)
    with_model = _time_calls(ASCII_MEMO, model_iterations, classifier=classifier)
    started = time.perf_counter()
    for _ in range(model_iterations):
        classifier.score(ASCII_MEMO)  # type: ignore[union-attr]
    model_us = (time.perf_counter() - started) / model_iterations * 1e6
    print(
        json.dumps(
            {
                "iterations": iterations,
                "rules": len(RULES),
                "sanitize_us_p50": round(statistics.median(ascii_samples), 2),
                "sanitize_us_p99": _p(ascii_samples, 99),
                "sanitize_us_mean": round(statistics.fmean(ascii_samples), 2),
                "sanitize_unicode_us_p50": round(statistics.median(unicode_samples), 2),
                "sanitize_unicode_us_mean": round(statistics.fmean(unicode_samples), 2),
                "validation_sanitization_us_p50": round(statistics.median(guarded), 2),
                "validation_sanitization_us_mean": round(statistics.fmean(guarded), 2),
                "model_us_per_call": round(model_us, 2),
                "sanitize_with_model_us_p50": round(statistics.median(with_model), 2),
                "corpus_with_model": _report(score_corpus(classifier)),
                "corpus_with_model_and_reader": _report(score_corpus(load_classifier("shipped+reader"))),
                "corpus_rules_only": _report(score_corpus(None)),
            }
        )
    )


if __name__ == "__main__":
    main()
