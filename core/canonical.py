"""Canonical forms: the text a value is matched in, never the text stored.

Percent, HTML-entity and backslash decoding (repeated, for double encoding),
NFKC, casefolding, invisible/format character removal, enclosed and squared
letters, and an optional look-alike folding (Cyrillic, Greek, small capitals
to Latin, accents dropped).

It lives in core, below every app, because two readers must see one text:
the sanitizer (detection) screens arguments in this form and the catalog's
CEL text helpers (core.policy) read it too. A rule and the screen disagreeing
about what a string says is the gap an attacker steps through.
"""

from __future__ import annotations

import html
import re
import unicodedata
from urllib.parse import unquote

# ---------------------------------------------------------------------------
# Character classes
# ---------------------------------------------------------------------------

# Every Unicode general-category Cf (format) character.  These render as
# nothing (or reorder text) and are the raw material of ASCII smuggling,
# keyword splitting and "Trojan Source" bidi tricks.
FORMAT_RANGES: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x0600, 0x0605),
    (0x061C, 0x061C),  # Arabic letter mark
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x180E, 0x180E),  # Mongolian vowel separator
    (0x200B, 0x200F),  # zero-width space/non-joiner/joiner, LRM, RLM
    (0x202A, 0x202E),  # bidi embeddings and overrides
    (0x2060, 0x2064),  # word joiner, invisible operators
    (0x2066, 0x206F),  # bidi isolates, deprecated format characters
    (0xFEFF, 0xFEFF),  # zero-width no-break space / BOM
    (0xFFF9, 0xFFFB),  # interlinear annotation
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE007F),  # language tag and tag characters (plus the unassigned E0000)
)
# C0 and C1 controls other than tab, newline and carriage return.
CONTROL_RANGES: tuple[tuple[int, int], ...] = ((0x00, 0x08), (0x0B, 0x0C), (0x0E, 0x1F), (0x7F, 0x9F))
# Default-ignorable characters that are not Cf but render as nothing either:
# combining grapheme joiner, Hangul fillers, variation selectors, Mongolian
# free variation selectors, the rest of the tag/variation-selector plane.
# Removed only from the matching forms (variation selectors are part of
# ordinary emoji such as U+2764 U+FE0F).
_IGNORABLE_RANGES: tuple[tuple[int, int], ...] = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0xE0080, 0xE0FFF),
)


def char_class(*groups: tuple[tuple[int, int], ...]) -> str:
    parts = []
    for ranges in groups:
        for low, high in ranges:
            parts.append(re.escape(chr(low)) if low == high else f"{re.escape(chr(low))}-{re.escape(chr(high))}")
    return "[" + "".join(parts) + "]"


# What is removed from a stored free-text value.
STORED_STRIP_RE = re.compile(char_class(FORMAT_RANGES, CONTROL_RANGES))
ASCII_CONTROL_RE = re.compile(char_class(CONTROL_RANGES[:3], ((0x7F, 0x7F),)))
# What is removed before matching (tab and line breaks become whitespace instead).
MATCH_STRIP_RE = re.compile(
    char_class(FORMAT_RANGES, CONTROL_RANGES[:1], ((0x0E, 0x1F), (0x7F, 0x84), (0x86, 0x9F)), _IGNORABLE_RANGES)
)
# An ASCII value without these needs no decoding at all.
_ASCII_NEEDS_DECODING_RE = re.compile(r"[%&\\\x00-\x08\x0e-\x1f\x7f]")

_LINE_BREAKS = "\n\r\x0b\x0c\x85\u2028\u2029"
_LINE_BREAK_RE = re.compile(f"[{_LINE_BREAKS}]")
_HSPACE_RUN_RE = re.compile(r"[^\S\n]+")
_NEWLINE_RUN_RE = re.compile(r" ?\n[\n ]*")

_MAX_DECODE_ROUNDS = 5

