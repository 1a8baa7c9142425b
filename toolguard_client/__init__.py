"""A small client for agent code that calls tools through toolguard.

    from toolguard_client import ToolguardClient

    with ToolguardClient("http://127.0.0.1:8000", agent_key, session_id="chat-42") as guard:
        answers = guard.run_tool_calls(completion.choices[0].message)   # any SDK's assistant message
        messages.extend(answers.tool_messages)

    # or one call at a time (an SDK object or its dict, in any provider's shape):
        result = guard.execute(tool_call)
        if result.pending:
            result = guard.wait_for_decision(result, timeout=300)
        messages.append(result.tool_message)

It depends on httpx only and never imports Django, so agent processes can
use it without the server's code.
"""

from toolguard_client.client import (
    BatchResult,
    ToolguardClient,
    ToolguardError,
    ToolguardUnavailable,
    ToolResult,
    derive_idempotency_key,
)
from toolguard_client.shapes import PROVIDERS, Provider, as_dict, calls_in_message, detect_provider

__all__ = [
    "PROVIDERS",
    "BatchResult",
    "Provider",
    "ToolResult",
    "ToolguardClient",
    "ToolguardError",
    "ToolguardUnavailable",
    "as_dict",
    "calls_in_message",
    "derive_idempotency_key",
    "detect_provider",
]
