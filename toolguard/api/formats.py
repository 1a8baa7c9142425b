"""Provider shapes: tool calls in as each SDK sends them, tool results out as it expects them.

One call comes in one of six shapes (native, OpenAI Chat, OpenAI Responses,
Anthropic, LangChain, Gemini); a whole assistant message may hold several.
Each shape has a fixed set of fields: an unknown field is refused by name,
never guessed around, because a guessed shape silently drops arguments.
The answer goes back in the caller's shape, ready to append to its history.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from core.enums import ToolCallStatus
from core.tools import get_tool
from toolguard.api.parsers import StrictJSONError, strict_json_loads
from toolguard.pipeline.executor import CallRequest

SESSION_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")
PROVIDERS = ("native", "openai", "responses", "anthropic", "langchain", "gemini", "mcp")
NAME_LIMIT = 64
ID_LIMIT = 128
# One request runs every call of a batch; a model's message holds a handful.
# The cap keeps one POST from holding a worker for hundreds of pipeline runs.
MAX_BATCH_CALLS = 64

# Outcomes in which the tool did not do what was asked: the model is told so
# by the provider's own error flag, not only inside the JSON. Not among them:
# in_progress (another request is running the same key and a retry gets its
# result), pending_approval and dispatching, which are not failures either.
ERROR_STATUSES = frozenset(
    {
        ToolCallStatus.REJECTED,
        ToolCallStatus.EXPIRED,
        ToolCallStatus.INVALID,
        ToolCallStatus.BLOCKED,
        ToolCallStatus.FAILED,
        ToolCallStatus.DENIED,
        ToolCallStatus.QUARANTINED,
        # Not a stored status: what an answer without one is read as.
        "error",
    }
)

# One fixed sentence per outcome, for the model to read. Reviewers' free-text
# reasons never reach the model: only the outcome, its code and this sentence.
NOTES = {
    ToolCallStatus.COMPLETED: "The tool ran; 'result' holds its answer.",
    ToolCallStatus.PENDING_APPROVAL: (
        "Not done yet: the call is held for a human reviewer's approval and nothing has happened so far. "
        "Tell the user it awaits review; ask for its status later (get_tool_call_status with this call_id) "
        "rather than calling again with a new key."
    ),
    ToolCallStatus.DISPATCHING: (
        "Sent, but the outcome is not known yet. Do not call again with a new key; "
        "ask for its status later (get_tool_call_status with this call_id) or retry with the same idempotency key."
    ),
    ToolCallStatus.IN_PROGRESS: (
        "In progress: a call with this idempotency key is still running and nothing has failed. "
        "Retry with the same idempotency key after Retry-After seconds to get its result; never use a new key."
    ),
    ToolCallStatus.REJECTED: "A reviewer rejected this call; nothing was done.",
    ToolCallStatus.EXPIRED: "No reviewer decided in time; the request expired and nothing was done.",
    ToolCallStatus.INVALID: (
        "The call was refused before running: see 'error'. Nothing was done; fix the arguments to retry."
    ),
    ToolCallStatus.BLOCKED: "The call was blocked as unsafe and nothing was done. Do not retry it.",
    ToolCallStatus.FAILED: "The tool refused the operation: see 'error.code'. Nothing was done.",
    ToolCallStatus.DENIED: "This principal may not do this; nothing was done.",
    ToolCallStatus.QUARANTINED: (
        "This session is quarantined: no tool call runs until a person releases it. Nothing was done."
    ),
    "error": "toolguard could not run the call; nothing was done.",
}

# Where the outcome's sentence would mislead, the error code's own sentence.
CODE_NOTES = {
    "idempotency_in_progress": (
        "In progress: a call with this idempotency key is still running; nothing has failed and its outcome "
        "is not known yet. A retry with the same key shortly returns its result; never retry with a new key."
    ),
    "idempotency_unavailable": "toolguard could not run the call safely right now; nothing was done. "
    "Retry later with the same idempotency key.",
    "upstream_unavailable": "The service behind this tool could not be reached; nothing was done. "
    "Retry later with the same idempotency key.",
    # The key, not only this session: a new session does not help, and the user should be told.
    "key_quarantined": (
        "This agent key is quarantined: no tool call runs under it, in any session, until a person releases "
        "the key. Nothing was done; tell the user, and do not retry."
    ),
}

# The fields each shape has. Optional fields the SDKs write as null when
# unused (ids, statuses, callers) are part of the shape too.
_CHAT_FIELDS = frozenset({"id", "type", "function", "index"})
_CHAT_FUNCTION_FIELDS = frozenset({"name", "arguments"})
_RESPONSES_FIELDS = frozenset({"type", "call_id", "name", "arguments", "id", "status", "caller", "namespace", "async"})
_ANTHROPIC_FIELDS = frozenset({"type", "id", "name", "input", "caller", "toolset_name", "cache_control"})
_LANGCHAIN_FIELDS = frozenset({"type", "id", "name", "args"})
_LANGCHAIN_INVALID_FIELDS = frozenset({"type", "id", "name", "args", "error"})
_GEMINI_PART_FIELDS = frozenset({"functionCall", "function_call", "thoughtSignature", "thought_signature", "thought"})
_GEMINI_CALL_FIELDS = frozenset({"id", "name", "args"})
_NATIVE_FIELDS = frozenset({"id", "name", "arguments"})

# Where a misplaced field probably came from, so the 400 says how to fix it.
_HINTS = {
    "args": 'a LangChain call needs "type": "tool_call"; a Gemini call is wrapped in "functionCall"',
    "input": 'an Anthropic call needs "type": "tool_use"',
    "call_id": 'an OpenAI Responses call needs "type": "function_call"',
}


class MalformedRequest(Exception):
    pass


class MalformedText(MalformedRequest):
    """A 400 `invalid_text`: a string the body carries (in a JSON argument string too) is not Unicode."""

    def __init__(self, message: str, *, path: str | None, reason: str) -> None:
        super().__init__(message)
        self.path = path
        self.reason = reason

    def details(self) -> dict[str, Any]:
        return {"path": self.path, "reason": self.reason}


@dataclass(frozen=True)
class ParsedCall:
    """One call lifted out of its shape, before the session is attached."""

    provider: str
    tool_call_id: str
    name: str
    arguments: Any
    arguments_error: str = ""

    def request(self, session_id: str) -> CallRequest:
        return CallRequest(
            provider=self.provider,
            tool_call_id=self.tool_call_id,
            name=self.name,
            arguments=_null_optionals_dropped(self.name, self.arguments),
            session_id=session_id,
            arguments_error=self.arguments_error,
        )


@dataclass(frozen=True)
class Batch:
    """A whole assistant message: its calls, in order, all in one provider's shape."""

    provider: str
    session_id: str
    calls: list[CallRequest]


