"""GET /api/v1/audit/export streams exactly the rows the search API returns for the same filter."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.http import StreamingHttpResponse

from audit.serializers import ENTRY_FIELDS
from tests.audit.entries import append, event
from tests.conftest import Bank, person_client

pytestmark = pytest.mark.django_db


def api_rows(client: Any, params: dict[str, str]) -> list[dict[str, Any]]:
    rows, query = [], {**params, "limit": "7"}
    while True:
        body = client.get("/api/v1/audit", query).json()
        rows += body["results"]
        if not body["next_cursor"]:
            return rows
        query = {**query, "cursor": body["next_cursor"]}


def streamed(response: Any) -> str:
    assert response.status_code == 200
    assert isinstance(response, StreamingHttpResponse)
    return b"".join(response.streaming_content).decode()


@pytest.fixture
def traffic(bank: Bank) -> None:
    for n in range(12):
        session = "exp-a" if n % 3 else "exp-b"
        append(
            event(
                session_id=session,
                tool_call_id=f"e{n}",
                idempotency_key=f"k{n}",
                details={"memo": f'line, "{n}"\nnext'},
            ),
            event(
                # One operation's completion under both its names (core.enums.OPERATION_SYNONYMS).
                "transfer_completed" if n % 4 else "operation_completed",
                session_id=session,
                tool_call_id=f"e{n}",
                duration_ms=n + 0.5,
                details={"result": {"amount": n, "é": True}},
            ),
        )


@pytest.mark.parametrize(
    "params",
    [
        {"session": "exp-a"},
        {"session": "exp-b", "action": "transfer_completed"},
        {"action": "operation_completed"},
        {"session": "none"},
    ],
)
def test_csv_rows_equal_the_api_rows(bank: Bank, traffic: None, params: dict[str, str]) -> None:
    client = person_client(bank.compliance)
    expected = api_rows(client, params)
    response = client.get("/api/v1/audit/export", {"format": "csv", **params})
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"].startswith('attachment; filename="audit-')
    reader = csv.DictReader(io.StringIO(streamed(response)))
    assert reader.fieldnames == ENTRY_FIELDS
    rows = list(reader)
    assert [int(row["id"]) for row in rows] == [row["id"] for row in expected]
    if "action" in params:
        # Both names of the completion, newest first, across the API's pages.
        assert len(rows) == (4 if "session" in params else 12)
        assert {row["action"] for row in rows} == {"transfer_completed", "operation_completed"}
    for got, want in zip(rows, expected, strict=True):
        assert json.loads(got["details"]) == want["details"]
        assert got["duration_ms"] == ("" if want["duration_ms"] is None else str(want["duration_ms"]))
        for name in ENTRY_FIELDS:
            if name not in ("id", "details", "duration_ms", "timestamp"):
                assert got[name] == ("" if want[name] is None else want[name]), name


def test_jsonl_rows_equal_the_api_rows(bank: Bank, traffic: None) -> None:
    client = person_client(bank.compliance)
    expected = api_rows(client, {"session": "exp-a"})
    response = client.get("/api/v1/audit/export", {"format": "jsonl", "session": "exp-a"})
    assert response["Content-Type"] == "application/x-ndjson"
    lines = [json.loads(line) for line in streamed(response).splitlines()]
    assert [line["id"] for line in lines] == [row["id"] for row in expected]
    assert [line["hash"] for line in lines] == [row["hash"] for row in expected]
    assert all(line["details"] == row["details"] for line, row in zip(lines, expected, strict=True))


def test_a_bad_filter_or_format_is_a_400_before_streaming(bank: Bank) -> None:
    client = person_client(bank.compliance)
    assert client.get("/api/v1/audit/export", {"format": "xml"}).status_code == 400
    for fmt in ("csv", "jsonl"):
        response = client.get("/api/v1/audit/export", {"format": fmt, "since": "soon"})
        assert response.status_code == 400 and response.json()["error"]["code"] == "invalid_filter"


def test_an_export_of_nothing_is_a_header_or_empty(bank: Bank) -> None:
    client = person_client(bank.compliance)
    assert streamed(client.get("/api/v1/audit/export", {"format": "csv", "session": "nobody"})).strip() == ",".join(
        ENTRY_FIELDS
    )
    assert streamed(client.get("/api/v1/audit/export", {"format": "jsonl", "session": "nobody"})) == ""


def test_an_export_can_be_verified_outside_toolguard(bank: Bank) -> None:
    """Everything the hash covers is in the export: recompute it from the JSONL alone."""
    import hashlib

    append(
        event(session_id="ext"),
        event("transfer_initiated", session_id="ext", details={"arguments": {"amount": 3, "idempotency_key": "x"}}),
    )
    response = person_client(bank.compliance).get("/api/v1/audit/export", {"format": "jsonl", "session": "ext"})
    rows = [json.loads(line) for line in streamed(response).splitlines()][::-1]  # oldest first
    assert rows[1]["prev_hash"] == rows[0]["hash"]
    for row in rows:
        body = {k: row[k] for k in ENTRY_FIELDS if k not in ("id", "prev_hash", "hash")}
        if body["operation_hash"] is None:
            del body["operation_hash"]
        canonical = json.dumps(
            {"entry": body, "prev_hash": row["prev_hash"]}, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        )
        assert hashlib.sha256(canonical.encode()).hexdigest() == row["hash"]
