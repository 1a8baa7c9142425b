"""What the audit log may keep: the one place every entry's details pass through.

The policy (docs/audit.md): no credentials, no raw blocked payloads, and
enough of every executed call to reconstruct it. `audit_append` runs every
event through `redact_details` before hashing, so nothing a caller passes can
reach the table or the chain unredacted.
"""

from __future__ import annotations

import re
from typing import Any

from core.enums import AuditAction
from core.secret_shapes import MASK, mask_secrets_in_text

# Key names that carry credentials wherever they appear, at any depth.
SECRET_KEY_PATTERN = re.compile(
    r"(agent[_-]?key|api[_-]?key|raw[_-]?key|password|passwd|passphrase|authorization|token|secret|cookie|csrf)",
    re.IGNORECASE,
)
REDACTED = MASK

# A blocked payload is evidence of an attack and possibly an attack itself
# (it may be replayed into another model's context); the log keeps only
# enough to recognise it again.
# "rule" is the id of the detection rule that fired (a rule file entry, never
# text from the payload); "trace_id" is 32 hex digits the propagator checked.
BLOCKED_PAYLOAD_FIELDS = frozenset({"field", "category", "rule", "length", "sha256", "trace_id"})
BLOCKED_PAYLOAD_ACTIONS = frozenset({AuditAction.INJECTION_BLOCKED})


def is_secret_name(name: str) -> bool:
    return bool(SECRET_KEY_PATTERN.search(name))


def redact_value(value: Any) -> Any:
    """Drop secret-named keys and mask credentials pasted into text, at any depth."""
    if isinstance(value, dict):
        return {str(k): redact_value(v) for k, v in value.items() if not is_secret_name(str(k))}
    if isinstance(value, list | tuple):
        return [redact_value(item) for item in value]
    if isinstance(value, str):
        # The shapes of core.secret_shapes: agent keys, personal tokens, provider keys...
        return mask_secrets_in_text(value)
    return value


# The W3C trace id toolguard adds to a traced call's entries (core/tracing.py).
TRACE_ID = re.compile(r"[0-9a-f]{32}")


def redact_details(action: str, details: dict[str, Any]) -> dict[str, Any]:
    """The details an audit entry may store for this action."""
    if action in BLOCKED_PAYLOAD_ACTIONS:
        details = {name: value for name, value in details.items() if name in BLOCKED_PAYLOAD_FIELDS}
    trace_id = details.get("trace_id")
    if isinstance(trace_id, str) and TRACE_ID.fullmatch(trace_id):
        # 32 hex digits can be nothing else, and hex is the costliest text for the
        # secret shapes to rule out: on a traced call that was most of tracing's cost.
        redacted: dict[str, Any] = redact_value({name: value for name, value in details.items() if name != "trace_id"})
        redacted["trace_id"] = trace_id
        return redacted
    redacted = redact_value(details)
    return redacted
