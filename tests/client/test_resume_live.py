"""A held call comes back to the model in its own protocol (against a real gunicorn).

Two ways back, for OpenAI Chat, Responses, Anthropic, Gemini and LangChain:
the status tool every exported tool list ends with (the model asks, in its own
shape, and the answer is the result of *that* call), and the client's resume
(the decided result takes the pending result's place, so each call keeps
exactly one result). Every conversation is checked with the provider SDK's
own types, and every tool list too.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from anthropic.types import Message as AnthropicMessage
from anthropic.types import MessageParam, ToolParam, ToolUseBlock
from google.genai import types as genai
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from openai.types.chat import (
    ChatCompletionFunctionToolParam,
    ChatCompletionMessage,
    ChatCompletionMessageParam,
    ChatCompletionMessageToolCall,
)
from openai.types.responses import FunctionToolParam, ResponseFunctionToolCall, ResponseInputParam
from pydantic import TypeAdapter

from core.models import AgentKey
from tests.conftest import Bank
from tests.live import Gunicorn, unique
from toolguard_client import STATUS_TOOL, StillPending, ToolguardClient, ToolResult

pytestmark = pytest.mark.live

STATUS_FORMATS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "openai": TypeAdapter(ChatCompletionFunctionToolParam).validate_python,
    "responses": TypeAdapter(FunctionToolParam).validate_python,
    "anthropic": TypeAdapter(ToolParam).validate_python,
    "gemini": genai.FunctionDeclaration.model_validate,
}


def held_move(sfx: str, amount: int = 2_500) -> dict[str, Any]:
    # bobext2 is not one of Alice's payees: the transfer is held for a reviewer.
    return {"from_account": f"checking{sfx}", "to_account": f"bobext2{sfx}", "amount": amount, "currency": "USD"}


def approve(server: Gunicorn, sfx: str, approval_id: str) -> None:
    httpx.post(
        f"{server.url}/api/v1/approvals/{approval_id}/decision",
        json={"decision": "approve", "reason": "customer confirmed by phone"},
        auth=(f"rev{sfx}", "correct-horse-battery"),
        timeout=10,
    ).raise_for_status()


def tool_list(server: Gunicorn, key: str, fmt: str, *, strict: bool = False) -> list[dict[str, Any]]:
    answer = httpx.get(
        f"{server.url}/api/v1/tools",
        params={"format": fmt, **({"strict": "true"} if strict else {})},
        headers={"Authorization": f"Bearer {key}"},
    )
    answer.raise_for_status()
    return list(answer.json()["tools"])


def _name(tool: dict[str, Any]) -> str:
    return str((tool.get("function") or tool)["name"])


def test_every_tool_list_ends_with_the_status_tool(server: Gunicorn, live: tuple[Bank, str]) -> None:
    bank, _ = live
    for fmt, validate in STATUS_FORMATS.items():
        for strict in (False, True) if fmt in ("openai", "responses") else (False,):
            tools = tool_list(server, bank.alice_key, fmt, strict=strict)
            for tool in tools:
                validate(tool)
            assert [_name(tool) for tool in tools][-1] == STATUS_TOOL, (fmt, strict)
            assert [_name(tool) for tool in tools].count(STATUS_TOOL) == 1
    native = tool_list(server, bank.alice_key, "native")
    status = next(tool for tool in native if tool["name"] == STATUS_TOOL)
    assert status["changes_state"] is False and status["parameters"]["required"] == ["call_id"]
    mcp = next(tool for tool in tool_list(server, bank.alice_key, "mcp") if tool["name"] == STATUS_TOOL)
    assert mcp["annotations"]["readOnlyHint"] is True


def status_call(provider: str, call_id: str, held_id: str) -> Any:
    """The model asking about the held call, as each SDK hands the call over."""
    arguments = {"call_id": held_id}
    if provider == "openai":
        return ChatCompletionMessageToolCall(
            id=call_id, type="function", function={"name": STATUS_TOOL, "arguments": json.dumps(arguments)}
        )
    if provider == "responses":
        return ResponseFunctionToolCall(
            type="function_call", call_id=call_id, name=STATUS_TOOL, arguments=json.dumps(arguments)
        )
    if provider == "anthropic":
        return ToolUseBlock(type="tool_use", id=call_id, name=STATUS_TOOL, input=arguments)
    if provider == "gemini":
        return genai.FunctionCall(id=call_id, name=STATUS_TOOL, args=arguments)
    return {"type": "tool_call", "id": call_id, "name": STATUS_TOOL, "args": arguments}


def validate_message(provider: str, message: dict[str, Any]) -> None:
    if provider == "openai":
        TypeAdapter(ChatCompletionMessageParam).validate_python(message)
    elif provider == "responses":
        TypeAdapter(ResponseInputParam).validate_python([message])
    elif provider == "anthropic":
        TypeAdapter(MessageParam).validate_python(message)
    elif provider == "gemini":
        genai.Content.model_validate(message)
    else:
        ToolMessage.model_validate(message)


def content_of(provider: str, message: dict[str, Any]) -> dict[str, Any]:
    if provider == "openai":
        return dict(json.loads(message["content"]))
    if provider == "responses":
        return dict(json.loads(message["output"]))
    if provider == "anthropic":
        return dict(json.loads(message["content"][0]["content"]))
    if provider == "gemini":
        response = message["parts"][0]["functionResponse"]["response"]
        return dict(response.get("output") or response["error"])
    return dict(json.loads(message["content"]))


@pytest.mark.parametrize("provider", ["openai", "responses", "anthropic", "gemini", "langchain"])
def test_the_model_asks_the_status_tool_in_its_own_shape(
    provider: str, server: Gunicorn, live: tuple[Bank, str]
) -> None:
    bank, sfx = live
    with ToolguardClient(server.url, bank.alice_key, unique("chat-")) as guard:
        held = guard.execute({"type": "tool_call", "id": "lc_move", "name": "transfer_funds", "args": held_move(sfx)})
        assert held.pending and held.id
        pending_note = json.loads(held.tool_message["content"])
        assert STATUS_TOOL in pending_note["note"] and pending_note["call_id"] == held.id

        asked = guard.execute(status_call(provider, "ask_1", held.id))
        assert asked.provider == provider and asked.http_status == 200
        assert asked.status == "pending_approval" and asked.pending and asked.id == held.id
        assert asked.tool == STATUS_TOOL and asked.tool_call_id == "ask_1"
        validate_message(provider, asked.tool_message)
        assert content_of(provider, asked.tool_message)["status"] == "pending_approval"

        approve(server, sfx, str(held.approval_id))
        again = guard.execute(status_call(provider, "ask_2", held.id))
        assert again.status == "completed" and again.ok and again.result["status"] == "completed"
        assert again.tool_call_id == "ask_2"  # the answer to this call, not a second answer to the held one
        validate_message(provider, again.tool_message)
        assert content_of(provider, again.tool_message)["result"]["status"] == "completed"
    # Asking changed nothing: the transfer ran once, on approval.
    assert bank.balance(f"bobext2{sfx}") == 2_500


def test_the_status_tool_reads_only_the_callers_own_key(server: Gunicorn, live: tuple[Bank, str]) -> None:
    bank, sfx = live
    # Another key of the same customer, and another customer's key: neither sees Alice's key's call.
    _, second_key = AgentKey.objects.issue(customer=bank.alice, allowed_tools=["transfer_funds", "check_balance"])
    with ToolguardClient(server.url, bank.alice_key, unique("chat-")) as guard:
        held = guard.execute(_openai_move(sfx))
        assert held.pending and held.id
    for key in (bank.bob_key, second_key):
        with ToolguardClient(server.url, key, unique("chat-")) as other:
            answer = other.execute(status_call("openai", "ask_other", held.id))
        assert answer.http_status == 404 and answer.status == "invalid" and answer.error_code == "not_found"
        assert answer.tool_message["tool_call_id"] == "ask_other"
        assert "pending" not in answer.tool_message["content"]
    with ToolguardClient(server.url, bank.alice_key, unique("chat-")) as guard:
        assert guard.execute(status_call("openai", "mine", held.id)).status == "pending_approval"


def _openai_move(sfx: str, call_id: str = "call_move") -> ChatCompletionMessageToolCall:
    return ChatCompletionMessageToolCall(
        id=call_id, type="function", function={"name": "transfer_funds", "arguments": json.dumps(held_move(sfx))}
    )


def balance_args(sfx: str) -> dict[str, Any]:
    return {"account_id": f"checking{sfx}"}


def conversation(provider: str, sfx: str) -> tuple[Any, list[Any]]:
    """One assistant message with a balance check and a held transfer, and the conversation before it."""
    if provider == "openai":
        message = ChatCompletionMessage(
            role="assistant",
            content=None,
            tool_calls=[
                ChatCompletionMessageToolCall(
                    id="call_balance",
                    type="function",
                    function={"name": "check_balance", "arguments": json.dumps(balance_args(sfx))},
                ),
                _openai_move(sfx),
            ],
        )
        return message, [{"role": "user", "content": "Pay Bob."}, message.model_dump(mode="json", exclude_none=True)]
    if provider == "responses":
        output = [
            ResponseFunctionToolCall(
                type="function_call",
                id="fc_balance",
                call_id="call_balance",
                name="check_balance",
                arguments=json.dumps(balance_args(sfx)),
            ),
            ResponseFunctionToolCall(
                type="function_call",
                id="fc_move",
                call_id="call_move",
                name="transfer_funds",
                arguments=json.dumps(held_move(sfx)),
            ),
        ]
        return output, [
            {"role": "user", "content": "Pay Bob."},
            *(item.model_dump(mode="json", exclude_none=True) for item in output),
        ]
    if provider == "anthropic":
        message = AnthropicMessage(
            id="msg_1",
            type="message",
            role="assistant",
            model="claude-test",
            stop_reason="tool_use",
            stop_sequence=None,
            usage={"input_tokens": 1, "output_tokens": 1},
            content=[
                ToolUseBlock(type="tool_use", id="call_balance", name="check_balance", input=balance_args(sfx)),
                ToolUseBlock(type="tool_use", id="call_move", name="transfer_funds", input=held_move(sfx)),
            ],
        )
        return message, [
            {"role": "user", "content": "Pay Bob."},
            {"role": "assistant", "content": [block.model_dump(mode="json") for block in message.content]},
        ]
    if provider == "gemini":
        content = genai.Content(
            role="model",
            parts=[
                genai.Part(
                    function_call=genai.FunctionCall(id="call_balance", name="check_balance", args=balance_args(sfx))
                ),
                genai.Part(
                    function_call=genai.FunctionCall(id="call_move", name="transfer_funds", args=held_move(sfx))
                ),
            ],
        )
        return content, [genai.Content(role="user", parts=[genai.Part(text="Pay Bob.")]), content]
    message = AIMessage(
        content="",
        tool_calls=[
            {"type": "tool_call", "id": "call_balance", "name": "check_balance", "args": balance_args(sfx)},
            {"type": "tool_call", "id": "call_move", "name": "transfer_funds", "args": held_move(sfx)},
        ],
    )
    return message, [HumanMessage("Pay Bob.", id="m1"), message]


def appended(provider: str, messages: list[dict[str, Any]]) -> list[Any]:
    """The tool messages as the SDK's conversation holds them."""
    if provider == "gemini":
        return [genai.Content.model_validate(message) for message in messages]
    if provider == "langchain":
        return [ToolMessage.model_validate({**message, "id": f"tm{n}"}) for n, message in enumerate(messages)]
    return messages