# Punctuation look-alikes, folded in every matching form (they carry no
# meaning that a pattern could want to keep apart).
_PUNCT_FOLD: dict[int, str] = {
    **dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032\u02bc\u02b9\u02c8\u00b4\u2035"), "'"),
    **dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u2033\u2036\u02ba"), '"'),
    **dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58\u02d7"), "-"),
    **dict.fromkeys(map(ord, "\u2215\u2044\u29f8\u2571"), "/"),
    **dict.fromkeys(map(ord, "\u2216\u29f5\u29f9\u2572"), "\\"),
    **dict.fromkeys(map(ord, "\u2039\u3008\u27e8\u2329\u1438\u02c2"), "<"),
    **dict.fromkeys(map(ord, "\u203a\u3009\u27e9\u232a\u1433\u02c3"), ">"),
    **dict.fromkeys(map(ord, "\u2236\ua789\u02d0\u05c3\u0589"), ":"),
    **dict.fromkeys(map(ord, "\u2223\u01c0\u2502"), "|"),
    **dict.fromkeys(map(ord, "\u2024\u00b7\u2027"), "."),
}
# Upper-case look-alikes whose lower-case forms look like a different Latin
# letter (Greek capital eta is H, its small form looks like n).  Applied
# before casefolding.
_UPPER_FOLD: dict[int, str] = {
    ord(k): v
    for k, v in {
        "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0396": "Z", "\u0397": "H", "\u0399": "I",
        "\u039a": "K", "\u039c": "M", "\u039d": "N", "\u039f": "O", "\u03a1": "P", "\u03a4": "T",
        "\u03a5": "Y", "\u03a7": "X", "\u0410": "A", "\u0412": "B", "\u0415": "E", "\u041a": "K",
        "\u041c": "M", "\u041d": "H", "\u041e": "O", "\u0420": "P", "\u0421": "C", "\u0422": "T",
        "\u0423": "Y", "\u0425": "X", "\u0406": "I", "\u0408": "J", "\u0405": "S", "\u04ba": "H",
        "\u0500": "D", "\u051a": "Q", "\u051c": "W", "\u04c0": "I", "\u13a0": "D", "\u13a1": "R",
        "\u13a2": "T", "\u13a9": "Y", "\u13aa": "A", "\u13ab": "J", "\u13ac": "E", "\u13b3": "W",
        "\u13b7": "M", "\u13bb": "H", "\u13bd": "Y", "\u13c0": "G", "\u13c2": "H", "\u13c3": "Z",
        "\u13cf": "B", "\u13d2": "R", "\u13da": "S", "\u13de": "L", "\u13df": "C", "\u13e2": "P",
        "\u13e6": "K", "\u13f4": "B",
    }.items()
}  # fmt: skip
# Lower-case look-alikes (after casefolding): Cyrillic, Greek, Armenian,
# Latin small capitals and IPA letters, regional indicator symbols.
_LOWER_FOLD: dict[int, str] = {
    ord(k): v
    for k, v in {
        "\u0430": "a", "\u0431": "b", "\u0432": "b", "\u0435": "e", "\u0451": "e", "\u043a": "k",
        "\u043c": "m", "\u043d": "h", "\u043e": "o", "\u043f": "n", "\u0440": "p", "\u0441": "c",
        "\u0442": "t", "\u0443": "y", "\u0445": "x", "\u0456": "i", "\u0457": "i", "\u0458": "j",
        "\u0455": "s", "\u04bb": "h", "\u0501": "d", "\u051b": "q", "\u051d": "w", "\u04cf": "l",
        "\u04af": "y", "\u0491": "r", "\u0433": "r", "\u044c": "b", "\u0437": "3",
        "\u03b1": "a", "\u03b2": "b", "\u03b3": "y", "\u03b5": "e", "\u03b7": "n", "\u03b9": "i",
        "\u03ba": "k", "\u03bc": "u", "\u03bd": "v", "\u03bf": "o", "\u03c1": "p", "\u03c4": "t",
        "\u03c5": "u", "\u03c7": "x", "\u03c9": "w", "\u03f2": "c", "\u03f3": "j",
        "\u0585": "o", "\u057d": "u", "\u0578": "n", "\u0570": "h", "\u0563": "q", "\u0566": "q",
        "\u0131": "i", "\u0237": "j", "\u0251": "a", "\u0261": "g", "\u0269": "i", "\u026a": "i",
        "\u028f": "y", "\u0280": "r", "\u1d00": "a", "\u0299": "b", "\u1d04": "c", "\u1d05": "d",
        "\u1d07": "e", "\ua730": "f", "\u0262": "g", "\u029c": "h", "\u1d0a": "j", "\u1d0b": "k",
        "\u029f": "l", "\u1d0d": "m", "\u0274": "n", "\u1d0f": "o", "\u1d18": "p", "\ua731": "s",
        "\u1d1b": "t", "\u1d1c": "u", "\u1d20": "v", "\u1d21": "w", "\u1d22": "z", "\u00f8": "o",
        "\u0111": "d", "\u0142": "l", "\u0127": "h", "\u0180": "b", "\u01b6": "z", "\u0268": "i",
        "\u1d26": "r", "\u0153": "oe", "\u00e6": "ae", "\u00fe": "p",
    }.items()
}  # fmt: skip
_LOWER_FOLD.update({0x1F1E6 + i: chr(ord("a") + i) for i in range(26)})  # regional indicators
# Combining marks stripped from the folded form, so accents cannot split a
# keyword ("ignóre") and Arabic diacritics do not hide a phrase.
_COMBINING_RE = re.compile(
    "[\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc"
    "\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed\u08d3-\u08e1\u08e3-\u08ff\u1ab0-\u1aff\u1dc0-\u1dff"
    "\u20d0-\u20ff\u3099\u309a\ufe20-\ufe2f]"
)
# Enclosed letters NFKC leaves alone: negative circled and negative squared
# capitals (U+1F150, U+1F170).  Circled, squared and parenthesized letters
# have compatibility decompositions and are handled by NFKC itself.
_ENCLOSED_LETTERS: dict[int, str] = {
    **{0x1F150 + i: chr(ord("A") + i) for i in range(26)},
    **{0x1F170 + i: chr(ord("A") + i) for i in range(26)},
}
_BACKSLASH_ESCAPE_RE = re.compile(r"\\(?:u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))")


