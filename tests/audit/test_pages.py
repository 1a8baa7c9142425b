"""The compliance pages: search, entry detail, timelines, alerts; compliance staff only."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from audit.models import Alert, AuditEntry
from tests.audit.entries import append, event
from tests.conftest import Bank, signed_in

pytestmark = pytest.mark.django_db

PAGES = [
    "/audit/",
    "/audit/entries/1/",
    "/audit/tool-calls/x/",
    "/audit/sessions/s1/",
    "/audit/approvals/a/",
    "/audit/alerts/",
]


def labels(html: str) -> list[str]:
    return [unescape(label) for label in re.findall(r"<label for=\"f-[^\"]+\">([^<]+)</label>", html)]


def row_ids(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'data-entry-id="(\d+)"', html)]


def hrefs(html: str, text: str) -> list[str]:
    return [unescape(h) for h in re.findall(rf'<a href="([^"]+)"[^>]*>{re.escape(text)}</a>', html)]


@pytest.mark.parametrize("path", PAGES)
def test_anonymous_users_are_sent_to_sign_in(bank: Bank, path: str) -> None:
    response = Client().get(path)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")


@pytest.mark.parametrize("path", [p for p in PAGES if p != "/audit/alerts/"])
def test_reviewers_are_refused_with_the_403_page(bank: Bank, path: str) -> None:
    response = signed_in(bank.reviewer).get(path)
    assert response.status_code == 403
    assert "Not allowed" in response.content.decode()
    assert "403.html" in [t.name for t in response.templates]


def test_search_form_has_the_labelled_fields(bank: Bank) -> None:
    html = signed_in(bank.compliance).get("/audit/").content.decode()
    assert labels(html) == [
        "Actor",
        "Customer",
        "Tool",
        "Action",
        "Result",
        "Session",
        "From",
        "To",
        "Idempotency key",
        "Approval id",
    ]
    assert hrefs(html, "Export CSV") == ["/api/v1/audit/export?format=csv"]


def test_search_shows_matching_entries_newest_first_with_export_links(bank: Bank) -> None:
    mine = [append(event(session_id="page-s", tool_call_id=f"t{n}"))[0].id for n in range(3)]
    append(event(session_id="other"))
    response = signed_in(bank.compliance).get("/audit/", {"session": "page-s"})
    html = response.content.decode()
    assert response.status_code == 200
    assert row_ids(html) == mine[::-1]
    assert 'value="page-s"' in html
    assert hrefs(html, "Export CSV") == ["/api/v1/audit/export?format=csv&session=page-s"]
    assert hrefs(html, "Export JSONL") == ["/api/v1/audit/export?format=jsonl&session=page-s"]
    assert f'href="/audit/entries/{mine[0]}/"' in html


def test_next_and_newer_links_page_by_cursor(bank: Bank) -> None:
    for n in range(48):
        append(event(session_id="many", tool_call_id=f"m{n}"), event(session_id="many", tool_call_id=f"m{n}"))
    client = signed_in(bank.compliance)
    first = client.get("/audit/", {"session": "many"}).content.decode()
    assert hrefs(first, "Newer") == []
    [next_url] = hrefs(first, "Next")
    assert "session=many" in next_url and "cursor=" in next_url
    second = client.get("/audit/" + next_url).content.decode()
    assert len(row_ids(first)) == 50 and len(row_ids(second)) == 46
    assert set(row_ids(first)).isdisjoint(row_ids(second))
    assert hrefs(second, "Next") == []
    [newer_url] = hrefs(second, "Newer")
    assert row_ids(client.get("/audit/" + newer_url).content.decode()) == row_ids(first)


def test_pages_never_count_the_table(bank: Bank) -> None:
    entries = append(event(session_id="nocount"), event(session_id="nocount", approval_id="ap"))
    client = signed_in(bank.compliance)
    paths = [
        "/audit/",
        "/audit/?session=nocount",
        f"/audit/entries/{entries[0].id}/",
        "/audit/sessions/nocount/",
        "/audit/approvals/ap/",
        "/audit/alerts/",
    ]
    for path in paths:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path).status_code == 200
        assert not [q["sql"] for q in queries if "COUNT(" in q["sql"].upper()], path


def test_a_bad_filter_shows_an_error(bank: Bank) -> None:
    response = signed_in(bank.compliance).get("/audit/", {"since": "whenever"})
    assert response.status_code == 400 and "not a date or ISO 8601 time" in response.content.decode()


def test_entry_detail_shows_the_entry_and_its_chain_link(bank: Bank) -> None:
    first, second = append(
        event(),
        event("transfer_initiated", tool_call_id="tc-1", approval_id="ap-9", details={"arguments": {"amount": 77}}),
    )
    html = signed_in(bank.compliance).get(f"/audit/entries/{second.id}/").content.decode()
    assert "transfer_initiated" in html and "&quot;amount&quot;: 77" in html
    assert second.hash in html and "recomputes" in html and f"matches entry #{first.id}" in html
    assert 'href="/audit/tool-calls/tc-1/"' in html and 'href="/audit/approvals/ap-9/"' in html
    assert 'href="/audit/sessions/s1/?customer=alice"' in html
    assert signed_in(bank.compliance).get("/audit/entries/999999999/").status_code == 404


@pytest.mark.parametrize(
    ("path", "field"), [("tool-calls", "tool_call_id"), ("sessions", "session_id"), ("approvals", "approval_id")]
)
def test_timelines_list_all_their_entries_oldest_first(bank: Bank, path: str, field: str) -> None:
    ours = [
        e.id
        for e in append(*(event(action, **{field: "tl-1"}) for action in ("tool_call_received", "transfer_initiated")))
    ]
    ours += [e.id for e in append(event("transfer_completed", **{field: "tl-1"}))]
    append(event(**{field: "tl-2"}))
    html = signed_in(bank.compliance).get(f"/audit/{path}/tl-1/").content.decode()
    assert row_ids(html) == ours
    assert "Export CSV" in html


def test_a_long_timeline_pages(bank: Bank, monkeypatch: pytest.MonkeyPatch) -> None:
    from audit import selectors

    real = selectors.audit_timeline
    monkeypatch.setattr("staff.audit_views.audit_timeline", lambda **kw: real(**{**kw, "limit": 2}))
    ours = [e.id for e in append(*(event(session_id="long", tool_call_id=f"l{n}") for n in range(5)))]
    client = signed_in(bank.compliance)
    html = client.get("/audit/sessions/long/").content.decode()
    seen = row_ids(html)
    while later := hrefs(html, "Later entries"):
        html = client.get("/audit/sessions/long/" + later[0]).content.decode()
        seen += row_ids(html)
    assert seen == ours


def test_session_timeline_can_be_narrowed_to_a_customer(bank: Bank) -> None:
    [ann] = append(event(customer="ann", session_id="shared"))
    append(event(customer="bob", session_id="shared"))
    html = signed_in(bank.compliance).get("/audit/sessions/shared/", {"customer": "ann"}).content.decode()
    assert row_ids(html) == [ann.id]


def test_alerts_page_lists_alerts_newest_first(bank: Bank) -> None:
    from datetime import timedelta

    from audit.alerts import alert_raise

    first = alert_raise(
        rule=Alert.Rule.APPROVAL_BACKLOG, severity="warning", subject="t:1", window=timedelta(minutes=1)
    )
    second = alert_raise(
        rule=Alert.Rule.INJECTION_SPIKE,
        severity="critical",
        subject="t:2",
        window=timedelta(minutes=1),
        customer="ann",
        session_id="sx",
    )
    assert first is not None and second is not None
    client = signed_in(bank.compliance)
    html = client.get("/audit/alerts/").content.decode()
    assert [int(n) for n in re.findall(r'data-alert-id="(\d+)"', html)][:2] == [second.id, first.id]
    filtered = client.get("/audit/alerts/", {"rule": "injection_spike"}).content.decode()
    assert 'data-rule="approval_backlog"' not in filtered and 'data-rule="injection_spike"' in filtered


def test_the_entry_table_summarises_details_without_payloads(bank: Bank) -> None:
    append(event(session_id="quiet", details={"arguments": {"memo": "internal-note-xyz"}, "code": "rejected_by_x"}))
    html = signed_in(bank.compliance).get("/audit/?session=quiet").content.decode()
    assert "internal-note-xyz" not in html
    assert "arguments: {memo}; code=rejected_by_x" in html
    assert AuditEntry.objects.filter(session_id="quiet").exists()
