"""toolguard_client takes the SDKs' own objects and whole assistant messages (against a real gunicorn)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from anthropic.types import Message as AnthropicMessage
from anthropic.types import MessageParam, TextBlock, ToolUseBlock
from google.genai import types as genai
from langchain_core.messages import AIMessage, ToolMessage
from openai.types.chat import ChatCompletionMessage, ChatCompletionMessageToolCall, ChatCompletionToolMessageParam
from openai.types.responses import ResponseFunctionToolCall
from openai.types.responses.response_input_item_param import FunctionCallOutput
from pydantic import TypeAdapter

from tests.conftest import Bank
from tests.live import ROOT, Gunicorn, unique
from toolguard_client import ToolguardClient

pytestmark = pytest.mark.live


def move(sfx: str, amount: int) -> dict[str, Any]:
    # No idempotency_key: the client derives one, in every shape.
    return {"from_account": f"checking{sfx}", "to_account": f"savings{sfx}", "amount": amount, "currency": "USD"}


def test_it_takes_each_sdks_tool_call_objects(server: Gunicorn, live: tuple[Bank, str]) -> None:
    bank, sfx = live
    balance = {"account_id": f"checking{sfx}"}
    calls = [
        ChatCompletionMessageToolCall(
            id="call_1", type="function", function={"name": "check_balance", "arguments": json.dumps(balance)}
        ),
        ResponseFunctionToolCall(
            type="function_call", call_id="fc_1", name="transfer_funds", arguments=json.dumps(move(sfx, 100))
        ),
        ToolUseBlock(type="tool_use", id="toolu_1", name="transfer_funds", input=move(sfx, 200)),
        genai.FunctionCall(id="g_1", name="transfer_funds", args=move(sfx, 300)),
        {"name": "transfer_funds", "args": move(sfx, 400), "id": "lc_1", "type": "tool_call"},
    ]
    with ToolguardClient(server.url, bank.alice_key, unique("chat-")) as guard:
        results = [guard.execute(call) for call in calls]
    assert [r.provider for r in results] == ["openai", "responses", "anthropic", "gemini", "langchain"]
    assert all(r.ok and not r.is_error for r in results), [r.error for r in results]
    assert all(r.idempotency_key for r in results[1:])
    assert bank.balance(f"savings{sfx}") == 10_000_000 + 1_000
    TypeAdapter(ChatCompletionToolMessageParam).validate_python(results[0].tool_message)
    assert TypeAdapter(FunctionCallOutput).validate_python(results[1].tool_message)["call_id"] == "fc_1"
    TypeAdapter(MessageParam).validate_python(results[2].tool_message)
    assert genai.Content.model_validate(results[3].tool_message).parts[0].function_response.id == "g_1"
    assert ToolMessage.model_validate(results[4].tool_message).tool_call_id == "lc_1"


def test_run_tool_calls_answers_a_whole_anthropic_message_in_one_user_turn(
    server: Gunicorn, live: tuple[Bank, str]
) -> None:
    bank, sfx = live
    message = AnthropicMessage(
        id="msg_1",
        type="message",
        role="assistant",
        model="claude-test",
        stop_reason="tool_use",
        stop_sequence=None,
        usage={"input_tokens": 1, "output_tokens": 1},
        content=[
            TextBlock(type="text", text="Moving it now."),
            ToolUseBlock(type="tool_use", id="toolu_a", name="check_balance", input={"account_id": f"checking{sfx}"}),
            ToolUseBlock(type="tool_use", id="toolu_b", name="transfer_funds", input=move(sfx, 2_000_000)),
        ],
    )
    with ToolguardClient(server.url, bank.alice_key, unique("chat-")) as guard:
        answers = guard.run_tool_calls(message)
    assert [r.status for r in answers.results] == ["completed", "pending_approval"]
    assert [r.tool_call_id for r in answers.pending] == ["toolu_b"]
    (turn,) = answers.tool_messages
    TypeAdapter(MessageParam).validate_python(turn)
    assert [block["tool_use_id"] for block in turn["content"]] == ["toolu_a", "toolu_b"]
    assert [block["is_error"] for block in turn["content"]] == [False, False]


def test_run_tool_calls_takes_chat_langchain_gemini_and_responses_messages(
    server: Gunicorn, live: tuple[Bank, str]
) -> None:
    bank, sfx = live
    balance = {"account_id": f"checking{sfx}"}
    chat = ChatCompletionMessage(
        role="assistant",
        content=None,
        tool_calls=[
            ChatCompletionMessageToolCall(
                id=f"call_{n}", type="function", function={"name": "check_balance", "arguments": json.dumps(balance)}
            )
            for n in range(2)
        ],
    )
    langchain = AIMessage(content="", tool_calls=[{"name": "check_balance", "args": balance, "id": "lc_1"}])
    gemini = genai.Content(
        role="model",
        parts=[
            genai.Part(function_call=genai.FunctionCall(id=f"g_{n}", name="check_balance", args=balance))
            for n in range(2)
        ],
    )
    responses = [
        ResponseFunctionToolCall(
            type="function_call", call_id="fc_1", name="check_balance", arguments=json.dumps(balance)
        )
    ]
    with ToolguardClient(server.url, bank.alice_key, unique("chat-")) as guard:
        chat_answers = guard.run_tool_calls(chat)
        langchain_answers = guard.run_tool_calls(langchain)
        gemini_answers = guard.run_tool_calls(gemini)
        responses_answers = guard.run_tool_calls(responses)
    assert [m["tool_call_id"] for m in chat_answers.tool_messages] == ["call_0", "call_1"]
    for message in chat_answers.tool_messages:
        TypeAdapter(ChatCompletionToolMessageParam).validate_python(message)
    assert ToolMessage.model_validate(langchain_answers.tool_messages[0]).status == "success"
    (turn,) = gemini_answers.tool_messages
    assert [p.function_response.id for p in genai.Content.model_validate(turn).parts] == ["g_0", "g_1"]
    TypeAdapter(FunctionCallOutput).validate_python(responses_answers.tool_messages[0])


def test_it_installs_with_pip(tmp_path: Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(
        ROOT / "toolguard_client", source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info")
    )
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    probe = "import toolguard_client, sys; print(toolguard_client.__file__); print(toolguard_client.ToolguardClient)"
    out = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(target)!r}); {probe}"],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    ).stdout
    assert out.startswith(str(target))
    metadata = next(target.glob("toolguard_client-*.dist-info")) / "METADATA"
    assert "Name: toolguard-client" in metadata.read_text()
