"""Canonical forms: the text a value is matched in, never the text stored.

The functions live in `core.canonical` so the catalog's CEL text helpers
read exactly the text the sanitizer screens; this module keeps the
sanitizer's names where its rules, tools and tests have always found them.
"""

from __future__ import annotations

from core.canonical import (
    ASCII_CONTROL_RE,
    CONTROL_RANGES,
    FORMAT_RANGES,
    MATCH_STRIP_RE,
    SPACED_OUT_RE,
    STORED_STRIP_RE,
    canonical_form,
    char_class,
    decode_layers,
    matching_forms,
    respaced_form,
    unescape_backslashes,
)

__all__ = [
    "ASCII_CONTROL_RE",
    "CONTROL_RANGES",
    "FORMAT_RANGES",
    "MATCH_STRIP_RE",
    "SPACED_OUT_RE",
    "STORED_STRIP_RE",
    "canonical_form",
    "char_class",
    "decode_layers",
    "matching_forms",
    "respaced_form",
    "unescape_backslashes",
]
