"""Schema validation with the tool's compiled Draft 2020-12 validator.

Messages are written here rather than taken from jsonschema, whose messages
quote the offending value: a rejected payload must not echo into responses
that end up in logs.

The reference is `jsonschema` under toolguard's stricter reading (JSON
integers only, whole-string patterns).  It costs about 60 µs for a transfer's
six fields, more than the whole sanitizer, so a call is first offered to
`jsonschema-rs` (compiled, well under a microsecond): where it accepts, and
the call and schema are of the kinds where the two are known to agree, the
call is valid.  Everything else (a rejection, a float anywhere, a schema with
formats, remote references or patterns outside the shared subset) goes to the
reference, which writes the errors.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError

from core.tools import Tool


def _is_json_integer(checker: Any, instance: Any) -> bool:
    # jsonschema counts 1.0 (and so 1e2, and 99.99999999999999999, which a
    # float rounds to 100.0) as an integer. A cent amount must arrive as a
    # JSON integer: anything else is a model's guess, not a number of cents.
    return isinstance(instance, int) and not isinstance(instance, bool)


# Outside a character class, an unescaped `$` (what ECMA-262 means by end of input).
_DOLLAR = re.compile(r"\\.|\[(?:\\.|[^\]\\])*\]|\$", re.DOTALL)


def whole_string_pattern(pattern: str) -> str:
    """The schema pattern with `$` meaning the end of the string, as JSON Schema defines it.

    Python's `$` also matches before a trailing newline, so `^[a-z]+$` would
    accept "abc\\n": an identifier that then breaks every page linking it.
    """
    return _DOLLAR.sub(lambda m: r"\Z" if m.group() == "$" else m.group(), pattern)


@lru_cache(maxsize=1024)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(whole_string_pattern(pattern))


def _pattern(validator: Any, pattern: str, instance: Any, schema: dict[str, Any]) -> Any:
    if isinstance(instance, str) and not _compiled(pattern).search(instance):
        yield ValidationError(f"does not match {pattern!r}")


StrictValidator = validators.extend(
    Draft202012Validator,
    validators={"pattern": _pattern},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_json_integer),
)
# Both validators compiled once per tool: (tool, reference, fast), keyed by
# the tool's identity; fast is None where only the reference may decide.
_COMPILED: dict[int, tuple[Tool, Any, Any]] = {}


def _tool_validators(tool: Tool) -> tuple[Tool, Any, Any]:
    cached = _COMPILED.get(id(tool))
    if cached is None or cached[0] is not tool:
        reference = StrictValidator(tool.schema, format_checker=tool.validator.format_checker)
        fast = None
        if _schema_is_shared(tool.schema):
            try:
                fast = jsonschema_rs.Draft202012Validator(tool.schema)
            except (ValueError, jsonschema_rs.ValidationError):
                fast = None
        cached = (tool, reference, fast)
        _COMPILED[id(tool)] = cached
    return cached


def strict_validator(tool: Tool) -> Any:
    """The tool's schema under toolguard's stricter reading: JSON integers only, whole-string patterns."""
    return _tool_validators(tool)[1]


def fast_validator(tool: Tool) -> Any:
    """The tool's jsonschema-rs validator, or None where only the reference may decide."""
    return _tool_validators(tool)[2]


# Patterns whose meaning is the same in ECMA-262 (jsonschema-rs) and Python's
# re: ASCII literals and classes of them, quantifiers, `^` and a final `$`.
# `\d`, `\w`, `\s`, `.` and `\b` differ (Unicode in Python, ASCII or other
# line terminators in ECMA-262), so a pattern using them is left to the
# reference.
_SHARED_PATTERN_RE = re.compile(
    r"\^?(?:(?:\[\^?(?:[A-Za-z0-9 _.,:;@#/+=-]|\\[\\\]\[.+*?()^$/-])+\]|[A-Za-z0-9 _,:;@#/=-]|\\[.+*?()\[\]^$/\\-])"
    r"(?:[*+?]|\{\d{1,3}(?:,\d{0,3})?\})?)*\$?"
)
# Integers beyond what a JSON number carries exactly go to the reference.
_EXACT_INT = 2**53


