"""The encoders the first-sight sets (fresh6.py, fresh7.py, fresh8.py) build
their disguised attacks with, so every encoding is exact; and how a set
groups its texts.  Standard library only: each set runs as a script.
"""

import base64
import codecs

# Characters a set writes into its texts by name.
NBSP = "\u00a0"
NNBSP = "\u202f"
ZWSP = "\u200b"
ZWNJ = "\u200c"
ZWJ = "\u200d"
WJ = "\u2060"
SHY = "\u00ad"
BOM = "\ufeff"
RLO = "\u202e"
PDF = "\u202c"
RLM = "\u200f"


def group(kind: str, lang: str, texts: list[str]) -> list[tuple[str, str, str]]:
    return [(text, kind, lang) for text in texts]


def b64(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def hexed(text: str) -> str:
    return text.encode("utf-8").hex()


def rot13(text: str) -> str:
    return codecs.encode(text, "rot13")


def reversed_text(text: str) -> str:
    return text[::-1]


def leet(text: str) -> str:
    return text.translate(str.maketrans({"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}))


def spaced(text: str) -> str:
    return " ".join(text)


def url_encoded(text: str) -> str:
    return "".join(f"%{byte:02X}" for byte in text.encode("utf-8"))


def tag_chars(text: str) -> str:
    """Unicode tag characters (U+E0020..U+E007E): invisible copies of ASCII."""
    return "".join(chr(0xE0000 + ord(ch)) for ch in text)
