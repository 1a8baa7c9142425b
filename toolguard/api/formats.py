"""Provider shapes: native, OpenAI and Anthropic tool calls in, tool messages out."""

from __future__ import annotations

import json
import re
from typing import Any

from toolguard.api.parsers import strict_json_loads
from toolguard.pipeline.executor import CallRequest

SESSION_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")
PROVIDERS = ("native", "openai", "anthropic")


class MalformedRequest(Exception):
    pass


def _string(body: dict[str, Any], name: str, *, required: bool, limit: int = 128) -> str:
    value = body.get(name, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or len(value) > limit or (required and not value):
        raise MalformedRequest(f"'{name}' must be a string of 1 to {limit} characters")
    if "\x00" in value:
        # Stored with the call and in the audit log, and PostgreSQL text cannot hold NUL.
        raise MalformedRequest(f"'{name}' may not contain NUL characters")
    return value


def parse_tool_call(body: Any) -> CallRequest:
    """Lift one tool call out of whichever provider shape it came in."""
    if not isinstance(body, dict):
        raise MalformedRequest("the body must be a JSON object")
    session_id = _string(body, "session_id", required=True)
    if not SESSION_ID.fullmatch(session_id):  # whole string: `$` alone also matches before a trailing newline
        raise MalformedRequest("'session_id' may hold only letters, digits and _ . : -")
    arguments_error = ""
    if body.get("type") == "function" or "function" in body:
        provider = "openai"
        function = body.get("function")
        if not isinstance(function, dict):
            raise MalformedRequest("an OpenAI tool call needs a 'function' object")
        name = _string(function, "name", required=True, limit=64)
        raw = function.get("arguments", "{}")
        if isinstance(raw, dict):
            arguments: Any = raw
        elif isinstance(raw, str):
            try:
                arguments = strict_json_loads(raw) if raw.strip() else {}
            except json.JSONDecodeError as exc:
                # A truncated stream is a model error, not a client bug: 422.
                arguments, arguments_error = None, f"arguments is not valid JSON ({exc.msg} at position {exc.pos})"
        else:
            raise MalformedRequest("'function.arguments' must be a JSON string")
    elif body.get("type") == "tool_use":
        provider = "anthropic"
        name = _string(body, "name", required=True, limit=64)
        arguments = body.get("input", {})
    elif "name" in body:
        provider = "native"
        name = _string(body, "name", required=True, limit=64)
        arguments = body.get("arguments", {})
    else:
        raise MalformedRequest("not a native, OpenAI or Anthropic tool call")
    return CallRequest(
        provider=provider,
        tool_call_id=_string(body, "id", required=False),
        name=name,
        arguments=arguments,
        session_id=session_id,
        arguments_error=arguments_error,
    )


def tool_message(*, provider: str, tool_call_id: str, name: str, content: dict[str, Any]) -> dict[str, Any]:
    """The result as the next message the caller appends to its conversation."""
    text = json.dumps(content, separators=(",", ":"), ensure_ascii=False)
    is_error = content.get("error") is not None
    if provider == "openai":
        return {"role": "tool", "tool_call_id": tool_call_id, "content": text}
    if provider == "anthropic":
        return {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": tool_call_id, "content": text, "is_error": is_error}],
        }
    return {"role": "tool", "tool_call_id": tool_call_id, "name": name, "content": content}
