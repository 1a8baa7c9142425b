"""An OpenAI Agents SDK agent whose tools are toolguard's, over MCP.

The agent connects to toolguard's MCP server (`/mcp`) with its agent key, is
shown the tools that key may call, and every call it makes goes through
toolguard's pipeline: a large transfer comes back held for a reviewer, an
injected memo comes back as an error, and the agent is told so in words.

    python examples/openai_agents_mcp.py --base-url http://127.0.0.1:8000 --agent-key tg_... \\
        --from-account checking-001 --to-account savings-001 [--model gpt-5]

Without --model the agent runs on a scripted model (no API key, no network
besides toolguard) that asks for a balance, then a $20,000 transfer, then
reports what toolguard answered. With --model (and OPENAI_API_KEY) a real
model decides. Prints one JSON object: the agent's final answer and each
tool result it was given.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

from agents import Agent, ModelSettings, RunConfig, Runner, Usage
from agents.items import ModelResponse, ToolCallOutputItem
from agents.mcp import MCPServerStreamableHttp
from agents.models.interface import Model
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText

INSTRUCTIONS = (
    "You help a bank customer. Tools are guarded: a transfer may be held for a human's approval; "
    "then say so, and never retry it with a new idempotency key."
)


class ScriptedModel(Model):
    """Plays the model for a run without an API key: one balance check, one large transfer, a summary."""

    def __init__(self, *, from_account: str, to_account: str) -> None:
        self.script = [
            ("check_balance", {"account_id": from_account}),
            (
                "transfer_funds",
                {
                    "from_account": from_account,
                    "to_account": to_account,
                    "amount": 2_000_000,
                    "currency": "USD",
                    "idempotency_key": f"agent-{uuid.uuid4().hex[:12]}",
                },
            ),
        ]

    async def get_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> ModelResponse:
        if self.script:
            name, arguments = self.script.pop(0)
            call = ResponseFunctionToolCall(
                type="function_call",
                call_id=f"call_{uuid.uuid4().hex[:8]}",
                name=name,
                arguments=json.dumps(arguments),
            )
            return ModelResponse(output=[call], usage=Usage(), response_id=None)
        # The summary a model would write from what the tools answered.
        outputs = [item for item in input if isinstance(item, dict) and item.get("type") == "function_call_output"]
        statuses = [_status(item.get("output")) for item in outputs]
        text = ResponseOutputText(type="output_text", text=f"Tool outcomes: {', '.join(statuses)}.", annotations=[])
        message = ResponseOutputMessage(
            id="msg_summary", type="message", role="assistant", status="completed", content=[text]
        )
        return ModelResponse(output=[message], usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[Any]:
        raise NotImplementedError("the scripted model answers whole responses only")


def _status(output: Any) -> str:
    """toolguard's status from a tool output: the MCP result's JSON text, as the SDK framed it."""
    if isinstance(output, list):
        output = "".join(str(item.get("text", "")) for item in output if isinstance(item, dict))
    elif isinstance(output, dict):
        output = output.get("text", "")
    try:
        content = json.loads(output) if isinstance(output, str) else None
    except json.JSONDecodeError:
        return "unknown"
    return str(content.get("status", "unknown")) if isinstance(content, dict) else "unknown"


async def run(
    *, base_url: str, agent_key: str, from_account: str, to_account: str, model: str | None
) -> dict[str, Any]:
    server = MCPServerStreamableHttp(
        name="toolguard",
        params={"url": f"{base_url.rstrip('/')}/mcp", "headers": {"Authorization": f"Bearer {agent_key}"}},
        cache_tools_list=True,
    )
    async with server:
        agent = Agent(
            name="banking assistant",
            instructions=INSTRUCTIONS,
            mcp_servers=[server],
            model=model or ScriptedModel(from_account=from_account, to_account=to_account),
            model_settings=ModelSettings(),
        )
        result = await Runner.run(
            agent,
            f"What is my balance on {from_account}? Then move $20,000 to {to_account}.",
            run_config=RunConfig(tracing_disabled=model is None),
        )
    outputs = [item.output for item in result.new_items if isinstance(item, ToolCallOutputItem)]
    return {
        "final_output": str(result.final_output),
        "tool_statuses": [_status(output) for output in outputs],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--agent-key", required=True)
    parser.add_argument("--from-account", default="checking-001")
    parser.add_argument("--to-account", default="savings-001")
    parser.add_argument("--model", default=None, help="an OpenAI model name; omit for the scripted model")
    args = parser.parse_args()
    summary = asyncio.run(
        run(
            base_url=args.base_url,
            agent_key=args.agent_key,
            from_account=args.from_account,
            to_account=args.to_account,
            model=args.model,
        )
    )
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