# ---------------------------------------------------------------------------
# Canonical forms
# ---------------------------------------------------------------------------


def unescape_backslashes(text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        code = int(match.group(1) or match.group(2) or match.group(3), 16)
        return chr(code) if code < 0x110000 else match.group(0)

    return _BACKSLASH_ESCAPE_RE.sub(replace, text)


def decode_layers(value: str) -> str:
    """Percent, HTML-entity and backslash decoding, NFKC and invisible-character
    removal, repeated until the text stops changing (double encoding).  Case
    is kept: base64 must be read from this form."""
    if value.isascii() and not _ASCII_NEEDS_DECODING_RE.search(value):
        return value
    text = value
    for _ in range(_MAX_DECODE_ROUNDS):
        previous = text
        text = MATCH_STRIP_RE.sub("", text)
        if "%" in text:
            text = unquote(text)
        if "&" in text:
            text = html.unescape(text)
        if "\\" in text:
            text = unescape_backslashes(text)
        if not text.isascii():
            text = unicodedata.normalize("NFKC", text.translate(_ENCLOSED_LETTERS))
        text = MATCH_STRIP_RE.sub("", text)
        if text == previous:
            break
    return text


def _collapse(text: str) -> str:
    """Whitespace runs become one space; a run holding a line break becomes
    one newline (role prefixes are matched at line starts)."""
    if _LINE_BREAK_RE.search(text) is None:
        return " ".join(text.split())
    text = _LINE_BREAK_RE.sub("\n", text)
    text = _HSPACE_RUN_RE.sub(" ", text)
    return _NEWLINE_RUN_RE.sub("\n", text).strip()


def _fold_char(char: str) -> str:
    """Look-alike folding of one character, step by step."""
    text = char.translate(_UPPER_FOLD).casefold()
    text = _COMBINING_RE.sub("", unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFC", text.translate(_LOWER_FOLD).translate(_PUNCT_FOLD))


def _fold_table() -> dict[int, str]:
    """`_fold_char` precomputed for every character it changes (and for ASCII,
    so that translation mostly hits the table), applied in a single pass."""
    table: dict[int, str] = {}
    ranges = (range(0x0000, 0x3000), range(0xA700, 0xA800), range(0xFE20, 0xFE30), range(0x1F1E6, 0x1F200))
    for code in (code for block in ranges for code in block):
        char = chr(code)
        folded = _fold_char(char)
        if code < 0x80 or folded != char.casefold():
            table[code] = folded
    return table


_FOLD_TABLE = _fold_table()
_PUNCT_TABLE: dict[int, str] = {**{code: chr(code) for code in range(0x80)}, **_PUNCT_FOLD}
_PUNCT_RE = re.compile("[" + "".join(re.escape(chr(code)) for code in _PUNCT_FOLD) + "]")


def _unfolded(decoded: str) -> str:
    if decoded.isascii():
        return _collapse(decoded.lower())
    text = decoded.casefold()
    if _PUNCT_RE.search(text) is not None:
        text = text.translate(_PUNCT_TABLE)
    return _collapse(text)


def _folded(decoded: str) -> str:
    """Look-alike folding: Cyrillic/Greek/Armenian/Cherokee letters, small
    capitals and regional indicators map to Latin, accents are dropped.  This
    mangles real Russian or Greek prose, which is why it is only ever an
    additional form to match against."""
    return _collapse(decoded.translate(_FOLD_TABLE).casefold())


def canonical_form(value: str, *, fold_lookalikes: bool = False) -> str:
    """The form a value is matched in (never stored).

    Decoded (percent, HTML entities, backslash escapes; repeatedly), NFKC
    normalized, casefolded, invisible/format/control characters removed,
    whitespace collapsed and stripped.  With `fold_lookalikes`, Cyrillic,
    Greek and other look-alike letters are also folded to Latin and accents
    dropped.
    """
    decoded = decode_layers(value)
    form = _folded(decoded) if fold_lookalikes and not decoded.isascii() else _unfolded(decoded)
    return form.replace("\n", " ")


_SINGLE_SPACE_RE = re.compile(r"(?<=\S) (?=\S)")
_WIDE_GAP_RE = re.compile(r"\s{2,}")
_PARENTHESIZED_LETTER_RE = re.compile(r"\(([^\W_])\)")
SPACED_OUT_RE = re.compile(r"(?:^|\s)[^\W\d_] [^\W\d_] [^\W\d_] |\([^\W_]\)\([^\W_]\)")


def respaced_form(decoded: str) -> str:
    """Folded text with letter-by-letter spelling undone: "f o r g e t   y o u r"
    (letters one space apart, words wider apart) becomes "forget your", and
    parenthesized letters "(f)(o)(r)" lose their parentheses."""
    text = decoded.translate(_FOLD_TABLE).casefold()
    if _PARENTHESIZED_LETTER_RE.search(text) is not None:
        return _collapse(_PARENTHESIZED_LETTER_RE.sub(r"\1", text))
    return _WIDE_GAP_RE.sub(" ", _SINGLE_SPACE_RE.sub("", text)).strip()


def matching_forms(decoded: str) -> tuple[str, ...]:
    unfolded = _unfolded(decoded)
    if decoded.isascii():
        return (unfolded,)
    folded = _folded(decoded)
    return (unfolded,) if folded == unfolded else (unfolded, folded)