def parse_arguments_json(raw: str) -> Any:
    """The one place argument strings (OpenAI Chat and Responses) are decoded.

    Raises ValueError (json.JSONDecodeError is one) on text that is not JSON.
    """
    # The API's strict loader: duplicate keys, NaN/Infinity and deep nesting are refused here too.
    return strict_json_loads(raw) if raw.strip() else {}


def session_id_of(body: dict[str, Any]) -> str:
    session_id = _string(body, "session_id", required=True, limit=ID_LIMIT)
    if not SESSION_ID.fullmatch(session_id):  # `$` alone would also match before a trailing newline
        raise MalformedRequest("'session_id' may hold only letters, digits and _ . : -")
    return session_id


def parse_tool_call(body: Any) -> CallRequest:
    """One tool call with its `session_id`, in whichever shape it came."""
    if not isinstance(body, dict):
        raise MalformedRequest("the body must be a JSON object")
    session_id = session_id_of(body)
    call = {name: value for name, value in body.items() if name != "session_id"}
    return parse_call(call).request(session_id)


def parse_body(body: Any) -> CallRequest | Batch:
    """A POST /api/v1/tool-calls body: one call, or a batch under `message` or `items`."""
    if not isinstance(body, dict):
        raise MalformedRequest("the body must be a JSON object")
    if "message" not in body and "items" not in body:
        return parse_tool_call(body)
    extra = sorted(set(body) - {"session_id", "message", "items"})
    if extra:
        raise MalformedRequest(f"'{extra[0]}' is not a field of a batch (session_id with message or items)")
    if "message" in body and "items" in body:
        raise MalformedRequest("a batch has 'message' or 'items', not both")
    session_id = session_id_of(body)
    if "items" in body:
        calls = _calls_in_items(body["items"])
    else:
        calls = _calls_in_message(body["message"])
    if not calls:
        raise MalformedRequest("the batch holds no tool call")
    if len(calls) > MAX_BATCH_CALLS:
        raise MalformedRequest(f"a batch holds at most {MAX_BATCH_CALLS} tool calls")
    providers = {call.provider for call in calls}
    if len(providers) > 1:
        raise MalformedRequest(f"a batch mixes shapes ({', '.join(sorted(providers))}); send one message at a time")
    return Batch(provider=calls[0].provider, session_id=session_id, calls=[call.request(session_id) for call in calls])


