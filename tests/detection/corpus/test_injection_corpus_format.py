"""The corpus files parse, carry the specified fields, and hold no exact
duplicates (build.py checks more when it regenerates them)."""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = set("en zh hi es fr ar bn pt ru ur id de ja tr ko vi it fa pl uk hu fi sw he th tl eo".split())


def _rows(name):
    with (HERE / name).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def test_attacks_format():
    rows = _rows("attacks.jsonl")
    assert len(rows) >= 700
    for r in rows:
        assert set(r) == {"text", "family", "lang", "split"}
        assert r["lang"] in LANGS and r["split"] in ("train", "holdout")
        limit = 1500 if r["family"] == "authority_letter" else 256
        assert 0 < len(r["text"]) <= limit


def test_legitimate_format():
    rows = _rows("legitimate.jsonl")
    assert len(rows) >= 700
    kinds = {"name", "address", "invoice", "memo", "sentence", "jargon"}
    for r in rows:
        assert set(r) == {"text", "kind", "lang", "split"}
        assert r["kind"] in kinds
        assert r["lang"] in LANGS and r["split"] in ("train", "holdout")
        assert 0 < len(r["text"]) <= 256


def test_no_duplicates_within_or_across_files():
    texts = [r["text"] for r in _rows("attacks.jsonl") + _rows("legitimate.jsonl")]
    assert len(texts) == len(set(texts))
