"""Argument sanitizer: the injection screen every tool call passes through.

An agent's tool arguments are attacker-reachable text: a memo the model was
told to write by a web page, an account "ID" lifted from an email.  Before a
call may reach authorization or execution, every string argument is

* cleaned: invisible and format characters (zero-width, bidi controls, tag
  characters, soft hyphens, C0/C1 controls) are removed from free text and
  each removal is recorded, so what is stored is what a person reviewing the
  transfer actually sees;
* screened: the value is decoded into canonical forms (percent and HTML
  decoding, backslash escapes, NFKC, casefolding, look-alike folding,
  invisible-character removal) and matched against SQL, shell, path and
  prompt-injection shapes, including base64-wrapped text and characters
  hidden with Unicode tags.

The canonical forms are used for matching only and are never stored: a memo
keeps the customer's own spelling, accents and emoji.

Pure Python and standard library only; it runs on every call, so the common
case (short ASCII values) takes a fast path that skips decoding and Unicode
normalization.
"""

from __future__ import annotations

import base64
import binascii
import html
import importlib
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal
from urllib.parse import unquote

# The standard library's regex parser, used only to derive trigger literals
# (see _Engine).  Without it every pattern simply runs on every value.
_sre_constants: Any
_sre_parser: Any
try:
    _sre_constants = importlib.import_module("re._constants")
    _sre_parser = importlib.import_module("re._parser")
except ImportError:  # pragma: no cover
    _sre_constants = _sre_parser = None

__all__ = [
    "CATEGORIES",
    "Block",
    "FieldKind",
    "Modification",
    "SanitizeResult",
    "canonical_form",
    "decode_tag_payload",
    "sanitize_arguments",
]

FieldKind = Literal["identifier", "free_text"]

SQL_INJECTION = "sql_injection"
COMMAND_INJECTION = "command_injection"
PATH_TRAVERSAL = "path_traversal"
PROMPT_INJECTION = "prompt_injection"
HIDDEN_PAYLOAD = "hidden_payload"
INVALID_IDENTIFIER = "invalid_identifier"
CATEGORIES: tuple[str, ...] = (
    SQL_INJECTION,
    COMMAND_INJECTION,
    PATH_TRAVERSAL,
    PROMPT_INJECTION,
    HIDDEN_PAYLOAD,
    INVALID_IDENTIFIER,
)


@dataclass(frozen=True)
class Modification:
    """One change made to a stored value (never the value itself)."""

    field: str  # JSON-pointer path of the field, e.g. "/memo"
    kind: str  # "invisible_stripped"
    count: int  # how many characters were removed
    code_points: tuple[str, ...]  # distinct code points removed ("U+200B", ...), in code point order


@dataclass(frozen=True)
class Block:
    """Why a call was refused.  Carries the field and category only: the
    payload is attacker text and must not reach logs, audit rows or reviewers."""

    field: str
    category: str


@dataclass(frozen=True)
class SanitizeResult:
    arguments: dict[str, Any]
    modifications: tuple[Modification, ...]
    block: Block | None


# ---------------------------------------------------------------------------
# Character classes
# ---------------------------------------------------------------------------

# Every Unicode general-category Cf (format) character.  These render as
# nothing (or reorder text) and are the raw material of ASCII smuggling,
# keyword splitting and "Trojan Source" bidi tricks.
_FORMAT_RANGES: tuple[tuple[int, int], ...] = (
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
_CONTROL_RANGES: tuple[tuple[int, int], ...] = ((0x00, 0x08), (0x0B, 0x0C), (0x0E, 0x1F), (0x7F, 0x9F))
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


def _char_class(*groups: tuple[tuple[int, int], ...]) -> str:
    parts = []
    for ranges in groups:
        for low, high in ranges:
            parts.append(re.escape(chr(low)) if low == high else f"{re.escape(chr(low))}-{re.escape(chr(high))}")
    return "[" + "".join(parts) + "]"


# What is removed from a stored free-text value.
_STORED_STRIP_RE = re.compile(_char_class(_FORMAT_RANGES, _CONTROL_RANGES))
_ASCII_CONTROL_RE = re.compile(_char_class(_CONTROL_RANGES[:3], ((0x7F, 0x7F),)))
# What is removed before matching (tab and line breaks become whitespace instead).
_MATCH_STRIP_RE = re.compile(
    _char_class(_FORMAT_RANGES, _CONTROL_RANGES[:1], ((0x0E, 0x1F), (0x7F, 0x84), (0x86, 0x9F)), _IGNORABLE_RANGES)
)
_VARIATION_RUN_RE = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]{3,}")
# An ASCII value without these needs no decoding at all.
_ASCII_NEEDS_DECODING_RE = re.compile(r"[%&\\\x00-\x08\x0e-\x1f\x7f]")

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

_LINE_BREAKS = "\n\r\x0b\x0c\x85\u2028\u2029"
_LINE_BREAK_RE = re.compile(f"[{_LINE_BREAKS}]")
_HSPACE_RUN_RE = re.compile(r"[^\S\n]+")
_NEWLINE_RUN_RE = re.compile(r" ?\n[\n ]*")

_IDENTIFIER_RE = re.compile(r"[A-Za-z0-9_-]{1,128}")
_SAFE_POINTER_SEGMENT_RE = re.compile(r"[A-Za-z0-9_.-]{1,64}")

_MAX_DECODE_ROUNDS = 5
_MAX_BASE64_DEPTH = 2
_MAX_NESTING = 64

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
_BACKSLASH_ESCAPE_RE = re.compile(r"\\(?:u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))")


# ---------------------------------------------------------------------------
# Canonical forms
# ---------------------------------------------------------------------------


