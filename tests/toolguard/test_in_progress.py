"""A key still running elsewhere is in progress, not failed, in every call shape.

The idempotency lock is held by the test itself, which is exactly what a
concurrent first request does while it executes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import mcp.types as mt
import pytest
from anthropic.types import MessageParam
from google.genai import types as genai
from langchain_core.messages import ToolMessage
from openai.types.chat import ChatCompletionToolMessageParam
from openai.types.responses.response_input_param import FunctionCallOutput
from pydantic import TypeAdapter

from audit.models import AuditEntry
from core import idempotency
from core.enums import STORED_TOOL_CALL_STATUSES, ToolCallStatus
from core.idempotency import IdempotencyScope
from core.models import ToolCall
from tests.conftest import Bank, transfer_call
from tests.toolguard.test_mcp import Mcp
from toolguard.api.formats import is_error

pytestmark = pytest.mark.django_db


@contextmanager
def key_running(bank: Bank, key: str) -> Iterator[None]:
    scope = IdempotencyScope(bank.alice.id, "transfer_funds", key)
    token = idempotency.lock_acquire(scope)
    assert token is not None
    try:
        yield
    finally:
        idempotency.lock_release(scope, token)


def arguments(key: str) -> dict[str, Any]:
    return transfer_call(key=key)["arguments"]


# Each shape: the call as its SDK sends it, and how to read the tool message it expects back.
def _chat(message: dict[str, Any]) -> str:
    TypeAdapter(ChatCompletionToolMessageParam).validate_python(message)
    return str(message["content"])


def _responses(message: dict[str, Any]) -> str:
    TypeAdapter(FunctionCallOutput).validate_python(message)
    return str(message["output"])


def _anthropic(message: dict[str, Any]) -> str:
    TypeAdapter(MessageParam).validate_python(message)
    (block,) = message["content"]
    assert block["type"] == "tool_result" and block["is_error"] is False
    return str(block["content"])


def _langchain(message: dict[str, Any]) -> str:
    parsed = ToolMessage(**{k: v for k, v in message.items() if k != "type"})
    assert parsed.status == "success"
    return str(parsed.content)


def _gemini(message: dict[str, Any]) -> str:
    content = genai.Content.model_validate(message)
    (part,) = content.parts or []
    assert part.function_response is not None
    response = part.function_response.response or {}
    assert "error" not in response
    return json.dumps(response["output"])


def _native(message: dict[str, Any]) -> str:
    assert message["is_error"] is False
    return str(message["content"])


SHAPES: dict[str, tuple[Callable[[str], dict[str, Any]], Callable[[dict[str, Any]], str]]] = {
    "native": (lambda key: {"id": "n1", "name": "transfer_funds", "arguments": arguments(key)}, _native),
    "openai": (
        lambda key: {
            "id": "call_1",
            "type": "function",
            "function": {"name": "transfer_funds", "arguments": json.dumps(arguments(key))},
        },
        _chat,
    ),
    "responses": (
        lambda key: {
            "type": "function_call",
            "call_id": "call_1",
            "name": "transfer_funds",
            "arguments": json.dumps(arguments(key)),
        },
        _responses,
    ),
    "anthropic": (
        lambda key: {"type": "tool_use", "id": "toolu_1", "name": "transfer_funds", "input": arguments(key)},
        _anthropic,
    ),
    "langchain": (
        lambda key: {"type": "tool_call", "id": "lc1", "name": "transfer_funds", "args": arguments(key)},
        _langchain,
    ),
    "gemini": (lambda key: {"functionCall": {"id": "g1", "name": "transfer_funds", "args": arguments(key)}}, _gemini),
}


def assert_says_in_progress(text: str) -> None:
    content = json.loads(text)
    assert content["status"] == "in_progress"
    assert "same" in content["note"] and "failed" not in content["note"].replace("nothing has failed", "")
    assert content["error"]["code"] == "idempotency_in_progress"
    assert content["error"]["details"]["retry_after_seconds"] >= 1


@pytest.mark.parametrize("shape", SHAPES)
def test_an_in_progress_answer_is_not_an_error_in_any_shape(bank: Bank, alice: Any, shape: str) -> None:
    build, read = SHAPES[shape]
    key = f"busy-{shape}"
    with key_running(bank, key):
        response = alice.post("/api/v1/tool-calls", {**build(key), "session_id": "s"}, format="json")
    assert response.status_code == 409
    assert int(response["Retry-After"]) >= 1
    body = response.json()
    assert body["status"] == "in_progress" and body["error"]["code"] == "idempotency_in_progress"
    assert "retry with the same key returns" in body["error"]["message"]
    assert_says_in_progress(read(body["tool_message"]))
    assert bank.balance("checking") == 5_000_000  # nothing ran

    # The row records that this request ran nothing; it never holds in_progress.
    assert ToolCall.objects.get(id=body["id"]).status == ToolCallStatus.FAILED
    assert AuditEntry.objects.filter(action="idempotency_in_progress", tool_call_id=body["id"]).exists()

    # Once the key is free, the same key runs once.
    again = alice.post("/api/v1/tool-calls", {**build(key), "session_id": "s"}, format="json")
    assert again.status_code == 200 and again.json()["status"] == "completed"
    assert bank.balance("checking") == 5_000_000 - 10_000


def test_a_batch_with_a_call_in_progress_says_when_to_retry(bank: Bank, alice: Any) -> None:
    message = {
        "role": "assistant",
        "content": [
            {"type": "tool_use", "id": "toolu_a", "name": "transfer_funds", "input": arguments("batch-busy")},
            {"type": "tool_use", "id": "toolu_b", "name": "transfer_funds", "input": arguments("batch-free")},
        ],
    }
    with key_running(bank, "batch-busy"):
        response = alice.post("/api/v1/tool-calls", {"message": message, "session_id": "s"}, format="json")
    assert response.status_code == 200 and int(response["Retry-After"]) >= 1
    body = response.json()
    assert [r["status"] for r in body["results"]] == ["in_progress", "completed"]
    (reply,) = body["tool_messages"]
    TypeAdapter(MessageParam).validate_python(reply)
    assert [block["is_error"] for block in reply["content"]] == [False, False]
    assert_says_in_progress(reply["content"][0]["content"])


def test_an_mcp_call_in_progress_is_not_an_error(bank: Bank) -> None:
    client = Mcp(bank.alice_key)
    client.initialize()
    with key_running(bank, "busy-mcp"):
        client.next_id += 1
        response = client.post(
            {
                "jsonrpc": "2.0",
                "id": client.next_id,
                "method": "tools/call",
                "params": {"name": "transfer_funds", "arguments": arguments("busy-mcp")},
            }
        )
    assert response.status_code == 200 and int(response["Retry-After"]) >= 1
    result = mt.CallToolResult.model_validate(response.json()["result"])
    assert result.is_error is False
    assert result.structured_content is not None and result.structured_content["status"] == "in_progress"
    (text,) = result.content
    assert isinstance(text, mt.TextContent)
    assert_says_in_progress(text.text)
    assert bank.balance("checking") == 5_000_000

    done = client.call("transfer_funds", arguments("busy-mcp"))
    assert done.is_error is False and (done.structured_content or {})["status"] == "completed"


def test_in_progress_is_an_answer_never_a_stored_status() -> None:
    assert ToolCallStatus.IN_PROGRESS == "in_progress" and not is_error(ToolCallStatus.IN_PROGRESS)
    assert "in_progress" not in dict(STORED_TOOL_CALL_STATUSES)
    assert ToolCall._meta.get_field("status").choices == STORED_TOOL_CALL_STATUSES
