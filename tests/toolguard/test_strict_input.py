"""Inputs that used to crash (500) or mislead: each now a JSON 400/413/422 with a stable code."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from audit.models import AuditEntry
from banking.models import Transfer
from tests.conftest import Bank, agent_client, person_client, transfer_call
from toolguard.api.parsers import StrictJSONError, strict_json_loads

pytestmark = pytest.mark.django_db


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def post_raw(client: APIClient, url: str, body: str | bytes) -> Any:
    return client.post(url, body, content_type="application/json")


def error_of(response: Any) -> dict[str, Any]:
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    return dict(response.json()["error"])


def test_a_tool_call_nested_a_thousand_deep_is_a_400(bank: Bank) -> None:
    body = '{"name": "check_balance", "session_id": "s", "arguments": {"account_id": ' + nested(1000) + "}}"
    response = post_raw(agent_client(bank.alice_key), "/api/v1/tool-calls", body)
    assert response.status_code == 400
    assert error_of(response)["code"] == "malformed_request"


def test_openai_arguments_nested_a_thousand_deep_are_a_422(bank: Bank) -> None:
    body = {
        "id": "c1",
        "type": "function",
        "function": {"name": "check_balance", "arguments": '{"account_id": ' + nested(1000) + "}"},
        "session_id": "s",
    }
    response = agent_client(bank.alice_key).post("/api/v1/tool-calls", body, format="json")
    assert response.status_code == 422
    assert error_of(response)["code"] == "validation_failed"
    assert error_of(response)["details"][0]["code"] == "invalid_json"


def test_a_decision_nested_a_thousand_deep_is_a_400(bank: Bank) -> None:
    client = person_client(bank.reviewer)
    response = post_raw(
        client, "/api/v1/approvals/00000000-0000-0000-0000-000000000000/decision", '{"reason": ' + nested(1000) + "}"
    )
    assert response.status_code == 400
    assert error_of(response) == {
        "code": "malformed_request",
        "message": "JSON parse error: nested deeper than 32 levels",
        "details": {"reason": "json_too_deep"},
    }


def test_duplicate_keys_are_refused_not_last_one_wins(bank: Bank) -> None:
    body = (
        '{"name": "transfer_funds", "session_id": "s", "arguments": {"from_account": "checking", '
        '"to_account": "savings", "amount": 100, "amount": 9000000, "currency": "USD", "idempotency_key": "dup1"}}'
    )
    response = post_raw(agent_client(bank.alice_key), "/api/v1/tool-calls", body)
    assert response.status_code == 400
    assert "duplicate key 'amount'" in error_of(response)["message"]
    assert not Transfer.objects.exists()


def test_duplicate_keys_in_openai_arguments_are_refused(bank: Bank) -> None:
    arguments = '{"account_id": "checking", "account_id": "bobext1"}'
    body = {"id": "c2", "type": "function", "function": {"name": "check_balance", "arguments": arguments}}
    response = agent_client(bank.alice_key).post("/api/v1/tool-calls", {**body, "session_id": "s"}, format="json")
    assert response.status_code == 422
    assert "duplicate key" in error_of(response)["details"][0]["message"]


@pytest.mark.parametrize("amount", ["1.0", "1e2", "99.99999999999999999", "1500000.0", "true"])
def test_amounts_must_be_json_integers(bank: Bank, amount: str) -> None:
    body = (
        '{"name": "transfer_funds", "session_id": "s", "arguments": {"from_account": "checking", '
        f'"to_account": "savings", "amount": {amount}, "currency": "USD", "idempotency_key": "int1"}}}}'
    )
    response = post_raw(agent_client(bank.alice_key), "/api/v1/tool-calls", body)
    assert response.status_code == 422
    error = error_of(response)
    assert error["code"] == "validation_failed"
    assert error["details"] == [{"path": "/amount", "message": "must be of type integer", "code": "type"}]
    assert not Transfer.objects.exists()


def test_nan_is_not_a_number_here(bank: Bank) -> None:
    body = '{"name": "check_balance", "session_id": "s", "arguments": {"account_id": NaN}}'
    response = post_raw(agent_client(bank.alice_key), "/api/v1/tool-calls", body)
    assert response.status_code == 400


def test_a_body_over_the_limit_is_a_413_json_answer(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_MAX_BODY_BYTES = 64 * 1024
    memo = "x" * (200 * 1024)
    response = post_raw(
        agent_client(bank.alice_key), "/api/v1/tool-calls", json.dumps(transfer_call(key="big1", memo=memo))
    )
    assert response.status_code == 413
    assert error_of(response)["code"] == "request_too_large"


def test_a_twenty_megabyte_body_is_a_413_json_answer(bank: Bank) -> None:
    body = b'{"name": "check_balance", "session_id": "s", "arguments": {"pad": "' + b"x" * (20 * 1024 * 1024) + b'"}}'
    response = post_raw(agent_client(bank.alice_key), "/api/v1/tool-calls", body)
    assert response.status_code == 413
    assert error_of(response)["code"] == "request_too_large"


@pytest.mark.parametrize(
    "query",
    [
        {"since": "0001-01-01T00:00:00+14:00"},
        {"until": "9999-12-31T23:59:59-14:00"},
        {"since": "2026-13-45"},
        {"cursor": "MjAyNi0wMS0wMVQwMDowMDowMCswMDowMHw5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5"},
        {"cursor": "x" * 5000},
        {"cursor": "%%%"},
        {"before": "MDAwMS0wMS0wMVQwMDowMDowMCswMTQ6MDB8MQ"},
        {"session": "a\x00b"},
        {"limit": "lots"},
    ],
)
def test_bad_filters_and_cursors_are_a_400_not_a_500(bank: Bank, query: dict[str, str]) -> None:
    response = person_client(bank.compliance).get("/api/v1/audit", query)
    assert response.status_code == 400, response.content[:300]
    assert error_of(response)["code"] == "invalid_filter"


def test_bad_filters_on_the_export_are_a_400(bank: Bank) -> None:
    response = person_client(bank.compliance).get("/api/v1/audit/export", {"since": "0001-01-01T00:00:00+14:00"})
    assert response.status_code == 400
    assert error_of(response)["code"] == "invalid_filter"


@pytest.mark.parametrize(
    "url", ["/audit/tool-calls/%00/", "/audit/sessions/a%00b/", "/audit/?since=0001-01-01T00:00:00%2B14:00"]
)
def test_bad_values_on_compliance_pages_are_a_400_page(bank: Bank, url: str) -> None:
    client = Client()
    client.force_login(bank.compliance)
    response = client.get(url)
    assert response.status_code == 400


def test_an_alerts_cursor_out_of_range_is_ignored(bank: Bank) -> None:
    client = Client()
    client.force_login(bank.compliance)
    assert client.get("/audit/alerts/", {"before": "9" * 40}).status_code == 200
    assert client.get("/audit/entries/99999999999999999999999/").status_code == 404


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('{"a": 1, "a": 2}', "duplicate_key"),
        ('{"a": [' * 40 + "1" + "]}" * 40, "json_too_deep"),
        (nested(100_000), "json_too_deep"),
        ('{"a": Infinity}', "invalid_number"),
    ],
)
def test_strict_json_loads_refuses_with_a_code(text: str, code: str) -> None:
    with pytest.raises(StrictJSONError) as raised:
        strict_json_loads(text)
    assert raised.value.code == code


def test_strict_json_loads_reads_ordinary_json() -> None:
    assert strict_json_loads('{"a": [1, {"b": null}], "c": "ü"}') == {"a": [1, {"b": None}], "c": "ü"}


def test_every_refusal_is_audited(bank: Bank) -> None:
    before = AuditEntry.objects.filter(action="malformed_request").count()
    post_raw(agent_client(bank.alice_key), "/api/v1/tool-calls", '{"name": "x", "name": "y", "session_id": "s"}')
    assert AuditEntry.objects.filter(action="malformed_request").count() == before + 1


@pytest.mark.parametrize("version", ["1", 1.0, True])
def test_a_decision_version_must_be_a_json_integer(bank: Bank, version: Any) -> None:
    held = agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key="ver1", amount=2_000_000), format="json"
    )
    approval_id = held.json()["approval_id"]
    response = person_client(bank.reviewer).post(
        f"/api/v1/approvals/{approval_id}/decision", {"decision": "approve", "version": version}, format="json"
    )
    assert response.status_code == 400
    assert error_of(response)["code"] == "malformed_request"
    assert error_of(response)["details"] == {"version": ["must be a JSON integer"]}
