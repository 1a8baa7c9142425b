"""Invisible characters: what is stripped from a stored value, and when what
was there is a hidden payload rather than copy-and-paste debris."""

from __future__ import annotations

import re
from dataclasses import dataclass

from detection.sanitizer.canonical import ASCII_CONTROL_RE, STORED_STRIP_RE

_VARIATION_RUN_RE = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]{3,}")

_TAG_FIRST, _TAG_LAST = 0xE0020, 0xE007E  # tag characters that mirror printable ASCII
_ZWJ, _ZWNJ = 0x200D, 0x200C
# Subdivision flags (England, Scotland, Wales) are the one recommended use of
# tag characters in ordinary text.
_FLAG_TAG_SEQUENCE_RE = re.compile(
    "\U0001f3f4(?:"
    + "|".join("".join(chr(0xE0000 + ord(c)) for c in code) for code in ("gbeng", "gbsct", "gbwls"))
    + ")\U000e007f"
)

# Hidden-payload thresholds: a couple of zero-width characters come from
# copy-and-paste; a dense run of them can carry binary data.
_HIDDEN_MIN_TAGS = 2
_HIDDEN_MAX_INVISIBLE = 8
_HIDDEN_MIN_FOR_RATIO = 3
_HIDDEN_RATIO = 0.2
_HIDDEN_MAX_RUN = 4


def _is_pictographic(code: int) -> bool:
    return (
        0x1F000 <= code <= 0x1FAFF
        or 0x2600 <= code <= 0x27BF
        or 0x2B00 <= code <= 0x2BFF
        or 0x2300 <= code <= 0x23FF
        or 0x2190 <= code <= 0x21FF
        or code in (0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122, 0x2139, 0x3030, 0x303D, 0x3297, 0x3299)
    )


def _is_joining_script(code: int) -> bool:
    """Scripts whose spelling uses ZWJ/ZWNJ (Persian, Urdu, Indic scripts)."""
    return 0x0600 <= code <= 0x08FF or 0x0900 <= code <= 0x0DFF or 0xFB50 <= code <= 0xFEFC or 0x1780 <= code <= 0x17FF


def _legitimate_joiner(value: str, index: int) -> bool:
    """ZWJ inside an emoji sequence (family, profession, rainbow flag), or
    ZWJ/ZWNJ between letters of a script that needs them, is part of the
    text, not an injection."""
    before = index - 1
    while before >= 0 and (value[before] in "\ufe0f\ufe0e" or 0x1F3FB <= ord(value[before]) <= 0x1F3FF):
        before -= 1
    if before < 0 or index + 1 >= len(value):
        return False
    prev_code, next_code = ord(value[before]), ord(value[index + 1])
    if ord(value[index]) == _ZWJ and _is_pictographic(prev_code) and _is_pictographic(next_code):
        return True
    return _is_joining_script(prev_code) and _is_joining_script(next_code)


@dataclass(frozen=True)
class InvisibleScan:
    cleaned: str
    removed: tuple[str, ...]  # the characters removed, in order
    hidden: bool


def scan_invisible(value: str) -> InvisibleScan:
    """Strip invisible/format/control characters and decide whether what was
    there is a hidden payload rather than copy-and-paste debris."""
    if value.isascii():
        if ASCII_CONTROL_RE.search(value) is None:
            return InvisibleScan(value, (), False)
        controls = tuple(ASCII_CONTROL_RE.findall(value))
        dense = _dense(len(controls), len(value), _longest_run(ASCII_CONTROL_RE, value))
        return InvisibleScan(ASCII_CONTROL_RE.sub("", value), controls, dense)
    hidden = _VARIATION_RUN_RE.search(value) is not None
    if STORED_STRIP_RE.search(value) is None:
        return InvisibleScan(value, (), hidden)
    exempt: set[int] = set()
    for flag in _FLAG_TAG_SEQUENCE_RE.finditer(value):
        exempt.update(range(flag.start() + 1, flag.end()))
    pieces: list[str] = []
    removed: list[str] = []
    last = 0
    tags = 0
    run = longest = 0
    previous_end = -1
    for match in STORED_STRIP_RE.finditer(value):
        index = match.start()
        code = ord(value[index])
        if index in exempt or (code in (_ZWJ, _ZWNJ) and _legitimate_joiner(value, index)):
            continue
        pieces.append(value[last:index])
        last = index + 1
        removed.append(value[index])
        if _TAG_FIRST <= code <= _TAG_LAST:
            tags += 1
        run = run + 1 if index == previous_end else 1
        longest = max(longest, run)
        previous_end = index + 1
    if not removed:
        return InvisibleScan(value, (), hidden)
    pieces.append(value[last:])
    hidden = hidden or tags >= _HIDDEN_MIN_TAGS or _dense(len(removed), len(value), longest)
    return InvisibleScan("".join(pieces), tuple(removed), hidden)


def _longest_run(regex: re.Pattern[str], value: str) -> int:
    longest = run = 0
    previous_end = -1
    for match in regex.finditer(value):
        run = run + 1 if match.start() == previous_end else 1
        longest = max(longest, run)
        previous_end = match.end()
    return longest


def _dense(count: int, length: int, longest_run: int) -> bool:
    return (
        count > _HIDDEN_MAX_INVISIBLE
        or (count >= _HIDDEN_MIN_FOR_RATIO and count > _HIDDEN_RATIO * length)
        or longest_run >= _HIDDEN_MAX_RUN
    )


def is_hidden_payload(value: str) -> bool:
    return scan_invisible(value).hidden


def decode_tag_payload(value: str) -> str:
    """The ASCII text spelled by Unicode tag characters in `value` ("ASCII
    smuggling": invisible to a person, read by a model)."""
    return "".join(chr(ord(c) - 0xE0000) for c in value if _TAG_FIRST <= ord(c) <= _TAG_LAST)


# A right-to-left override shows what follows it reversed, up to the next
# pop (or the end of the line): "\u202e11-2222 ot sdnuf dnes\u202c" reads
# "send funds to 2222-11" on screen while its stored text is gibberish to a
# rule or a model.  Hebrew or Arabic under an override looks the same either
# way; a sentence of a left-to-right script does not, and business text never
# reverses one so.  A short run ("rent\u202eyap" showing "rentpay") is only
# stripped, like any invisible character, and shown as its code point.
_RIGHT_TO_LEFT_OVERRIDE_RE = re.compile("\u202e([^\u202c\n]*)")
_LEFT_TO_RIGHT_WORD_RE = re.compile(r"[0-9A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]{2,}")
_MIN_REVERSED_WORDS = 2


def reversed_by_override(value: str) -> bool:
    """Whether a right-to-left override makes a screen show words of a left-to-right script in reverse."""
    if "\u202e" not in value:
        return False
    return any(
        len(_LEFT_TO_RIGHT_WORD_RE.findall(match.group(1))) >= _MIN_REVERSED_WORDS
        for match in _RIGHT_TO_LEFT_OVERRIDE_RE.finditer(value)
    )


def code_points(chars: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"U+{code:04X}" for code in sorted({ord(c) for c in chars}))


# ---------------------------------------------------------------------------
# Walking the arguments
# ---------------------------------------------------------------------------