def _unescape_backslashes(text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        code = int(match.group(1) or match.group(2) or match.group(3), 16)
        return chr(code) if code < 0x110000 else match.group(0)

    return _BACKSLASH_ESCAPE_RE.sub(replace, text)


def _decode_layers(value: str) -> str:
    """Percent, HTML-entity and backslash decoding, NFKC and invisible-character
    removal, repeated until the text stops changing (double encoding).  Case
    is kept: base64 must be read from this form."""
    if value.isascii() and not _ASCII_NEEDS_DECODING_RE.search(value):
        return value
    text = value
    for _ in range(_MAX_DECODE_ROUNDS):
        previous = text
        text = _MATCH_STRIP_RE.sub("", text)
        if "%" in text:
            text = unquote(text)
        if "&" in text:
            text = html.unescape(text)
        if "\\" in text:
            text = _unescape_backslashes(text)
        if not text.isascii():
            text = unicodedata.normalize("NFKC", text)
        text = _MATCH_STRIP_RE.sub("", text)
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
    decoded = _decode_layers(value)
    form = _folded(decoded) if fold_lookalikes and not decoded.isascii() else _unfolded(decoded)
    return form.replace("\n", " ")


def _matching_forms(decoded: str) -> tuple[str, ...]:
    unfolded = _unfolded(decoded)
    if decoded.isascii():
        return (unfolded,)
    folded = _folded(decoded)
    return (unfolded,) if folded == unfolded else (unfolded, folded)


# ---------------------------------------------------------------------------
# Patterns.  Matched against casefolded forms, so they are written in lower
# case; Latin-script phrases are written without accents because the folded
# form drops them.
# ---------------------------------------------------------------------------

_B = r"(?<![^\W_])"  # start of a word, where "_" also separates words
_E = r"(?![^\W_])"  # end of a word, likewise
# Separator inside one phrase: spaces, punctuation, underscores, but not a
# sentence end ("Ignore the fee. Rules say..." is two thoughts).
_SEP = r"(?:[^\w.!?;]|_|\.(?=\w))+"
_WORD = r"[^\W_]+(?:'[^\W_]+)?"


def _gap(words: int) -> str:
    """A separator, optionally with up to `words` filler words."""
    return rf"(?:{_SEP}{_WORD}){{0,{words}}}?{_SEP}"


def _alt(*words: str) -> str:
    return "(?:" + "|".join(words) + ")"


# --- English -----------------------------------------------------------------
_EN_IGNORE_VERBS = _alt(
    r"ignore|ignoring|disregard|disregarding|(?<!n't )(?<!nt )(?<!not )(?<!never )forget(?:ting)?|override"
    r"|overriding|overrule|bypass|bypassing|abandon|discard|neglect|dismiss|skip|nullify|void|erase|delete"
    r"|set aside|throw out|throw away|do not follow|don'?t follow|stop following|no longer follow|do not obey"
    r"|don'?t obey|stop obeying|forget about"
)
_EN_RULE_NOUNS = _alt(
    r"instructions?|instruction set|directions|directives?|prompts?|guidelines|guardrails|safeguards"
    r"|constraints|restrictions|programming|rules|polic(?:y|ies)|commands|training|conditioning"
    r"|filters|system message|moderation"
)
_ROLE_NOUNS = _alt(
    r"ai|a\.i\.|assistant|bot|chatbot|model|llm|agent|admin|administrator|root|superuser|developer|dan"
    r"|jailbroken|unrestricted|unfiltered|uncensored|evil|system|operator|sysadmin|gpt|claude|gemini"
    r"|different assistant|new assistant"
)
_AGENT_AUDIENCE = _alt(r"ai|ai agent|llm|assistant|ai assistant|chatbot|bot|gpt|claude|copilot|language model")
_EXFIL_VERBS = _alt(
    r"reveal|print|show|repeat|output|display|leak|dump|tell me|give me|return|send|email|post|share"
    r"|disclose|expose|paste|write out|list"
)
_WHO = _alt(r"user|customer|account ?holder|account owner|human|operator|end user|client")

_PROMPT_EN: list[str] = [
    # "ignore all previous instructions", "disregard your rules", "forget your training"
    _B + _EN_IGNORE_VERBS + _E + _gap(4) + _EN_RULE_NOUNS + _E,
    # "ignore the above", "forget everything you were told"
    _B + _alt(r"ignore|disregard|forget|erase") + r"\s+(?:all\s+(?:of\s+)?|everything\s+|anything\s+)?"
    r"(?:the\s+|what(?:'s| is| was)\s+)?(?:above|written above|said (?:above|before)|stated above|before this)" + _E,
    _B + _alt(r"ignore|disregard|forget") + r"\s+(?:everything|all|anything)\s+"
    r"(?:(?:you|you've|you have|you were|you've been|you have been|i|we)\s+(?:were\s+|been\s+)?"
    r"(?:told|said|learned|know|instructed)|above|before|prior|so far|up to now|until now)" + _E,
    # fake chat-template and role tags
    r"<\s*/?\s*"
    + _alt(
        r"system|sys|assistant|user|human|developer|tool|function_call|function|instructions?|inst|prompt"
        r"|system_prompt|admin|im_start|im_end|im_sep|endoftext|start_of_turn|end_of_turn|context|hidden"
        r"|secret|override|root"
    )
    + r"(?:\s[^<>]{0,40})?\s*/?\s*>",
    r"<\|\s*[a-z_]{2,30}\s*\|>",
    r"\|\s*im_(?:start|end|sep)\s*\|",
    r"\[\s*/?\s*"
    + _alt(
        r"inst|system|sys|assistant|admin|developer|system message|system prompt|system note"
        r"|system override|sys_prompt"
    )
    + r"\s*\]",
    r"<<\s*/?\s*sys\s*>>",
    r"#{2,}\s*"
    + _alt(r"system|instructions?|assistant|developer|response|human|admin|new instructions?|system prompt")
    + _E,
    # "SYSTEM: ...", "assistant: ..." at a line or sentence start
    r"(?:^|[\n.!?;>\])}\"'*|#:-])\s*(?:system|assistant|sys|human|developer note|admin note)\s*"
    r"(?:message|note|notice|prompt|instructions?|override|update|alert|command)?\s*:(?!//)",
    _B
    + _alt(r"system|developer|admin|administrator|security|compliance|emergency|priority|root")
    + r"\s+(?:message|note|notice|prompt|instructions?|override|alert|command)\s*:",
    _B + _alt(r"system|admin|security|developer|emergency|priority|root|god") + r"[\s_-]*override" + _E,
    _B + r"override\s+(?:code|mode|protocol|authori[sz]ation|enabled|activated)" + _E,
    _B + r"system[\s_-]*prompt" + _E,
    r"[\"']role[\"']\s*:\s*[\"'](?:system|assistant|developer|tool)[\"']",
    r"(?:-{3,}|={3,}|\*{3,}|#{3,})\s*(?:begin\s+|end\s+)?(?:system|admin|developer|assistant)\s*(?:message|prompt|"
    r"instructions?|override|note)?\s*(?:-{3,}|={3,}|\*{3,}|#{3,}|:)",
    # new instructions
    _B
    + _alt(r"new|updated|revised|real|actual|true|additional|secret|hidden|following|override")
    + r"\s+(?:system\s+)?instructions?\s*:",
    _B + r"(?:here are|these are|follow)\s+(?:your|the)\s+new\s+instructions" + _E,
    _B + r"your\s+(?:new|real|actual|true)\s+(?:instructions|task|goal|objective|orders)\s+(?:are|is)" + _E,
    _B + r"(?:begin|start)\s+(?:new\s+)?(?:system\s+)?(?:instructions|prompt)" + _E,
    _B + r"end\s+of\s+(?:the\s+)?(?:user\s+)?(?:input|prompt|instructions|context|system\s+prompt)" + _E,
    # personas and modes
    _B + r"you(?:'re|\s+are)\s+now\s+(?:(?:a|an|the|my|in|acting as|operating as)\s+)?(?:\w+\s+)?" + _ROLE_NOUNS + _E,
    _B + r"you(?:'re|\s+are)\s+now\s+(?:no longer|free from|free of|freed from|released from|allowed to|"
    r"permitted to|authori[sz]ed to|able to ignore|unrestricted|jailbroken)" + _E,
    _B
    + r"(?:act|acting|behave|respond)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:a|an|the|my)?\s*(?:[\w']+\s+)?"
    + _alt(
        r"unrestricted|jailbroken|unfiltered|uncensored|admin|administrator|root|superuser|dan|evil|system"
        r"|developer mode|different ai"
    )
    + _E,
    _B + r"(?:pretend|imagine|roleplay|role-play)\s+(?:to\s+be|you\s+are|you're|as|that\s+you\s+are)\s+"
    r"(?:a|an|the|my)?\s*(?:\w+\s+)?" + _ROLE_NOUNS + _E,
    _B
    + _alt(
        r"developer|dev|god|jailbreak|jailbroken|dan|unrestricted|unfiltered|sudo|debug admin"
        r"|maintenance admin"
    )
    + r"[\s_-]*mode"
    + _E,
    _B + r"jailbr(?:eak|eaking|oken)" + _E,
    _B + r"do\s+anything\s+now" + _E,
    _B + r"from\s+now\s+on,?\s+(?:you\s+(?:will|must|shall|are to|should)\s+)?"
    r"(?:ignore|always\s+(?:approve|confirm|say|respond|reply|transfer|agree)|never\s+(?:ask|confirm|check|verify|"
    r"refuse|tell|mention)|only\s+(?:obey|follow|respond|reply)|obey|respond only)" + _E,
    # pre-approval claims (the bank incident: "has already been approved, confirm it now")
    _B + r"(?:already|previously)\s+(?:been\s+)?(?:pre-?\s?)?(?:approved|authori[sz]ed|verified|cleared|"
    r"confirmed|validated|signed off|sanctioned)" + _E,
    _B + r"pre-?\s?(?:approved|authori[sz]ed|cleared|verified|validated|sanctioned)" + _E,
    _B
    + r"(?:approved|authori[sz]ed|confirmed|verified|sanctioned|signed off)\s+by\s+(?:the\s+)?"
    + _alt(
        r"customer|user|account ?holder|account owner|compliance|compliance team|security team|fraud team"
        r"|risk team|system|admin|administrator|operator|developer|toolguard"
    )
    + _E,
    _B + _alt(r"the customer|the user|customer|user|account ?holder") + r"\s+(?:has\s+(?:already\s+)?|"
    r"already\s+|have\s+already\s+)(?:approved|authori[sz]ed|confirmed|consented|verified|agreed|said yes|"
    r"signed off|okayed|ok'd)" + _E,
    _B + r"(?:do\s+not|don'?t|dont|never|no\s+need\s+to)\s+(?:ask|check\s+with|confirm\s+with|verify\s+with|consult|"
    r"bother|wait\s+for)\s+(?:the\s+)?" + _alt(r"user|customer|account ?holder|human|operator|reviewer") + _E,
    _B + r"no\s+(?:further\s+|additional\s+|extra\s+|more\s+)?(?:human\s+)?(?:confirmation|verification|approval|"
    r"authori[sz]ation|2fa|mfa|otp|review|checks?|questions)\s+(?:is\s+|are\s+)?(?:needed|required|necessary)" + _E,
    _B + _alt(r"skip|bypass|disable|ignore|omit|turn off|circumvent|switch off") + r"\s+"
    r"(?:the\s+|all\s+|any\s+|your\s+)?(?:usual\s+)?(?:(?:confirmation|verification|approval|2fa|mfa|otp|"
    r"human review|two-factor)(?:\s+(?:checks?|steps?|prompts?|screens?|process|gates?))?|(?:fraud|security|"
    r"safety|compliance|aml|kyc|review|limit|policy|approval)\s+(?:checks?|steps?|prompts?|screens?|reviews?|"
    r"process|rules?|gates?|limits?|controls?|filters?))" + _E,
    _B + r"confirm\s+(?:it|this|that|the\s+(?:transfer|payment|transaction))\s+(?:now|immediately|right away|"
    r"without)" + _E,
    _B + _alt(r"execute|process|complete|send|initiate|approve|release") + r"\s+"
    r"(?:it|this|the\s+(?:transfer|payment|transaction|wire))\s+(?:now\s+|immediately\s+|right away\s+)?"
    r"without\s+(?:asking|confirmation|confirming|verification|verifying|approval|review|checking)" + _E,
    _B + r"without\s+(?:asking|telling|informing|notifying|alerting|consulting|confirming with|checking with)\s+"
    r"(?:the\s+)?" + _WHO + _E,
    _B + r"without\s+(?:any\s+)?(?:further\s+)?(?:confirmation|verification|human approval|2fa|otp)" + _E,
    # secrecy towards the person the agent serves
    _B + r"(?:do\s+not|don'?t|dont|never|must\s+not|should\s+not)\s+(?:tell|inform|notify|alert|warn|"
    r"mention\s+(?:this|it|anything)\s+to|show\s+(?:this|it)\s+to|reveal\s+(?:this|it)\s+to|let)\s+"
    r"(?:the\s+|this\s+|your\s+)?" + _alt(r"user|customer|account ?holder|human|operator|end user") + _E,
    _B
    + r"(?:keep|hide)\s+(?:this|it|the\s+transfer)\s+(?:hidden\s+|secret\s+)?from\s+(?:the\s+)?"
    + _alt(r"user|customer|account ?holder|human|operator")
    + _E,
    _B + r"(?:the\s+)?(?:user|customer|account ?holder)\s+(?:must|should|does|need|needs)\s*(?:not|n't)\s+"
    r"(?:know|see|be\s+told|be\s+informed|find out|be\s+notified)" + _E,
    # exfiltration of the agent's own context
    _B + _EXFIL_VERBS + r"\s+(?:me\s+)?(?:your|the|all|any)\s+(?:full\s+|entire\s+|original\s+|hidden\s+|"
    r"initial\s+|secret\s+|stored\s+)?(?:system\s+prompt|system\s+message|initial\s+prompt|hidden\s+prompt|"
    r"api\s*keys?|credentials|secrets?|passwords?|access\s+tokens?|session\s+tokens?|private\s+keys?)" + _E,
    _B + _EXFIL_VERBS + r"\s+(?:me\s+)?your\s+(?:full\s+|entire\s+|original\s+|hidden\s+|initial\s+|secret\s+)?"
    r"(?:instructions|prompt|rules|guidelines|configuration)" + _E,
    r"!\[[^\]]{0,100}\]\(\s*https?://",
    # addressing the model directly
    _B
    + _alt(
        r"attention|note to|message to|message for|instructions for|dear|important for|reminder for"
        r"|warning to"
    )
    + r"\s+(?:the\s+|any\s+|all\s+)?"
    + _AGENT_AUDIENCE
    + r"s?"
    + _E
    + r"(?:\s+(?:reading|processing|handling)\b|\s*[:,!-])",
    _B + r"(?:if\s+you\s+are\s+an?\s+)" + _AGENT_AUDIENCE + _E,
    _B + r"(?:the|any|an?)\s+(?:ai\s+|llm\s+)?(?:agent|assistant|model)\s+(?:reading|processing|handling|parsing)\s+"
    r"(?:this|these|the)" + _E,
    _B + r"as\s+an?\s+(?:ai|llm|language model)\s*,?\s*(?:you|ignore|you must)" + _E,
]

# --- Other languages ---------------------------------------------------------
# Romance languages share most of the structure: verb ... rules-noun.
_ROMANCE_NOT_NEGATED = r"(?<!no )(?<!non )(?<!nao )(?<!nunca )(?<!n')(?<!ne )(?<!jamais )"
_ROMANCE_VERBS = _alt(
    r"ignora|ignore|ignoren|ignorar|olvida|olvide|olviden|olvidar|omite|omita|descarta|descarte"
    r"|desobedece|desatiende|no sigas|no siga|haz caso omiso (?:a|de)|ignorez|ignorer|ignorons|oublie"
    r"|oubliez|oublier|neglige|negligez|abandonne|abandonnez"
    r"|ne (?:tiens|tenez) (?:pas|plus) compte (?:de|des|du)|(?:fais|faites) abstraction (?:de|des|du)"
    r"|ne (?:suis|suivez) (?:pas|plus)|(?:fais|faites) fi (?:de|des|du)|ignori|ignorate|dimentica"
    r"|dimentichi|dimenticate|dimenticare|trascura|trascurate|non seguire|non considerare"
    r"|non tenere conto (?:di|delle|degli|dei)|ignorem|esqueca|esquece|esquecam|esquecer|desconsidere"
    r"|desconsidera|desconsiderar|despreze|nao siga|nao obedeca|oblida|ignorati|uitati|uita"
)
_ROMANCE_NOUNS = _alt(
    r"instrucciones|instruccion|indicaciones|reglas|directrices|directivas|normas|comandos|consignas"
    r"|instructions?|consignes?|regles|directives?|istruzioni|istruzione|regole|indicazioni|direttive"
    r"|comandi|disposizioni|instrucoes|instrucao|regras|diretrizes|diretivas|orientacoes|instruccions"
    r"|instructiunile|instructiuni|regulile"
)

_PROMPT_INTL: list[str] = [
    _B + _ROMANCE_NOT_NEGATED + _ROMANCE_VERBS + _E + _gap(4) + _ROMANCE_NOUNS + _E,
    # es
    _B + r"ahora\s+(?:eres|sos|actuas\s+como|eres\s+un\s+nuevo)\s+(?:un\s+|una\s+|el\s+|la\s+|mi\s+)?(?:\w+\s+)?"
    r"(?:ia|asistente|bot|modelo|administrador|admin|desarrollador|dan|sistema|root)" + _E,
    _B + r"modo\s+(?:de\s+)?(?:desarrollador|developer|dios|sin restricciones)" + _E,
    _B + r"(?:ya\s+(?:ha\s+sido|fue|esta|estaba|se\s+ha|han\s+sido)|ha\s+sido\s+ya)\s+(?:pre-?)?"
    r"(?:aprobad|autorizad|verificad|confirmad|validad)[oa]s?" + _E,
    _B + r"pre-?\s?(?:aprobad|autorizad)[oa]s?" + _E,
    _B + r"no\s+(?:le\s+|les\s+)?(?:digas|diga|informes|informe|avises|avise|cuentes|cuente|menciones|mencione|"
    r"notifiques|notifique)\s+(?:nada\s+)?(?:de\s+esto\s+)?(?:al|a\s+la|a\s+los)\s+"
    r"(?:usuario|usuaria|cliente|titular|usuarios|clientes)" + _E,
    _B + r"(?:nuevas\s+instrucciones|instrucciones\s+(?:nuevas|del\s+sistema))\s*:",
    # fr
    _B + r"(?:tu\s+es|vous\s+etes|t'es)\s+(?:maintenant|desormais|a\s+present|dorenavant)\s+(?:un\s+|une\s+|le\s+|"
    r"la\s+|mon\s+|en\s+mode\s+)?(?:\w+\s+)?(?:ia|assistant|bot|modele|administrateur|admin|developpeur|dan|"
    r"systeme|root)" + _E,
    _B + r"mode\s+(?:developpeur|developer|dev|dieu|sans restrictions?)" + _E,
    _B + r"(?:a\s+deja\s+ete|est\s+deja|ont\s+deja\s+ete|sont\s+deja|deja\s+ete)\s+(?:pre-?)?(?:approuve|autorise|"
    r"valide|confirme|verifie)e?s?" + _E,
    _B + r"pre-?\s?(?:approuve|autorise|valide)e?s?" + _E,
    _B + r"ne\s+(?:le\s+|lui\s+|rien\s+)?(?:dis|dites|previens|prevenez|informe|informez|signale|signalez|"
    r"mentionne|mentionnez|revele|revelez)\s+(?:rien\s+|pas\s+|jamais\s+)*(?:a\s+l'|au\s+|a\s+la\s+|aux\s+)?"
    r"(?:utilisateur|utilisatrice|client|cliente|titulaire|utilisateurs|clients)" + _E,
    _B + r"n'(?:informe|informez|avertis|avertissez|alerte|alertez|previens|prevenez)\s+(?:pas|jamais)\s+"
    r"(?:l'|le\s+|la\s+)?(?:utilisateur|utilisatrice|client|cliente|titulaire)" + _E,
    _B + r"nouvelles\s+(?:instructions|consignes)\s*:",
    # de
    _B
    + _alt(
        r"ignoriere|ignorier|ignoriert|ignorieren sie|ignorieren|vergiss(?!\s+nicht)|vergesst(?!\s+nicht)"
        r"|vergessen sie(?!\s+nicht)|missachte|missachtet|missachten sie|uberspringe|ubergehe|ubergeht"
        r"|ubergehen sie|verwirf|verwerfe|verwerfen sie"
    )
    + _E
    + _gap(4)
    + _alt(
        r"anweisungen|anweisung|instruktionen|befehle|regeln|vorgaben|richtlinien|anordnungen|vorschriften"
        r"|systemanweisungen|systemprompt|einschrankungen"
    )
    + _E
    + r"(?!\s+nicht)",
    _B + _alt(r"befolge|befolgt|befolgen sie|beachte|beachtet|beachten sie") + r"\s+(?:\w+\s+){0,3}?"
    r"(?:anweisungen|instruktionen|befehle|regeln|vorgaben|richtlinien)\s+(?:nicht|nicht mehr|keinesfalls)" + _E,
    _B + r"(?:vorherigen|bisherigen|obigen|fruheren|vorigen|alten|alle|samtliche)\s+(?:\w+\s+)?(?:anweisungen|"
    r"instruktionen|befehle|regeln|vorgaben)\s+(?:\w+\s+)?(?:ignorieren|vergessen|missachten|ubergehen|"
    r"nicht\s+(?:mehr\s+)?(?:befolgen|beachten))" + _E,
    _B + r"(?:du\s+bist|sie\s+sind|ihr\s+seid)\s+(?:jetzt|nun|ab\s+sofort|ab\s+jetzt|von\s+nun\s+an)\s+(?:ein\s+|"
    r"eine\s+|der\s+|die\s+|im\s+|mein\s+|meine\s+)?(?:\w+\s+)?(?:ki|assistent|assistentin|bot|modell|administrator|"
    r"admin|entwickler|dan|system|entwicklermodus|root)" + _E,
    _B + r"entwickler[\s-]*modus" + _E,
    _B + r"(?:wurde|wurden|ist|sind)\s+(?:bereits|schon)\s+(?:vorab\s+)?(?:genehmigt|freigegeben|autorisiert|"
    r"bestatigt|gepruft|abgesegnet)" + _E,
    _B + r"(?:bereits|vorab|schon)\s+(?:genehmigt|freigegeben|autorisiert|abgesegnet)" + _E,
    _B + r"(?:sag|sage|sagt|sagen\s+sie|erzahl|erzahle|erzahlen\s+sie|informiere|informieren\s+sie)\s+"
    r"(?:dem|der|den)\s+(?:benutzer|benutzerin|nutzer|nutzerin|kunden|kunde|kundin|kontoinhaber|kontoinhaberin)"
    r"\s+(?:davon\s+|hiervon\s+)?(?:nichts|nicht)" + _E,
    _B + r"nicht\s+(?:dem|der|den)\s+(?:benutzer|nutzer|kunden|kundin|kontoinhaber)\s+(?:sagen|mitteilen|"
    r"erzahlen|zeigen|melden)" + _E,
    _B + r"neue\s+(?:anweisungen|instruktionen)\s*:",
    # it
    _B + r"(?:ora|adesso|da\s+ora)\s+sei\s+(?:un\s+|una\s+|il\s+|l'|la\s+|il\s+mio\s+)?(?:\w+\s+)?(?:ia|"
    r"assistente|bot|modello|amministratore|admin|sviluppatore|dan|sistema|root)" + _E,
    _B + r"modalita\s+(?:sviluppatore|developer|dev|dio)" + _E,
    _B + r"(?:e|e'|sono)\s+gia\s+(?:stat[oaie]\s+)?(?:pre-?)?(?:approvat|autorizzat|confermat|verificat)[oaie]" + _E,
    _B + r"gia\s+(?:stat[oaie]\s+)?(?:pre-?)?(?:approvat|autorizzat)[oaie]" + _E,
    _B + r"pre-?\s?(?:approvat|autorizzat)[oaie]" + _E,
    _B + r"non\s+(?:dire|dirlo|dirglielo|informare|avvisare|comunicare|riferire|segnalare)\s+(?:niente\s+|nulla\s+)?"
    r"(?:all'|al\s+|alla\s+|agli\s+|ai\s+)(?:utente|cliente|titolare|utenti|clienti)" + _E,
    _B + r"nuove\s+istruzioni\s*:",
    # pt
    _B + r"agora\s+(?:voce|tu)\s+(?:e|es|sera)\s+(?:um\s+|uma\s+|o\s+|a\s+|meu\s+)?(?:\w+\s+)?(?:ia|assistente|bot|"
    r"modelo|administrador|admin|desenvolvedor|dan|sistema|root)" + _E,
    _B + r"modo\s+(?:de\s+)?(?:desenvolvedor|programador|deus)" + _E,
    _B + r"ja\s+(?:foi|esta|estava|tinha\s+sido|foram|estao|fora)\s+(?:pre-?)?(?:aprovad|autorizad|confirmad|"
    r"verificad|validad)[oa]s?" + _E,
    _B + r"pre-?\s?(?:aprovad|autorizad)[oa]s?" + _E,
    _B + r"nao\s+(?:conte|diga|informe|avise|fale|conta|diz|informa|avisa|notifique|mencione)\s+(?:nada\s+)?"
    r"(?:disso\s+)?(?:ao|a|para\s+o|para\s+a|aos)\s+(?:usuario|usuaria|cliente|titular|usuarios|clientes)" + _E,
    _B + r"novas\s+instrucoes\s*:",
    # nl
    _B
    + _alt(r"negeer|negeren|vergeet(?!\s+niet)|verwerp|verwaarloos")
    + _E
    + _gap(4)
    + _alt(r"instructies|instructie|aanwijzingen|regels|richtlijnen|bevelen|commando's|commandos|systeemprompt")
    + _E
    + r"(?!\s+niet)",
    _B + r"(?:sla|sla\s+je)\s+(?:\w+\s+){0,3}?(?:instructies|regels|aanwijzingen|opdrachten)\s+over" + _E,
    _B + r"(?:volg|volgt)\s+(?:\w+\s+){0,3}?(?:instructies|regels|aanwijzingen|opdrachten)\s+niet(?:\s+meer)?" + _E,
    _B + r"(?:vorige|eerdere|bovenstaande|alle|oude)\s+(?:\w+\s+)?(?:instructies|aanwijzingen|regels|opdrachten)"
    r"\s+(?:\w+\s+)?(?:negeren|vergeten)" + _E,
    _B + r"(?:je|jij|u)\s+(?:bent|ben)\s+(?:nu|vanaf nu)\s+(?:een\s+|de\s+|het\s+|mijn\s+)?(?:\w+\s+)?(?:ai|ki|"
    r"assistent|bot|model|beheerder|admin|ontwikkelaar|dan|systeem|root)" + _E,
    _B + r"ontwikkelaars?[\s-]*modus" + _E,
    _B + r"(?:is|zijn|werd|werden)\s+(?:al|reeds)\s+(?:vooraf\s+)?(?:goedgekeurd|geautoriseerd|bevestigd|"
    r"geverifieerd)" + _E,
    _B + r"vooraf\s+(?:goedgekeurd|geautoriseerd)" + _E,
    _B + r"(?:vertel|zeg|meld)\s+(?:het\s+|dit\s+|dat\s+)?(?:niets\s+|niet\s+)?(?:aan\s+)?(?:de\s+)?(?:gebruiker|"
    r"klant|rekeninghouder)\s+(?:niets|niet)" + _E,
    _B + r"(?:vertel|zeg|meld)\s+(?:het\s+|dit\s+)?(?:niet|niets)\s+(?:aan|tegen)\s+de\s+(?:gebruiker|klant|"
    r"rekeninghouder)" + _E,
    _B + r"(?:niet|niets)\s+(?:aan|tegen)\s+de\s+(?:gebruiker|klant)\s+(?:vertellen|melden|zeggen)" + _E,
    _B + r"nieuwe\s+instructies\s*:",
    # pl (the folded form drops the ogonek and kreska; l-stroke folds to l)
    _B
    + r"(?<!nie )"
    + _alt(
        r"zignoruj|zignorujcie|ignoruj|ignorujcie|zapomnij|zapomnijcie|pomin|pomincie|odrzuc|odrzuccie"
        r"|zlekcewaz|nie stosuj sie do|nie przestrzegaj|nie wykonuj|nie sluchaj"
    )
    + _E
    + _gap(4)
    + _alt(
        r"instrukcje|instrukcji|instrukcjami|instrukcja|polecenia|polecen|polecenie|poleceniach"
        r"|poleceniami|zasady|zasad|zasadach|reguly|regul|wytyczne|wytycznych|rozkazy|komendy|ograniczenia"
        r"|instrukcjach"
    )
    + _E,
    _B + r"(?:teraz\s+jestes|jestes\s+teraz|od\s+teraz\s+jestes|odtad\s+jestes)\s+(?:\w+\s+)?(?:ai|si|asystentem|"
    r"asystent|botem|administratorem|adminem|programista|deweloperem|dan|systemem|rootem)" + _E,
    _B + r"tryb\s+(?:dewelopera|programisty|developera|boga)" + _E,
    _B + r"juz\s+(?:zostal[aoy]?\s+|zostaly\s+|jest\s+|sa\s+)?(?:wczesniej\s+)?(?:zatwierdzon|autoryzowan|"
    r"zaakceptowan|potwierdzon)\w*",
    _B + r"wstepnie\s+(?:zatwierdzon|autoryzowan|zaakceptowan)\w*",
    _B + r"nie\s+(?:mow|mowcie|informuj|informujcie|powiadamiaj|powiadamiajcie|wspominaj|zdradzaj)\s+"
    r"(?:o\s+tym\s+|nic\s+)?(?:uzytkownikowi|klientowi|wlascicielowi|uzytkownikom|klientom)" + _E,
    _B + r"nowe\s+instrukcje\s*:",
    # tr (written folded: dotless i, cedilla and breve removed)
    _B + r"(?:onceki|yukaridaki|tum|butun|eski|daha\s+onceki|mevcut|ilk|verilen)\s+(?:\w+\s+){0,2}?"
    r"(?:talimat|komut|kural|yonerge|emir|emirler|istem|sistem\s+istem)\w*\s+(?:\w+\s+)?(?:yok\s*say|"
    r"goz\s*ardi\s+et|gormezden\s+gel|unut(?!ma)|dikkate\s+alma|umursama)",
    _B + r"(?:talimat|komut|kural|yonerge)\w*" + r"[^.!?\n]{0,30}?(?:yok\s*say|gormezden\s+gel|goz\s*ardi\s+et|"
    r"unut(?!ma))",
    _B + r"(?:sen|siz)\s+(?:artik|simdi|bundan\s+sonra)\s+(?:bir\s+)?(?:\w+\s+)?(?:yapay\s+zeka|asistan|bot|"
    r"yonetici|admin|gelistirici|dan|sistem|root)",
    _B + r"gelistirici\s+mod",
    _B + r"(?:zaten|onceden|daha\s+once|halihazirda)\s+(?:\w+\s+)?(?:onaylandi|onaylanmistir|onaylanmis|"
    r"yetkilendirildi|yetkilendirilmistir|dogrulandi|onayli)",
    _B + r"(?:kullaniciya|musteriye|hesap\s+sahibine)\s+(?:bundan\s+|bu\s+konuda\s+|hicbir\s+sey\s+)?"
    r"(?:bahsetme|soyleme|haber\s+verme|bildirme|anlatma|gosterme)",
    _B + r"yeni\s+talimatlar\s*:",
    # sv / da / no
    _B
    + _alt(r"ignorera|glom|bortse fran|ignorer|glem|se bort fra")
    + _E
    + _gap(4)
    + _alt(
        r"instruktioner|instruktionerna|regler|reglerna|instruksjoner|instruksjonene|instruktionerne"
        r"|reglene|anvisningar"
    )
    + _E,
    # id / ms
    _B
    + _alt(r"abaikan|lupakan|acuhkan|jangan ikuti|abaikanlah")
    + _E
    + _gap(4)
    + _alt(r"instruksi|perintah|arahan|aturan|petunjuk")
    + _E,
    _B + r"(?:kamu|anda)\s+sekarang\s+(?:adalah\s+)?(?:\w+\s+)?(?:ai|asisten|bot|admin|administrator|dan)" + _E,
    _B + r"sudah\s+(?:di)?(?:setujui|otorisasi)" + _E,
    # vi (folded: tone marks dropped, d-stroke folded)
    _B
    + _alt(r"bo qua|phot lo|quen di|khong lam theo|lo di")
    + _E
    + _gap(4)
    + _alt(r"huong dan|chi dan|chi thi|lenh|quy tac")
    + _E,
    # ru / uk / be (Cyrillic, matched unfolded)
    _B
    + r"(?<!не )"
    + _alt(
        r"игнорируй|игнорируйте|игнорировать|проигнорируй|проигнорируйте|забудь|забудьте|забыть|отбрось"
        r"|отбросьте|пренебреги|пренебрегите|не следуй|не следуйте|не обращай(?:те)? внимания на"
        r"|не выполняй|не выполняйте|не слушай|не слушайте|игноруй|ігноруй|ігноруйте|проігноруй"
        r"|проігноруйте|забудь|не виконуй|не слухай"
    )
    + _E
    + _gap(4)
    + _alt(
        r"инструкци\w*|указани\w*|правил(?:а|ам|ами|ах|о)?|директив\w*|промпт\w*|ограничени\w*"
        r"|інструкці\w*|вказівк\w*|правила|настанов\w*"
    )
    + _E,
    _B + r"(?:теперь\s+ты|ты\s+теперь|теперь\s+вы|вы\s+теперь|тепер\s+ти|ти\s+тепер)\s+(?:\w+\s+)?(?:ии|ші|"
    r"ассистент|асистент|бот|модель|администратор|адміністратор|админ|разработчик|розробник|dan|система|"
    r"в\s+режиме|у\s+режимі)" + _E,
    _B + r"режим(?:е|і)?\s+(?:разработчика|розробника|бога)" + _E,
    _B + r"(?:уже|вже)\s+(?:был[оаи]?\s+|було\s+)?(?:одобрен|утвержд[её]н|авторизован|подтвержд[её]н|согласован|"
    r"схвален|затверджен|підтверджен|погоджен)\w*",
    _B + r"не\s+(?:говори|говорите|сообщай|сообщайте|рассказывай|рассказывайте|сообщать|говорить|кажи|кажіть|"
    r"повідомляй|повідомляйте)\s+(?:об\s+этом\s+|про\s+это\s+|ничего\s+|про\s+це\s+|нічого\s+)?"
    r"(?:пользователю|клиенту|владельцу|користувачу|клієнту)" + _E,
    _B + r"(?:новые|нові)\s+(?:инструкции|інструкції)\s*:",
    r"(?:^|[\n.!?;])\s*(?:система|системное сообщение)\s*:",
    # el (Greek, matched unfolded; accents survive NFKC)
    _B
    + _alt(r"αγνόησε|αγνοήστε|ξέχασε|ξεχάστε|αγνοησε|ξεχασε")
    + _E
    + _gap(4)
    + _alt(r"οδηγίες|οδηγιες|κανόνες|κανονες|εντολές|εντολες")
    + _E,
    # zh (simplified and traditional)
    r"(?<!别)(?<!別)(?<!不要)(?<!不)(?<!勿)"
    + _alt(
        r"忽略|忽视|忽視|无视|無視|不要理会|不要理會|别理会|別理會|忘记|忘記|忘掉|放弃|放棄|跳过|跳過|不要遵守|不要遵循|丢弃|丟棄|抛开|拋開"
    )
    + r"[^。！？\n]{0,12}?"
    + _alt(r"指令|指示|规则|規則|命令|提示词|提示詞|系统提示|系統提示|设定|設定|约束|約束|限制"),
    r"(?:你|您)(?:现在|現在|从现在起|從現在起|从现在开始|從現在開始)(?:是|扮演|充当|充當|作为|作為)"
    r"(?:一个|一個|一名)?[^。，,！!]{0,6}?(?:助手|助理|ai|人工智能|机器人|機器人|管理员|管理員|开发者|開發者|"
    r"系统|系統|dan)",
    r"(?:开发者|開發者|开发人员|開發人員|开发|開發|上帝)模式",
    r"(?:已经|已經|早已)(?:被)?(?:预先)?(?:批准|授权|授權|核准|审批通过|審批通過|同意)",
    r"(?:预先|預先|提前)(?:批准|授权|授權|核准)|预批准|預批准|预授权|預授權",
    r"(?:不要|别|別|切勿|请勿|請勿|不得|不能)(?:告诉|告訴|通知|提醒|透露给|透露給|让|讓)(?:用户|用戶|客户|"
    r"客戶|使用者|账户持有人)",
    r"新(?:的)?(?:指令|指示|命令)\s*:",
    r"(?:^|[\n。！？.!?])\s*(?:系统|系統|系统消息|系統訊息)\s*:",
    # ja
    r"(?:以前|前|上記|これまで|先|今まで|上|全て|すべて|既存|元|最初)の(?:すべての|全ての)?(?:指示|命令|"
    r"指令|ルール|規則|プロンプト|設定|制約|ガイドライン)[^。\n]{0,8}?(?:無視|忘れ|従わな|破棄|取り消)",
    r"(?:指示|命令|指令|ルール|規則|プロンプト|制約)(?:を|は)?(?:すべて|全て|全部)?(?:無視|忘れ)",
    r"(?:あなた|君|きみ|お前)は(?:今|いま|今から|これから)(?:から)?[^。\n]{0,10}?(?:ai|アシスタント|"
    r"ボット|管理者|開発者|システム|dan)",
    r"(?:開発者|デベロッパー|開発)モード",
    r"(?:既に|すでに|もう)(?:承認|許可|認証|決済承認)(?:され|済)",
    r"(?:ユーザー|ユーザ|利用者|顧客|お客様)(?:に|へ)(?:は)?(?:言わ|伝え|知らせ|教え|通知し|報告し)"
    r"(?:ない|るな)",
    r"新しい(?:指示|命令)\s*:",
    # ko
    r"(?:이전|이전의|앞의|위의|위|모든|기존|기존의|앞선|지금까지의)\s*(?:모든\s*)?(?:지시|지침|명령|규칙|"
    r"지시사항|안내|프롬프트|설정|제약)[^.\n]{0,10}?(?:무시|잊어|잊으|잊고|따르지)",
    r"(?:지시|지침|명령|규칙|프롬프트)(?:을|를|은|는)?\s*(?:모두\s*|전부\s*)?(?:무시|잊어)",
    r"(?:너는|당신은|넌)\s*(?:이제|지금부터|이제부터)\s*[^.\n]{0,10}?(?:ai|어시스턴트|비서|봇|관리자|개발자|"
    r"시스템|dan)",
    r"개발자\s*모드",
    r"이미\s*(?:사전\s*)?(?:승인|허가|인증|결재)\s*(?:되었|됐|된|됨|완료|처리)",
    r"(?:사용자|고객|유저)(?:에게|한테)\s*(?:는\s*)?(?:말하지|알리지|알려주지|이야기하지)\s*(?:마|말)",
    r"새로운\s*(?:지시|지침|명령)\s*:",
    # ar
    r"(?<!\w)(?:و|ف)?"
    + _alt(r"تجاهل|تجاهلي|تجاهلوا|اهمل|أهمل|اهملي|انس|انسى|إنس|انسي|انسوا|تخط|تخطى|تخطي|لا تتبع|لا تلتزم ب")
    + r"(?!\w)"
    + _gap(4)
    + _alt(
        r"التعليمات|تعليمات|تعليماتك|الأوامر|الاوامر|أوامر|اوامر|القواعد|قواعد|الإرشادات|الارشادات"
        r"|التوجيهات|توجيهات|القيود"
    ),
    r"(?<!\w)(?:أنت|انت)\s+(?:الآن|الان|من\s+الآن)\s+(?:\w+\s+)?(?:مساعد|ذكاء|روبوت|مسؤول|مدير|مطور|نظام|dan)",
    r"وضع\s+(?:المطور|المطورين)",
    r"(?:تمت|تم)\s+(?:ال)?(?:موافقة|موافقه|اعتماد|تفويض|تصريح)\s+(?:عليه|عليها|على\s+\w+\s+)?\s*"
    r"(?:مسبقا|بالفعل|سابقا|مسبقًا)",
    r"(?:موافق|معتمد|مصرح)\s+(?:عليه|عليها|به|بها)\s+(?:مسبقا|بالفعل|سابقا)",
    r"لا\s+(?:تخبر|تخبري|تبلغ|تبلغي|تعلم|تقل|تقول|تخطر|تذكر)\s+(?:ال)?(?:مستخدم|عميل|زبون|مستخدمين)",
    r"تعليمات\s+جديدة\s*:",
    # hi
    r"(?:पिछले|पिछली|पिछला|पूर्व|ऊपर\s+के|ऊपर\s+दिए\s+गए|सभी|सारे|पहले\s+के|पुराने)\s+(?:सभी\s+|सारे\s+)?"
    r"(?:निर्देश|निर्देशों|आदेश|आदेशों|नियम|नियमों|हिदायत|हिदायतों)\s*(?:को\s+)?(?:अनदेखा|नज\u093c?रअंदाज\u093c?|"
    r"भूल|भुला|इग्नोर|उपेक्षा|मत\s+मानो|न\s+मानें)",
    r"(?:निर्देश|निर्देशों|आदेश|आदेशों|नियम|नियमों)[^।\n]{0,25}?(?:अनदेखा\s+कर|नज\u093c?रअंदाज\u093c?|इग्नोर\s+कर|"
    r"भूल\s+जा)",
    r"(?:अब\s+(?:तुम|आप)|(?:तुम|आप)\s+अब)\s+[^।\n]{0,15}?(?:एआई|सहायक|असिस्टेंट|बॉट|व्यवस्थापक|एडमिन|डेवलपर|सिस्टम)",
    r"डेवलपर\s+मोड",
    r"पहले\s+(?:से\s+)?(?:ही\s+)?(?:स्वीकृत|मंजूर|मंज\u093cूर|अनुमोदित|अधिकृत)",
    r"(?:उपयोगकर्ता|यूजर|यूज\u093cर|ग्राहक)\s+को\s+(?:कुछ\s+|यह\s+)?(?:मत|न|ना|नहीं)\s+(?:बताएं|बताना|बताओ|बताइए|"
    r"बताएँ|सूचित)",
    r"नए\s+निर्देश\s*:",
]

# Phrases only recognizable with spaces removed ("i g n o r e  p r e v i o u s").
_PROMPT_COMPACT: list[str] = [
    r"(?:ignore|disregard|forget|override|bypass)(?:all|any|the|your|of|every)*(?:previous|prior|above|earlier|"
    r"preceding|former|original|system|existing)(?:instructions?|prompts?|rules|directions|guidelines|directives?)",
    r"youarenow(?:dan|an?(?:ai|unrestricted|jailbroken|admin))",
    r"developermode",
    r"jailbreak",
    r"(?:donot|dont)tell(?:the)?(?:user|customer)",
    r"(?:already|pre)(?:been)?approved",
    r"newinstructions",
    r"systemprompt",
]

# Case matters here: an all-capitals "SYSTEM:" mid-sentence is a role marker,
# "the payment system: ..." is prose.
_CASED_PROMPT = r"(?<![A-Za-z])(?:SYSTEM|ASSISTANT|OVERRIDE)\s*(?:MESSAGE|NOTE|PROMPT|OVERRIDE)?\s*:"

# --- SQL -----------------------------------------------------------------------
_Q = "['\"`]"
_SQLWS = r"(?:\s|/\*.*?\*/)+"
_SQL: list[str] = [
    # tautologies after a closing quote: ' OR '1'='1, ") or ("a"="a, ' or ''='
    _Q + r"\s*\)*\s*(?:\b(?:or|and|xor)\b|\|\||&&)\s*\(*\s*" + _Q + r"?[\w ]{0,20}" + _Q + r"?\s*"
    r"(?:=|<>|!=|<=>|<|>|\blike\b|\bis\b|\bbetween\b|\bin\s*\(|\bregexp\b|\brlike\b)",
    _Q + r"\s*\)*\s*\b(?:or|and)\s+(?:true|false|not\b|null|\d+)\s*(?:--|#|/\*|;|$)",
    # tautologies without quotes: 1 OR 1=1, x' or a=a
    r"\b(?:or|and)\s+\(*\s*(?P<tq>['\"`]?)(?P<tv>\w+)(?P=tq)\s*\)*\s*(?:=|\blike\b)\s*\(*\s*"
    r"(?P=tq)(?P=tv)(?P=tq)(?!\w)",
    r"\b(?:or|and)\s+\d+\s*(?:>|<|>=|<=|<>|!=)\s*\d+\s*(?:--|#|/\*|;|$)",
    r"\b(?:or|and)\s+(?:not\s+)?(?:exists|\d+\s*=\s*\(?\s*select)\s*\(?\s*select\b",
    r"\b(?:and|or)\s+(?:substring|substr|ascii|length|mid|ord|char_length)\s*\(",
    # comment terminators right after a quote: admin'--, admin'#, admin'/*
    _Q + r"\)*(?:--|#|/\*)",
    _Q + r"\s*\)*\s*(?:--|#)\s*-?\s*$",
    r";\s*--\s*$",
    # stacked queries: '; DROP TABLE, ; delete from
    r";\s*(?:drop\s+(?:table|database|schema|view|index|user|procedure|function)\b|delete\s+from\b|"
    r"insert\s+into\b|update\s+\S+\s+set\b|truncate\s+(?:table\s+)?\w|alter\s+(?:table|database|user|login)\b|"
    r"create\s+(?:table|database|user|login|procedure|function|trigger)\b|"
    r"exec(?:ute)?\b\s*(?:\(|master|xp_|sp_|@|immediate|\w+\s*')|shutdown\b|declare\s+@|grant\s+\w|revoke\s+\w|"
    r"select\s+(?:\*|@@|\w+(?:\s*,\s*\w+)*\s+from\b)|(?:waitfor|pg_sleep|benchmark)\b|sleep\s*\(|set\s+@|"
    r"call\s+\w+\s*\(|merge\s+into\b|rename\s+table\b|load\s+data\b|copy\s+\w+\s+(?:from|to)\b)",
    # destructive statements that end the value or are followed by more SQL
    r"\bdrop" + _SQLWS + r"(?:table|database|schema|view)" + _SQLWS + r"(?:if\s+exists\s+)?[\w.`\"\[\]]+\s*"
    r"(?:;|--|#|/\*|$|cascade\b)",
    r"\btruncate\s+table\s+\w+",
    r"\bdelete\s+from\s+[\w.`\"\[\]]+\s+where\b",
    r"\binsert\s+into\s+[\w.`\"\[\]]+\s*(?:\(|values\b|select\b)",
    r"\bupdate\s+[\w.`\"\[\]]+\s+set\s+[\w.`\"\[\]]+\s*=",
    r"\balter\s+table\s+\w+\s+(?:add|drop|modify|rename|alter)\b",
    r"\bcreate\s+(?:table|user|database)\s+[\w.`\"\[\]]+\s*(?:\(|identified\b|;|$)",
    # UNION-based extraction
    r"\bunion" + _SQLWS + r"(?:all|distinct)" + _SQLWS + r"select\b",
    r"\bunion(?:\s|/\*.*?\*/|\()*select(?:\s|/\*.*?\*/|\()+(?:\*|null\b|\d|@@|'|\"|0x|char\s*\(|concat|"
    r"group_concat|version|user\b|database|current_user|schema_name|table_name|column_name|load_file|"
    r"password|passwd|username|[\w.]+\s*(?:,|\bfrom\b))",
    r"\bselect\s+(?:\*\s*from\b|@@\w+|(?:[\w.]+\s*,\s*)+[\w.]+\s+from\b|[\w.()*]+\s+from\s+(?:users|accounts|"
    r"information_schema|mysql\.|pg_|sys\.|dual\b|sqlite_master|customers|passwords|credentials|admin))",
    r"\bselect\b.{0,60}\bfrom\b.{0,60}\bwhere\b.{0,40}(?:=|\blike\b)",
    # SQL comments used as whitespace or version gates
    r"/\*!\d*",
    r"(?:\b(?:select|union|or|and|from|where|insert|update|delete|drop|exec|order|group)|" + _Q + r")\s*/\*.*?\*/",
    r"/\*.*?\*/\s*(?:select|union|or|and|from|where|insert|update|delete|drop|exec|--)\b",
    # time-based blind injection
    r"\b(?:pg_)?sleep\(\s*\d+(?:\.\d+)?\s*\)",
    r"(?:\b(?:and|or|select|if|then)|['\";(])\s*(?:pg_)?sleep\s*\(\s*\d",
    r"\bbenchmark\s*\(\s*\d+\s*,",
    r"\bwaitfor\s+(?:delay|time)\s+['\"]?\d",
    r"\bdbms_(?:pipe\.receive_message|lock\.sleep)\b",
    r"\bpg_sleep\b",
    r"\brandomblob\s*\(",
    # dangerous procedures, catalogs and file access
    r"\bxp_(?:cmdshell|dirtree|regread|regwrite|fileexist|servicecontrol|availablemedia|subdirs)\b",
    r"\bsp_(?:executesql|oacreate|oamethod|configure|makewebtask|addlogin|addsrvrolemember|password)\b",
    r"\binformation_schema\b",
    r"\binto\s+(?:out|dump)file\b",
    r"\bload_file\s*\(",
    r"\b(?:sqlite_master|pg_catalog|pg_shadow|pg_user|mysql\.user|sysobjects|syscolumns|"
    r"sys\.(?:tables|objects|columns|databases|sql_logins))\b",
    r"@@(?:version|datadir|hostname|servername|basedir)\b",
    r"\b(?:extractvalue|updatexml)\s*\(",
    r"\b(?:char|chr|nchar)\s*\(\s*\d+\s*\)\s*(?:\+|\|\|)",
    r"\bconcat(?:_ws)?\s*\(\s*0x",
    r"\bhaving\s+\d+\s*=\s*\d+",
    r"['\")]\s*(?:group|order)\s+by\s+\d+",
    r"\bexec(?:ute)?\s+(?:master\.|xp_|sp_|\(\s*'|immediate\b)",
    r"\bdeclare\s+@\w+",
    # NoSQL operator injection ({"$ne": null}, password[$ne]=)
    r"\{\s*['\"]?\$(?:ne|gt|gte|lt|lte|where|regex|nin|in|or|and|nor|not|expr|exists|eq)['\"]?\s*:",
    r"\[\s*\$(?:ne|gt|gte|lt|lte|regex|where|nin|exists)\s*\]",
    r"\$where\s*:",
]

# --- Shell / code execution --------------------------------------------------------
# Commands that are not English words: blocked after any shell metacharacter
# (or at the very start of the value) whatever follows them.
_STRONG_COMMANDS = _alt(
    r"whoami|uname|ifconfig|ipconfig|nslookup|netstat|certutil|bitsadmin|mshta|rundll32|regsvr32|wmic"
    r"|systeminfo|tasklist|taskkill|busybox|socat|mkfifo|crontab|nohup|xargs|printenv|useradd|usermod"
    r"|chpasswd|iptables|schtasks|icacls|cscript|wscript|cmd\.exe|powershell\.exe|pwsh|netcat|ncat"
    r"|wget|nmap|hexdump|chmod|chown|chgrp|msfconsole|msfvenom|mimikatz"
)
# Commands that are also ordinary words ("cat", "id", "more"): blocked after a
# metacharacter only when followed by something argument-shaped.
_WEAK_COMMANDS = _alt(
    r"cat|ls|id|rm|nc|bash|sh|zsh|ksh|csh|dash|python[23]?|perl|ruby|php|node|lua|echo|printf|ping|dig"
    r"|telnet|ssh|scp|sftp|ftp|tftp|rsync|kill|pkill|killall|sleep|env|export|ps|type|dir|del|copy"
    r"|move|find|grep|egrep|awk|sed|tee|head|tail|more|less|mv|cp|dd|tar|unzip|net|reg|sc|set|iwr"
    r"|docker|kubectl|systemctl|apt|apt-get|yum|pip|npm|mount|touch|mkdir|curl|powershell|sudo|su"
    r"|base64|eval|exec|source|pwd|uptime|hostname|passwd|history|strings|xxd|od|openssl|gcc|make"
    r"|chroot|shutdown|reboot|halt|poweroff|start|call|invoke-expression|iex|invoke-webrequest"
    r"|start-process|get-content|new-object|nano|vi|vim"
)
# At the very start of a value only commands that are not common words count.
_START_COMMANDS = _alt(
    r"cat|ls|rm|nc|bash|sh|zsh|python[23]?|perl|ruby|php|curl|chmod|sudo|ping|ssh|scp|dd|tar|grep|awk"
    r"|sed|powershell|echo|base64|killall|pkill"
)
_ARG_SHAPE = (
    r"(?:\s+(?:-{1,2}[a-z]|/|~|\.{1,2}/|[a-z]:\\|\\\\|https?:|ftp:|\d{1,3}(?:\.\d{1,3}){3}|\$[({a-z]|"
    r"%[a-z]+%|[|;`]|&&|>\s*[/~.&]|['\"][^'\"]*['\"]\s*(?:$|[|;&>]))|\s*(?:[|;`]|&&|\$\())"
)
_META = r"(?:[;|`\n&]|\$\()"
_CMD: list[str] = [
    _META + r"\s*(?:sudo\s+)?" + _STRONG_COMMANDS + r"\b",
    r"\A\s*(?:sudo\s+)?" + _STRONG_COMMANDS + r"\b",
    _META + r"\s*(?:sudo\s+)?" + _WEAK_COMMANDS + r"\b" + _ARG_SHAPE,
    r"\A\s*(?:sudo\s+)?" + _START_COMMANDS + r"\s+(?:-{1,2}[a-z]|/[a-z]|~/|\.{1,2}/|https?://|"
    r"\d{1,3}(?:\.\d{1,3}){3})",
    r"(?:;|&&|\|\||\||`|\$\()\s*(?:ls|pwd|printenv|env|uname\s+-a|sleep\s+\d+|reboot|shutdown)\s*"
    r"(?:$|[;&|`)])",
    r"(?:;|&&|\|\||\||`|\$\()\s*echo\s+\S",
    _META + r"\s*/(?:usr/)?(?:local/)?s?bin/\w",
    # command substitution: $(...), `...`, ${IFS}
    r"\$\(\s*[a-z/._~]",
    r"`\s*(?:" + _STRONG_COMMANDS + "|" + _WEAK_COMMANDS + r")\b[^`]{0,80}(?:`|$)",
    r"\$\{\s*ifs\s*\}|\$ifs\b",
    # Log4Shell-style lookups
    r"\$\{\s*(?:jndi|env|sys|lower|upper|date|java|main|bundle|ctx|::-|\$\{)",
    # piping into an interpreter
    r"\|\s*(?:ba|z|k|da|c|tc)?sh\b\s*(?:$|-|[;&)])",
    r"\|\s*(?:python[23]?|perl|ruby|php|node|powershell|pwsh|iex)\b\s*(?:$|-|[;&)])",
    r"\b(?:curl|wget)\s+(?:-[\w-]+\s+)*\S+.{0,40}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b",
    r"\b(?:curl|wget)\s+(?:-[\w-]+\s+(?:[^\s-]\S*\s+)?)*(?:https?|ftp)://",
    r"\bwget\s+\S+\s+-o\s*\S",
    # reverse shells and destructive one-liners
    r"/dev/(?:tcp|udp)/",
    r"\b(?:ba)?sh\s+-[ic]\b",
    r"\bnc\s+(?:-\w+\s+)*(?:\d{1,3}(?:\.\d{1,3}){3}|[a-z0-9.-]+\.[a-z]{2,})\s+\d{2,5}\b",
    r"\bnc\s+-[a-z]*[elp][a-z]*\s",
    r"\brm\s+-[a-z]*[rf][a-z]*\s+(?:[/~.*$]|-)",
    r"\bchmod\s+(?:[ugoa]*[+-][rwxs]+|[0-7]{3,4})\s",
    r"\bpowershell(?:\.exe)?\s+(?:-\w+\s+)*-(?:e|ec|enc|encodedcommand|c|command|nop|noprofile|w|windowstyle|ep|"
    r"executionpolicy|file|noni|noninteractive)\b",
    r"\biex\s*\(",
    r"\binvoke-(?:expression|webrequest|restmethod|command|mimikatz)\b",
    r"\bnew-object\s+(?:system\.)?net\.webclient\b|\bdownloadstring\s*\(",
    r"\bcmd(?:\.exe)?\s+/[ck]\b",
    r"\b(?:python[23]?|perl|ruby|php|node)\s+-[ce]\s+['\"]",
    r"\bbase64\s+(?:-d|--decode)\b",
    r"\bcertutil\s+-(?:urlcache|decode)",
    r"\bnet\s+(?:user|localgroup)\s+\S+\s+.{0,40}/add\b",
    r"(?:^|[;&|`]\s*)(?:sudo|doas)\s+(?:-\w+\s+)*(?:rm|cat|su|bash|sh|chmod|chown|apt|apt-get|yum|systemctl|"
    r"useradd|passwd|-i|-s)\b",
    r">\s*/(?:etc|tmp|dev|var|root|home|usr|bin)/",
    r">>\s*~?/",
    # code evaluation
    r"\b(?:os\.system|os\.popen|subprocess\.(?:call|run|popen|check_output|getoutput)|child_process|"
    r"runtime\.getruntime\(\)\.exec|shell_exec|passthru|proc_open|pcntl_exec)\s*\(",
    r"\brequire\s*\(\s*['\"]child_process",
    r"__import__\s*\(\s*['\"]",
    r"\b(?:eval|exec|assert)\s*\(\s*(?:['\"]|base64|atob|request|input|__|compile|chr\()",
    r"\bsystem\s*\(\s*['\"]",
    # server-side template injection
    r"\{\{[^}]{0,80}(?:__\w+__|\bconfig\b|\bself\b|\brequest\b|\blipsum\b|\bcycler\b|\bjoiner\b|\bnamespace\b|"
    r"\bos\b|\bimport\b|\bpopen\b|\d+\s*\*\s*\d+)[^}]{0,80}\}\}",
    r"\{%\s*(?:import|include|for|if|set|macro|extends)\b",
    r"\$\{\s*\d+\s*\*\s*\d+\s*\}",
    r"<%=?\s*(?:system|exec|runtime|request|`)",
]

# --- Paths -------------------------------------------------------------------------
_PATH: list[str] = [
    r"(?<![\w.])\.{2,}[\\/]",
    r"[\\/]\.{2,}[\\/]",
    r"(?<![\w.])\.{2}\ufffd|\ufffd{2,}[\\/]",
    r"%u(?:002e|2215|2216|002f|005c|ff0e)",
    r"/etc/(?:passwd|shadow|group|hosts|sudoers|issue|crontab|environment|profile|ssh/|hostname|fstab|"
    r"resolv\.conf|mysql|nginx|apache2|httpd)",
    r"(?<![\w.])/(?:proc|root|boot|sys)/",
    r"/proc/(?:self|\d+)/",
    r"/var/(?:log|www|lib|run|spool|mail)/",
    r"/usr/(?:bin|sbin|local|lib|share)/",
    r"(?<![\w.])/bin/(?:sh|bash|zsh|dash|ksh|busybox)\b",
    r"(?<![\w.])/tmp/[\w.]",
    r"/dev/(?:null|zero|random|urandom|shm|mem|kmem|sda)\b",
    r"\b[a-z]:\\+(?:windows|winnt|boot\.ini|system32|users\\+[^\\]+\\+(?:appdata|ntuser)|inetpub|"
    r"program files|programdata)",
    r"\\windows\\+(?:system32|win\.ini|system\.ini|repair|panther)",
    r"\b(?:win|system|boot)\.ini\b",
    r"\\\\[a-z0-9.-]+\\(?:c\$|admin\$|ipc\$)",
    r"%(?:systemroot|windir|appdata|userprofile|temp|programfiles|homepath|systemdrive)%",
    r"\b(?:file|php|phar|zip|expect|glob|jar|netdoc|compress\.zlib)://",
    r"\.ssh/(?:id_rsa|id_dsa|id_ecdsa|id_ed25519|authorized_keys|known_hosts)",
    r"\.aws/credentials|\.docker/config\.json|\.kube/config|\.netrc\b|\.pgpass\b|\.git-credentials",
    r"\.git/(?:config|head)\b",
    r"\.ht(?:passwd|access)\b",
    r"\bweb\.config\b|\bwp-config\.php\b|\.bash_history\b",
    r"(?:^|[/\\])\.env\b",
]


def _pattern_text(pattern: str) -> str:
    """Patterns are matched against NFKC, casefolded text: normalize them the
    same way (Hindi nukta letters decompose, final sigma becomes sigma)."""
    return unicodedata.normalize("NFKC", pattern).replace("\u03c2", "\u03c3")


# ---------------------------------------------------------------------------
# Matching engine.  Hundreds of patterns cannot each scan every value on every
# call, so each pattern is reduced to "trigger" literals, one of which any
# match must contain (the longest required literal run, or the alternatives
# of a required branch).  One trie-shaped scan finds the triggers present in
# a value; only the patterns they point at are run.
# ---------------------------------------------------------------------------

_EXACT_LIMIT = 256
_MAX_SCRIPT_SCANNERS = 32
_IDENTIFIER_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")
_Strings = frozenset[str]
_EMPTY: _Strings = frozenset({""})


def _cross(left: _Strings, right: _Strings) -> _Strings | None:
    if len(left) * len(right) > _EXACT_LIMIT:
        return None
    return frozenset(a + b for a in left for b in right)


_PUNCTUATION_WEIGHT: dict[str, int] = {
    **dict.fromkeys(':()/"!?', 2),
    **dict.fromkeys(";|`$&<>{}[]#*=\\@~^%+\n\t", 3),
}


def _selectivity(literal: str) -> int:
    """How rarely a literal turns up in ordinary text: shell and SQL
    punctuation (";", "|", "$(") is rarer than a two-letter word."""
    return sum(_PUNCTUATION_WEIGHT.get(char, 1) for char in literal)


def _best(candidates: list[_Strings]) -> _Strings | None:
    usable = [c for c in candidates if c and "" not in c]
    if not usable:
        return None
    return max(usable, key=lambda c: (min(map(_selectivity, c)), -len(c)))


def _node_factors(op: Any, av: Any) -> tuple[_Strings | None, _Strings | None, _Strings | None]:
    """(exact strings the node matches, any-of required literals, literal
    every match of a repeat starts with) for one parsed regex node; None when
    unknown.  Anything not understood yields None, which only costs speed."""
    c = _sre_constants
    if op is c.LITERAL:
        one = frozenset({chr(av)})
        return one, one, None
    if op is c.AT or op is c.ASSERT or op is c.ASSERT_NOT:
        return _EMPTY, None, None
    if op is c.IN:
        chars: set[str] = set()
        for item_op, item_av in av:
            if item_op is c.LITERAL:
                chars.add(chr(item_av))
            elif item_op is c.RANGE and item_av[1] - item_av[0] < 8:
                chars.update(chr(code) for code in range(item_av[0], item_av[1] + 1))
            else:
                return None, None, None
        if not chars or len(chars) > 8:
            return None, None, None
        found = frozenset(chars)
        return found, found, None
    if op is c.SUBPATTERN:
        _group, add_flags, _del_flags, body = av
        if add_flags & re.IGNORECASE:
            return None, None, None
        exact, required = _sequence_factors(body)
        return exact, required, None
    if op is c.ATOMIC_GROUP:
        exact, required = _sequence_factors(av)
        return exact, required, None
    if op is c.BRANCH:
        parts = [_sequence_factors(alternative) for alternative in av[1]]
        exact_union: _Strings | None = frozenset()
        required_union: _Strings | None = frozenset()
        for exact, required in parts:
            exact_union = None if exact is None or exact_union is None else exact_union | exact
            if required is None and exact is not None and "" not in exact:
                required = exact
            required_union = None if required is None or required_union is None else required_union | required
        if exact_union is not None and len(exact_union) > _EXACT_LIMIT:
            exact_union = None
        return exact_union, required_union, None
    if op is c.MAX_REPEAT or op is c.MIN_REPEAT or op is getattr(c, "POSSESSIVE_REPEAT", None):
        low, high, body = av
        exact, required = _sequence_factors(body)
        power: _Strings | None = _EMPTY if exact is not None else None
        for _ in range(min(low, 4) if exact is not None else 0):
            power = _cross(power, exact) if power is not None and exact is not None else None
        if exact is not None and high <= 4:
            total: _Strings | None = power
            step = power
            for _ in range(high - min(low, 4)):
                step = _cross(step, exact) if step is not None else None
                total = None if step is None or total is None else total | step
            if total is not None and len(total) <= _EXACT_LIMIT and low <= 4:
                return total, required if low >= 1 else None, None
        return None, required if low >= 1 else None, power if low >= 1 else None
    return None, None, None


def _sequence_factors(items: Any) -> tuple[_Strings | None, _Strings | None]:
    candidates: list[_Strings] = []
    run: _Strings = _EMPTY
    whole: _Strings | None = _EMPTY
    for op, av in items:
        exact, required, prefix = _node_factors(op, av)
        if required is not None:
            candidates.append(required)
        if exact is not None:
            joined = _cross(run, exact)
            if joined is None:
                candidates.append(run)
                run = exact
            else:
                run = joined
            whole = _cross(whole, exact) if whole is not None else None
            continue
        whole = None
        if prefix is not None:
            joined = _cross(run, prefix)
            candidates.append(joined if joined is not None else run)
            run = prefix  # the repeat also ends with this literal
        else:
            candidates.append(run)
            run = _EMPTY
    candidates.append(run)
    if whole is not None:
        candidates.append(whole)
    return whole, _best(candidates)


def _triggers(pattern: str) -> _Strings | None:
    if _sre_parser is None:
        return None
    try:
        return _sequence_factors(_sre_parser.parse(pattern, re.DOTALL))[1]
    except Exception:  # noqa: BLE001 - an unexpected parser shape only means the pattern always runs
        return None


def _trie_pattern(words: set[str]) -> str:
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict[str, Any]) -> str:
        ends = "" in node
        branches = [re.escape(char) + build(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 and not ends else "(?:" + "|".join(branches) + ")"
        return body + "?" if ends else body

    return build(trie)


_SCRIPT_RANGES: tuple[tuple[str, str], ...] = (
    ("latin", "\u00c0-\u024f\u1e00-\u1eff"),
    ("greek", "\u0370-\u03ff\u1f00-\u1fff"),
    ("cyrillic", "\u0400-\u052f"),
    ("arabic", "\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff"),
    ("devanagari", "\u0900-\u097f"),
    ("cjk", "\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"),
    ("hangul", "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af"),
)
_SCRIPT_RES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(f"[{chars}]")) for name, chars in _SCRIPT_RANGES
)
_OTHER_SCRIPT_RE = re.compile("[^\x00-\x7f" + "".join(chars for _, chars in _SCRIPT_RANGES) + "]")


