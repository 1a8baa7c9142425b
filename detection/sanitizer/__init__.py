"""Argument sanitizer: the injection screen every tool call passes through.

    canonical.py   the forms a value is matched in (decoding, NFKC, folding)
    decoders.py    base64 (whole and chunked), hex, reversed, rot13, leetspeak
    invisible.py   invisible characters: stripping and hidden payloads
    rules.py       loading rules/*.yaml (rules as data) and the trigger scan
    engine.py      cleaning, screening, the model stage; sanitize_arguments
    model.py       the optional classifier (ONNX) behind one interface

Rule authors: docs/detection.md.
"""

from detection.sanitizer.canonical import canonical_form
from detection.sanitizer.engine import (
    FIELD_KINDS,
    MODEL_RULE,
    RULES,
    Block,
    FieldKind,
    Modification,
    SanitizeResult,
    Suspicion,
    rules_firing,
    sanitize_arguments,
    screen_text,
)
from detection.sanitizer.invisible import decode_tag_payload
from detection.sanitizer.model import InjectionClassifier, OnnxCharNgramClassifier, load_classifier
from detection.sanitizer.rules import CATEGORIES, Rule, RuleError

__all__ = [
    "CATEGORIES",
    "FIELD_KINDS",
    "MODEL_RULE",
    "RULES",
    "Block",
    "FieldKind",
    "InjectionClassifier",
    "Modification",
    "OnnxCharNgramClassifier",
    "Rule",
    "RuleError",
    "SanitizeResult",
    "Suspicion",
    "canonical_form",
    "decode_tag_payload",
    "load_classifier",
    "rules_firing",
    "sanitize_arguments",
    "screen_text",
]
