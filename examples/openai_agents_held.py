"""An OpenAI Agents SDK agent whose held transfer comes back to it, through toolguard_client.

The agent's tools are toolguard's Responses-shaped tool list (it ends with
`get_tool_call_status`); each call goes through `toolguard_client`. A $250
transfer to a new payee is held for a reviewer: the agent is told so and
says so. The agent's process then waits for the decision (here with
`wait_for_decision`; a real app may wait for a webhook or the user's next
turn). When the user asks "is it done?", the model calls
`get_tool_call_status` with the call_id its held result gave, and toolguard
answers that call with the transfer's outcome, in the Responses shape: the
conversation stays valid, with one output per call.

    python examples/openai_agents_held.py --base-url http://127.0.0.1:8000 --agent-key tg_... \\
        --from-account checking-001 --to-account bob-ext-2 [--wait 300] [--model gpt-5]

Without --model the agent runs on a scripted model (an Agents SDK `Model`, no
API key, no network besides toolguard). With --model (and OPENAI_API_KEY) a
real model decides. Prints one JSON object: each run's tool statuses and
final output, and the held call's decision.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
from agents import Agent, FunctionTool, RunConfig, Runner, RunResult, Usage
from agents.items import ModelResponse, ToolCallOutputItem
from agents.models.interface import Model
from agents.tool_context import ToolContext
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from toolguard_client import STATUS_TOOL, StillPending, ToolguardClient, ToolResult  # noqa: E402

INSTRUCTIONS = (
    "You help a bank customer. Tools are guarded: a transfer may be held for a human's approval. Then say so, "
    f"never retry it with a new idempotency key, and when asked later call {STATUS_TOOL} with its call_id."
)


def toolguard_function_tools(guard: ToolguardClient, base_url: str, agent_key: str) -> list[FunctionTool]:
    """toolguard's Responses-shaped tool list as Agents SDK tools; every call runs through `guard`."""
    listed = httpx.get(
        f"{base_url.rstrip('/')}/api/v1/tools",
        params={"format": "responses"},
        headers={"Authorization": f"Bearer {agent_key}"},
        timeout=10,
    )
    listed.raise_for_status()
    return [_function_tool(guard, spec) for spec in listed.json()["tools"]]


def _function_tool(guard: ToolguardClient, spec: dict[str, Any]) -> FunctionTool:
    async def invoke(ctx: ToolContext[Any], arguments: str) -> str:
        call = {"type": "function_call", "call_id": ctx.tool_call_id, "name": spec["name"], "arguments": arguments}
        result = await asyncio.to_thread(guard.execute, call)
        guard_results.append(result)
        # The function_call_output toolguard wrote for this call: status, a fixed note, the result or error.
        return str(result.tool_message["output"])

    return FunctionTool(
        name=spec["name"],
        description=spec["description"],
        params_json_schema=spec["parameters"],
        on_invoke_tool=invoke,
        strict_json_schema=False,
    )


# What toolguard answered, in order (the example reports it; an app would keep its own record).
guard_results: list[ToolResult] = []


class ScriptedModel(Model):
    """Plays the model without an API key: a transfer, a summary; later a status question, a summary."""

    def __init__(self, *, from_account: str, to_account: str) -> None:
        self.from_account = from_account
        self.to_account = to_account

    async def get_response(
        self, system_instructions: Any, input: Any, model_settings: Any, tools: Any, *args: Any, **kwargs: Any
    ) -> ModelResponse:
        if STATUS_TOOL not in [tool.name for tool in tools]:
            raise RuntimeError(f"toolguard's tool list has no {STATUS_TOOL}")
        items = [{"role": "user", "content": input}] if isinstance(input, str) else list(input)
        last_user = max(i for i, item in enumerate(items) if isinstance(item, dict) and item.get("role") == "user")
        answered = [item for item in items[last_user:] if _is_output(item)]
        if answered:
            content = _content(answered[-1])
            text = f"toolguard says: {content.get('status')}. {content.get('note', '')}"
            return _say(text)
        question = str(items[last_user].get("content"))
        if "done" in question:
            # The held call's pending result named its call_id: ask about it.
            held = next(
                _content(item)["call_id"] for item in reversed(items[:last_user]) if "call_id" in _content(item)
            )
            return _call(STATUS_TOOL, {"call_id": held})
        move = {
            "from_account": self.from_account,
            "to_account": self.to_account,
            "amount": 25_000,
            "currency": "USD",
            "idempotency_key": f"agent-{uuid.uuid4().hex[:12]}",
        }
        return _call("transfer_funds", move)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        raise NotImplementedError("the scripted model answers whole responses only")