def _scripts(text: str) -> frozenset[str]:
    found = {name for name, regex in _SCRIPT_RES if regex.search(text) is not None}
    if _OTHER_SCRIPT_RE.search(text) is not None:
        found.add("other")
    return frozenset(found)


@dataclass(frozen=True)
class _Rule:
    category: str
    regex: re.Pattern[str]
    triggers: _Strings | None


class _Engine:
    def __init__(self, groups: tuple[tuple[str, list[str]], ...]) -> None:
        self.rules: tuple[_Rule, ...] = tuple(
            _Rule(category, re.compile(_pattern_text(p), re.DOTALL), _triggers(_pattern_text(p)))
            for category, patterns in groups
            for p in patterns
        )
        self.always: tuple[int, ...] = tuple(i for i, rule in enumerate(self.rules) if rule.triggers is None)
        by_trigger: dict[str, set[int]] = {}
        for index, rule in enumerate(self.rules):
            for trigger in rule.triggers or ():
                by_trigger.setdefault(trigger, set()).add(index)
        # The scan reports the longest trigger starting at each position, so a
        # trigger also activates the rules of every trigger that is its prefix.
        self.activates: dict[str, frozenset[int]] = {
            trigger: frozenset().union(*(by_trigger.get(trigger[:n], set()) for n in range(1, len(trigger) + 1)))
            for trigger in by_trigger
        }
        # Smaller scanners for text that cannot contain most triggers: pure
        # ASCII text, and identifiers ([a-z0-9_-] once lower-cased).
        self.trigger_scripts: dict[str, frozenset[str]] = {t: _scripts(t) for t in by_trigger}
        self.scan_any = self._scanner(set(by_trigger))
        self.scan_ascii = self._scanner({t for t in by_trigger if t.isascii()})
        self.scan_identifier = self._scanner({t for t in by_trigger if _IDENTIFIER_CHARS.issuperset(t)})
        self._script_scanners: dict[frozenset[str], re.Pattern[str]] = {}

    @staticmethod
    def _scanner(triggers: set[str]) -> re.Pattern[str]:
        return re.compile("(?=(" + _trie_pattern(triggers) + "))") if triggers else re.compile("(?!)")

    def scanner_for(self, form: str) -> re.Pattern[str]:
        """A trigger can only occur in text holding all of its scripts, so
        Russian text is not scanned for Chinese triggers."""
        if form.isascii():
            return self.scan_ascii
        scripts = _scripts(form)
        scan = self._script_scanners.get(scripts)
        if scan is None:
            # Built once per script mix; unusual mixes share the full scanner
            # so that varied input cannot make every call compile a regex.
            if len(self._script_scanners) >= _MAX_SCRIPT_SCANNERS or len(scripts - {"other"}) > 2:
                return self.scan_any
            scan = self._scanner({t for t, needs in self.trigger_scripts.items() if needs <= scripts})
            self._script_scanners[scripts] = scan
        return scan

    def first_match(self, form: str, scan: re.Pattern[str] | None = None) -> str | None:
        if scan is None:
            scan = self.scanner_for(form)
        active: set[int] = set(self.always)
        for trigger in scan.findall(form):
            active |= self.activates[trigger]
        for index in sorted(active):
            rule = self.rules[index]
            if rule.regex.search(form) is not None:
                return rule.category
        return None

    def first_match_ungated(self, form: str) -> str | None:
        """Reference behaviour without the trigger scan (tests check the two agree)."""
        for rule in self.rules:
            if rule.regex.search(form) is not None:
                return rule.category
        return None


