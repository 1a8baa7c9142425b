"""Tool calls as the SDKs hand them over, turned into the JSON toolguard takes.

Accepts the SDKs' own objects (OpenAI `ChatCompletionMessageToolCall` and
`ResponseFunctionToolCall`, Anthropic `ToolUseBlock`, Google `FunctionCall`
and `Part`, LangChain `ToolCall` dicts) and plain dicts, without importing
any SDK: objects are recognised by their pydantic `model_dump`.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Sequence
from typing import Any, Literal

Provider = Literal["native", "openai", "responses", "anthropic", "langchain", "gemini"]
PROVIDERS: tuple[Provider, ...] = ("native", "openai", "responses", "anthropic", "langchain", "gemini")
# The tool every exported tool list ends with: a held call's current outcome, by its call_id.
STATUS_TOOL = "get_tool_call_status"


def as_dict(obj: Any) -> dict[str, Any]:
    """One tool call as JSON: a dict is taken as it is, an SDK object as it serializes itself."""
    if isinstance(obj, dict):
        return obj
    if not hasattr(obj, "model_dump"):
        raise TypeError(f"not a tool call: {type(obj).__name__}")
    if type(obj).__module__.startswith("google.genai"):
        data = obj.model_dump(mode="json", by_alias=True, exclude_none=True)
        # A bare FunctionCall is what a Part carries under functionCall.
        return data if "functionCall" in data else {"functionCall": data}
    data = obj.model_dump(mode="json", exclude_none=True)
    if not isinstance(data, dict):
        raise TypeError(f"not a tool call: {type(obj).__name__}")
    return data


def detect_provider(tool_call: dict[str, Any]) -> Provider:
    """The provider shape of a tool call, by the same rules the server applies."""
    kind = tool_call.get("type")
    if "functionCall" in tool_call or "function_call" in tool_call:
        return "gemini"
    if kind == "function" or (kind is None and "function" in tool_call):
        return "openai"
    if kind == "function_call":
        return "responses"
    if kind == "tool_use":
        return "anthropic"
    if kind == "tool_call":
        return "langchain"
    if kind is None and "name" in tool_call:
        return "native"
    raise ValueError("not a native, OpenAI Chat, OpenAI Responses, Anthropic, LangChain or Gemini tool call")


def calls_in_message(message: Any) -> list[dict[str, Any]]:
    """The tool calls of one assistant message, in order.

    Takes an OpenAI `ChatCompletionMessage`, an Anthropic `Message` (or its
    `content`), a Responses `Response` (or its `output` list), a LangChain
    `AIMessage`, a Gemini `Content` or `GenerateContentResponse`, or their dicts.
    """
    if hasattr(message, "candidates") and message.candidates:  # Gemini GenerateContentResponse
        message = message.candidates[0].content
    if isinstance(message, list) or (hasattr(message, "output") and isinstance(message.output, list)):
        items = message if isinstance(message, list) else message.output
        dumped = [as_dict(item) for item in items]
        # A Responses output list, or an Anthropic content list.
        return [item for item in dumped if item.get("type") in ("function_call", "tool_use")]
    tool_calls = _field(message, "tool_calls")
    if tool_calls:
        return [as_dict(call) for call in tool_calls]
    content = _field(message, "content")
    if isinstance(content, list):
        return [block for block in (as_dict(b) for b in content) if block.get("type") == "tool_use"]
    parts = _field(message, "parts")
    if isinstance(parts, list):
        dumped = [as_dict(part) for part in parts]
        return [part for part in dumped if "functionCall" in part or "function_call" in part]
    return []


def _field(message: Any, name: str) -> Any:
    return message.get(name) if isinstance(message, dict) else getattr(message, name, None)


def name_and_arguments(tool_call: dict[str, Any], provider: Provider) -> tuple[str, Any]:
    if provider == "openai":
        function = tool_call.get("function")
        if not isinstance(function, dict):
            return "", None
        return str(function.get("name", "")), _decoded(function.get("arguments", "{}"))
    if provider == "responses":
        return str(tool_call.get("name", "")), _decoded(tool_call.get("arguments", "{}"))
    if provider == "anthropic":
        return str(tool_call.get("name", "")), tool_call.get("input", {})
    if provider == "langchain":
        return str(tool_call.get("name", "")), tool_call.get("args", {})
    if provider == "gemini":
        inner = _gemini_call(tool_call)
        return str(inner.get("name", "")), inner.get("args") or {}
    return str(tool_call.get("name", "")), tool_call.get("arguments", {})


def call_id(tool_call: dict[str, Any], provider: Provider) -> str:
    if provider == "responses":
        return str(tool_call.get("call_id") or "")
    if provider == "gemini":
        return str(_gemini_call(tool_call).get("id") or "")
    return str(tool_call.get("id") or "")


def with_arguments(tool_call: dict[str, Any], provider: Provider, arguments: dict[str, Any]) -> dict[str, Any]:
    body = copy.deepcopy(tool_call)
    if provider == "openai":
        as_string = isinstance(body["function"].get("arguments", "{}"), str)
        body["function"]["arguments"] = json.dumps(arguments, ensure_ascii=False) if as_string else arguments
    elif provider == "responses":
        body["arguments"] = json.dumps(arguments, ensure_ascii=False)
    elif provider == "anthropic":
        body["input"] = arguments
    elif provider == "langchain":
        body["args"] = arguments
    elif provider == "gemini":
        _gemini_call(body)["args"] = arguments
    else:
        body["arguments"] = arguments
    return body


def fallback_tool_message(provider: Provider, tool_call_id: str, name: str, content: dict[str, Any]) -> dict[str, Any]:
    """The server's message shapes, for answers that carry none (401, 429, a gateway's 502): always an error."""
    text = json.dumps(content, separators=(",", ":"), ensure_ascii=False)
    if provider == "openai":
        return {"role": "tool", "tool_call_id": tool_call_id, "content": text}
    if provider == "responses":
        return {"type": "function_call_output", "call_id": tool_call_id, "output": text}
    if provider == "anthropic":
        block = {"type": "tool_result", "tool_use_id": tool_call_id, "content": text, "is_error": True}
        return {"role": "user", "content": [block]}
    if provider == "langchain":
        return {"type": "tool", "tool_call_id": tool_call_id, "name": name, "content": text, "status": "error"}
    if provider == "gemini":
        response = {"name": name, "response": {"error": content}, **({"id": tool_call_id} if tool_call_id else {})}
        return {"role": "user", "parts": [{"functionResponse": response}]}
    return {"role": "tool", "tool_call_id": tool_call_id, "name": name, "content": text, "is_error": True}


def merged_tool_messages(provider: Provider, messages: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """What to append after a whole assistant message: Anthropic and Gemini want one turn for all results."""
    messages = list(messages)
    if provider == "anthropic":
        return [{"role": "user", "content": [block for message in messages for block in message["content"]]}]
    if provider == "gemini":
        return [{"role": "user", "parts": [part for message in messages for part in message["parts"]]}]
    return messages


PENDING_STATUSES = ("pending_approval", "dispatching")


def replace_tool_result(
    conversation: Sequence[Any], provider: Provider, tool_call_id: str, name: str, message: dict[str, Any]
) -> list[Any]:
    """`conversation` with `message` in place of the earlier result for the same call.

    A provider answers each call exactly once: a second tool message with the
    same tool_call_id (OpenAI), a second tool_result for one tool_use
    (Anthropic) or a second function_call_output (Responses) is refused. So a
    decided result replaces the pending one: the message (item) itself, or
    for Anthropic and Gemini its block (part) inside the user turn that
    answered the whole assistant message. The last match wins; items that are
    SDK objects are rebuilt as their type. Raises ValueError if none matches.
    """
    items = list(conversation)
    for index in range(len(items) - 1, -1, -1):
        plain = _plain(items[index])
        if plain is None:
            continue
        replaced = _replaced(plain, provider, tool_call_id, name, message)
        if replaced is not None:
            items[index] = _rebuilt(items[index], replaced)
            return items
    raise ValueError(f"the conversation holds no {provider} tool result for call {tool_call_id or name!r} to replace")


def _replaced(
    item: dict[str, Any], provider: Provider, tool_call_id: str, name: str, message: dict[str, Any]
) -> dict[str, Any] | None:
    """`item` with the call's result replaced, or None when `item` holds no result for the call."""
    if provider in ("openai", "native"):
        if item.get("role") == "tool" and item.get("tool_call_id") == tool_call_id:
            return message
        return None
    if provider == "responses":
        if item.get("type") == "function_call_output" and item.get("call_id") == tool_call_id:
            # The Agents SDK and the Responses API give the item its own id; it stays.
            return {**message, **({"id": item["id"]} if item.get("id") else {})}
        return None
    if provider == "langchain":
        if item.get("type") == "tool" and item.get("tool_call_id") == tool_call_id:
            # The message's own id stays, so a LangGraph add_messages reducer replaces it in place.
            return {**message, **({"id": item["id"]} if item.get("id") else {})}
        return None
    if provider == "anthropic":
        blocks = item.get("content")
        if item.get("role") != "user" or not isinstance(blocks, list):
            return None
        for position, block in enumerate(blocks):
            if (
                isinstance(block, dict)
                and block.get("type") == "tool_result"
                and block.get("tool_use_id") == tool_call_id
            ):
                new_blocks = [*blocks[:position], *message["content"], *blocks[position + 1 :]]
                return {**item, "content": new_blocks}
        return None
    if provider == "gemini":
        parts = item.get("parts")
        if item.get("role") != "user" or not isinstance(parts, list):
            return None
        for position, part in enumerate(parts):
            response = part.get("functionResponse") if isinstance(part, dict) else None
            if isinstance(response, dict) and _same_gemini_call(response, tool_call_id, name):
                return {**item, "parts": [*parts[:position], *message["parts"], *parts[position + 1 :]]}
        return None
    return None


