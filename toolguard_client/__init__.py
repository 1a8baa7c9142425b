"""A small client for agent code that calls tools through toolguard.

    from toolguard_client import ToolguardClient

    with ToolguardClient("http://127.0.0.1:8000", agent_key, session_id="chat-42") as guard:
        answers = guard.run_tool_calls(completion.choices[0].message)   # any SDK's assistant message
        messages.extend(answers.tool_messages)
        for held in answers.pending:                     # held for a reviewer
            try:
                decided = guard.wait_for_decision(held, timeout=300)
            except StillPending:
                continue                                  # the model can ask get_tool_call_status later
            messages = guard.resume(messages, decided)   # the decision in the pending result's place

It depends on httpx only and never imports Django, so agent processes can
use it without the server's code.
"""

from toolguard_client.client import (
    BatchResult,
    StillPending,
    ToolguardClient,
    ToolguardError,
    ToolguardUnavailable,
    ToolResult,
    derive_idempotency_key,
)
from toolguard_client.shapes import (
    PROVIDERS,
    STATUS_TOOL,
    Provider,
    as_dict,
    calls_in_message,
    detect_provider,
    replace_tool_result,
)

__all__ = [
    "PROVIDERS",
    "STATUS_TOOL",
    "BatchResult",
    "Provider",
    "StillPending",
    "ToolResult",
    "ToolguardClient",
    "ToolguardError",
    "ToolguardUnavailable",
    "as_dict",
    "calls_in_message",
    "derive_idempotency_key",
    "detect_provider",
    "replace_tool_result",
]