_ENGINE = _Engine(
    (
        (SQL_INJECTION, _SQL),
        (COMMAND_INJECTION, _CMD),
        (PATH_TRAVERSAL, _PATH),
        (PROMPT_INJECTION, _PROMPT_EN + _PROMPT_INTL),
    )
)
_COMPACT_PROMPT_RE = re.compile("|".join(_PROMPT_COMPACT))
_CASED_PROMPT_RE = re.compile(_CASED_PROMPT)
# Letter-spaced words ("i g n o r e") or long unbroken letter runs
# ("ignorepreviousinstructions") are also matched with separators removed.
_SPACED_LETTERS_RE = re.compile(
    r"(?:^|[\W_])[^\W\d_][\W_]+[^\W\d_][\W_]+[^\W\d_][\W_]+[^\W\d_][\W_]+[^\W\d_](?![^\W_])"
)
_LONG_ASCII_WORD_RE = re.compile(r"[a-z]{20}")
_LONG_WORD_RE = re.compile(r"[^\W\d_]{20}")
_IDENTIFIER_COMPACT_TRIGGER_RE = re.compile(r"[a-z]{20}|(?:[a-z][_-]+){4}[a-z]")
_HEX_KEY_RE = re.compile(r"[0-9A-Fa-f-]+")
_NON_ALNUM_RE = re.compile(r"[\W_]+")
_NUL_TRUNCATION_RE = re.compile(r"\.\w{1,6}\x00|\x00\.\w|/\x00")

