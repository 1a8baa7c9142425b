"""Print counts of the corpus per family / kind, language and split.

    python tests/pipeline/corpus/stats.py             # summary
    python tests/pipeline/corpus/stats.py --markdown  # tables used in README.md
"""
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = ("en zh hi es fr ar bn pt ru ur id de ja tr ko vi it fa pl uk "
         "hu fi sw he th tl eo").split()


def load(name):
    with (HERE / name).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def summary(rows, key):
    by_key = Counter(r[key] for r in rows)
    hold = Counter(r[key] for r in rows if r["split"] == "holdout")
    langs = {}
    for r in rows:
        langs.setdefault(r[key], set()).add(r["lang"])
    for k in sorted(by_key):
        print(f"  {k:24s} {by_key[k]:5d}  (holdout {hold[k]:4d}, {len(langs[k]):2d} langs)")


def matrix(rows, key):
    keys = sorted({r[key] for r in rows})
    c = Counter((r[key], r["lang"]) for r in rows)
    langs = [l for l in LANGS if any(c[(k, l)] for k in keys)]
    print("| " + key + " | " + " | ".join(langs) + " | total |")
    print("|---" * (len(langs) + 2) + "|")
    for k in keys:
        cells = [str(c[(k, l)]) if c[(k, l)] else "" for l in langs]
        print(f"| {k} | " + " | ".join(cells) + f" | {sum(c[(k, l)] for l in langs)} |")
    tot = [str(sum(c[(k, l)] for k in keys)) for l in langs]
    print("| **total** | " + " | ".join(tot) + f" | {len(rows)} |")


def main():
    attacks, legit = load("attacks.jsonl"), load("legitimate.jsonl")
    if "--markdown" in sys.argv:
        h_a = sum(r["split"] == "holdout" for r in attacks)
        h_l = sum(r["split"] == "holdout" for r in legit)
        print(f"Attacks: {len(attacks)} ({h_a} holdout). "
              f"Legitimate: {len(legit)} ({h_l} holdout).\n")
        matrix(attacks, "family")
        print()
        matrix(legit, "kind")
        return
    print(f"attacks: {len(attacks)}  (holdout {sum(r['split'] == 'holdout' for r in attacks)})")
    summary(attacks, "family")
    print(f"legitimate: {len(legit)}  (holdout {sum(r['split'] == 'holdout' for r in legit)})")
    summary(legit, "kind")
    print("per language: attacks / legitimate")
    a, l = Counter(r["lang"] for r in attacks), Counter(r["lang"] for r in legit)
    for lang in LANGS:
        print(f"  {lang}  {a[lang]:5d} / {l[lang]:4d}")


if __name__ == "__main__":
    main()
