"""Compliance search in a real browser: Debian's Chromium against gunicorn.

A compliance officer signs in, searches by session, sees the entries and
downloads the CSV export, which must hold exactly the filtered rows. Data is
committed (the server is another process) under names unique to the test.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection

from audit.models import AuditEntry
from audit.services import audit_append
from tests.audit.entries import event
from tests.conftest import make_bank
from tests.live import CHROMIUM, CHROMIUM_ARGS, Gunicorn, require_chromium, unique

pytestmark = [pytest.mark.browser, pytest.mark.live]

PASSWORD = "correct-horse-battery"


@pytest.fixture
def page(server: Gunicorn, tmp_path: Path) -> Iterator[Any]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1360, "height": 900}, accept_downloads=True)
        context.set_default_timeout(15_000)
        try:
            yield context.new_page()
        finally:
            context.close()
            browser.close()


@pytest.fixture
def officer(
    server: Gunicorn, django_db_blocker: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, str, list[int]]]:
    """A compliance user and 60 committed entries in one session (more than a page), plus noise."""
    # The ORM is used from the test while Playwright's event loop lives in this thread.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    suffix, session = unique("-"), unique("audit-sess-")
    with django_db_blocker.unblock():
        bank = make_bank(suffix)
        # The tests' MD5 hasher is one the server refuses; few PBKDF2 rounds it accepts.
        hasher = PBKDF2PasswordHasher()
        bank.compliance.password = hasher.encode(PASSWORD, hasher.salt(), iterations=1_000)
        bank.compliance.save(update_fields=["password"])
        for n in range(20):
            audit_append(
                [
                    event(session_id=session, customer=f"alice{suffix}", tool_call_id=f"{session}-{n}"),
                    event(
                        "transfer_initiated",
                        session_id=session,
                        customer=f"alice{suffix}",
                        tool_call_id=f"{session}-{n}",
                        details={"arguments": {"amount": n, "memo": 'a, "quoted"\nmemo'}},
                    ),
                    event(
                        "transfer_completed",
                        session_id=session,
                        customer=f"alice{suffix}",
                        tool_call_id=f"{session}-{n}",
                    ),
                ]
            )
            audit_append([event(session_id=unique("noise-"), customer=f"alice{suffix}")])
        ids = list(
            AuditEntry.objects.filter(session_id=session).order_by("-timestamp", "-id").values_list("id", flat=True)
        )
        # Inside Playwright's event loop this is a connection of its own, which
        # would otherwise stay open and keep the test database from being dropped.
        connection.close()
    yield bank.compliance.username, session, ids


def test_compliance_searches_by_session_and_exports_exactly_those_rows(
    server: Gunicorn, page: Any, officer: tuple[str, str, list[int]], tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    username, session, ids = officer
    page.goto(f"{server.url}/audit/")
    assert "/accounts/login/" in page.url  # signed out: sign in first
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in").click()
    assert page.url.rstrip("/").endswith("/audit")
    expect(page.get_by_role("heading", name="Audit search")).to_be_visible()
    # The stylesheet is served (WhiteNoise), so the page is the styled one people see.
    assert page.evaluate("getComputedStyle(document.querySelector('.topbar')).display") == "flex"

    page.get_by_label("Session", exact=True).fill(session)
    with page.expect_navigation():
        page.get_by_role("button", name="Search").click()
    rows = page.locator("tr.entry")
    expect(rows).to_have_count(50)
    shown = [int(n) for n in rows.evaluate_all("rows => rows.map(r => r.dataset.entryId)")]
    assert shown == ids[:50]
    expect(page.locator("tr.entry").first).to_contain_text(session)

    with page.expect_navigation():
        page.get_by_role("link", name="Next").click()
    expect(page.locator("tr.entry")).to_have_count(len(ids) - 50)
    with page.expect_navigation():
        page.get_by_role("link", name="Newer").click()
    expect(page.locator("tr.entry")).to_have_count(50)

    with page.expect_download() as info:
        page.get_by_role("link", name="Export CSV").click()
    download = info.value
    assert download.suggested_filename.startswith("audit-") and download.suggested_filename.endswith(".csv")
    target = tmp_path / "export.csv"
    download.save_as(target)
    with target.open(newline="", encoding="utf-8") as handle:
        exported = list(csv.DictReader(handle))
    assert [int(row["id"]) for row in exported] == ids
    assert {row["session_id"] for row in exported} == {session}
    assert sum(row["action"] == "transfer_initiated" for row in exported) == 20

    page.locator("tr.entry a").first.click()
    expect(page.get_by_role("heading", name=f"Audit entry #{ids[0]}")).to_be_visible()
    expect(page.get_by_text("recomputes")).to_be_visible()
