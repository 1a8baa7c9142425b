"""A transfer the database refuses at its COMMIT still leaves its whole trail, over a real server."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from audit.models import AuditEntry
from banking.models import Account
from tests.conftest import Bank, transfer_call
from tests.live import Gunicorn, bearer

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres, pytest.mark.needs_redis]


def test_insufficient_funds_found_at_commit_keeps_the_receipt_and_claims_no_completion(
    server: Gunicorn, live_bank: tuple[Bank, str, Any]
) -> None:
    bank, sfx, blocker = live_bank
    with blocker.unblock():
        Account.objects.filter(number=f"checking{sfx}").update(balance_cents=500)
    call = transfer_call(key=f"poor{sfx}", amount=900, source=f"checking{sfx}", to=f"savings{sfx}")
    answer = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key), timeout=60)
    assert (answer.status_code, answer.json()["error"]["code"]) == (422, "insufficient_funds")
    with blocker.unblock():
        actions = list(AuditEntry.objects.filter(tool_call_id=answer.json()["id"]).values_list("action", flat=True))
        assert Account.objects.get(number=f"checking{sfx}").balance_cents == 500
    assert actions.count("tool_call_received") == 1, actions
    assert actions.count("transfer_rejected") == 1, actions
    assert "transfer_completed" not in actions, actions