def parse_call(call: Any, *, where: str = "") -> ParsedCall:
    """One tool call object in any of the six shapes; `where` prefixes field names in errors."""
    if not isinstance(call, dict):
        raise MalformedRequest(f"'{where or '/'}' must be a JSON object")
    kind = call.get("type")
    if "functionCall" in call or "function_call" in call:
        return _gemini(call, where)
    if kind == "function" or (kind is None and "function" in call):
        return _openai_chat(call, where)
    if kind == "function_call":
        return _responses(call, where)
    if kind == "tool_use":
        return _anthropic(call, where)
    if kind == "tool_call":
        return _langchain(call, where)
    if kind == "invalid_tool_call":
        return _langchain_invalid(call, where)
    if kind is not None:
        raise MalformedRequest(
            f"'{where}type' {str(kind)[:40]!r} is not a tool call type (function, function_call, tool_use, tool_call)"
        )
    if "name" in call:
        return _native(call, where)
    _only(call, _NATIVE_FIELDS, where, "native tool call")
    raise MalformedRequest(
        f"'{where}name' is missing: not a native, OpenAI Chat, OpenAI Responses, Anthropic, LangChain or Gemini call"
    )


def named_call(*, provider: str, tool_call_id: str, name: Any, arguments: Any) -> ParsedCall:
    """A call whose transport already split out the name (MCP tools/call), held to the same rules."""
    fields = {"id": tool_call_id, "name": name}
    return ParsedCall(
        provider=provider,
        tool_call_id=_string(fields, "id", required=False),
        name=_string(fields, "name", required=True, limit=NAME_LIMIT),
        arguments=arguments,
    )


def _native(call: dict[str, Any], where: str) -> ParsedCall:
    _only(call, _NATIVE_FIELDS, where, "native tool call")
    return ParsedCall(
        provider="native",
        tool_call_id=_string(call, "id", required=False, where=where),
        name=_string(call, "name", required=True, limit=NAME_LIMIT, where=where),
        arguments=call.get("arguments", {}),
    )


def _openai_chat(call: dict[str, Any], where: str) -> ParsedCall:
    _only(call, _CHAT_FIELDS, where, "OpenAI Chat tool call")
    function = call.get("function")
    if not isinstance(function, dict):
        raise MalformedRequest(f"'{where}function' must be an object {{name, arguments}}")
    _only(function, _CHAT_FUNCTION_FIELDS, f"{where}function.", "OpenAI Chat function")
    arguments, error = _json_arguments(function.get("arguments", "{}"), f"{where}function.arguments")
    return ParsedCall(
        provider="openai",
        tool_call_id=_string(call, "id", required=False, where=where),
        name=_string(function, "name", required=True, limit=NAME_LIMIT, where=f"{where}function."),
        arguments=arguments,
        arguments_error=error,
    )


def _responses(call: dict[str, Any], where: str) -> ParsedCall:
    _only(call, _RESPONSES_FIELDS, where, "OpenAI Responses function_call")
    arguments, error = _json_arguments(call.get("arguments", "{}"), f"{where}arguments")
    return ParsedCall(
        provider="responses",
        tool_call_id=_string(call, "call_id", required=True, where=where),
        name=_string(call, "name", required=True, limit=NAME_LIMIT, where=where),
        arguments=arguments,
        arguments_error=error,
    )


def _anthropic(call: dict[str, Any], where: str) -> ParsedCall:
    _only(call, _ANTHROPIC_FIELDS, where, "Anthropic tool_use block")
    return ParsedCall(
        provider="anthropic",
        tool_call_id=_string(call, "id", required=False, where=where),
        name=_string(call, "name", required=True, limit=NAME_LIMIT, where=where),
        arguments=call.get("input", {}),
    )


def _langchain(call: dict[str, Any], where: str) -> ParsedCall:
    _only(call, _LANGCHAIN_FIELDS, where, "LangChain tool_call")
    return ParsedCall(
        provider="langchain",
        tool_call_id=_string(call, "id", required=False, where=where),
        name=_string(call, "name", required=True, limit=NAME_LIMIT, where=where),
        arguments=call.get("args", {}),
    )


