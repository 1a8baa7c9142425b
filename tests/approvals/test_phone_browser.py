"""A reviewer on a phone (390 x 844): on a request and on a case the summary comes first and
Approve is on the first screen (a decision bar kept at the bottom), with axe-core passing."""

from __future__ import annotations

import re
from typing import Any

import pytest

from approvals.models import ApprovalRequest
from tests.approvals.test_incident_browser import (  # noqa: F401  (module fixtures: the demo server, the browser)
    agent_hold,
    browser,
    check_page,
    demo,
    fresh_agent_key,
    new_page,
    sign_in,
)
from tests.live import database

pytestmark = [pytest.mark.browser, pytest.mark.live]

FIRST_SCREEN = 844


def on_first_screen(page: Any, selector: str) -> None:
    """The element is shown, and wholly inside the first screen of the page (nothing scrolled)."""
    from playwright.sync_api import expect

    element = page.locator(selector)
    expect(element).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    box = element.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= FIRST_SCREEN, box


def test_on_a_phone_a_request_and_a_case_show_the_summary_then_approve_on_the_first_screen(
    demo: Any,  # noqa: F811
    browser: Any,  # noqa: F811
    django_db_blocker: Any,
) -> None:
    from playwright.sync_api import expect

    server, _, credentials = demo
    key = fresh_agent_key(django_db_blocker)
    # Two held transfers of one agent key, moments apart: one case of two.
    first = agent_hold(server, key, amount=1_500_000, to="external-001")
    agent_hold(server, key, amount=1_200_000, to="external-001")
    with database(django_db_blocker):
        approval = ApprovalRequest.objects.get(id=first["approval_id"])

    page = new_page(browser, "phone")
    sign_in(page, server, credentials, "reviewer", f"/review/{approval.id}/")
    page.wait_for_url(re.compile(rf"/review/{approval.id}/"))
    on_first_screen(page, "#summary .big-amount")
    on_first_screen(page, "#decision button.approve")
    # What will run (the catalog's describe labels) comes before the decision; the amount is money.
    what = page.locator("#what-will-run").bounding_box()
    decision = page.locator("#decision").bounding_box()
    assert what is not None and decision is not None and what["y"] < decision["y"]
    expect(page.locator("#reasons mark").first).not_to_have_text("1500000")
    check_page(page, "phone", "request-first-screen")

    page.locator("#open-case").click()
    page.wait_for_url(re.compile(r"/review/cases/"))
    on_first_screen(page, "#summary .big-amount")
    # The case's decision bar: Reject always; Approve when a request is within this reviewer's
    # authority alone (the demo customer's 24-hour total, shared with other tests, may make
    # every request here need two reviewers, and then approve-all is not offered).
    on_first_screen(page, ".decision-bar button.reject")
    if page.locator(".decision-bar button.approve").count():
        on_first_screen(page, ".decision-bar button.approve")
    expect(page.locator("#summary .case-tags .badge").first).to_be_visible()
    check_page(page, "phone", "case-first-screen")
