"""What an agent's answer says of the rules that decided a call: nothing. People read them elsewhere."""

from __future__ import annotations

from typing import Any

from approvals.models import ApprovalRequest
from audit.models import AuditEntry


def held_rules(answer: dict[str, Any]) -> list[str]:
    """The rules that held a call, from its approval request; the agent's answer names none."""
    assert answer["status"] == "pending_approval", answer
    assert "rules" not in (answer.get("result") or {}), answer
    return list(ApprovalRequest.objects.get(id=answer["approval_id"]).rules)


def denied_rules(answer: dict[str, Any]) -> list[str]:
    """The deny rules that refused a call, from its audit entry; the agent's answer names none."""
    error = answer["error"]
    assert error["code"] == "policy_denied" and not error.get("details"), answer
    entry = AuditEntry.objects.get(tool_call_id=answer["id"], action="policy_denied")
    return list(entry.details["rules"])