def validate_conversation(provider: str, items: list[Any]) -> Counter[str]:
    """The conversation in the SDK's own types; how many results each call has."""
    if provider == "openai":
        TypeAdapter(list[ChatCompletionMessageParam]).validate_python(items)
        return Counter(item["tool_call_id"] for item in items if item.get("role") == "tool")
    if provider == "responses":
        TypeAdapter(ResponseInputParam).validate_python(items)
        return Counter(item["call_id"] for item in items if item.get("type") == "function_call_output")
    if provider == "anthropic":
        TypeAdapter(list[MessageParam]).validate_python(items)
        return Counter(
            block["tool_use_id"]
            for item in items
            if isinstance(item["content"], list)
            for block in item["content"]
            if block.get("type") == "tool_result"
        )
    if provider == "gemini":
        assert all(isinstance(item, genai.Content) for item in items)
        return Counter(
            part.function_response.id for item in items for part in item.parts or [] if part.function_response
        )
    assert all(isinstance(item, HumanMessage | AIMessage | ToolMessage) for item in items)
    return Counter(item.tool_call_id for item in items if isinstance(item, ToolMessage))


def result_text(provider: str, items: list[Any], call_id: str) -> dict[str, Any]:
    if provider == "openai":
        return dict(json.loads(next(i["content"] for i in items if i.get("tool_call_id") == call_id)))
    if provider == "responses":
        return dict(
            json.loads(
                next(
                    i["output"]
                    for i in items
                    if i.get("type") == "function_call_output" and i.get("call_id") == call_id
                )
            )
        )
    if provider == "anthropic":
        blocks = [b for i in items if isinstance(i["content"], list) for b in i["content"]]
        return dict(json.loads(next(b["content"] for b in blocks if b.get("tool_use_id") == call_id)))
    if provider == "gemini":
        parts = [p for i in items for p in i.parts or [] if p.function_response]
        response = next(p.function_response.response for p in parts if p.function_response.id == call_id)
        return dict(response.get("output") or response["error"])
    return dict(json.loads(next(i.content for i in items if isinstance(i, ToolMessage) and i.tool_call_id == call_id)))