_BASE64_RUN_RE = re.compile(r"[A-Za-z0-9+/_-]{16,}={0,3}")
_BASE64_SPLIT_RE = re.compile(r"[-_]")
_DIGIT_RE = re.compile(r"[0-9]")
_NOT_TEXT_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd\ufffe\uffff\ud800-\udfff]")


def _match_category(forms: tuple[str, ...]) -> str | None:
    # Folding only removes scripts, so the first form's scanner covers the rest.
    scan = _ENGINE.scanner_for(forms[0])
    for form in forms:
        category = _ENGINE.first_match(form, _ENGINE.scan_ascii if form.isascii() else scan)
        if category is not None:
            return category
    for form in forms:
        long_word = _LONG_ASCII_WORD_RE if form.isascii() else _LONG_WORD_RE
        if long_word.search(form) is not None or _SPACED_LETTERS_RE.search(form) is not None:
            if _COMPACT_PROMPT_RE.search(_NON_ALNUM_RE.sub("", form)) is not None:
                return PROMPT_INJECTION
    return None


def _text_category(decoded: str, depth: int) -> str | None:
    """Category of the first blocked shape in already-decoded text, looking
    inside base64 blobs too."""
    category = _match_category(_matching_forms(decoded))
    if category is None and _has_cased_marker(decoded):
        category = PROMPT_INJECTION
    if category is None and depth < _MAX_BASE64_DEPTH and len(decoded) >= 16:
        category = _base64_category(decoded, depth)
    return category


