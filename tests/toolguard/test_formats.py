"""Shapes in and out: every field refused by name, exports each SDK accepts, strict mode, honest error flags."""

from __future__ import annotations

import json
from typing import Any

import pytest
from anthropic.types import ToolParam
from django.test import override_settings
from google.genai import types as genai
from mcp.types import Tool as McpTool
from openai.types.chat import ChatCompletionFunctionToolParam
from openai.types.responses import FunctionToolParam
from pydantic import TypeAdapter

from approvals.services import approval_decide, approvals_expire
from audit.models import AuditEntry
from core.tools import all_tools
from people.stepup import StepUpProof
from tests.conftest import Bank, transfer_call
from toolguard.api.exports import tool_export
from toolguard.api.formats import NOTES, tool_content, tool_message

pytestmark = pytest.mark.django_db


def post(client: Any, body: Any) -> Any:
    return client.post("/api/v1/tool-calls", body, format="json")


@pytest.mark.parametrize(
    "body,field",
    [
        ({"name": "check_balance", "args": {"account_id": "checking"}}, "'args'"),
        ({"type": "tool_call", "name": "check_balance", "args": {}, "input": {}}, "'input'"),
        (
            {"type": "function", "function": {"name": "check_balance", "arguments": "{}", "strict": True}},
            "'function.strict'",
        ),
        ({"type": "function_call", "name": "check_balance", "arguments": "{}"}, "'call_id'"),
        ({"type": "function_call", "call_id": "c", "name": "x", "arguments": "{}", "extra": 1}, "'extra'"),
        ({"type": "tool_use", "id": "t", "name": "check_balance", "arguments": {}}, "'arguments'"),
        ({"functionCall": {"name": "check_balance", "arguments": {}}}, "'functionCall.arguments'"),
        ({"type": "server_tool_use", "name": "x"}, "'type'"),
        ({"arguments": {}}, "'name'"),
        ({"message": {"role": "assistant", "content": "hello"}}, "'message'"),
        (
            {"message": {"tool_calls": [{"type": "function", "function": {"name": "x"}, "oops": 1}]}},
            "'message.tool_calls.0.oops'",
        ),
        (
            {"items": [{"type": "function_call", "call_id": "c", "name": "x", "arguments": "{}", "bad": 1}]},
            "'items.0.bad'",
        ),
        ({"items": [{"type": "message"}]}, "no tool call"),
    ],
)
def test_a_field_the_shape_lacks_is_a_400_naming_it(bank: Bank, alice: Any, body: dict[str, Any], field: str) -> None:
    response = post(alice, {**body, "session_id": "s"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed_request"
    assert field in response.json()["error"]["message"]
    assert AuditEntry.objects.filter(action="malformed_request").exists()


def test_a_batch_of_mixed_shapes_is_refused_before_anything_runs(bank: Bank, alice: Any) -> None:
    message = {
        "role": "assistant",
        "tool_calls": [
            {"type": "tool_call", "id": "a", "name": "transfer_funds", "args": transfer_call(key="m1")["arguments"]},
            {"type": "function", "id": "b", "function": {"name": "check_balance", "arguments": "{}"}},
        ],
    }
    response = post(alice, {"message": message, "session_id": "s"})
    assert response.status_code == 400 and "mixes shapes" in response.json()["error"]["message"]
    assert bank.balance("checking") == 5_000_000


def test_langchain_and_gemini_arguments_are_read(bank: Bank, alice: Any) -> None:
    langchain = {"type": "tool_call", "id": "lc", "name": "check_balance", "args": {"account_id": "savings"}}
    gemini = {"functionCall": {"id": "g", "name": "check_balance", "args": {"account_id": "savings"}}}
    for body in (langchain, gemini):
        answer = post(alice, {**body, "session_id": "s"}).json()
        assert answer["status"] == "completed" and answer["result"]["balance"] == 10_000_000


def test_responses_string_arguments_are_parsed_and_truncated_ones_are_422(bank: Bank, alice: Any) -> None:
    whole = json.dumps(transfer_call(key="resp")["arguments"])
    call = {"type": "function_call", "call_id": "fc", "name": "transfer_funds", "session_id": "s"}
    assert post(alice, {**call, "arguments": whole}).json()["status"] == "completed"
    cut = post(alice, {**call, "call_id": "fc2", "arguments": whole[:-5]})
    assert cut.status_code == 422 and cut.json()["error"]["details"][0]["code"] == "invalid_json"
    assert cut.json()["tool_message"]["type"] == "function_call_output"


def test_native_tool_message_content_is_a_string_with_an_error_flag(bank: Bank, alice: Any) -> None:
    ok = post(alice, transfer_call(key="n1")).json()["tool_message"]
    assert isinstance(ok["content"], str) and ok["is_error"] is False
    bad = post(alice, transfer_call(key="n2", amount=-1)).json()["tool_message"]
    assert bad["is_error"] is True and json.loads(bad["content"])["status"] == "invalid"


@pytest.mark.parametrize("status", ["rejected", "expired", "invalid", "blocked", "failed", "denied", "quarantined"])
def test_every_outcome_that_did_nothing_is_flagged_as_an_error(status: str) -> None:
    content = tool_content({"status": status, "result": None, "error": None, "approval_id": None})
    assert content["note"] == NOTES[status]

    for provider, flag in (
        ("anthropic", lambda m: m["content"][0]["is_error"]),
        ("langchain", lambda m: m["status"] == "error"),
        ("gemini", lambda m: "error" in m["parts"][0]["functionResponse"]["response"]),
        ("mcp", lambda m: m["isError"]),
        ("native", lambda m: m["is_error"]),
    ):
        assert flag(tool_message(provider=provider, tool_call_id="t", name="x", content=content)) is True


def test_a_rejected_call_tells_the_model_nothing_of_the_reviewers_words(bank: Bank, alice: Any) -> None:
    call = {
        "type": "tool_use",
        "id": "toolu_r",
        "name": "transfer_funds",
        "input": transfer_call(key="r1", amount=2_000_000)["arguments"],
    }
    held = post(alice, {**call, "session_id": "s"}).json()
    approval_decide(
        approval_id=held["approval_id"],
        reviewer=bank.reviewer,
        step_up=StepUpProof(user=bank.reviewer),
        decision="reject",
        reason_code="suspected_fraud",
        reason="the customer's brother-in-law is behind this",
    )
    answer = alice.get(f"/api/v1/tool-calls/{held['id']}").json()
    (block,) = answer["tool_message"]["content"]
    assert block["is_error"] is True
    assert "brother-in-law" not in block["content"]
    content = json.loads(block["content"])
    assert content["status"] == "rejected" and content["result"]["reason_code"] == "suspected_fraud"


@override_settings(TOOLGUARD_APPROVAL_TTL_SECONDS=0)
def test_an_expired_call_is_an_error(bank: Bank, alice: Any) -> None:
    held = post(alice, {**transfer_call(key="e1", amount=2_000_000)}).json()
    approvals_expire()
    answer = alice.get(f"/api/v1/tool-calls/{held['id']}").json()
    assert answer["status"] == "expired" and answer["tool_message"]["is_error"] is True


def test_null_for_an_optional_field_is_read_as_absent(bank: Bank, alice: Any) -> None:
    arguments = {**transfer_call(key="strict1")["arguments"], "memo": None}
    body = {"type": "function", "id": "c", "function": {"name": "transfer_funds", "arguments": json.dumps(arguments)}}
    assert post(alice, {**body, "session_id": "s"}).json()["status"] == "completed"
    # A null for a required field is still a validation error.
    arguments = {**transfer_call(key="strict2")["arguments"], "amount": None}
    body["function"] = {"name": "transfer_funds", "arguments": json.dumps(arguments)}
    response = post(alice, {**body, "session_id": "s"})
    assert response.status_code == 422 and response.json()["error"]["details"][0]["path"] == "/amount"


def test_exports_are_what_each_sdk_accepts(bank: Bank, alice: Any) -> None:
    chat = alice.get("/api/v1/tools?format=openai&strict=true").json()["tools"]
    for tool in chat:
        TypeAdapter(ChatCompletionFunctionToolParam).validate_python(tool)
        assert tool["function"]["strict"] is True
    transfer = next(t["function"]["parameters"] for t in chat if t["function"]["name"] == "transfer_funds")
    assert transfer["required"] == list(transfer["properties"]) and transfer["additionalProperties"] is False
    assert transfer["properties"]["memo"]["type"] == ["string", "null"]
    assert transfer["properties"]["amount"]["type"] == "integer"

    responses = alice.get("/api/v1/tools?format=responses").json()["tools"]
    for tool in responses:
        TypeAdapter(FunctionToolParam).validate_python(tool)
        assert tool["type"] == "function" and tool["strict"] is False and "function" not in tool

    gemini = alice.get("/api/v1/tools?format=gemini").json()["tools"]
    declarations = [genai.FunctionDeclaration.model_validate(tool) for tool in gemini]
    genai.Tool(function_declarations=declarations)
    assert all("additionalProperties" not in json.dumps(tool) for tool in gemini)


def test_strict_is_refused_where_it_means_nothing(bank: Bank, alice: Any) -> None:
    assert alice.get("/api/v1/tools?format=anthropic&strict=true").status_code == 400
    assert alice.get("/api/v1/tools?format=openai&strict=maybe").status_code == 400


def test_langchain_calls_it_could_not_parse_are_answered_as_invalid(bank: Bank, alice: Any) -> None:
    message = {
        "type": "ai",
        "content": "",
        "tool_calls": [{"type": "tool_call", "id": "ok", "name": "check_balance", "args": {"account_id": "checking"}}],
        "invalid_tool_calls": [
            {"type": "invalid_tool_call", "id": "cut", "name": "transfer_funds", "args": '{"amount": 1', "error": "x"}
        ],
    }
    body = post(alice, {"message": message, "session_id": "s"}).json()
    assert [(r["tool_call_id"], r["status"]) for r in body["results"]] == [("ok", "completed"), ("cut", "invalid")]
    assert body["results"][1]["error"]["details"][0]["code"] == "invalid_json"
    assert [m["status"] for m in body["tool_messages"]] == ["success", "error"]


@pytest.mark.parametrize("by_alias", [True, False])
def test_gemini_content_as_the_sdk_dumps_it_either_way(bank: Bank, alice: Any, by_alias: bool) -> None:
    turn = genai.Content(
        role="model",
        parts=[
            genai.Part(text="Checking."),
            genai.Part(function_call=genai.FunctionCall(id="g1", name="check_balance", args={"account_id": "savings"})),
        ],
    )
    message = turn.model_dump(mode="json", by_alias=by_alias, exclude_none=True)
    body = post(alice, {"message": message, "session_id": "s"}).json()
    (reply,) = [genai.Content.model_validate(m) for m in body["tool_messages"]]
    (part,) = reply.parts or []
    assert part.function_response and part.function_response.id == "g1"
    assert (part.function_response.response or {})["output"]["result"]["balance"] == 10_000_000


def test_a_call_still_running_elsewhere_is_not_said_to_have_done_nothing() -> None:
    error = {"code": "idempotency_in_progress", "message": "m", "details": None}
    content = tool_content({"status": "failed", "result": None, "error": error, "approval_id": None})
    assert "still running" in content["note"] and "nothing was done" not in content["note"]


def test_a_batch_is_capped_and_nan_is_not_json(bank: Bank, alice: Any) -> None:
    call = {"type": "function", "function": {"name": "check_balance", "arguments": '{"account_id": "checking"}'}}
    many = {"role": "assistant", "tool_calls": [{**call, "id": f"c{n}"} for n in range(65)]}
    response = post(alice, {"message": many, "session_id": "s"})
    assert response.status_code == 400 and "at most 64" in response.json()["error"]["message"]
    nan = {**call, "id": "nan", "function": {"name": "check_balance", "arguments": '{"account_id": NaN}'}}
    answer = post(alice, {**nan, "session_id": "s"})
    assert answer.status_code == 422 and answer.json()["error"]["details"][0]["code"] == "invalid_json"


def test_every_registered_tool_exports_in_every_format_its_sdk_accepts() -> None:
    tools = all_tools()
    assert len(tools) >= 3
    for tool in tools:
        for strict in (False, True):
            TypeAdapter(ChatCompletionFunctionToolParam).validate_python(tool_export(tool, "openai", strict=strict))
            TypeAdapter(FunctionToolParam).validate_python(tool_export(tool, "responses", strict=strict))
        TypeAdapter(ToolParam).validate_python(tool_export(tool, "anthropic"))
        genai.FunctionDeclaration.model_validate(tool_export(tool, "gemini"))
        McpTool.model_validate(tool_export(tool, "mcp"))
        strict = tool_export(tool, "openai", strict=True)["function"]["parameters"]
        assert set(strict["required"]) == set(strict["properties"]) and strict["additionalProperties"] is False
