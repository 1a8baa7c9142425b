"""ToolguardClient: send a model's tool calls through toolguard, safely retried.

Retries are where duplicate transfers come from, so the client follows the
server's idempotency contract:

* every state-changing call carries an idempotency key. When the model gave
  one it is sent untouched; when it gave none, a key is derived from the
  session, the tool and the canonical arguments, so a retry of the same
  operation (after a timeout, a reconnect, a restarted agent) names the same
  operation and the server replays instead of executing again;
* only answers that mean "not decided yet" are retried: 409
  idempotency_in_progress, 429, 502/503/504 and connection errors, always
  with the same body and key, with exponential backoff that never waits less
  than the server's Retry-After. Refusals (invalid, blocked, denied,
  quarantined, failed) are final: sending them again cannot change the answer
  and only adds injection blocks to the session;
* a held call (202 pending_approval) can be waited on until a reviewer decides
  (a timeout raises StillPending, never passes as a result), and the decision
  put in the pending result's place in the conversation (`resume`).
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import httpx

from toolguard_client.shapes import (
    PROVIDERS,
    Provider,
    as_dict,
    call_id,
    calls_in_message,
    detect_provider,
    fallback_tool_message,
    merged_tool_messages,
    name_and_arguments,
    replace_tool_result,
    with_arguments,
)

KEY_FIELD = "idempotency_key"
# Gateways in front of toolguard answer these while an app server restarts;
# with the same key a retry is safe whatever happened to the first attempt.
RETRY_STATUSES = frozenset({429, 502, 503, 504})


class ToolguardError(Exception):
    """toolguard answered in a way the client cannot turn into a tool result."""


class ToolguardUnavailable(ToolguardError):
    """toolguard could not be reached, even after every retry."""


class StillPending(ToolguardError, TimeoutError):
    """wait_for_decision's timeout passed with nobody having decided: not a tool result.

    `result` is the last (still pending) answer. The request stays in the
    reviewers' queue: keep its pending message in the conversation (the model
    can ask `get_tool_call_status` later), or wait again.
    """

    def __init__(self, result: ToolResult, timeout: float) -> None:
        super().__init__(f"call {result.id} is still {result.status} after {timeout:g} s")
        self.result = result
        self.timeout = timeout


@dataclass(frozen=True)
class ToolResult:
    """toolguard's answer to one tool call."""

    # completed, pending_approval, dispatching, rejected, expired, invalid, blocked, failed, denied, quarantined, error
    status: str
    http_status: int
    id: str | None = None  # toolguard's id of this call (GET /api/v1/tool-calls/<id>)
    tool_call_id: str = ""  # the model's id for the call
    tool: str = ""
    result: Any = None
    error: dict[str, Any] | None = None
    approval_id: str | None = None
    replayed: bool = False
    arguments_mismatch: bool = False
    tool_message: dict[str, Any] = field(default_factory=dict)
    provider: Provider = "native"
    idempotency_key: str | None = None  # the key sent (the model's, or the derived one)
    attempts: int = 1
    # The body that was sent, so a held replay can be asked again with the same key.
    request: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        return self.status == "completed"

    @property
    def pending(self) -> bool:
        """Not decided yet: held for a reviewer, or sent upstream with the outcome not known yet."""
        return self.status in ("pending_approval", "dispatching")

    @property
    def is_error(self) -> bool:
        """The tool did not do what was asked (refused, rejected, expired, unreachable)."""
        return not self.ok and not self.pending

    @property
    def error_code(self) -> str | None:
        return str(self.error["code"]) if self.error and self.error.get("code") else None


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def derive_idempotency_key(session_id: str, tool: str, arguments: dict[str, Any]) -> str:
    """A key that names this operation in this session: equal for a retry, new for a new operation.

    Only [A-Za-z0-9_-], as the tools' schemas require. Two identical
    operations in one session share a key on purpose; a model that means a
    second, identical transfer must give its own key.
    """
    body = {name: value for name, value in arguments.items() if name != KEY_FIELD}
    canonical = canonical_json({"session": session_id, "tool": tool, "arguments": body})
    return "tg-" + hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def _retry_after_seconds(value: str | None) -> float:
    if not value:
        return 0.0
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return 0.0
    return max(0.0, when.timestamp() - time.time())


@dataclass(frozen=True)
class BatchResult:
    """The answers to one assistant message's tool calls."""

    results: list[ToolResult]
    # Append these to the conversation: one message (or Responses item) per
    # call, or for Anthropic and Gemini one turn holding every result.
    tool_messages: list[dict[str, Any]]

    @property
    def pending(self) -> list[ToolResult]:
        return [result for result in self.results if result.pending]


