"""Print counts of the corpus per family / kind, language and split.

python tests/detection/corpus/stats.py             # summary
python tests/detection/corpus/stats.py --markdown  # tables used in README.md
python tests/detection/corpus/stats.py --near      # holdout/train near-copy check
"""

import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
LANGS = ("en zh hi es fr ar bn pt ru ur id de ja tr ko vi it fa pl uk hu fi sw he th tl eo").split()


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
    langs = [lg for lg in LANGS if any(c[(k, lg)] for k in keys)]
    print("| " + key + " | " + " | ".join(langs) + " | total |")
    print("|---" * (len(langs) + 2) + "|")
    for k in keys:
        cells = [str(c[(k, lg)]) if c[(k, lg)] else "" for lg in langs]
        print(f"| {k} | " + " | ".join(cells) + f" | {sum(c[(k, lg)] for lg in langs)} |")
    tot = [str(sum(c[(k, lg)] for k in keys)) for lg in langs]
    print("| **total** | " + " | ".join(tot) + f" | {len(rows)} |")


def main():
    attacks, legit = load("attacks.jsonl"), load("legitimate.jsonl")
    if "--markdown" in sys.argv:
        h_a = sum(r["split"] == "holdout" for r in attacks)
        h_l = sum(r["split"] == "holdout" for r in legit)
        print(f"Attacks: {len(attacks)} ({h_a} holdout). Legitimate: {len(legit)} ({h_l} holdout).\n")
        matrix(attacks, "family")
        print()
        matrix(legit, "kind")
        return
    print(f"attacks: {len(attacks)}  (holdout {sum(r['split'] == 'holdout' for r in attacks)})")
    summary(attacks, "family")
    print(f"legitimate: {len(legit)}  (holdout {sum(r['split'] == 'holdout' for r in legit)})")
    summary(legit, "kind")
    print("per language: attacks / legitimate")
    a, lg = Counter(r["lang"] for r in attacks), Counter(r["lang"] for r in legit)
    for lang in LANGS:
        print(f"  {lang}  {a[lang]:5d} / {lg[lang]:4d}")


def near_copies(threshold=0.6):
    """Holdout items whose character 4-gram Jaccard similarity to some train
    item of the same language exceeds the threshold."""
    import re

    def grams(t, n=4):
        t = re.sub(r"\s+", " ", t.lower())
        return {t[i : i + n] for i in range(max(1, len(t) - n + 1))}

    for name in ("attacks.jsonl", "legitimate.jsonl"):
        rows = load(name)
        g = [grams(r["text"]) for r in rows]
        hits = 0
        for i, h in enumerate(rows):
            if h["split"] != "holdout":
                continue
            for j, t in enumerate(rows):
                if t["split"] == "train" and t["lang"] == h["lang"]:
                    if len(g[i] & g[j]) / len(g[i] | g[j]) > threshold:
                        hits += 1
                        break
        print(f"{name}: {hits} holdout items with a train near-copy (4-gram Jaccard > {threshold})")


if __name__ == "__main__":
    if "--near" in sys.argv:
        near_copies()
    else:
        main()
