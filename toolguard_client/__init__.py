"""A small client for agent code that calls tools through toolguard.

    from toolguard_client import ToolguardClient

    with ToolguardClient("http://127.0.0.1:8000", agent_key, session_id="chat-42") as guard:
        for call in message["tool_calls"]:          # OpenAI, Anthropic or native shape
            result = guard.execute(call)
            if result.pending:
                result = guard.wait_for_decision(result, timeout=300)
            messages.append(result.tool_message)

It depends on httpx only and never imports Django, so agent processes can
use it without the server's code.
"""

from toolguard_client.client import (
    PROVIDERS,
    ToolguardClient,
    ToolguardError,
    ToolguardUnavailable,
    ToolResult,
    derive_idempotency_key,
    detect_provider,
)

__all__ = [
    "PROVIDERS",
    "ToolResult",
    "ToolguardClient",
    "ToolguardError",
    "ToolguardUnavailable",
    "derive_idempotency_key",
    "detect_provider",
]