def _same_gemini_call(response: dict[str, Any], tool_call_id: str, name: str) -> bool:
    if tool_call_id:
        return response.get("id") == tool_call_id
    # Without ids Gemini pairs results with calls by name: the pending one of that name.
    if response.get("id") or response.get("name") != name:
        return False
    answer = response.get("response")
    inner = answer.get("output") if isinstance(answer, dict) else None
    return isinstance(inner, dict) and inner.get("status") in PENDING_STATUSES


def _plain(item: Any) -> dict[str, Any] | None:
    """A conversation item as JSON, or None for what holds no tool result (a string, an unknown object)."""
    if isinstance(item, dict):
        return item
    if not hasattr(item, "model_dump"):
        return None
    if type(item).__module__.startswith("google.genai"):
        data = item.model_dump(mode="json", by_alias=True, exclude_none=True)
    else:
        data = item.model_dump(mode="json", exclude_none=True)
    return data if isinstance(data, dict) else None


def _rebuilt(original: Any, replaced: dict[str, Any]) -> Any:
    """`replaced` as the original item's type: a dict stays a dict, an SDK object becomes one again."""
    if isinstance(original, dict):
        return replaced
    try:
        return type(original).model_validate(replaced)
    except (TypeError, ValueError):  # pydantic ValidationError is a ValueError; the JSON is valid input too
        return replaced


def _gemini_call(tool_call: dict[str, Any]) -> dict[str, Any]:
    inner = tool_call.get("functionCall", tool_call.get("function_call"))
    return inner if isinstance(inner, dict) else {}


def _decoded(raw: Any) -> Any:
    if not isinstance(raw, str):
        return raw
    try:
        return json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError:
        # Truncated model output: sent as it is, the server answers 422.
        return None