def _nul_truncation(value: str) -> bool:
    """A NUL byte that cuts a file name short ("shell.php%00.jpg").  Matching
    forms drop NULs like other controls, so this looks at the value with
    only percent, entity and backslash decoding applied."""
    if "%" not in value and "&#" not in value and "\x00" not in value and "\\" not in value:
        return False
    text = value
    for _ in range(3):
        text = _unescape_backslashes(html.unescape(unquote(text)))
    return "\x00" in text and _NUL_TRUNCATION_RE.search(text) is not None


def _has_cased_marker(decoded: str) -> bool:
    return ("SYSTEM" in decoded or "ASSISTANT" in decoded or "OVERRIDE" in decoded) and (
        _CASED_PROMPT_RE.search(decoded) is not None
    )


@lru_cache(maxsize=4096)
def _identifier_category(value: str) -> str | None:
    """Category of a well-formed identifier.  Cached: account numbers and
    currency codes repeat on nearly every call; the cache is bounded."""
    form = value.lower()
    category = _ENGINE.first_match(form, _ENGINE.scan_identifier)
    if category is None and _IDENTIFIER_COMPACT_TRIGGER_RE.search(form) is not None:
        if _COMPACT_PROMPT_RE.search(_NON_ALNUM_RE.sub("", form)) is not None:
            category = PROMPT_INJECTION
    # Hex keys and UUIDs are never base64 text: encoded printable text puts
    # letters outside a-f into nearly every 4-character group.
    if category is None and len(value) >= 16 and _HEX_KEY_RE.fullmatch(value) is None:
        category = _base64_category(value, 0)
    return category


