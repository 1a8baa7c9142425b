"""Strict JSON in: one reading of every body, whatever parser reads it later.

Python's `json` accepts what other parsers refuse or read differently:
duplicate keys (the last one wins here, the first one elsewhere), NaN and
Infinity, and nesting deep enough to exhaust the stack of whatever walks the
value next (the sanitizer, jsonschema, the audit hash). A body is refused
with a stable code instead, before any of that runs.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework import exceptions
from rest_framework.parsers import BaseParser

# Tool arguments are flat records; 32 levels leaves room for any real shape.
MAX_JSON_DEPTH = 32


class StrictJSONError(json.JSONDecodeError):
    """Valid JSON syntax that toolguard still refuses; `code` names why."""

    def __init__(self, code: str, msg: str, doc: str = "", pos: int = 0) -> None:
        super().__init__(msg, doc, pos)
        self.code = code


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


def strict_json_loads(text: str | bytes, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Parse JSON, refusing duplicate keys, NaN/Infinity and nesting deeper than `max_depth`.

    Raises StrictJSONError (a json.JSONDecodeError) for those, and
    json.JSONDecodeError for plain syntax errors.
    """
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_constant=_constant)
    except RecursionError:
        raise StrictJSONError("json_too_deep", f"nested deeper than {max_depth} levels") from None
    _check_depth(value, max_depth)
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


class StrictJSONParser(BaseParser):
    """DRF's JSON parser with a size cap and the strict reading above."""

    media_type = "application/json"

    def parse(self, stream: IO[bytes], media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = settings.TOOLGUARD_MAX_BODY_BYTES
        request = (parser_context or {}).get("request")
        declared = request.META.get("CONTENT_LENGTH") if request is not None else None
        if declared and declared.isdigit() and int(declared) > limit:
            raise RequestTooLarge(f"the request body may be at most {limit} bytes")
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise RequestTooLarge(f"the request body may be at most {limit} bytes")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedJSON("invalid_encoding", "the body is not UTF-8") from None
        try:
            return strict_json_loads(text)
        except StrictJSONError as exc:
            raise MalformedJSON(exc.code, f"JSON parse error: {exc.msg}") from None
        except json.JSONDecodeError as exc:
            raise MalformedJSON("invalid_json", f"JSON parse error: {exc.msg} at position {exc.pos}") from None