def _is_output(item: Any) -> bool:
    return isinstance(item, dict) and item.get("type") == "function_call_output"


def _content(item: Any) -> dict[str, Any]:
    if not _is_output(item):
        return {}
    try:
        content = json.loads(str(item.get("output")))
    except json.JSONDecodeError:
        return {}
    return content if isinstance(content, dict) else {}


def _call(name: str, arguments: dict[str, Any]) -> ModelResponse:
    call = ResponseFunctionToolCall(
        type="function_call", call_id=f"call_{uuid.uuid4().hex[:8]}", name=name, arguments=json.dumps(arguments)
    )
    return ModelResponse(output=[call], usage=Usage(), response_id=None)


def _say(text: str) -> ModelResponse:
    part = ResponseOutputText(type="output_text", text=text, annotations=[])
    message = ResponseOutputMessage(id="msg_1", type="message", role="assistant", status="completed", content=[part])
    return ModelResponse(output=[message], usage=Usage(), response_id=None)


def _statuses(result: RunResult) -> list[str]:
    outputs = [item.output for item in result.new_items if isinstance(item, ToolCallOutputItem)]
    return [str(json.loads(str(output)).get("status")) for output in outputs]


async def run(
    *, base_url: str, agent_key: str, from_account: str, to_account: str, wait: float, model: str | None
) -> dict[str, Any]:
    with ToolguardClient(base_url, agent_key, session_id=f"agents-{uuid.uuid4().hex[:12]}") as guard:
        agent = Agent(
            name="banking assistant",
            instructions=INSTRUCTIONS,
            tools=list(toolguard_function_tools(guard, base_url, agent_key)),
            model=model or ScriptedModel(from_account=from_account, to_account=to_account),
        )
        config = RunConfig(tracing_disabled=model is None)
        first = await Runner.run(agent, f"Move $250 from {from_account} to {to_account}.", run_config=config)

        # The agent's process waits for the reviewer; the model is not involved.
        decision = "none held"
        for held in [result for result in guard_results if result.pending]:
            try:
                decision = (await asyncio.to_thread(guard.wait_for_decision, held, wait, 0.5)).status
            except StillPending as still:
                decision = f"still {still.result.status}"

        # Later the user asks; the model asks toolguard in its own protocol.
        later = [*first.to_input_list(), {"role": "user", "content": "Is my transfer done?"}]
        second = await Runner.run(agent, later, run_config=config)
    return {
        "first": {"tool_statuses": _statuses(first), "final_output": str(first.final_output)},
        "decision": decision,
        "second": {"tool_statuses": _statuses(second), "final_output": str(second.final_output)},
        "tools_called": [result.tool for result in guard_results],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--agent-key", required=True)
    parser.add_argument("--from-account", default="checking-001")
    parser.add_argument("--to-account", default="bob-ext-2")
    parser.add_argument("--wait", type=float, default=300.0, help="seconds to wait for a reviewer's decision")
    parser.add_argument("--model", default=None, help="an OpenAI model name; omit for the scripted model")
    args = parser.parse_args()
    summary = asyncio.run(
        run(
            base_url=args.base_url,
            agent_key=args.agent_key,
            from_account=args.from_account,
            to_account=args.to_account,
            wait=args.wait,
            model=args.model,
        )
    )
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