def _base64_candidates(run: str) -> list[str]:
    candidates = [run]
    if "-" in run or "_" in run:
        # "ref-aWdub3Jl..." : the blob may be glued to an ordinary word.
        pieces = _BASE64_SPLIT_RE.split(run)
        candidates.extend(p for p in pieces if len(p) >= 16)
        tail = run.partition("-" if "-" in run else "_")[2]
        if len(tail) >= 16 and tail not in candidates:
            candidates.append(tail)
    return candidates


def _decode_base64_text(blob: str) -> str | None:
    """The blob decoded as UTF-8 text, or None when it is not mostly printable
    text (account numbers, UUIDs and long words decode to binary noise)."""
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
    # Invalid UTF-8 becomes U+FFFD and counts against the text, like controls.
    text = raw.decode("utf-8", "replace")
    if len(text) < 8:
        return None
    return text if len(_NOT_TEXT_RE.findall(text)) <= 0.1 * len(text) else None


def _base64_category(decoded: str, depth: int) -> str | None:
    for match in _BASE64_RUN_RE.finditer(decoded):
        for candidate in _base64_candidates(match.group()):
            text = _decode_base64_text(candidate)
            if text is None:
                continue
            category = _hidden_category(text) or _text_category(_decode_layers(text), depth + 1)
            if category is not None:
                return category
    return None