@pytest.mark.parametrize("provider", ["openai", "responses", "anthropic", "gemini", "langchain"])
def test_resume_puts_the_decision_in_place_of_the_pending_result(
    provider: str, server: Gunicorn, live: tuple[Bank, str]
) -> None:
    bank, sfx = live
    message, items = conversation(provider, sfx)
    with ToolguardClient(server.url, bank.alice_key, unique("chat-")) as guard:
        answers = guard.run_tool_calls(message)
        assert [r.status for r in answers.results] == ["completed", "pending_approval"]
        items = [*items, *appended(provider, answers.tool_messages)]
        assert validate_conversation(provider, items) == {"call_balance": 1, "call_move": 1}
        [held] = answers.pending

        with pytest.raises(StillPending) as waited:  # nobody has decided yet: typed, never a result
            guard.wait_for_decision(held, timeout=0.3, poll_interval=0.1)
        assert isinstance(waited.value, TimeoutError) and waited.value.result.pending
        assert waited.value.result.id == held.id

        approve(server, sfx, str(held.approval_id))
        decided = guard.wait_for_decision(held, timeout=20, poll_interval=0.25)
        resumed = guard.resume(items, decided)

    assert decided.ok and decided.tool_call_id == "call_move"
    assert len(resumed) == len(items)
    # Still one result per call, in the SDK's own types; the held one now says what happened.
    assert validate_conversation(provider, resumed) == {"call_balance": 1, "call_move": 1}
    assert result_text(provider, resumed, "call_move")["status"] == "completed"
    assert result_text(provider, resumed, "call_balance")["status"] == "completed"
    assert result_text(provider, items, "call_move")["status"] == "pending_approval"  # the input is not changed
    if provider == "langchain":
        # The message keeps its id: a LangGraph add_messages reducer replaces it in place.
        assert [m.id for m in resumed if isinstance(m, ToolMessage)] == ["tm0", "tm1"]
    assert bank.balance(f"bobext2{sfx}") == 2_500


