"""Why a call was held or refused, as recorded when it was decided.

The pipeline writes one reason per rule that held or refused a call, with
the approval and in the audit entry; the reviewer pages read them back and
never work them out again. A reason is a plain JSON object:

    rule      the rule's id ("over_threshold", "injection_suspected", "no_rate")
    label     how it reads to a person, as the catalog or the code named it then
    kind      REASON_KINDS: model, policy, limit, no_rate, dual_control, detection, schema, upstream
    outcome   "held" or "refused"
    source    what decided: the CEL expression, or the detector's id
    fields    [{"path": JSON pointer, "span": [start, end) or null}]: the
              arguments the rule read, and in each the part that decided (the
              whole value for a comparison; the text the model scored; the
              phrase a `contains_text` found) as offsets into argument_text()
              of the stored value
    figures   {"value.amount": cents, "window.customer": cents or null, ...}:
              the other figures the rule read, as they were at that moment
    score, threshold   the model stage's only

Offsets count code points of argument_text(value), which both the writer and
the pages use, so the highlighted span is exactly what the rule read.
"""

from __future__ import annotations

import json
from typing import Any

REASON_KINDS = {
    "model": "Suspected prompt injection (model stage)",
    "policy": "Policy rule",
    "limit": "Limit or window",
    "no_rate": "No exchange rate",
    "dual_control": "Dual control",
    "detection": "Injection rule",
    "schema": "Schema",
    "upstream": "Upstream",
}


def argument_at(arguments: Any, pointer: str) -> tuple[bool, Any]:
    """(found, value) at a JSON pointer ("/memo", "/items/0/note") of the stored arguments."""
    node = arguments
    if pointer in ("", "/"):
        return True, node
    for raw in pointer.lstrip("/").split("/"):
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False, None
    return True, node


def argument_text(value: Any) -> str:
    """One argument as a reason's offsets count it: a string as it is, anything else as JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def relocated_span(span: tuple[int, int] | None, before: str, after: str) -> tuple[int, int] | None:
    """A span found in `before`, moved to `after` (the same value once secrets were masked).

    The same text elsewhere in `after` keeps its meaning; when it is gone
    (masked away), the whole value is what the reviewer is shown.
    """
    if span is None:
        return None
    if before == after:
        return span
    text = before[span[0] : span[1]]
    start = after.find(text) if text else -1
    return (start, start + len(text)) if start >= 0 else (0, len(after))