# ---------------------------------------------------------------------------
# Invisible characters
# ---------------------------------------------------------------------------


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
class _InvisibleScan:
    cleaned: str
    removed: tuple[str, ...]  # the characters removed, in order
    hidden: bool


def _scan_invisible(value: str) -> _InvisibleScan:
    """Strip invisible/format/control characters and decide whether what was
    there is a hidden payload rather than copy-and-paste debris."""
    if value.isascii():
        if _ASCII_CONTROL_RE.search(value) is None:
            return _InvisibleScan(value, (), False)
        controls = tuple(_ASCII_CONTROL_RE.findall(value))
        dense = _dense(len(controls), len(value), _longest_run(_ASCII_CONTROL_RE, value))
        return _InvisibleScan(_ASCII_CONTROL_RE.sub("", value), controls, dense)
    hidden = _VARIATION_RUN_RE.search(value) is not None
    if _STORED_STRIP_RE.search(value) is None:
        return _InvisibleScan(value, (), hidden)
    exempt: set[int] = set()
    for flag in _FLAG_TAG_SEQUENCE_RE.finditer(value):
        exempt.update(range(flag.start() + 1, flag.end()))
    pieces: list[str] = []
    removed: list[str] = []
    last = 0
    tags = 0
    run = longest = 0
    previous_end = -1
    for match in _STORED_STRIP_RE.finditer(value):
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
        return _InvisibleScan(value, (), hidden)
    pieces.append(value[last:])
    hidden = hidden or tags >= _HIDDEN_MIN_TAGS or _dense(len(removed), len(value), longest)
    return _InvisibleScan("".join(pieces), tuple(removed), hidden)


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


def _hidden_category(value: str) -> str | None:
    return HIDDEN_PAYLOAD if _scan_invisible(value).hidden else None


def decode_tag_payload(value: str) -> str:
    """The ASCII text spelled by Unicode tag characters in `value` ("ASCII
    smuggling": invisible to a person, read by a model)."""
    return "".join(chr(ord(c) - 0xE0000) for c in value if _TAG_FIRST <= ord(c) <= _TAG_LAST)


def _code_points(chars: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"U+{code:04X}" for code in sorted({ord(c) for c in chars}))


# ---------------------------------------------------------------------------
# Walking the arguments
# ---------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _safe_segment(segment: str) -> bool:
    return _SAFE_POINTER_SEGMENT_RE.fullmatch(segment) is not None


def _pointer(parent: str, key: object, index: int) -> str:
    """JSON-pointer child path.  A dict key that is not a plain name could be
    the payload itself, so it is replaced by its position ("~k3")."""
    segment = str(key)
    if isinstance(key, int) or _safe_segment(segment):
        return f"{parent}/{segment}"
    return f"{parent}/~k{index}"


class _Walker:
    def __init__(self) -> None:
        self.modifications: list[Modification] = []
        self.block: Block | None = None

    def _refuse(self, path: str, category: str) -> None:
        if self.block is None:
            self.block = Block(field=path, category=category)

    def string(self, value: str, path: str, kind: str) -> str:
        if kind == "identifier":
            if _IDENTIFIER_RE.fullmatch(value) is None:
                self._refuse(path, INVALID_IDENTIFIER)
            elif self.block is None:
                category = _identifier_category(value)
                if category is not None:
                    self._refuse(path, category)
            return value
        scan = _scan_invisible(value)
        if scan.removed:
            self.modifications.append(
                Modification(
                    field=path,
                    kind="invisible_stripped",
                    count=len(scan.removed),
                    code_points=_code_points(scan.removed),
                )
            )
        if scan.hidden:
            self._refuse(path, HIDDEN_PAYLOAD)
        elif self.block is None:
            category = PATH_TRAVERSAL if _nul_truncation(value) else _text_category(_decode_layers(value), 0)
            if category is not None:
                self._refuse(path, category)
        return scan.cleaned

    def key(self, key: str, path: str) -> None:
        """Nested keys are shown to the model as well; they are not rewritten,
        so any invisible character in one is refused outright."""
        if _STORED_STRIP_RE.search(key) is not None:
            self._refuse(path, HIDDEN_PAYLOAD)
        elif self.block is None:
            category = _text_category(_decode_layers(key), 0)
            if category is not None:
                self._refuse(path, category)

    def value(self, value: Any, path: str, kind: str, depth: int) -> Any:
        if isinstance(value, str):
            return self.string(value, path, kind)
        if depth > _MAX_NESTING:
            raise ValueError("arguments are nested too deeply to sanitize")
        if isinstance(value, Mapping):
            out: dict[Any, Any] = {}
            for index, (key, item) in enumerate(value.items()):
                child = _pointer(path, key, index)
                if isinstance(key, str):
                    self.key(key, child)
                out[key] = self.value(item, child, kind, depth + 1)
            return out
        if isinstance(value, (list, tuple)):
            items = [self.value(item, f"{path}/{i}", kind, depth + 1) for i, item in enumerate(value)]
            return items if isinstance(value, list) else tuple(items)
        return value


def sanitize_arguments(arguments: Mapping[str, Any], field_kinds: Mapping[str, FieldKind]) -> SanitizeResult:
    """Clean and screen one call's arguments.

    `field_kinds` names the kind of each top-level argument; string arguments
    not listed are free text.  Strings nested in objects and arrays inherit
    the kind of their top-level argument (free text unless declared an
    identifier).  Non-string values pass through untouched.  The first block
    found is reported; all fields are still cleaned.
    """
    for name, kind in field_kinds.items():
        if kind not in ("identifier", "free_text"):
            raise ValueError(f"unknown field kind {kind!r} for {name!r}")
    walker = _Walker()
    cleaned: dict[str, Any] = {}
    for index, (name, value) in enumerate(arguments.items()):
        kind = field_kinds.get(name, "free_text")
        path = _pointer("", name, index)
        if isinstance(value, str):
            cleaned[name] = walker.string(value, path, kind)
        elif isinstance(value, (Mapping, list, tuple)):
            cleaned[name] = walker.value(value, path, kind, 1)
        else:
            cleaned[name] = value
    return SanitizeResult(arguments=cleaned, modifications=tuple(walker.modifications), block=walker.block)
