"""The CEL text helpers: what a policy rule may ask of a string.

    canonical(text)              the canonical form, look-alikes folded
    contains_text(text, phrase)  the phrase appears in the text, both read canonically
    contains_link(text)          the text holds a link

Each reads `core.canonical`, the form the sanitizer screens (decoded, NFKC,
case folded, look-alikes folded, invisible characters removed), so a rule
cannot be walked around by what the screen already sees through: `HTTPS://`,
full-width letters, a zero-width space inside `https`. `contains_text` and
`contains_link` also take a list or a map (`contains_link(args)`) and look
at every string inside it.

What counts as a link, read in the canonical form:

- a scheme and `//` (`https://`, `ftp://`, `hxxp://` alike) or a
  scheme-relative `//host.tld`; `mailto:` and `javascript:`;
- `www.` and a host;
- a host with a path, query, fragment or port (`track.example/abc`,
  `10.0.0.1:8080`), whatever its top-level domain;
- a bare host (`pay-me.com`) whose top-level domain is a common one.

Not links: prose with numbers or abbreviations ("section 3.2", "e.g. the
total", "1.000,50", "v2.1.4"), e-mail addresses (the recipient's own address
belongs in an e-mail), and a bare file name (`report.pdf`, `main.py`,
`setup.sh`, `photos.zip`): its extension decides, even where that extension
is also a top-level domain, because a customer's e-mail names attachments far
more often than it names a `.zip` domain. A file name with a path after it
(`photos.zip/x`) is a host with a path, and a link.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from core.canonical import canonical_form

# Hosts are read in the canonical form, where NFKC has already made the
# full-width full stop a dot; the ideographic full stop is a dot to browsers.
_DOTS = str.maketrans({"\u3002": ".", "\uff61": "."})

_LABEL = r"[^\W_](?:[\w-]{0,61}[^\W_])?"
_TLD = r"(?:[^\W\d_]{2,63}|xn--[a-z0-9-]{1,59})"
_HOST = rf"{_LABEL}(?:\.{_LABEL})*\.{_TLD}"
_IPV4 = r"\d{1,3}(?:\.\d{1,3}){3}"
# Not inside a longer word or host, and not the domain of an e-mail address.
_START = r"(?<![\w@.\-])"

# Browsers read `\\` after a scheme as `//`.
_SCHEME_RE = re.compile(r"(?<![^\W_])[a-z][a-z0-9+.\-]{0,20}:[/\\]{2}|(?<![^\W_])(?:mailto|javascript):(?=\S)")
_SCHEME_RELATIVE_RE = re.compile(rf"(?<![\w:/])//{_HOST}")
_WWW_RE = re.compile(rf"{_START}www\d{{0,3}}\.{_LABEL}")
# A path, a query with a parameter, or a port: a host whatever its top-level domain.
_HOST_WITH_MORE_RE = re.compile(rf"{_START}(?:{_HOST}|{_IPV4})(?::\d{{1,5}}(?!\d)|/|\?[\w.%\-]*=)")
_BARE_HOST_RE = re.compile(rf"{_START}(?:{_LABEL}\.)+({_TLD})(?![\w\-]|\.[^\W_])")

# Top-level domains common enough that a bare `name.tld` is read as a host.
# Those that are also English words (`.it`, `.me`, `.best`, `.one`) are left
# out: "Done.It works" is a missing space, not a link; with a path or `www.`
# they are links all the same.
HOST_TLDS = frozenset(
    """
    com net org edu gov mil int info biz mobi io co ai app dev xyz tv ly gl gg cc ws su icu cyou buzz onion
    ru cn uk de fr nl eu ca au jp br es pl ch se fi dk cz pt gr ie nz za mx ar kr tw hk sg ph vn th tr ua il ir
    sa ae ng ke eg cl pe ro hu bg sk si hr rs lt lv ee lu li kz nu tk ml ga cf gq fm cx
    """.split()
)
# Extensions read as a file name when nothing follows them, though some are also top-level domains.
FILE_EXTENSIONS = frozenset(
    """
    pdf doc docx xls xlsx csv tsv txt md rtf odt ods odp ppt pptx pages key numbers eml msg ics vcf
    zip gz tgz bz2 xz rar tar 7z png jpg jpeg gif bmp svg webp heic tif tiff ico mp3 mp4 m4a mov avi mkv wav
    ogg webm json xml yaml yml toml ini cfg conf log html htm css js ts py rb go rs java kt c h cpp cs php pl sh
    bat ps1 sql db bak dat bin exe dmg apk msi iso
    """.split()
)


def canonical(text: Any) -> str:
    """The canonical form a rule compares against (look-alikes folded, as the sanitizer's second form)."""
    if not isinstance(text, str):
        raise TypeError(f"canonical() reads a string, not {type(text).__name__}")
    return canonical_form(text, fold_lookalikes=True)


def contains_text(text: Any, phrase: Any) -> bool:
    if not isinstance(phrase, str):
        raise TypeError(f"contains_text() looks for a string, not {type(phrase).__name__}")
    wanted = {canonical_form(phrase), canonical(phrase)} - {""}
    return any(form in seen for seen in _forms(text) for form in wanted)


def contains_link(text: Any) -> bool:
    return any(_has_link(form) for form in _forms(text))


def _forms(value: Any) -> Iterator[str]:
    """Both canonical forms of every string in the value: look-alike folding also mangles real
    Cyrillic or Greek, so what only the unfolded form shows must count too."""
    for text in _strings(value):
        unfolded = canonical_form(text)
        yield unfolded
        folded = canonical(text)
        if folded != unfolded:
            yield folded


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def _has_link(form: str) -> bool:
    form = form.translate(_DOTS)
    if (
        _SCHEME_RE.search(form)
        or _SCHEME_RELATIVE_RE.search(form)
        or _WWW_RE.search(form)
        or _HOST_WITH_MORE_RE.search(form)
    ):
        return True
    return any(
        tld in HOST_TLDS and tld not in FILE_EXTENSIONS
        for tld in (match.group(1) for match in _BARE_HOST_RE.finditer(form))
    )


# The functions every policy expression may call, by their CEL names.
TEXT_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "canonical": canonical,
    "contains_text": contains_text,
    "contains_link": contains_link,
}
