"""A reviewer's day in a real browser: Debian's Chromium against gunicorn.

The agent talks to the live server over HTTP with its key; the reviewer signs
in, works the queue and decides; the agent's retry then sees the decision.
Data is committed (the server is another process) under names unique to each test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User

from banking.models import Transfer
from tests.conftest import Bank, make_bank, transfer_call
from tests.live import ROOT, Gunicorn, bearer, chromium_browser, database, unique

pytestmark = [pytest.mark.browser, pytest.mark.live]

PASSWORD = "correct-horse-battery"
# Test runs leave the tree clean: screenshots go under var/ unless
# SCREENSHOT_DIR=docs/img asks to refresh the README's pictures.
SCREENSHOTS = ROOT / os.environ.get("SCREENSHOT_DIR", "var/screenshots")
TWENTY_K = 2_000_000


@pytest.fixture(scope="module")
def browser(server: Gunicorn) -> Iterator[Any]:
    with chromium_browser() as browser:
        yield browser


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1360, "height": 900}, locale="en-US")
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def live_bank(server: Gunicorn, browser: Any, django_db_blocker: Any) -> tuple[Bank, str, Any]:
    suffix = unique("-")
    with database(django_db_blocker):
        bank = make_bank(suffix)
        for user in (bank.reviewer, bank.reviewer2, bank.compliance):
            _server_checkable_password(user)
    return bank, suffix, django_db_blocker


def _server_checkable_password(user: User) -> None:
    """The tests hash with MD5 for speed, which the server's default hashers refuse.

    A PBKDF2 hash with few rounds is one the server can check (and upgrades
    on the first sign-in), without the cost of full rounds per test user.
    """
    hasher = PBKDF2PasswordHasher()
    user.password = hasher.encode(PASSWORD, hasher.salt(), iterations=1_000)
    user.save(update_fields=["password"])


def agent_call(server: Gunicorn, bank: Bank, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.url}/api/v1/tool-calls", json=body, headers=bearer(bank.alice_key), timeout=30)


def hold_twenty_thousand(server: Gunicorn, bank: Bank, sfx: str) -> tuple[dict[str, Any], str]:
    call = transfer_call(
        key=unique("pay"),
        amount=TWENTY_K,
        source=f"checking{sfx}",
        to=f"savings{sfx}",
        session=unique("sess"),
        memo="Quarterly savings sweep",
    )
    response = agent_call(server, bank, call)
    assert response.status_code == 202, response.text
    return call, response.json()["approval_id"]


def sign_in(page: Any, server: Gunicorn, username: str, next_path: str = "/review/") -> Any:
    page.goto(f"{server.url}/accounts/login/?next={next_path}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign in").click()
    return page


def test_reviewer_approves_the_held_transfer_and_the_retry_sees_it(
    server: Gunicorn, live_bank: tuple[Bank, str, Any], page: Any
) -> None:
    from playwright.sync_api import expect

    bank, sfx, blocker = live_bank
    call, approval_id = hold_twenty_thousand(server, bank, sfx)
    # Two more held requests, so the queue shows what reviewers meet: a new
    # payee with a stripped invisible character (retried with another
    # amount), and a dual-control amount.
    new_payee = transfer_call(
        key=unique("np"),
        amount=1_250_000,
        source=f"checking{sfx}",
        to=f"bobext2{sfx}",
        memo="Invoice\u200b 4471",
        session=unique("sess"),
    )
    dual = transfer_call(
        key=unique("dc"), amount=7_500_000, source=f"savings{sfx}", to=f"checking{sfx}", session=unique("sess")
    )
    for extra in (new_payee, dual):
        assert agent_call(server, bank, extra).status_code == 202
    hallucinated = {**new_payee, "arguments": {**new_payee["arguments"], "amount": 1_520_000}}
    assert agent_call(server, bank, hallucinated).json()["arguments_mismatch"] is True

    sign_in(page, server, bank.reviewer.username)
    expect(page).to_have_url(f"{server.url}/review/")
    row = page.locator(f"#approval-{approval_id}")
    expect(row).to_contain_text("$20,000.00")
    # The reasons are the case's, shown once on its card rather than on each row.
    expect(page.locator("main")).to_contain_text("Over the per-transfer threshold")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "review-queue.png"), full_page=True)

    row.get_by_role("link", name="Review").click()
    expect(page).to_have_url(f"{server.url}/review/{approval_id}/")
    expect(page.locator("pre.arguments")).to_contain_text("Quarterly savings sweep")
    page.get_by_label("Reason", exact=True).fill("Customer confirmed the sweep by phone (call ref 88213).")
    page.screenshot(path=str(SCREENSHOTS / "review-detail.png"), full_page=True)
    page.get_by_role("button", name="Approve", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Approved and executed: $20,000.00")
    expect(page.locator(".status-pill.big")).to_have_text("Completed")
    expect(page.locator("ol.decisions")).to_contain_text(f"reviewer:{bank.reviewer.username}")

    retry = agent_call(server, bank, call)
    body = retry.json()
    assert retry.status_code == 200 and body["status"] == "completed" and body["replayed"] is True
    assert retry.headers["Idempotent-Replayed"] == "true"
    with database(blocker):
        assert bank.balance(f"checking{sfx}") == 5_000_000 - TWENTY_K
        assert bank.balance(f"savings{sfx}") == 10_000_000 + TWENTY_K
        assert Transfer.objects.filter(session_id=call["session_id"], status="completed").count() == 1


def test_reviewer_rejects_with_a_reason_code_and_nothing_moves(
    server: Gunicorn, live_bank: tuple[Bank, str, Any], page: Any
) -> None:
    from playwright.sync_api import expect

    bank, sfx, blocker = live_bank
    sign_in(page, server, bank.reviewer.username)
    page.evaluate("window.__sameDocument = true")
    # Held after the page was drawn: the queue's own refresh brings it in.
    call, approval_id = hold_twenty_thousand(server, bank, sfx)
    row = page.locator(f"#approval-{approval_id}")
    expect(row).to_contain_text("$20,000.00", timeout=25_000)
    assert page.evaluate("window.__sameDocument") is True, "the queue reloaded instead of refreshing its rows"

    row.get_by_role("link", name="Review").click()
    page.get_by_label("Reason code").select_option("customer_did_not_request")
    page.get_by_label("Reason", exact=True).fill("Customer says they never asked for this.")
    page.get_by_role("button", name="Reject", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("Rejected: $20,000.00")
    expect(page.locator("ol.decisions")).to_contain_text("Customer did not request it")

    retry = agent_call(server, bank, call).json()
    assert retry["status"] == "rejected" and retry["replayed"] is True
    with database(blocker):
        assert bank.balance(f"checking{sfx}") == 5_000_000
        assert bank.balance(f"savings{sfx}") == 10_000_000


def test_reject_without_a_reason_code_is_refused_in_the_browser(
    server: Gunicorn, live_bank: tuple[Bank, str, Any], page: Any
) -> None:
    from playwright.sync_api import expect

    bank, sfx, _ = live_bank
    _, approval_id = hold_twenty_thousand(server, bank, sfx)
    sign_in(page, server, bank.reviewer.username, next_path=f"/review/{approval_id}/")
    page.get_by_label("Reason", exact=True).fill("Not sure about this one")
    page.get_by_role("button", name="Reject", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("a rejection needs a reason code")
    expect(page.get_by_label("Reason", exact=True)).to_have_value("Not sure about this one")
    expect(page.locator(".status-pill.big")).to_have_text("Pending")


def test_a_non_reviewer_gets_the_403_page(server: Gunicorn, live_bank: tuple[Bank, str, Any], page: Any) -> None:
    from playwright.sync_api import expect

    bank, _, _ = live_bank
    sign_in(page, server, bank.compliance.username, next_path="/")
    response = page.goto(f"{server.url}/review/")
    assert response is not None and response.status == 403
    expect(page.get_by_role("heading", name="Not allowed")).to_be_visible()
    expect(page.get_by_role("button", name="Approve")).to_have_count(0)
