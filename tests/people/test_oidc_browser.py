"""Staff sign-in with a real OpenID Connect provider (npm oidc-provider) in Debian's
Chromium against gunicorn: the sign-in page's link, the provider's pages, the
review queue with the reviewer role; no mapped group, no access; a group
removed at the provider removes the role once OIDC_RENEW_SECONDS have passed;
with TOOLGUARD_LOCAL_LOGIN=false no password form."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.idp import OIDCProvider, oidc_provider
from tests.live import CHROMIUM, CHROMIUM_ARGS, Gunicorn, free_port, require_chromium, unique

pytestmark = [pytest.mark.browser, pytest.mark.live]

RENEW_SECONDS = 6


@pytest.fixture(scope="module")
def stack() -> Iterator[tuple[OIDCProvider, Gunicorn]]:
    port = free_port()
    with oidc_provider(
        clients=[
            {
                "client_id": "toolguard",
                "client_secret": "tg-secret",
                "redirect_uris": [f"http://127.0.0.1:{port}/oidc/callback/"],
            }
        ]
    ) as idp:
        server = Gunicorn(
            workers=2,
            port=port,
            env={
                "OIDC_ISSUER": idp.issuer,
                "OIDC_CLIENT_ID": "toolguard",
                "OIDC_CLIENT_SECRET": "tg-secret",
                "OIDC_ROLE_GROUPS": "reviewer=tg-reviewers,compliance=tg-compliance",
                "OIDC_PROVIDER_NAME": "Example SSO",
                "OIDC_RENEW_SECONDS": str(RENEW_SECONDS),
                "TOOLGUARD_LOCAL_LOGIN": "false",
            },
        )
        try:
            yield idp, server
        finally:
            server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(30_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def sign_in_at_provider(page: Any, server: Gunicorn, account: str, password: str) -> None:
    page.goto(f"{server.url}/review/")
    assert page.locator('input[name="password"]').count() == 0  # local passwords are off here
    page.get_by_role("link", name="Sign in with Example SSO").click()
    page.wait_for_selector("#login")
    page.fill("#login", account)
    page.fill("#password", password)
    page.click("#sign-in")
    allow = page.locator("#allow")
    page.wait_for_load_state()
    if allow.count():
        allow.click()


def test_reviewer_signs_in_at_the_provider_and_loses_the_role_after_renewal(
    stack: tuple[OIDCProvider, Gunicorn], page: Any
) -> None:
    idp, server = stack
    account = unique("rev-")
    idp.add_account(account, email=f"{account}@bank.example", groups=["tg-reviewers"], password="pw-" + account)
    sign_in_at_provider(page, server, account, "pw-" + account)
    page.wait_for_url(f"{server.url}/review/")
    assert page.locator("h1").first.inner_text()
    response = page.goto(f"{server.url}/review/")
    assert response.status == 200

    idp.set_groups(account, ["tg-compliance"])
    # Past OIDC_RENEW_SECONDS a page load goes through the provider (no page
    # there) and comes back with the compliance role only: the queue refuses.
    deadline = time.monotonic() + 120
    status = 200
    while time.monotonic() < deadline:
        status = page.goto(f"{server.url}/review/").status
        if status == 403:
            break
        time.sleep(1)
    assert status == 403, server.logs()[-3000:]
    assert page.goto(f"{server.url}/audit/").status == 200


def test_person_in_no_mapped_group_gets_no_access(stack: tuple[OIDCProvider, Gunicorn], page: Any) -> None:
    idp, server = stack
    account = unique("mkt-")
    idp.add_account(account, email=f"{account}@bank.example", groups=["marketing"], password="pw-" + account)
    sign_in_at_provider(page, server, account, "pw-" + account)
    page.wait_for_url(f"{server.url}/accounts/login/?error=oidc_no_role")
    assert "gives you no role in toolguard" in page.locator("[role=alert]").inner_text()
    page.goto(f"{server.url}/review/")
    assert page.url.startswith(f"{server.url}/accounts/login/")
