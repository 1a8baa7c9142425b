"""toolguard_client without a server: shapes, key derivation and the retry policy."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from toolguard_client import ToolguardClient, ToolguardUnavailable, derive_idempotency_key, detect_provider

TOOLS = {
    "format": "native",
    "tools": [
        {"name": "transfer_funds", "changes_state": True, "parameters": {}},
        {"name": "check_balance", "changes_state": False, "parameters": {}},
    ],
}
ARGS = {"from_account": "a", "to_account": "b", "amount": 100, "currency": "USD"}


class Server:
    """Scripted answers for POST /api/v1/tool-calls; records what was sent."""

    def __init__(self, *answers: httpx.Response | Exception) -> None:
        self.answers = list(answers)
        self.bodies: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if request.url.path == "/api/v1/tools":
            return httpx.Response(200, json=TOOLS)
        self.bodies.append(json.loads(request.content))
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def client(server: Server, sleeps: list[float] | None = None, **kwargs: Any) -> ToolguardClient:
    recorded = sleeps if sleeps is not None else []
    return ToolguardClient(
        "http://toolguard.test",
        "tg_key",
        "chat-1",
        transport=httpx.MockTransport(server),
        sleep=recorded.append,
        **kwargs,
    )


def answer(http: int, status: str, code: str | None = None, **headers: str) -> httpx.Response:
    error = {"code": code, "message": code, "details": None} if code else None
    body = {"id": "1", "tool_call_id": "c", "tool": "transfer_funds", "status": status, "error": error,
            "result": None, "approval_id": None, "replayed": False, "arguments_mismatch": False,
            "tool_message": {"role": "tool", "tool_call_id": "c", "content": "{}"}}  # fmt: skip
    return httpx.Response(http, json=body, headers=headers)


def test_detect_provider() -> None:
    assert detect_provider({"type": "function", "function": {"name": "x", "arguments": "{}"}}) == "openai"
    assert detect_provider({"type": "tool_use", "name": "x", "input": {}}) == "anthropic"
    assert detect_provider({"name": "x", "arguments": {}}) == "native"
    with pytest.raises(ValueError):
        detect_provider({"nothing": 1})


def test_derived_key_is_stable_canonical_and_safe() -> None:
    key = derive_idempotency_key("chat-1", "transfer_funds", ARGS)
    reordered = dict(reversed(list(ARGS.items())))
    assert derive_idempotency_key("chat-1", "transfer_funds", reordered) == key
    assert derive_idempotency_key("chat-1", "transfer_funds", {**ARGS, "idempotency_key": "ignored"}) == key
    assert derive_idempotency_key("chat-2", "transfer_funds", ARGS) != key
    assert derive_idempotency_key("chat-1", "transfer_funds", {**ARGS, "amount": 101}) != key
    assert derive_idempotency_key("chat-1", "transfer_funds", {**ARGS, "memo": "caf\u00e9 \ud83d\ude00"})
    assert all(c.isalnum() or c in "_-" for c in key) and len(key) <= 128


def test_key_added_to_state_changing_calls_only_and_never_overwritten() -> None:
    guard = client(Server())
    openai = {"id": "c1", "type": "function", "function": {"name": "transfer_funds", "arguments": json.dumps(ARGS)}}
    body, provider = guard.prepare(openai)
    sent = json.loads(body["function"]["arguments"])
    assert provider == "openai" and body["session_id"] == "chat-1"
    assert sent["idempotency_key"] == derive_idempotency_key("chat-1", "transfer_funds", ARGS)
    assert json.loads(openai["function"]["arguments"]) == ARGS  # the caller's dict is not changed

    given = {"type": "tool_use", "id": "t1", "name": "transfer_funds", "input": {**ARGS, "idempotency_key": "mine"}}
    assert guard.prepare(given)[0]["input"]["idempotency_key"] == "mine"

    read = {"id": "c2", "name": "check_balance", "arguments": {"account_id": "a"}}
    assert "idempotency_key" not in guard.prepare(read)[0]["arguments"]
    unknown = {"id": "c3", "name": "nope", "arguments": {}}
    assert guard.prepare(unknown)[0]["arguments"] == {}


def test_truncated_openai_arguments_are_sent_untouched() -> None:
    guard = client(Server())
    call = {"id": "c1", "type": "function", "function": {"name": "transfer_funds", "arguments": '{"amount": 1'}}
    assert guard.prepare(call)[0]["function"]["arguments"] == '{"amount": 1'


@pytest.mark.parametrize(
    "first",
    [
        answer(409, "failed", "idempotency_in_progress", **{"Retry-After": "1"}),
        answer(503, "failed", "idempotency_unavailable", **{"Retry-After": "5"}),
        httpx.Response(429, json={"error": {"code": "rate_limited", "message": "slow down", "details": None}}),
        httpx.Response(502, text="<html>bad gateway</html>"),
        httpx.ConnectError("refused"),
    ],
)
def test_undecided_answers_are_retried_with_the_same_body(first: Any) -> None:
    server = Server(first, answer(200, "completed"))
    sleeps: list[float] = []
    result = client(server, sleeps, backoff=0.1).execute({"id": "c", "name": "transfer_funds", "arguments": ARGS})
    assert result.ok and result.attempts == 2
    assert server.bodies[0] == server.bodies[1]
    retry_after = float(first.headers.get("Retry-After", 0)) if isinstance(first, httpx.Response) else 0
    assert sleeps[0] >= retry_after


@pytest.mark.parametrize(
    ("http", "status", "code"),
    [
        (422, "blocked", "injection_blocked"),
        (422, "invalid", "validation_failed"),
        (403, "denied", "forbidden_account"),
        (423, "quarantined", "session_quarantined"),
        (422, "failed", "insufficient_funds"),
        (409, "failed", "some_other_conflict"),
    ],
)
def test_refusals_are_never_retried(http: int, status: str, code: str) -> None:
    server = Server(answer(http, status, code))
    result = client(server).execute({"id": "c", "name": "transfer_funds", "arguments": ARGS})
    assert result.attempts == 1 and len(server.bodies) == 1
    assert result.status == status and result.error_code == code and result.http_status == http


def test_retries_stop_at_max_retries() -> None:
    server = Server(*[answer(503, "failed", "idempotency_unavailable")] * 3)
    sleeps: list[float] = []
    result = client(server, sleeps, max_retries=2, backoff=0.1, max_backoff=0.5).execute(
        {"id": "c", "name": "transfer_funds", "arguments": ARGS}
    )
    assert result.http_status == 503 and result.attempts == 3 and len(sleeps) == 2
    assert all(delay <= 0.5 for delay in sleeps)

    down = Server(*[httpx.ConnectError("refused")] * 3)
    with pytest.raises(ToolguardUnavailable):
        client(down, max_retries=2).execute({"id": "c", "name": "transfer_funds", "arguments": ARGS})


def test_answers_without_a_tool_message_get_one_in_the_callers_shape() -> None:
    server = Server(httpx.Response(401, json={"error": {"code": "unauthenticated", "message": "no", "details": None}}))
    result = client(server).execute({"type": "tool_use", "id": "toolu_1", "name": "check_balance", "input": {}})
    assert result.status == "error" and result.error_code == "unauthenticated"
    block = result.tool_message["content"][0]
    assert result.tool_message["role"] == "user" and block["tool_use_id"] == "toolu_1" and block["is_error"] is True
