"""Stored strings shown to people: nothing hidden, nothing reordered.

Agents choose tool names, session and call ids, memos and idempotency keys.
A bidi override (U+202E) makes "\u202esdnuf_refsnart" read as
"transfer_funds"; a zero-width space makes two different ids look alike.
Every such character is shown as its code point, e.g. `⟨U+202E⟩`, on the
pages and in CSV exports. `⟨` itself is shown the same way, so the marked
text reads back to exactly the stored value (`unmark_invisible`).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

# Default-ignorable or blank code points that are not in the categories below.
_INVISIBLE_EXTRA = frozenset(
    [
        *(0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0, 0x27E8),
        *range(0x180B, 0x1810),  # Mongolian variation selectors and vowel separator
        *range(0xFE00, 0xFE10),  # variation selectors
        *range(0xE0100, 0xE01F0),  # variation selectors supplement
    ]
)
# Cc control, Cf format (bidi, zero-width, tags), Cs surrogate, Co private use,
# Cn unassigned, Zl/Zp line and paragraph separators, Zs spaces other than " ".
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs"})
_MARK = re.compile(r"⟨U\+([0-9A-F]{4,6})⟩")


def is_invisible(char: str) -> bool:
    code = ord(char)
    if code < 0x7F:
        return code < 0x20  # the common case: printable ASCII (space included) is shown as it is
    return code in _INVISIBLE_EXTRA or unicodedata.category(char) in _INVISIBLE_CATEGORIES


def mark_invisible(value: Any, *, keep_newlines: bool = False) -> str:
    """The value as text, every invisible or reordering character written as ⟨U+XXXX⟩.

    `keep_newlines` is for multi-line blocks (pretty-printed JSON, a
    reviewer's reason) where a line break is layout, not a hidden character.
    """
    text = "" if value is None else str(value)
    if text.isascii() and text.isprintable():
        return text
    return "".join(
        f"⟨U+{ord(char):04X}⟩" if is_invisible(char) and not (keep_newlines and char == "\n") else char for char in text
    )


def unmark_invisible(text: str) -> str:
    """Inverse of mark_invisible (for reading an exported CSV back)."""
    return _MARK.sub(lambda match: chr(int(match.group(1), 16)), text)
