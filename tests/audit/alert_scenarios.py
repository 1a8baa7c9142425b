"""Small alert scenarios, each returning how many alerts it raised.

tests/audit/test_settings.py runs each twice: in the test process with the
defaults, and in a child process with one documented variable set in its
environment, so a variable that settings.py did not read would show up as
an unchanged count.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import timedelta

from django.db.models import F
from django.utils import timezone

from approvals.tasks import alerts_check_backlog
from audit.models import Alert
from audit.services import AuditEvent, audit_chain_insert
from core.enums import ActorType, AuditAction, AuditResult


def _event(action: str, result: str, session: str, **fields: object) -> AuditEvent:
    values: dict[str, object] = {
        "actor": "agent:alice:0123456789ab",
        "actor_type": ActorType.AGENT,
        "customer": "alice-settings",
        "tool": "transfer_funds",
        "session_id": session,
    }
    values.update(fields)
    return AuditEvent(action=AuditAction(action), result=AuditResult(result), **values)  # type: ignore[arg-type]


def _spaced(events: list[AuditEvent], seconds: int) -> int:
    """Append the events `seconds` apart, the last one now."""
    now = timezone.now()
    at = [now - timedelta(seconds=seconds * (len(events) - 1 - n)) for n in range(len(events))]
    for event, moment in zip(events, at, strict=True):
        audit_chain_insert([event], at=[moment])
    return Alert.objects.filter(session_id=events[0].session_id).count()


def injection_blocks() -> int:
    session = uuid.uuid4().hex
    return _spaced([_event("injection_blocked", "blocked", session, details={"category": "x"}) for _ in range(2)], 1)


def injection_window() -> int:
    session = uuid.uuid4().hex
    return _spaced([_event("injection_blocked", "blocked", session, details={"category": "x"}) for _ in range(3)], 60)


def repeat_window() -> int:
    session = uuid.uuid4().hex
    arguments = {"from_account": "a", "to_account": "b", "amount": 800_000, "currency": "USD"}
    events = [
        _event(
            "transfer_initiated",
            "success",
            session,
            idempotency_key=key,
            details={"arguments": {**arguments, "idempotency_key": key}},
        )
        for key in ("k1", "k2")
    ]
    return _spaced(events, 60)


def mismatch_window() -> int:
    session = uuid.uuid4().hex
    return _spaced([_event("idempotency_mismatch", "blocked", session, idempotency_key=session) for _ in range(2)], 60)


def _hold(count: int) -> None:
    """`count` transfers over the approval threshold, held for review, and no other pending request or backlog alert."""
    from approvals.models import ApprovalRequest
    from tests.conftest import agent_client, make_bank, transfer_call

    # Rolled back at the end: only this scenario's requests and alerts count.
    ApprovalRequest.objects.filter(status="pending").update(status="expired")
    Alert.objects.filter(rule__in=["approval_backlog", "approval_sla"]).delete()
    suffix = uuid.uuid4().hex[:8]
    bank = make_bank(suffix)
    client = agent_client(bank.alice_key)
    for n in range(count):
        call = transfer_call(
            key=uuid.uuid4().hex, amount=2_000_000, source=f"checking{suffix}", to=f"savings{suffix}", session=f"s{n}"
        )
        response = client.post("/api/v1/tool-calls", call, format="json")
        assert response.status_code == 202, response.content


def backlog() -> int:
    _hold(2)
    return len(alerts_check_backlog())


def approval_sla() -> int:
    from approvals.models import ApprovalRequest

    _hold(1)
    ApprovalRequest.objects.filter(status="pending").update(created_at=F("created_at") - timedelta(seconds=120))
    return sum(1 for _ in alerts_check_backlog())


def backlog_window() -> int:
    from approvals.models import ApprovalRequest

    _hold(1)
    ApprovalRequest.objects.filter(status="pending").update(created_at=F("created_at") - timedelta(seconds=3600))
    alerts_check_backlog()
    Alert.objects.filter(rule="approval_sla").update(created_at=F("created_at") - timedelta(seconds=120))
    alerts_check_backlog()
    return Alert.objects.filter(rule="approval_sla").count()


SCENARIOS: dict[str, Callable[[], int]] = {
    "injection_blocks": injection_blocks,
    "injection_window": injection_window,
    "repeat_window": repeat_window,
    "mismatch_window": mismatch_window,
    "backlog": backlog,
    "approval_sla": approval_sla,
    "backlog_window": backlog_window,
}


def run_rolled_back(name: str) -> int:
    from django.db import transaction

    with transaction.atomic():
        count = SCENARIOS[name]()
        transaction.set_rollback(True)
    return count
