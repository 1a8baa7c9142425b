"""A stand-in for the model providers' HTTP APIs, run as its own process.

The README's agent snippets construct the real SDK clients (`OpenAI()`,
`Anthropic()`, `genai.Client()`), which read their base URL from the
environment (`OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, `GOOGLE_GEMINI_BASE_URL`).
Pointed here, each asks a "model" that answers the way the real API does: with
one call of the first tool it was offered, taking the account id from the
user's words ("... of <account>?"). A request whose tools are not in the
provider's own shape is answered 400, as the provider would.

    python tests/client/model_server.py PORT
"""

from __future__ import annotations

import json
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

ACCOUNT = re.compile(r"of ([\w-]+)\?")


def _last_text(value: Any) -> str:
    """The account the user asked about, wherever the provider keeps the user's words."""
    found = ACCOUNT.findall(json.dumps(value))
    return found[-1] if found else "unknown"


def _balance_tool(tools: list[dict[str, Any]], schema: Any) -> dict[str, Any]:
    """The first tool taking an `account_id` (a model asked for a balance picks that one)."""
    return next((tool for tool in tools if "account_id" in json.dumps(schema(tool))), tools[0])


def openai_chat(body: dict[str, Any]) -> dict[str, Any]:
    tool = _balance_tool(body["tools"], lambda tool: tool["function"]["parameters"])
    assert tool["type"] == "function" and tool["function"]["name"] and "parameters" in tool["function"]
    arguments = json.dumps({"account_id": _last_text(body["messages"])})
    return {
        "id": "chatcmpl-readme",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body["model"],
        "choices": [
            {
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_readme",
                            "type": "function",
                            "function": {"name": tool["function"]["name"], "arguments": arguments},
                        }
                    ],
                },
            }
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def openai_responses(body: dict[str, Any]) -> dict[str, Any]:
    tool = _balance_tool(body["tools"], lambda tool: tool["parameters"])
    assert tool["type"] == "function" and tool["name"] and "parameters" in tool
    answered = [item for item in body["input"] if isinstance(item, dict) and item.get("type") == "function_call_output"]
    if answered:
        # The tool's result came back: the model reports it in words, as an agent's last turn.
        output: dict[str, Any] = {
            "type": "message",
            "id": "msg_readme",
            "role": "assistant",
            "status": "completed",
            "content": [
                {"type": "output_text", "text": f"toolguard said: {answered[-1]['output']}", "annotations": []}
            ],
        }
    else:
        output = {
            "type": "function_call",
            "id": "fc_readme",
            "call_id": "call_readme",
            "name": tool["name"],
            "arguments": json.dumps({"account_id": _last_text(body["input"])}),
            "status": "completed",
        }
    return {
        "id": "resp_readme",
        "object": "response",
        "created_at": int(time.time()),
        "model": body["model"],
        "status": "completed",
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": body["tools"],
        "output": [output],
        "usage": {
            "input_tokens": 1,
            "output_tokens": 1,
            "total_tokens": 2,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens_details": {"reasoning_tokens": 0},
        },
    }


def anthropic_messages(body: dict[str, Any]) -> dict[str, Any]:
    tool = _balance_tool(body["tools"], lambda tool: tool["input_schema"])
    assert tool["name"] and "input_schema" in tool
    return {
        "id": "msg_readme",
        "type": "message",
        "role": "assistant",
        "model": body["model"],
        "content": [
            {"type": "tool_use", "id": "toolu_readme", "name": tool["name"], "input": {"account_id": _last_text(body)}}
        ],
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }


def gemini_generate(body: dict[str, Any], model: str) -> dict[str, Any]:
    declaration = _balance_tool(body["tools"][0]["functionDeclarations"], lambda tool: tool["parameters"])
    assert declaration["name"] and "parameters" in declaration
    call = {"name": declaration["name"], "args": {"account_id": _last_text(body["contents"])}}
    return {
        "candidates": [{"content": {"role": "model", "parts": [{"functionCall": call}]}, "finishReason": "STOP"}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
        "modelVersion": model,
    }


class Handler(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # quiet: the test reads answers, not logs
        pass

    def _answer(self, status: int, payload: dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self._answer(200 if self.path == "/health" else 404, {"ok": self.path == "/health"})

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        path = self.path.split("?", 1)[0]
        try:
            if path.endswith("/chat/completions"):
                answer = openai_chat(body)
            elif path.endswith("/responses"):
                answer = openai_responses(body)
            elif path.endswith("/messages"):
                answer = anthropic_messages(body)
            elif path.endswith(":generateContent"):
                answer = gemini_generate(body, path.rsplit("/", 1)[-1].split(":", 1)[0])
            else:
                self._answer(404, {"error": {"message": f"no such endpoint {path}"}})
                return
        except (AssertionError, KeyError, IndexError, TypeError) as exc:
            self._answer(400, {"error": {"message": f"tools not in this provider's shape: {exc!r}"}})
            return
        self._answer(200, answer)


if __name__ == "__main__":
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
