"""Hostile stored values in a real browser: Debian's Chromium against gunicorn.

A session id ending in a newline used to take the audit search, the alerts
page and the entry pages down (500, NoReverseMatch); a tool name written
backwards behind U+202E read as "transfer_funds" on the audit search and the
review page. Here the pages load, the links lead somewhere, and the hidden
characters are shown as code points.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.utils import timezone

from audit.models import Alert
from audit.services import audit_append
from tests.audit.entries import event
from tests.conftest import make_bank, transfer_call
from tests.live import CHROMIUM, CHROMIUM_ARGS, Gunicorn, bearer, require_chromium, unique

pytestmark = [pytest.mark.browser, pytest.mark.live]

PASSWORD = "correct-horse-battery"
SPOOFED_TOOL = "\u202esdnuf_refsnart"


@dataclass
class Scene:
    officer: str
    reviewer: str
    session: str
    entry_id: int
    approval_id: str


@pytest.fixture
def page(server: Gunicorn) -> Iterator[Any]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1360, "height": 900})
        context.set_default_timeout(15_000)
        try:
            yield context.new_page()
        finally:
            context.close()
            browser.close()


@pytest.fixture
def scene(server: Gunicorn, django_db_blocker: Any, monkeypatch: pytest.MonkeyPatch) -> Scene:
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    suffix = unique("-")
    session = unique("hostile-")
    with django_db_blocker.unblock():
        bank = make_bank(suffix)
        hasher = PBKDF2PasswordHasher()
        for person in (bank.compliance, bank.reviewer):
            person.password = hasher.encode(PASSWORD, hasher.salt(), iterations=1_000)
            person.save(update_fields=["password"])
        # A stored session id ending in a newline (as the API let through before),
        # with a spoofed tool name, and an alert about it among the newest.
        (entry,) = audit_append(
            [event(session_id=session + "\n", customer=f"alice{suffix}", tool=SPOOFED_TOOL, tool_call_id=session)]
        )
        Alert.objects.create(
            rule=Alert.Rule.INJECTION_SPIKE,
            severity=Alert.Severity.WARNING,
            subject=f"session:{session}",
            customer=f"alice{suffix}",
            session_id=session + "\n",
            entry=entry,
            created_at=timezone.now(),
        )
        connection.close()
    # Through the API: an unknown tool with the spoofed name, then a held transfer, in one session.
    agent_session = unique("review-")
    spoof = {"id": "c0", "name": SPOOFED_TOOL, "arguments": {}, "session_id": agent_session}
    assert httpx.post(f"{server.url}/api/v1/tool-calls", json=spoof, headers=bearer(bank.alice_key)).status_code == 404
    held = httpx.post(
        f"{server.url}/api/v1/tool-calls",
        json=transfer_call(
            key=unique("k"), amount=2_000_000, source=f"checking{suffix}", to=f"savings{suffix}", session=agent_session
        ),
        headers=bearer(bank.alice_key),
        timeout=30,
    )
    assert held.status_code == 202, held.text
    return Scene(bank.compliance.username, bank.reviewer.username, session, entry.id, held.json()["approval_id"])


def sign_in(page: Any, server: Gunicorn, username: str, next_path: str) -> None:
    page.goto(f"{server.url}/accounts/login/?next={next_path}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in").click()


def test_a_newline_session_and_a_spoofed_tool_cannot_break_or_fool_the_audit_pages(
    server: Gunicorn, page: Any, scene: Scene
) -> None:
    from playwright.sync_api import expect

    sign_in(page, server, scene.officer, "/audit/alerts/")
    expect(page.get_by_role("heading", name="Alerts")).to_be_visible()
    link = page.get_by_role("link", name=f"{scene.session}⟨U+000A⟩")
    expect(link.first).to_be_visible()

    with page.expect_navigation():
        link.first.click()
    expect(page.get_by_role("heading", name="Session timeline")).to_be_visible()
    row = page.locator(f'tr.entry[data-entry-id="{scene.entry_id}"]')
    expect(row).to_have_count(1)
    expect(row).to_contain_text("⟨U+202E⟩sdnuf_refsnart")
    assert "transfer_funds" not in row.inner_text()

    response = page.goto(f"{server.url}/audit/")
    assert response is not None and response.status == 200
    expect(page.locator(f'tr.entry[data-entry-id="{scene.entry_id}"]')).to_contain_text("⟨U+202E⟩sdnuf_refsnart")

    response = page.goto(f"{server.url}/audit/entries/{scene.entry_id}/")
    assert response is not None and response.status == 200
    expect(page.get_by_role("link", name=f"{scene.session}⟨U+000A⟩")).to_be_visible()


def test_the_review_page_shows_a_spoofed_tool_name_as_it_is(server: Gunicorn, page: Any, scene: Scene) -> None:
    from playwright.sync_api import expect

    sign_in(page, server, scene.reviewer, f"/review/{scene.approval_id}/")
    expect(page.get_by_role("button", name="Approve")).to_be_visible()
    calls = page.locator("section", has=page.get_by_role("heading", name="Session history"))
    expect(calls).to_contain_text("⟨U+202E⟩sdnuf_refsnart")
    # Rendered text reads as stored: the spoofed call's row never reads transfer_funds.
    operations = calls.locator("li.op")
    expect(operations).to_have_count(2)
    spoofed = operations.filter(has_text="⟨U+202E⟩sdnuf_refsnart")
    expect(spoofed).to_have_count(1)
    assert "transfer_funds" not in spoofed.inner_text()
