"""Strict JSON in: one reading of every body, whatever parser reads it later.

Python's `json` accepts what other parsers refuse or read differently:
duplicate keys (the last one wins here, the first one elsewhere), NaN and
Infinity, nesting deep enough to exhaust the stack of whatever walks the
value next (the sanitizer, jsonschema, the audit hash), and text that is not
Unicode (a lone surrogate escape such as `\\ud800` decodes to a string no
database, header or UTF-8 encoder accepts later). A body is refused with a
stable code instead, before any of that runs. REST (StrictJSONParser) and MCP
(`strict_json_body`) read bodies through the same functions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any, Protocol

from django.conf import settings
from rest_framework import exceptions
from rest_framework.parsers import BaseParser

# Tool arguments are flat records; 32 levels leaves room for any real shape.
MAX_JSON_DEPTH = 32


class StrictJSONError(json.JSONDecodeError):
    """Valid JSON syntax that toolguard still refuses; `code` names why.

    For `invalid_text`, `path` is the dotted field path of the first string or
    key that is not Unicode (None when the bytes are not even JSON), and
    `reason` says how (`lone_surrogate` or `invalid_utf8`).
    """

    def __init__(
        self, code: str, msg: str, doc: str = "", pos: int = 0, *, path: str | None = None, reason: str = ""
    ) -> None:
        super().__init__(msg, doc, pos)
        self.code = code
        self.path = path
        self.reason = reason


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise StrictJSONError("duplicate_key", f"duplicate key {key[:64]!r}")
            seen.add(key)
    return value


def _constant(name: str) -> Any:
    raise StrictJSONError("invalid_number", f"{name} is not a JSON number")


def _check_depth(value: Any, limit: int) -> None:
    # Iterative on purpose: a recursive walk is what this guards against.
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping | list):
            if depth > limit:
                raise StrictJSONError("json_too_deep", f"nested deeper than {limit} levels")
            children = item.values() if isinstance(item, Mapping) else item
            stack.extend((child, depth + 1) for child in children if isinstance(child, Mapping | list))


def _is_text(value: str) -> bool:
    # U+0000 is valid Unicode but no text column or jsonb value in PostgreSQL
    # can hold it: refused here as text, rather than failing at the first write.
    if "\x00" in value:
        return False
    # Only surrogates fail to encode; most strings are ASCII and skip the copy.
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def text_has_nul(value: Any) -> bool:
    """Whether any key or string in `value` holds U+0000 (for the refusal's reason)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


# A path names a field; a key half a megabyte long is named by its start.
MAX_PATH_CHARS = 256


def _path_joined(path: tuple[str | int, ...]) -> str:
    return ".".join(_path_part(part) for part in path)[:MAX_PATH_CHARS]


def _path_part(key: str | int) -> str:
    # A broken key is named with its surrogates escaped, so the answer itself stays valid text.
    if isinstance(key, int):
        return str(key)
    # U+0000 is named as its escape: the path itself is stored in the audit entry.
    return key.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\u0000")


def text_fault(value: Any) -> str | None:
    """The dotted path of the first key or string in `value` that is not Unicode text, or None.

    `{"arguments": {"memo": "\\ud800"}}` gives `arguments.memo`; a list item
    is named by its index (`items.0.call_id`); a string at the top is "".
    """
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if not _is_text(item):
                return _path_joined(path)
        elif isinstance(item, Mapping):
            children: list[tuple[Any, tuple[str | int, ...]]] = []
            for key, child in item.items():
                if isinstance(key, str) and not _is_text(key):
                    return _path_joined((*path, key))
                children.append((child, (*path, key)))
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed([(child, (*path, index)) for index, child in enumerate(item)]))
    return None


def _invalid_text(path: str | None, reason: str, pos: int = 0) -> StrictJSONError:
    where = f"'{path}'" if path else "the body"
    return StrictJSONError("invalid_text", f"{where} is not valid Unicode text", pos=pos, path=path, reason=reason)


def strict_json_loads(text: str | bytes, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON, refusing duplicate keys, NaN/Infinity, nesting deeper than `max_depth` and text that is not Unicode.

    Bytes are read as UTF-8 only (never sniffed as UTF-16/32). Raises
    StrictJSONError (a json.JSONDecodeError) for those, and
    json.JSONDecodeError for plain syntax errors.
    """
    bad_byte: int | None = None
    if not isinstance(text, str):
        raw = bytes(text)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            # Kept readable as escapes, so the field holding the bad bytes can be named.
            bad_byte = exc.start
            text = raw.decode("utf-8", "surrogateescape")
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
    except RecursionError:
        raise StrictJSONError("json_too_deep", f"nested deeper than {max_depth} levels") from None
    except StrictJSONError:
        raise
    except json.JSONDecodeError:
        if bad_byte is not None:
            raise _invalid_text(None, "invalid_utf8", bad_byte) from None
        raise
    _check_depth(value, max_depth)
    path = text_fault(value)
    if path is not None:
        reason = (
            "invalid_utf8" if bad_byte is not None else "nul_character" if text_has_nul(value) else "lone_surrogate"
        )
        raise _invalid_text(path, reason, bad_byte or 0)
    if bad_byte is not None:
        raise _invalid_text(None, "invalid_utf8", bad_byte)
    return value


class RequestTooLarge(exceptions.APIException):
    status_code = 413
    default_detail = "the request body is too large"
    default_code = "request_too_large"


class MalformedJSON(exceptions.ParseError):
    """A 400 whose `code` says what was wrong with the body (invalid_json, duplicate_key, json_too_deep...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code=code)
        self.reason = code


class InvalidText(exceptions.ParseError):
    """A 400 `invalid_text`: a string or key of the body is not Unicode; `path` names it."""

    def __init__(self, message: str, *, path: str | None, reason: str) -> None:
        super().__init__(message, code="invalid_text")
        self.path = path
        self.reason = reason

    def details(self) -> dict[str, Any]:
        return {"path": self.path, "reason": self.reason}


class Readable(Protocol):
    def read(self, size: int, /) -> bytes: ...


def body_read(stream: Readable | None, declared: str | None) -> bytes:
    """At most TOOLGUARD_MAX_BODY_BYTES of a body; RequestTooLarge past that (by its Content-Length or its bytes)."""
    limit = settings.TOOLGUARD_MAX_BODY_BYTES
    if declared and declared.isdigit() and int(declared) > limit:
        raise RequestTooLarge(f"the request body may be at most {limit} bytes")
    raw = stream.read(limit + 1) if stream is not None else b""
    if len(raw) > limit:
        raise RequestTooLarge(f"the request body may be at most {limit} bytes")
    return raw


def strict_json_body(raw: bytes) -> Any:
    """A whole body read strictly; MalformedJSON or InvalidText (both ParseError) when it cannot be."""
    try:
        return strict_json_loads(raw)
    except StrictJSONError as exc:
        if exc.code == "invalid_text":
            raise InvalidText(exc.msg, path=exc.path, reason=exc.reason) from None
        raise MalformedJSON(exc.code, f"JSON parse error: {exc.msg}") from None
    except json.JSONDecodeError as exc:
        raise MalformedJSON("invalid_json", f"JSON parse error: {exc.msg} at position {exc.pos}") from None


class StrictJSONParser(BaseParser):
    """DRF's JSON parser with a size cap and the strict reading above."""

    media_type = "application/json"

    def parse(self, stream: IO[bytes], media_type: str | None = None, parser_context: Any = None) -> Any:
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        return strict_json_body(body_read(stream, declared))