def _schema_is_shared(node: Any) -> bool:
    """Whether jsonschema-rs and the reference agree on every instance of this schema."""
    if isinstance(node, list):
        return all(_schema_is_shared(item) for item in node)
    if not isinstance(node, dict):
        return True
    for key, value in node.items():
        if key == "format":
            return False  # format checkers differ between the two libraries
        if key == "$ref" and not (isinstance(value, str) and value.startswith("#")):
            return False
        if key == "pattern" and not (isinstance(value, str) and _SHARED_PATTERN_RE.fullmatch(value)):
            return False
        if key == "patternProperties" and isinstance(value, dict):
            if not all(_SHARED_PATTERN_RE.fullmatch(name) for name in value):
                return False
        if key in ("properties", "$defs", "definitions", "patternProperties", "dependentSchemas"):
            if isinstance(value, dict) and not all(_schema_is_shared(item) for item in value.values()):
                return False
        elif not _schema_is_shared(value):
            return False
    return True


def _instance_is_shared(value: Any, depth: int = 0) -> bool:
    """Whether the instance is made of what both libraries read alike: no
    floats (jsonschema-rs counts 1.0 as an integer), no huge integers, string keys."""
    if isinstance(value, str) or value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -_EXACT_INT < value < _EXACT_INT
    if depth > 32:
        return False
    if isinstance(value, dict):
        return all(isinstance(key, str) and _instance_is_shared(item, depth + 1) for key, item in value.items())
    if isinstance(value, list):
        return all(_instance_is_shared(item, depth + 1) for item in value)
    return False


def reference_errors(tool: Tool, arguments: Any) -> list[dict[str, str]]:
    """Every schema error by the reference validator, each with a JSON pointer path, a message and a code."""
    errors = []
    for error in sorted(strict_validator(tool).iter_errors(arguments), key=lambda e: list(map(str, e.absolute_path))):
        path, message = _describe(error)
        errors.append({"path": path, "message": message, "code": str(error.validator)})
    return errors


def _pointer(parts: list[Any]) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def _describe(error: ValidationError) -> tuple[str, str]:
    """(path, message) for one error, naming the field instead of quoting its value."""
    path = list(error.absolute_path)
    kind = error.validator
    if kind == "required":
        missing = next((name for name in error.validator_value if name not in (error.instance or {})), "")
        return _pointer([*path, missing]), f"'{missing}' is required"
    if kind == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        names = ", ".join(repr(str(name)[:64]) for name in extra[:5])
        return _pointer(path), f"unexpected properties: {names}"
    messages = {
        "type": lambda: f"must be of type {error.validator_value}",
        "pattern": lambda: "does not match the allowed characters",
        "maxLength": lambda: f"must be at most {error.validator_value} characters",
        "minLength": lambda: f"must be at least {error.validator_value} characters",
        "minimum": lambda: f"must be >= {error.validator_value}",
        "maximum": lambda: f"must be <= {error.validator_value}",
        "enum": lambda: "must be one of " + ", ".join(str(v) for v in error.validator_value),
    }
    describe = messages.get(str(kind))
    return _pointer(path), describe() if describe else f"fails the {kind} constraint"


def validation_errors(tool: Tool, arguments: Any) -> list[dict[str, str]]:
    """Every schema error, each with a JSON pointer path, a message and a code."""
    fast = fast_validator(tool)
    if fast is not None and _instance_is_shared(arguments):
        try:
            if fast.is_valid(arguments):
                return []
        except (ValueError, TypeError):
            pass  # the reference decides what jsonschema-rs cannot read
    return reference_errors(tool, arguments)
