"""Print counts of the corpus per family/kind, language and split.

    python tests/pipeline/corpus/stats.py
"""
import json
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent


def load(name):
    with (HERE / name).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def table(rows, key):
    by_key = Counter(r[key] for r in rows)
    split = Counter((r[key], r["split"]) for r in rows)
    langs = {}
    for r in rows:
        langs.setdefault(r[key], set()).add(r["lang"])
    for k in sorted(by_key):
        print(f"  {k:24s} {by_key[k]:5d}  (holdout {split[(k, 'holdout')]:4d}, "
              f"{len(langs[k]):2d} langs)")


def main():
    attacks, legit = load("attacks.jsonl"), load("legitimate.jsonl")
    print(f"attacks: {len(attacks)}  (holdout {sum(r['split'] == 'holdout' for r in attacks)})")
    table(attacks, "family")
    print(f"legitimate: {len(legit)}  (holdout {sum(r['split'] == 'holdout' for r in legit)})")
    table(legit, "kind")
    print("per language: attacks / legitimate")
    a, l = Counter(r["lang"] for r in attacks), Counter(r["lang"] for r in legit)
    for lang in sorted(set(a) | set(l)):
        print(f"  {lang}  {a[lang]:5d} / {l[lang]:4d}")


if __name__ == "__main__":
    main()