def _langchain_invalid(call: dict[str, Any], where: str) -> ParsedCall:
    """A call LangChain could not parse (truncated JSON): answered as invalid, like a truncated OpenAI call."""
    _only(call, _LANGCHAIN_INVALID_FIELDS, where, "LangChain invalid_tool_call")
    return ParsedCall(
        provider="langchain",
        tool_call_id=_string(call, "id", required=False, where=where),
        name=_string(call, "name", required=False, limit=NAME_LIMIT, where=where),
        arguments=None,
        # LangChain's own error text quotes the model's output: never stored.
        arguments_error="arguments is not valid JSON (LangChain could not parse the model's arguments)",
    )


def _gemini(call: dict[str, Any], where: str) -> ParsedCall:
    _only(call, _GEMINI_PART_FIELDS, where, "Gemini part")
    key = "functionCall" if "functionCall" in call else "function_call"
    inner = call[key]
    if not isinstance(inner, dict):
        raise MalformedRequest(f"'{where}{key}' must be an object {{id, name, args}}")
    _only(inner, _GEMINI_CALL_FIELDS, f"{where}{key}.", "Gemini functionCall")
    return ParsedCall(
        provider="gemini",
        tool_call_id=_string(inner, "id", required=False, where=f"{where}{key}."),
        name=_string(inner, "name", required=True, limit=NAME_LIMIT, where=f"{where}{key}."),
        arguments=inner.get("args") if inner.get("args") is not None else {},
    )


def _calls_in_items(items: Any) -> list[ParsedCall]:
    """A Responses `output` list: its function_call items; messages and reasoning are not calls."""
    if not isinstance(items, list):
        raise MalformedRequest("'items' must be a list of Responses output items")
    calls = []
    for index, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            raise MalformedRequest(f"'items.{index}' must be an object with a 'type'")
        if item["type"] == "function_call":
            calls.append(parse_call(item, where=f"items.{index}."))
    return calls


def _calls_in_message(message: Any) -> list[ParsedCall]:
    """The calls of one assistant message: Chat or LangChain `tool_calls`, Anthropic `content`, Gemini `parts`."""
    if not isinstance(message, dict):
        raise MalformedRequest("'message' must be an assistant message object")
    if "tool_calls" in message or "invalid_tool_calls" in message:
        # LangChain keeps the calls it could not parse apart; they are answered too, as invalid.
        calls = []
        for field in ("tool_calls", "invalid_tool_calls"):
            listed = message.get(field) or []
            if not isinstance(listed, list):
                raise MalformedRequest(f"'message.{field}' must be a list")
            calls += [parse_call(call, where=f"message.{field}.{i}.") for i, call in enumerate(listed)]
        return calls
    if isinstance(message.get("content"), list):
        return [
            parse_call(block, where=f"message.content.{i}.")
            for i, block in enumerate(message["content"])
            if isinstance(block, dict) and block.get("type") == "tool_use"
        ]
    if isinstance(message.get("parts"), list):
        return [
            parse_call(part, where=f"message.parts.{i}.")
            for i, part in enumerate(message["parts"])
            if isinstance(part, dict) and ("functionCall" in part or "function_call" in part)
        ]
    raise MalformedRequest("'message' has no 'tool_calls', Anthropic 'content' blocks or Gemini 'parts'")


def _only(obj: dict[str, Any], fields: frozenset[str], where: str, shape: str) -> None:
    for name in sorted(obj):
        if name not in fields:
            hint = f"; {_HINTS[name]}" if name in _HINTS else ""
            raise MalformedRequest(f"'{where}{name}' is not a field of a {shape}{hint}")


def _json_arguments(raw: Any, where: str) -> tuple[Any, str]:
    if isinstance(raw, dict):
        return raw, ""
    if not isinstance(raw, str):
        raise MalformedRequest(f"'{where}' must be a JSON string")
    try:
        return parse_arguments_json(raw), ""
    except json.JSONDecodeError as exc:
        if isinstance(exc, StrictJSONError) and exc.code == "invalid_text":
            # Refused as the same text would be anywhere else in the body, whichever shape carried it.
            path = f"{where}.{exc.path}" if exc.path else where
            raise MalformedText(f"'{path}' is not valid Unicode text", path=path, reason=exc.reason) from None
        # A truncated stream is a model error, not a client bug: 422, not 400.
        return None, f"arguments is not valid JSON ({exc.msg} at position {exc.pos})"
    except ValueError as exc:
        return None, f"arguments is not valid JSON ({exc})"


