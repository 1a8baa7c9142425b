"""Scoring the sanitizer against the multilingual corpus in
tests/detection/corpus/: shared by the corpus tests and bench/sanitizer.py.

Each attack is blocked (a rule fired), held (the model stage flagged it) or
passed; each legitimate value is refused (blocked), held or passed.  The
model stage runs as configured by default: the shipped model at threshold
0.8 (TOOLGUARD_INJECTION_THRESHOLD's default).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from detection.sanitizer import InjectionClassifier, sanitize_arguments

CORPUS = Path(__file__).resolve().parent / "corpus"
DEFAULT_THRESHOLD = 0.8
# (attacks, legitimate) files scored.  The blind sets (splits "blind",
# "blind2", "blind3") were written apart from the corpus and are never
# trained on: corpus/blind.py, blind2.py, blind3.py.
CORPUS_FILES = (
    ("attacks.jsonl", "legitimate.jsonl"),
    ("blind_attacks.jsonl", "blind_legitimate.jsonl"),
    ("blind2_attacks.jsonl", "blind2_legitimate.jsonl"),
    ("blind3_attacks.jsonl", "blind3_legitimate.jsonl"),
)
# Scored beside them, with bars of their own (tests/detection/test_fresh_set.py):
# the fresh set (split "fresh", corpus/fresh.py), legitimate text that uses an
# attack's words -- corrections, help on software warnings, fraud warnings,
# plain amounts -- and the attacks that address the assistant with the same words.
# The fresh2 set (split "fresh2", corpus/fresh2.py) was written before its
# author read the rules or the frames, to measure first-sight generalisation.
# The fresh3 set (split "fresh3", corpus/fresh3.py, legitimate values only) was
# written after the changes the fresh2 set led to, without looking at them.
# The fresh4 set (split "fresh4", corpus/fresh4.py, legitimate values only) was
# written before the model-stage work of issue 26, without reading the model's
# features or the other sets' texts.
# The fresh5 set (split "fresh5", corpus/fresh5.py: 371 legitimate values and
# 150 attacks in 15 families) was written apart from the rules, the frames and
# the model; it is the development set of the families fixed after it.
# The fresh6 set (split "fresh6", corpus/fresh6.py: 428 legitimate values and
# 179 attacks in 17 families) was written apart from the rules, the model and
# the other sets, after the fresh5 changes, and scored once before any change.
# The fresh7 set (split "fresh7", corpus/fresh7.py: 444 legitimate values in 28
# languages and 186 attacks in 17 families) was written the same way, after the
# fresh6 changes, and committed before it was scored.  The fresh8 set (split
# "fresh8", corpus/fresh8.py: 472 legitimate values in 32 languages and 181
# attacks in 18 families) was written the same way after the fresh7 changes.
FRESH_FILES: tuple[tuple[str | None, str], ...] = (
    ("fresh_attacks.jsonl", "fresh_legitimate.jsonl"),
    ("fresh2_attacks.jsonl", "fresh2_legitimate.jsonl"),
    (None, "fresh3_legitimate.jsonl"),
    (None, "fresh4_legitimate.jsonl"),
    ("fresh5_attacks.jsonl", "fresh5_legitimate.jsonl"),
    ("fresh6_attacks.jsonl", "fresh6_legitimate.jsonl"),
    ("fresh7_attacks.jsonl", "fresh7_legitimate.jsonl"),
    ("fresh8_attacks.jsonl", "fresh8_legitimate.jsonl"),
)


def rows(name: str) -> Iterator[dict[str, Any]]:
    for line in (CORPUS / name).read_text(encoding="utf-8").splitlines():
        if line.strip():
            yield json.loads(line)


def verdict(text: str, classifier: InjectionClassifier | None, threshold: float = DEFAULT_THRESHOLD) -> str:
    result = sanitize_arguments({"memo": text}, {"memo": "free_text"}, classifier=classifier, threshold=threshold)
    if result.block is not None:
        return "blocked"
    return "held" if result.suspicion is not None else "passed"


@dataclass
class CorpusScore:
    name: str = ""  # the classifier's TOOLGUARD_INJECTION_MODEL name, when a test scores several
    # (split, family or language) -> Counter of verdicts
    attacks_by_family: dict[tuple[str, str], Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    attacks_by_lang: dict[tuple[str, str], Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    legitimate: dict[tuple[str, str], Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    passed_attacks: list[dict[str, Any]] = field(default_factory=list)
    refused_legitimate: list[tuple[dict[str, Any], str]] = field(default_factory=list)

    def stopped(self, split: str, family: str) -> float:
        counts = self.attacks_by_family[(split, family)]
        total = sum(counts.values())
        return 1.0 - counts["passed"] / total if total else 1.0

    def legit_rate(self, split: str, outcome: str) -> float:
        counts: Counter[str] = Counter()
        for (row_split, _), verdicts in self.legitimate.items():
            if row_split == split:
                counts.update(verdicts)
        total = sum(counts.values())
        return counts[outcome] / total if total else 0.0


def score_corpus(classifier: InjectionClassifier | None, threshold: float = DEFAULT_THRESHOLD) -> CorpusScore:
    score = CorpusScore()
    for attacks, legitimate in CORPUS_FILES + FRESH_FILES:
        _score_files(score, attacks, legitimate, classifier, threshold)
    return score


def _score_files(
    score: CorpusScore, attacks: str | None, legitimate: str, classifier: InjectionClassifier | None, threshold: float
) -> None:
    for row in rows(attacks) if attacks is not None else ():
        outcome = verdict(row["text"], classifier, threshold)
        score.attacks_by_family[(row["split"], row["family"])][outcome] += 1
        score.attacks_by_lang[(row["split"], row["lang"])][outcome] += 1
        if outcome == "passed":
            score.passed_attacks.append(row)
    for row in rows(legitimate):
        outcome = verdict(row["text"], classifier, threshold)
        score.legitimate[(row["split"], row["lang"])][outcome] += 1
        if outcome != "passed":
            score.refused_legitimate.append((row, outcome))