class ToolguardClient:
    """One agent conversation's connection to toolguard.

    `session_id` is the conversation: toolguard's per-session limits and
    quarantine apply to it, so use one per conversation, not one per process.
    """

    def __init__(
        self,
        base_url: str,
        agent_key: str,
        session_id: str,
        *,
        timeout: float = 10.0,
        max_retries: int = 5,
        backoff: float = 0.5,
        max_backoff: float = 30.0,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.session_id = session_id
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self._sleep = sleep
        self._tools: dict[str, dict[str, Any]] | None = None
        self._http = httpx.Client(
            base_url=base_url.rstrip("/"),
            headers={"Authorization": f"Bearer {agent_key}", "User-Agent": "toolguard-client/1"},
            timeout=timeout,
            transport=transport,
        )

    def __enter__(self) -> ToolguardClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    # -- tools -------------------------------------------------------------

    def tools(self, *, refresh: bool = False) -> dict[str, dict[str, Any]]:
        """The tools this agent key may call, by name, in the native shape (with `changes_state`)."""
        if self._tools is None or refresh:
            response = self._request("GET", "/api/v1/tools", params={"format": "native"})
            if response.status_code != 200:
                raise ToolguardError(f"GET /api/v1/tools answered {response.status_code}")
            self._tools = {tool["name"]: tool for tool in response.json()["tools"]}
        return self._tools

    def changes_state(self, tool: str) -> bool | None:
        """Whether the tool changes state; None for a tool this key cannot see."""
        spec = self.tools().get(tool)
        return None if spec is None else bool(spec.get("changes_state"))

    # -- calls -------------------------------------------------------------

    def prepare(self, tool_call: Any, provider: Provider | None = None) -> tuple[dict[str, Any], Provider]:
        """The body execute() sends: the call, its idempotency key ensured, and the session id."""
        tool_call = as_dict(tool_call)
        provider = provider or detect_provider(tool_call)
        if provider not in PROVIDERS:
            raise ValueError(f"provider must be one of {', '.join(PROVIDERS)}")
        name, arguments = name_and_arguments(tool_call, provider)
        body = tool_call
        # A key the model gave is the model's statement of which operation this
        # is, and is never replaced; an empty one names nothing.
        if isinstance(arguments, dict) and not arguments.get(KEY_FIELD) and self.changes_state(name):
            arguments = {**arguments, KEY_FIELD: derive_idempotency_key(self.session_id, name, arguments)}
            body = with_arguments(tool_call, provider, arguments)
        return {**body, "session_id": self.session_id}, provider

    def execute(self, tool_call: Any, provider: Provider | None = None) -> ToolResult:
        """Run one tool call (an SDK object or its dict) through toolguard; retried only while undecided."""
        body, provider = self.prepare(tool_call, provider)
        return self._send(body, provider)

    def run_tool_calls(self, message: Any) -> BatchResult:
        """Every tool call of one assistant message, in order, and what to append to the conversation.

        `message` is the SDK's assistant message (OpenAI `ChatCompletionMessage`,
        Anthropic `Message`, a Responses `Response` or its `output`, LangChain
        `AIMessage`, Gemini `Content`) or its dict. Each call is sent on its
        own, with its own retries, so one call's outage never re-sends another.
        """
        results = []
        for tool_call in calls_in_message(message):
            results.append(self.execute(tool_call))
        provider: Provider = results[0].provider if results else "native"
        return BatchResult(
            results=results, tool_messages=merged_tool_messages(provider, [r.tool_message for r in results])
        )

    def get(self, call_id: str, *, provider: Provider = "native") -> ToolResult:
        """toolguard's current answer for a call it has seen (its `id`, not the model's)."""
        response = self._request("GET", f"/api/v1/tool-calls/{call_id}")
        if response.status_code != 200:
            raise ToolguardError(f"GET /api/v1/tool-calls/{call_id} answered {response.status_code}")
        return self._result(response, provider, None, attempts=1)

    def wait_for_decision(self, result: ToolResult, timeout: float = 300.0, poll_interval: float = 2.0) -> ToolResult:
        """Poll a held call until a reviewer decides (or it expires): the decided result.

        Raises StillPending (a TimeoutError) when `timeout` passes undecided,
        so a pending answer is never taken for the outcome. The decided
        result's `tool_message` answers the same tool_call_id as the pending
        one: put it in its place with `resume`, never append it beside it.
        """
        if not result.pending:
            return result
        deadline = time.monotonic() + timeout
        current = result
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise StillPending(current, timeout)
            self._sleep(min(poll_interval, remaining))
            if result.id is None:
                raise ToolguardError("a pending result without toolguard's id cannot be polled")
            # GET of a replay's id answers with the held call's current state,
            # so polling never re-sends the call (nor writes a replay each time).
            fresh = self.get(result.id, provider=result.provider)
            current = replace(fresh, idempotency_key=result.idempotency_key, request=result.request)
            if not current.pending:
                return current

    def resume(self, conversation: Sequence[Any], decided: ToolResult) -> list[Any]:
        """The conversation with `decided`'s answer in place of the pending result for the same call.

        Valid for every provider: OpenAI Chat, Responses, LangChain and native
        replace the one tool message (item) for the call; Anthropic and
        Gemini replace its block (part) inside the user turn that answered
        the whole assistant message, keeping the others. Items that are SDK
        objects stay objects of their type. Raises ValueError when the
        conversation holds no result for the call.
        """
        return replace_tool_result(
            conversation, decided.provider, decided.tool_call_id, decided.tool, decided.tool_message
        )

    # -- internals -----------------------------------------------------------

    def _send(self, body: dict[str, Any], provider: Provider) -> ToolResult:
        attempt = 0
        while True:
            attempt += 1
            try:
                response = self._http.post("/api/v1/tool-calls", json=body)
            except httpx.TransportError as exc:
                if attempt > self.max_retries:
                    raise ToolguardUnavailable(f"toolguard unreachable after {attempt} attempts: {exc}") from exc
                self._sleep(self._delay(attempt, None))
                continue
            result = self._result(response, provider, body, attempts=attempt)
            if attempt > self.max_retries or not self._retryable(response, result):
                return result
            self._sleep(self._delay(attempt, response.headers.get("Retry-After")))

    def _request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        """A read: retried on connection errors and gateway or store outages."""
        attempt = 0
        while True:
            attempt += 1
            try:
                response = self._http.request(method, url, **kwargs)
            except httpx.TransportError as exc:
                if attempt > self.max_retries:
                    raise ToolguardUnavailable(f"toolguard unreachable after {attempt} attempts: {exc}") from exc
                self._sleep(self._delay(attempt, None))
                continue
            if attempt > self.max_retries or response.status_code not in RETRY_STATUSES:
                return response
            self._sleep(self._delay(attempt, response.headers.get("Retry-After")))

    @staticmethod
    def _retryable(response: httpx.Response, result: ToolResult) -> bool:
        if response.status_code == 409:
            return result.error_code == "idempotency_in_progress"
        return response.status_code in RETRY_STATUSES

    def _delay(self, attempt: int, retry_after: str | None) -> float:
        # Jitter spreads the retries of many agents hit by one outage.
        expo = self.backoff * 2 ** (attempt - 1) * random.uniform(0.8, 1.2)
        return min(max(expo, _retry_after_seconds(retry_after)), self.max_backoff)

    def _result(
        self, response: httpx.Response, provider: Provider, body: dict[str, Any] | None, *, attempts: int
    ) -> ToolResult:
        try:
            data = response.json()
        except ValueError:
            data = None
        if not isinstance(data, dict):
            data = {}
        name, arguments = name_and_arguments(body, provider) if body else ("", None)
        key = arguments.get(KEY_FIELD) if isinstance(arguments, dict) else None
        tool_call_id = str(data.get("tool_call_id") or (call_id(body, provider) if body else ""))
        error = data.get("error")
        if error is None and response.status_code >= 400:
            error = {"code": f"http_{response.status_code}", "message": response.reason_phrase, "details": None}
        status = str(data.get("status") or ("error" if response.status_code >= 400 else "unknown"))
        message = data.get("tool_message")
        if not isinstance(message, dict):
            content = {"status": status, "result": None, "error": error, "approval_id": None}
            message = fallback_tool_message(provider, tool_call_id, name, content)
        return ToolResult(
            status=status,
            http_status=response.status_code,
            id=data.get("id"),
            tool_call_id=tool_call_id,
            tool=str(data.get("tool") or name),
            result=data.get("result"),
            error=error if isinstance(error, dict) else None,
            approval_id=data.get("approval_id"),
            replayed=bool(data.get("replayed", False)),
            arguments_mismatch=bool(data.get("arguments_mismatch", False)),
            tool_message=message,
            provider=provider,
            idempotency_key=key if isinstance(key, str) else None,
            attempts=attempts,
            request=body,
        )
