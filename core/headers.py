"""Values toolguard puts in the HTTP headers it sends upstream.

An agent chooses its call ids freely (any text up to 128 characters), and
HTTP header values are ASCII: an `é` or a line break copied raw into a
header either fails the send or splits the header. Such values are sent
percent-encoded (UTF-8), as in a URL; plain visible-ASCII ids arrive as they
were chosen. `%` itself is encoded too, so the upstream can always decode.
"""

from __future__ import annotations

from urllib.parse import quote

_SAFE = "".join(chr(code) for code in range(0x21, 0x7F) if chr(code) != "%")


def header_value(value: str) -> str:
    """`value` as a header may carry it: visible ASCII but `%` unchanged, every other character percent-encoded."""
    return quote(value, safe=_SAFE, errors="surrogatepass")
