"""Schema validation with the tool's compiled Draft 2020-12 validator.

Messages are written here rather than taken from jsonschema, whose messages
quote the offending value: a rejected payload must not echo into responses
that end up in logs.
"""

from __future__ import annotations

from typing import Any

from jsonschema.exceptions import ValidationError

from toolguard.tools.registry import Tool


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
    errors = []
    for error in sorted(tool.validator.iter_errors(arguments), key=lambda e: list(map(str, e.absolute_path))):
        path, message = _describe(error)
        errors.append({"path": path, "message": message, "code": str(error.validator)})
    return errors
