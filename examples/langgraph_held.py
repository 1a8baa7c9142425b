"""A LangGraph agent that pauses on a held call (interrupt) and resumes with the reviewer's decision.

The graph: `agent` (the chat model) -> `tools` (every call of its message
through toolguard_client) -> `review` when toolguard held one -> `agent`.
`review` calls LangGraph's `interrupt()`: the run stops, checkpointed, with
the held calls' ids. Whoever runs the graph waits for the decision (here
`wait_for_decision`; a real app may wait for a webhook, or for days) and
resumes it with `Command(resume=...)`. `review` then asks toolguard for each
held call's outcome and `guard.resume` puts it in place of the pending
ToolMessage (the same message id, so add_messages replaces it): the model
reads one result per call, the decided one.

    python examples/langgraph_held.py --base-url http://127.0.0.1:8000 --agent-key tg_... \\
        --from-account checking-001 --to-account bob-ext-2 [--wait 300]

The model is LangChain's GenericFakeChatModel replaying a balance check with a
$250 transfer, then a summary, so it runs without an API key; with a real
model use `ChatOpenAI(...).bind_tools(tools)` in `agent`. Prints one JSON
object: the interrupt's payload, each ToolMessage's toolguard status before
and after the resume, and the decision.
"""

from __future__ import annotations

import argparse
import json
import sys
import uuid
from pathlib import Path
from typing import Any

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.types import Command, interrupt

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from toolguard_client import StillPending, ToolguardClient  # noqa: E402

PENDING = ("pending_approval", "dispatching")


def toolguard_status(message: AnyMessage) -> str:
    """toolguard's status as the model reads it in a ToolMessage."""
    try:
        return str(json.loads(str(message.content)).get("status"))
    except (json.JSONDecodeError, AttributeError):
        return "unknown"


def build_graph(guard: ToolguardClient, model: Any) -> Any:
    def agent(state: MessagesState) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    def tools(state: MessagesState) -> dict[str, Any]:
        answers = guard.run_tool_calls(state["messages"][-1])
        return {"messages": [ToolMessage.model_validate(message) for message in answers.tool_messages]}

    def review(state: MessagesState) -> dict[str, Any]:
        held = [
            json.loads(str(message.content))["call_id"]
            for message in _latest_tool_messages(state["messages"])
            if toolguard_status(message) in PENDING
        ]
        # The run stops here until whoever runs the graph resumes it with the decided calls' ids.
        decided_ids = interrupt({"held_call_ids": held})
        messages = list(state["messages"])
        for call_id in decided_ids:
            messages = guard.resume(messages, guard.get(call_id, provider="langchain"))
        # Only what changed: each keeps its message id, so add_messages replaces it in place.
        return {"messages": [new for new, old in zip(messages, state["messages"], strict=True) if new is not old]}

    def after_agent(state: MessagesState) -> str:
        last = state["messages"][-1]
        return "tools" if isinstance(last, AIMessage) and last.tool_calls else END

    def after_tools(state: MessagesState) -> str:
        pending = any(toolguard_status(m) in PENDING for m in _latest_tool_messages(state["messages"]))
        return "review" if pending else "agent"

    graph = StateGraph(MessagesState)
    graph.add_node("agent", agent)
    graph.add_node("tools", tools)
    graph.add_node("review", review)
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", after_agent, ["tools", END])
    graph.add_conditional_edges("tools", after_tools, ["review", "agent"])
    graph.add_edge("review", "agent")
    return graph.compile(checkpointer=InMemorySaver())


def _latest_tool_messages(messages: list[AnyMessage]) -> list[ToolMessage]:
    """The ToolMessages answering the last AIMessage."""
    latest: list[ToolMessage] = []
    for message in reversed(messages):
        if not isinstance(message, ToolMessage):
            break
        latest.append(message)
    return list(reversed(latest))


def scripted_model(from_account: str, to_account: str) -> GenericFakeChatModel:
    move = {"from_account": from_account, "to_account": to_account, "amount": 25_000, "currency": "USD"}
    calls = [
        {"type": "tool_call", "id": "lg_balance", "name": "check_balance", "args": {"account_id": from_account}},
        {"type": "tool_call", "id": "lg_move", "name": "transfer_funds", "args": move},
    ]
    return GenericFakeChatModel(
        messages=iter([AIMessage(content="", tool_calls=calls), AIMessage(content="Here is what toolguard said.")])
    )


def run(*, base_url: str, agent_key: str, from_account: str, to_account: str, wait: float) -> dict[str, Any]:
    with ToolguardClient(base_url, agent_key, session_id=f"langgraph-{uuid.uuid4().hex[:12]}") as guard:
        graph = build_graph(guard, scripted_model(from_account, to_account))
        config = {"configurable": {"thread_id": guard.session_id}}
        paused = graph.invoke({"messages": [HumanMessage(f"Move $250 to {to_account}.")]}, config)
        [pause] = paused["__interrupt__"]
        before = [toolguard_status(m) for m in paused["messages"] if isinstance(m, ToolMessage)]

        # Outside the graph: wait for the reviewers (a webhook, a queue, a person) and resume.
        decided_ids, decisions = [], []
        for call_id in pause.value["held_call_ids"]:
            try:
                decided = guard.wait_for_decision(guard.get(call_id, provider="langchain"), wait, 0.5)
            except StillPending as still:
                decisions.append(f"still {still.result.status}")
                continue
            decided_ids.append(call_id)
            decisions.append(decided.status)
        done = graph.invoke(Command(resume=decided_ids), config)
    tool_messages = [m for m in done["messages"] if isinstance(m, ToolMessage)]
    return {
        "interrupt": pause.value,
        "before_resume": before,
        "decisions": decisions,
        "after_resume": [toolguard_status(m) for m in tool_messages],
        "tool_call_ids": [m.tool_call_id for m in tool_messages],
        "final_output": str(done["messages"][-1].content),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--agent-key", required=True)
    parser.add_argument("--from-account", default="checking-001")
    parser.add_argument("--to-account", default="bob-ext-2")
    parser.add_argument("--wait", type=float, default=300.0, help="seconds to wait for a reviewer's decision")
    args = parser.parse_args()
    summary = run(
        base_url=args.base_url,
        agent_key=args.agent_key,
        from_account=args.from_account,
        to_account=args.to_account,
        wait=args.wait,
    )
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
