"""GET /api/v1/audit: every filter, keyset pages, and compliance-only access."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from audit.models import AuditEntry
from tests.audit.entries import append, event
from tests.conftest import Bank, agent_client, person_client

pytestmark = pytest.mark.django_db


def ids(response: Any) -> list[int]:
    assert response.status_code == 200, response.content
    return [row["id"] for row in response.json()["results"]]


@pytest.fixture
def sample(bank: Bank) -> dict[str, list[AuditEntry]]:
    """A few tool calls by different actors, sessions, tools and outcomes."""
    a = append(
        event(actor="agent:ann:aaaaaaaaaaaa", customer="ann", session_id="sa", tool_call_id="ca", idempotency_key="ka"),
        event(
            "transfer_initiated",
            actor="agent:ann:aaaaaaaaaaaa",
            customer="ann",
            session_id="sa",
            tool_call_id="ca",
            idempotency_key="ka",
            details={"arguments": {"amount": 1}},
        ),
        event(
            "transfer_completed",
            actor="agent:ann:aaaaaaaaaaaa",
            customer="ann",
            session_id="sa",
            tool_call_id="ca",
            idempotency_key="ka",
        ),
    )
    b = append(
        event(
            "injection_blocked",
            "blocked",
            actor="agent:bea:bbbbbbbbbbbb",
            customer="bea",
            session_id="sb",
            tool="check_balance",
            tool_call_id="cb",
        ),
    )
    c = append(
        event(
            "approval_requested",
            "pending",
            actor="agent:ann:aaaaaaaaaaaa",
            customer="ann",
            session_id="sa",
            tool_call_id="cc",
            idempotency_key="kc",
            approval_id="ap-1",
        ),
        event(
            "approval_granted",
            actor="reviewer:rev",
            actor_type="reviewer",
            customer="ann",
            session_id="sa",
            tool_call_id="cc",
            idempotency_key="kc",
            approval_id="ap-1",
        ),
    )
    return {"a": a, "b": b, "c": c}


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"actor": "agent:bea:bbbbbbbbbbbb"}, ["b0"]),
        ({"actor": "reviewer:rev"}, ["c1"]),
        ({"tool": "check_balance"}, ["b0"]),
        ({"action": "transfer_initiated"}, ["a1"]),
        ({"result": "pending"}, ["c0"]),
        ({"result": "blocked"}, ["b0"]),
        ({"session": "sb"}, ["b0"]),
        ({"idempotency_key": "kc"}, ["c1", "c0"]),
        ({"approval": "ap-1"}, ["c1", "c0"]),
        ({"tool_call": "ca"}, ["a2", "a1", "a0"]),
        ({"customer": "bea"}, ["b0"]),
        ({"session": "sa", "action": "approval_granted", "result": "success"}, ["c1"]),
        ({"actor": "agent:ann:aaaaaaaaaaaa", "tool": "check_balance"}, []),
    ],
)
def test_every_filter(
    bank: Bank, sample: dict[str, list[AuditEntry]], params: dict[str, str], expected: list[str]
) -> None:
    wanted = [sample[name[0]][int(name[1])].id for name in expected]
    got = ids(person_client(bank.compliance).get("/api/v1/audit", params))
    assert [i for i in got if i >= sample["a"][0].id] == wanted


def test_since_and_until_are_inclusive_and_accept_dates(bank: Bank, sample: dict[str, list[AuditEntry]]) -> None:
    client = person_client(bank.compliance)
    moment = sample["b"][0].timestamp
    just = {"since": moment.isoformat(), "until": moment.isoformat()}
    assert ids(client.get("/api/v1/audit", just)) == [sample["b"][0].id]
    later = (moment + timedelta(seconds=1)).isoformat()
    assert sample["b"][0].id not in ids(client.get("/api/v1/audit", {"since": later}))
    today = timezone.now().date().isoformat()
    assert sample["b"][0].id in ids(client.get("/api/v1/audit", {"since": today, "until": today}))
    yesterday = (timezone.now() - timedelta(days=1)).date().isoformat()
    assert ids(client.get("/api/v1/audit", {"since": yesterday, "until": yesterday, "session": "sa"})) == []


def test_a_bad_filter_is_a_400(bank: Bank) -> None:
    client = person_client(bank.compliance)
    for params in ({"since": "last tuesday"}, {"cursor": "not-a-cursor"}, {"before": "%%%"}):
        response = client.get("/api/v1/audit", params)
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_filter"


def test_cursor_pages_walk_every_entry_once_newest_first(bank: Bank) -> None:
    # Several entries per append share one timestamp: the id breaks the tie.
    for n in range(9):
        append(*(event(session_id="paged", tool_call_id=f"p{n}-{i}") for i in range(3)))
    client = person_client(bank.compliance)
    seen, pages, params = [], 0, {"session": "paged", "limit": "4"}
    while True:
        body = client.get("/api/v1/audit", params).json()
        seen += [row["id"] for row in body["results"]]
        pages += 1
        if pages > 1:
            assert body["previous_cursor"] is not None
        if not body["next_cursor"]:
            break
        params = {**params, "cursor": body["next_cursor"]}
    expected = list(
        AuditEntry.objects.filter(session_id="paged").order_by("-timestamp", "-id").values_list("id", flat=True)
    )
    assert seen == expected and len(seen) == 27 and pages == 7


def test_before_returns_the_newer_page(bank: Bank) -> None:
    for n in range(4):
        append(*(event(session_id="back", tool_call_id=f"b{n}-{i}") for i in range(3)))
    client = person_client(bank.compliance)
    first = client.get("/api/v1/audit", {"session": "back", "limit": "5"}).json()
    second = client.get("/api/v1/audit", {"session": "back", "limit": "5", "cursor": first["next_cursor"]}).json()
    back = client.get("/api/v1/audit", {"session": "back", "limit": "5", "before": second["previous_cursor"]}).json()
    assert [r["id"] for r in back["results"]] == [r["id"] for r in first["results"]]
    assert back["previous_cursor"] is None and back["next_cursor"] is not None
    again = client.get("/api/v1/audit", {"session": "back", "limit": "5", "cursor": back["next_cursor"]}).json()
    assert [r["id"] for r in again["results"]] == [r["id"] for r in second["results"]]


def test_entries_have_the_contract_fields(bank: Bank, sample: dict[str, list[AuditEntry]]) -> None:
    row = person_client(bank.compliance).get("/api/v1/audit", {"tool_call": "ca", "limit": "1"}).json()["results"][0]
    assert set(row) == {
        "id",
        "timestamp",
        "actor",
        "actor_type",
        "customer",
        "action",
        "result",
        "tool",
        "tool_call_id",
        "session_id",
        "idempotency_key",
        "approval_id",
        "details",
        "duration_ms",
        "operation_hash",
        "prev_hash",
        "hash",
    }


@pytest.mark.parametrize(
    "path", ["/api/v1/audit", "/api/v1/audit/export?format=csv", "/api/v1/audit/export?format=jsonl"]
)
def test_only_compliance_staff_read_the_log(bank: Bank, path: str) -> None:
    assert agent_client(bank.alice_key).get(path).status_code == 403
    assert person_client(bank.reviewer).get(path).status_code == 403
    anonymous = APIClient().get(path)
    assert anonymous.status_code == 401 and anonymous["WWW-Authenticate"].startswith("Basic")
    basic = APIClient()
    basic.credentials(
        HTTP_AUTHORIZATION="Basic "
        + __import__("base64").b64encode(f"{bank.compliance.username}:correct-horse-battery".encode()).decode()
    )
    assert basic.get(path).status_code == 200
    assert person_client(bank.compliance).get(path).status_code == 200