def _string(body: dict[str, Any], name: str, *, required: bool, limit: int = ID_LIMIT, where: str = "") -> str:
    value = body.get(name, "")
    if value is None:
        value = ""
    if not isinstance(value, str) or len(value) > limit or (required and not value):
        raise MalformedRequest(f"'{where}{name}' must be a string of 1 to {limit} characters")
    if "\x00" in value:
        # Stored with the call and in the audit log, and PostgreSQL text cannot hold NUL.
        raise MalformedRequest(f"'{where}{name}' may not contain NUL characters")
    return value


def _null_optionals_dropped(name: str, arguments: Any) -> Any:
    """A strict-mode model sends null for an optional field it does not use: read it as absent."""
    tool = get_tool(name)
    if tool is None or not isinstance(arguments, dict):
        return arguments
    required = set(tool.schema.get("required", ()))
    properties = tool.schema.get("properties", {})
    return {
        field: value
        for field, value in arguments.items()
        if not (value is None and field not in required and not _allows_null(properties.get(field)))
    }


def _allows_null(schema: Any) -> bool:
    if not isinstance(schema, dict):
        return False
    kind = schema.get("type")
    return kind == "null" or (isinstance(kind, list) and "null" in kind)


# -- answers -------------------------------------------------------------------


def is_error(status: str) -> bool:
    return status in ERROR_STATUSES


def tool_content(response: dict[str, Any], *, call_id: str | None = None) -> dict[str, Any]:
    """What the model reads about one call: outcome, code and a fixed sentence; no reviewer's words."""
    status = str(response.get("status") or "error")
    result = response.get("result")
    if isinstance(result, dict):
        # A reviewer's words may ride along with a decided result under any
        # "reason" key; only the stable reason_code reaches the model.
        result = {name: value for name, value in result.items() if "reason" not in name or name == "reason_code"}
    error = response.get("error")
    code = error.get("code") if isinstance(error, dict) else None
    note = CODE_NOTES.get(str(code)) or NOTES.get(status, NOTES["error"])
    content: dict[str, Any] = {"status": status, "note": note, "result": result}
    content["error"] = (
        {"code": error.get("code"), "message": error.get("message"), "details": error.get("details")}
        if isinstance(error, dict)
        else None
    )
    content["approval_id"] = response.get("approval_id")
    if call_id and status in (ToolCallStatus.PENDING_APPROVAL, ToolCallStatus.DISPATCHING):
        content["call_id"] = call_id
    content["replayed"] = bool(response.get("replayed", False))
    content["arguments_mismatch"] = bool(response.get("arguments_mismatch", False))
    return content


def tool_message(*, provider: str, tool_call_id: str, name: str, content: dict[str, Any]) -> dict[str, Any]:
    """The result as the next message (or item) the caller appends to its conversation."""
    text = json.dumps(content, separators=(",", ":"), ensure_ascii=False)
    failed = is_error(str(content.get("status")))
    if provider == "openai":
        return {"role": "tool", "tool_call_id": tool_call_id, "content": text}
    if provider == "responses":
        return {"type": "function_call_output", "call_id": tool_call_id, "output": text}
    if provider == "anthropic":
        block = {"type": "tool_result", "tool_use_id": tool_call_id, "content": text, "is_error": failed}
        return {"role": "user", "content": [block]}
    if provider == "langchain":
        return {
            "type": "tool",
            "tool_call_id": tool_call_id,
            "name": name,
            "content": text,
            "status": "error" if failed else "success",
        }
    if provider == "gemini":
        response = {"error": content} if failed else {"output": content}
        part: dict[str, Any] = {"functionResponse": {"name": name, "response": response}}
        if tool_call_id:
            part["functionResponse"]["id"] = tool_call_id
        return {"role": "user", "parts": [part]}
    if provider == "mcp":
        return {"content": [{"type": "text", "text": text}], "structuredContent": content, "isError": failed}
    return {"role": "tool", "tool_call_id": tool_call_id, "name": name, "content": text, "is_error": failed}


def batch_messages(provider: str, messages: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """What to append for a whole assistant message, in the order the provider expects.

    Chat, Responses and LangChain take one message (item) per call; Anthropic
    takes every tool_result in one user message, Gemini every functionResponse
    in one content.
    """
    messages = list(messages)
    if provider == "anthropic":
        return [{"role": "user", "content": [block for message in messages for block in message["content"]]}]
    if provider == "gemini":
        return [{"role": "user", "parts": [part for message in messages for part in message["parts"]]}]
    return messages
