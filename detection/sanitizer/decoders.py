"""Decoders: other spellings of a value that a model would read through.

Two kinds.  Payload decoders (base64, also split into chunks, and hex) find
an embedded blob and return the text inside it; that text is screened
against every rule, as if it were the value.  Spelling decoders (reversed
text, rot13, leetspeak) rewrite the whole form; the result is screened
against the directive rules only (an instruction is still an instruction
read backwards, but reversed SQL runs nowhere).

Each decoder is gated by a cheap test, so ordinary values skip it.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
from collections.abc import Iterator

_BASE64_RUN_RE = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,3}")
_BASE64_SPLIT_RE = re.compile(r"[-_]")
# Two or more base64-looking chunks separated by spaces, line breaks or
# punctuation, the whole at least 16 characters: "aWdub3Jl IHByZXZp b3VzIGluc3Ry",
# "aWdub3Jl | IHByZXZp | b3VzIGluc3Ry".
_BASE64_CHUNKS_RE = re.compile(
    r"(?:[A-Za-z0-9+/]{4,}={0,2}(?:[ \t\r\n]*[|.,;:·][ \t\r\n]*|[ \t\r\n]+)){1,}[A-Za-z0-9+/]{2,}={0,3}"
)
_CHUNK_SEPARATORS_RE = re.compile(r"[\s|.,;:·]+")
_INNER_CASE_CHANGE_RE = re.compile(r"[a-z][A-Z]|[A-Za-z][0-9]|[0-9][A-Za-z]")
_HEX_RUN_RE = re.compile(r"(?:[0-9a-fA-F]{2}[\s:,-]?){12,}")
_DIGIT_RE = re.compile(r"[0-9]")
_NOT_TEXT_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd\ufffe\uffff\ud800-\udfff]")
_LETTER_RUN_RE = re.compile(r"[^\W\d_]{4,}")
# A digit or symbol inside a word ("1gn0r3", "pr3v!ous", "@dmin"): leetspeak.
_LEET_RE = re.compile(r"[a-z][0-9@$!|+][a-z]|(?<![\w#])[0-9@$][a-z]{2}")
_LEET_TABLE = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g",
                             "@": "a", "$": "s", "!": "i", "|": "l", "+": "t"})  # fmt: skip


def _printable_text(raw: bytes) -> str | None:
    """`raw` as UTF-8 text, or None when it is not mostly printable text
    (account numbers, UUIDs and long words decode to binary noise)."""
    # Invalid UTF-8 becomes U+FFFD and counts against the text, like controls.
    text = raw.decode("utf-8", "replace")
    if len(text) < 8:
        return None
    return text if len(_NOT_TEXT_RE.findall(text)) <= 0.1 * len(text) else None


def decode_base64_text(blob: str) -> str | None:
    body = blob.rstrip("=")
    if len(body) < 16:
        return None
    # Encoded text mixes character classes; a long plain word does not.
    classes = (body.upper() != body) + (body.lower() != body) + (_DIGIT_RE.search(body) is not None)
    if classes < 2:
        return None
    body = body.replace("-", "+").replace("_", "/")
    if len(body) % 4 == 1:
        body = body[:-1]
    body += "=" * (-len(body) % 4)
    try:
        raw = base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        return None
    return _printable_text(raw)


def _base64_candidates(run: str) -> list[str]:
    candidates = [run]
    if "-" in run or "_" in run:
        # "ref-aWdub3Jl..." : the blob may be glued to an ordinary word.
        pieces = _BASE64_SPLIT_RE.split(run)
        candidates.extend(p for p in pieces if len(p) >= 16)
        # "Zm9yZ2V0-IHlvdXIg-Z3VpZGVs": one blob cut into chunks by dashes.
        if len(pieces) > 2:
            candidates.append("".join(pieces))
        tail = run.partition("-" if "-" in run else "_")[2]
        if len(tail) >= 16 and tail not in candidates:
            candidates.append(tail)
    return candidates


def payloads(decoded: str) -> Iterator[str]:
    """Texts hidden in base64 blobs (whole or chunked) and hex runs."""
    if len(decoded) < 16:
        return
    for match in _BASE64_RUN_RE.finditer(decoded):
        for candidate in _base64_candidates(match.group()):
            text = decode_base64_text(candidate)
            if text is not None:
                yield text
    if _INNER_CASE_CHANGE_RE.search(decoded) is not None:
        for match in _BASE64_CHUNKS_RE.finditer(decoded):
            text = decode_base64_text(_CHUNK_SEPARATORS_RE.sub("", match.group()))
            if text is not None:
                yield text
    for match in _HEX_RUN_RE.finditer(decoded):
        digits = re.sub(r"[^0-9a-fA-F]", "", match.group())
        try:
            text = _printable_text(bytes.fromhex(digits[: len(digits) // 2 * 2]))
        except ValueError:
            continue
        if text is not None:
            yield text


def spellings(form: str) -> Iterator[str]:
    """The canonical form read backwards, in rot13 and without leetspeak."""
    if len(form) >= (12 if form.isascii() else 8) and _LETTER_RUN_RE.search(form) is not None:
        yield form[::-1]
        if form.isascii():
            yield codecs.encode(form, "rot13")
    if _LEET_RE.search(form) is not None:
        yield form.translate(_LEET_TABLE)
