"""Staff sign-in with a real OpenID Connect provider (npm oidc-provider) in Debian's
Chromium against gunicorn: the sign-in page's link, the provider's pages, the
review queue with the reviewer role; no mapped group, no access; a group
removed at the provider removes the role once OIDC_RENEW_SECONDS have passed;
with TOOLGUARD_LOCAL_LOGIN=false no password form; a reviewer approving an
amount over TOOLGUARD_STEP_UP_CENTS confirms at the provider with its one-time
code (a password alone is refused while OIDC_STEP_UP_AMR=otp)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.conftest import Bank, make_bank, transfer_call
from tests.idp import DEFAULT_OTP, OIDCProvider, oidc_provider
from tests.live import Gunicorn, bearer, chromium_browser, database, free_port, unique

pytestmark = [pytest.mark.browser, pytest.mark.live]

RENEW_SECONDS = 6
STEP_UP_CENTS = 1_000_000  # $10,000
OIDC_ENV = {
    "OIDC_CLIENT_ID": "toolguard",
    "OIDC_CLIENT_SECRET": "tg-secret",
    "OIDC_ROLE_GROUPS": "reviewer=tg-reviewers,compliance=tg-compliance",
    "OIDC_PROVIDER_NAME": "Example SSO",
}


@pytest.fixture(scope="module")
def ports() -> tuple[int, int]:
    """The renewal server's port and the step-up server's: both are the provider client's redirect URIs."""
    return free_port(), free_port()


@pytest.fixture(scope="module")
def idp(ports: tuple[int, int]) -> Iterator[OIDCProvider]:
    with oidc_provider(
        clients=[
            {
                "client_id": "toolguard",
                "client_secret": "tg-secret",
                "redirect_uris": [f"http://127.0.0.1:{port}/oidc/callback/" for port in ports],
            }
        ]
    ) as provider:
        yield provider


@pytest.fixture(scope="module")
def stack(idp: OIDCProvider, ports: tuple[int, int]) -> Iterator[tuple[OIDCProvider, Gunicorn]]:
    server = Gunicorn(
        workers=2,
        port=ports[0],
        env={
            **OIDC_ENV,
            "OIDC_ISSUER": idp.issuer,
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
    with chromium_browser() as browser:
        yield browser


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


@pytest.fixture(scope="module")
def step_up_server(idp: OIDCProvider, ports: tuple[int, int], django_db_setup: Any) -> Iterator[Gunicorn]:
    """Roles renewed rarely (the test is about step-up) and step-up over $10,000 with the provider's otp."""
    server = Gunicorn(
        workers=2,
        port=ports[1],
        env={
            **OIDC_ENV,
            "OIDC_ISSUER": idp.issuer,
            "OIDC_RENEW_SECONDS": "3600",
            "OIDC_STEP_UP_AMR": "otp",
            "TOOLGUARD_STEP_UP_CENTS": str(STEP_UP_CENTS),
            "TOOLGUARD_LOCAL_LOGIN": "false",
        },
    )
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def bank(step_up_server: Gunicorn, django_db_blocker: Any) -> tuple[Bank, str]:
    """A bank committed for the server. Under Playwright's sync API this code runs
    in a context of its own, whose connection is closed here, or the test
    database could not be dropped at the end of the run."""
    suffix = unique("-")
    with database(django_db_blocker):
        return make_bank(suffix), suffix


def provider_form(page: Any, account: str, password: str, otp: str = "") -> None:
    page.wait_for_selector("#login")
    page.fill("#login", account)
    page.fill("#password", password)
    if otp:
        page.fill("#otp", otp)
    page.click("#sign-in")


def test_reviewer_confirms_a_large_approval_at_the_provider_with_its_one_time_code(
    idp: OIDCProvider, step_up_server: Gunicorn, bank: tuple[Bank, str], page: Any
) -> None:
    from playwright.sync_api import expect

    server = step_up_server
    held_by, sfx = bank
    call = transfer_call(
        key=unique("pay"), amount=2_000_000, source=f"checking{sfx}", to=f"savings{sfx}", session=unique("sess")
    )
    held = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(held_by.alice_key), timeout=30)
    assert held.status_code == 202, held.text
    approval_id = held.json()["approval_id"]
    account = unique("rev-")
    password = "pw-" + account
    idp.add_account(account, email=f"{account}@bank.example", groups=["tg-reviewers"], password=password)

    # Signed in at the provider with a password alone.
    page.goto(f"{server.url}/review/{approval_id}/")
    page.get_by_role("link", name="Sign in with Example SSO").click()
    provider_form(page, account, password)
    page.wait_for_load_state()
    if page.locator("#allow").count():
        page.click("#allow")
    page.wait_for_url(f"{server.url}/review/{approval_id}/")

    def approve() -> None:
        page.get_by_label("Reason", exact=True).fill("Customer confirmed the sweep by phone.")
        page.get_by_role("button", name="Approve", exact=True).click()

    # $20,000 is over the step-up amount: no TOTP enrolled, so the page offers the provider.
    approve()
    confirm = page.locator("#oidc-step-up").get_by_role("link", name="confirm with Example SSO")
    expect(confirm).to_be_visible()
    # The provider asks again although it knows the person (prompt=login); a password alone is not otp.
    confirm.click()
    provider_form(page, account, password)
    page.wait_for_url(f"{server.url}/review/{approval_id}/")
    expect(page.locator(".messages")).to_contain_text("Not confirmed")
    expect(page.locator(".messages")).to_contain_text("lacks otp")
    approve()
    expect(confirm).to_be_visible()  # still not approved
    confirm.click()
    provider_form(page, account, password, otp=DEFAULT_OTP)
    page.wait_for_url(f"{server.url}/review/{approval_id}/")
    expect(page.locator(".messages")).to_contain_text("Confirmed with Example SSO")
    # The decision held before leaving went through on return: no "decide again".
    expect(page.locator(".messages")).to_contain_text("Approved and executed: $20,000.00")
    expect(page.locator("ol.decisions")).to_contain_text(f"reviewer:{account}@bank.example")

    retry = httpx.post(f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(held_by.alice_key), timeout=30)
    assert retry.status_code == 200 and retry.json()["status"] == "completed", retry.text
