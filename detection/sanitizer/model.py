"""The model stage: a classifier asked about values the rules let through
(the shipped model unless TOOLGUARD_INJECTION_MODEL says otherwise).

One interface, `InjectionClassifier.score(text) -> float` (probability that
the text is an injection, 0..1).  The shipped implementation runs an ONNX
model with onnxruntime on hashed character n-grams of the canonical form: a
small multilingual linear model trained from toolguard's own corpus by
`scripts/train_injection_model.py`.  A deployment can point
TOOLGUARD_INJECTION_MODEL at its own model in the same format, or register
another implementation of the interface (a transformer with its tokenizer).
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from detection.sanitizer.canonical import canonical_form, decode_layers
from detection.sanitizer.decoders import payloads
from detection.sanitizer.frames import addresses_model

FEATURE_INPUT = "features"
DEFAULT_BUCKETS = 1 << 14
DEFAULT_NGRAMS = (1, 4)
SHIPPED_MODEL = Path(__file__).resolve().parent / "model" / "injection-char-ngram.onnx"
# The business reader (BusinessReaderGate): a second model of the same format
# trained with business text of many registers as clean.
SHIPPED_READER = Path(__file__).resolve().parent / "model" / "business-reader-char-ngram.onnx"
# Below this business-reader score a value that addresses no model is
# released: the tenth below the lowest business-reader score of an attack of
# the holdout split that only the model stage stops and that names no model
# (0.419; scripts/train_injection_model.py --reader).
READER_FLOOR = 0.4


class InjectionClassifier(Protocol):
    def score(self, text: str) -> float: ...


# A long run of letters mixed with digits (an API key, an IBAN, a hash, a
# base64 blob) carries no language, only noise n-grams: the model sees one
# placeholder for it.  What a blob decodes to is scored on its own
# (model_views), so an encoded instruction is read as the instruction.
_TOKEN_RE = re.compile(r"[a-z0-9+/=_-]{16,}")
# A link's host is whatever the writer picked ("evil.example", the bank's own
# site): the model sees that there is a link, its path and its query, never
# which host.
_HOST = r"[^\s/?#<>()\[\]\"']+"
_URL_HOST_RE = re.compile(rf"(?:(?<![\w.-])[a-z][a-z0-9+.-]*:)?//{_HOST}|(?<![\w.-])www\.{_HOST}")
_MAX_PAYLOAD_VIEWS = 4


def _placeholder(match: re.Match[str]) -> str:
    token = match.group()
    has_digit = any(c.isdigit() for c in token)
    has_letter = any(c.isalpha() for c in token)
    return "0" if has_digit and has_letter else token


def model_text(text: str) -> str:
    """What the model reads: the canonical form with each link's host
    replaced by "//x" and long letter-and-digit tokens by "0".  Training and
    scoring share this one function."""
    text = _URL_HOST_RE.sub("//x", canonical_form(text))
    return _TOKEN_RE.sub(_placeholder, text)


def model_views(decoded: str) -> Iterator[str]:
    """The texts the model stage scores for one decoded value: the value
    itself, then the printable texts hidden in its base64 and hex payloads
    (the highest score counts)."""
    for _, view in located_views(decoded):
        yield view


def located_views(decoded: str) -> Iterator[tuple[str, str]]:
    """model_views, each with the text of the value it was read from (the
    payload as written, for a decoded one), so a reviewer can be shown where."""
    yield decoded, decoded
    for index, text in enumerate(payloads(decoded)):
        if index >= _MAX_PAYLOAD_VIEWS:
            break
        yield text, decode_layers(text)


def hashed_ngrams(
    text: str, *, buckets: int = DEFAULT_BUCKETS, ngrams: tuple[int, int] = DEFAULT_NGRAMS
) -> dict[int, float]:
    """Sparse feature vector: log-scaled counts of character n-grams of the
    padded text, hashed with CRC-32 (stable across processes, unlike hash()),
    L2-normalized.  Training and scoring share this one function."""
    padded = f" {text} "
    counts: dict[int, int] = {}
    low, high = ngrams
    for size in range(low, high + 1):
        for start in range(len(padded) - size + 1):
            bucket = zlib.crc32(padded[start : start + size].encode("utf-8")) % buckets
            counts[bucket] = counts.get(bucket, 0) + 1
    weights = {bucket: 1.0 + math.log(count) for bucket, count in counts.items()}
    norm = math.sqrt(sum(w * w for w in weights.values())) or 1.0
    return {bucket: w / norm for bucket, w in weights.items()}


class OnnxCharNgramClassifier:
    """An ONNX model taking one float tensor `features` [batch, buckets] and
    returning class probabilities (class 1 = injection), as skl2onnx exports
    a scikit-learn linear classifier."""

    def __init__(self, path: Path | str) -> None:
        import numpy as np
        import onnxruntime

        self._np = np
        options = onnxruntime.SessionOptions()
        # One call scores one short text: threads cost more than they give.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        inputs = self._session.get_inputs()
        if len(inputs) != 1 or inputs[0].name != FEATURE_INPUT:
            raise ValueError(f"{path}: expected one input named {FEATURE_INPUT!r}")
        self.buckets = int(inputs[0].shape[1])
        meta = self._session.get_modelmeta().custom_metadata_map
        self.ngrams = (int(meta.get("ngram_min", DEFAULT_NGRAMS[0])), int(meta.get("ngram_max", DEFAULT_NGRAMS[1])))
        self._probabilities = self._session.get_outputs()[-1].name
        self.path = str(path)

    def score(self, text: str) -> float:
        features = self._np.zeros((1, self.buckets), dtype=self._np.float32)
        for bucket, weight in hashed_ngrams(model_text(text), buckets=self.buckets, ngrams=self.ngrams).items():
            features[0, bucket] = weight
        output: Any = self._session.run([self._probabilities], {FEATURE_INPUT: features})[0]
        # Probabilities of [clean, injection] for the one row (a {label: p}
        # map with skl2onnx's zipmap, a tensor row without it: both index by 1).
        return float(output[0][1])


class BusinessReaderGate:
    """The injection model with a second reader that can only lower its score
    (TOOLGUARD_INJECTION_MODEL=shipped+reader; not the default: on a set
    written apart from both it let 4 of 179 attacks through that the model
    alone holds, for 6 points fewer false holds, docs/detection.md).

    The injection model reads words, not who is addressed: IT-helpdesk,
    legal, CRM and product text ("the system administrator will reset your
    password", "this agreement supersedes all prior instructions") scores
    like an override for the words it shares with one.  The business reader
    is a model of the same kind trained with that text of many registers as
    clean; on its own it lets some paraphrased overrides through, so it never
    flags anything.  A text the injection model scores at `floor` or above
    keeps that score unless the business reader scores it below `floor` and
    the text addresses no model (frames.addresses_model: an assistant named,
    a role marker, the reader's own rules, secrecy towards the user, ...);
    then the text's score is the business reader's."""

    def __init__(self, model: InjectionClassifier, reader: InjectionClassifier, floor: float = READER_FLOOR) -> None:
        self.model = model
        self.reader = reader
        self.floor = floor

    def score(self, text: str) -> float:
        score = self.model.score(text)
        if score < self.floor:
            return score
        second = self.reader.score(text)
        if second >= self.floor or addresses_model(text):
            return score
        return second


# TOOLGUARD_INJECTION_MODEL's names for the bundled models (docs/detection.md, "Model stage").
SHIPPED = "shipped"
SHIPPED_WITH_READER = "shipped+reader"


CASCADE = "cascade"


def load_classifier(path: str) -> InjectionClassifier | None:
    """The classifier at `path` ("" or "off" = none, "cascade" = the bundled
    model as the cheap stage before the semantic stage (the default, semantic.py),
    "shipped" = the bundled model alone, "shipped+reader" = the bundled model
    behind its business reader)."""
    if not path or path.strip().lower() == "off":
        return None
    if path == CASCADE:
        from detection.sanitizer.semantic import SHIPPED_GATE, Cascade, SemanticClassifier

        return Cascade(OnnxCharNgramClassifier(SHIPPED_GATE), SemanticClassifier())
    if path == SHIPPED:
        return OnnxCharNgramClassifier(SHIPPED_MODEL)
    if path == SHIPPED_WITH_READER:
        return BusinessReaderGate(OnnxCharNgramClassifier(SHIPPED_MODEL), OnnxCharNgramClassifier(SHIPPED_READER))
    return OnnxCharNgramClassifier(Path(path))