def test_resume_refuses_a_conversation_without_the_call(server: Gunicorn, live: tuple[Bank, str]) -> None:
    bank, sfx = live
    with ToolguardClient(server.url, bank.alice_key, unique("chat-")) as guard:
        held = guard.execute(_openai_move(sfx))
        with pytest.raises(ValueError, match="call_move"):
            guard.resume([{"role": "user", "content": "Pay Bob."}], held)
    assert isinstance(held, ToolResult)


def test_a_batch_answers_a_status_call_among_others_in_order(server: Gunicorn, live: tuple[Bank, str]) -> None:
    bank, sfx = live
    with ToolguardClient(server.url, bank.alice_key, unique("chat-")) as guard:
        held = guard.execute(_openai_move(sfx))
        message = ChatCompletionMessage(
            role="assistant",
            content=None,
            tool_calls=[
                ChatCompletionMessageToolCall(
                    id="call_balance",
                    type="function",
                    function={"name": "check_balance", "arguments": json.dumps(balance_args(sfx))},
                ),
                status_call("openai", "call_status", str(held.id)),
            ],
        )
        answers = guard.run_tool_calls(message)
    assert [(r.tool, r.status, r.tool_call_id) for r in answers.results] == [
        ("check_balance", "completed", "call_balance"),
        (STATUS_TOOL, "pending_approval", "call_status"),
    ]
    items = [message.model_dump(mode="json", exclude_none=True), *answers.tool_messages]
    assert validate_conversation("openai", items) == {"call_balance": 1, "call_status": 1}
    # The same message as one batch: the server reads the status call in its place among the others.
    batch = httpx.post(
        f"{server.url}/api/v1/tool-calls",
        json={"session_id": unique("chat-"), "message": message.model_dump(mode="json", exclude_none=True)},
        headers={"Authorization": f"Bearer {bank.alice_key}"},
        timeout=30,
    )
    assert batch.status_code == 200
    results = batch.json()["results"]
    assert [(r["tool"], r["status"], r["http_status"]) for r in results] == [
        ("check_balance", "completed", 200),
        (STATUS_TOOL, "pending_approval", 200),
    ]
    assert results[1]["id"] == held.id and results[1]["tool_call_id"] == "call_status"
    items = [message.model_dump(mode="json", exclude_none=True), *batch.json()["tool_messages"]]
    assert validate_conversation("openai", items) == {"call_balance": 1, "call_status": 1}
