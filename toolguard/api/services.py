"""Flows of the tool-execution API that span several pipeline runs."""

from __future__ import annotations

from core.models import AgentKey, ToolCall
from toolguard.api.formats import Batch
from toolguard.pipeline.executor import Outcome, tool_call_execute


def tool_call_batch_execute(*, agent_key: AgentKey, batch: Batch) -> list[tuple[ToolCall, Outcome]]:
    """Each call of one assistant message through the pipeline, in the model's order.

    In order, not in parallel: the model wrote them in sequence, and a later
    call's policy (the session total) must see the earlier ones.
    """
    answered = []
    for request in batch.calls:
        tool_call, outcome = tool_call_execute(agent_key=agent_key, request=request)
        answered.append((tool_call, outcome))
    return answered
