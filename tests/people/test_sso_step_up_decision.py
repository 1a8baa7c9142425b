"""Issue 36: with OIDC_STEP_UP_ACR / OIDC_STEP_UP_AMR set, confirming a large approval with the
sign-in provider used to bring the reviewer back to the page to decide again. Now the step-up
page holds the pending decision in the session and its link to /oidc/step-up/ carries only the
key, under which the step-up binds it to its state; the callback, once the ID token asserts the factor afresh, takes it through the
same form and services as the page's own post, and lands on the page with the outcome. A request
changed meanwhile is refused with its stable code."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl, urlparse

import httpx
import pytest
from django.contrib.auth.models import User
from django.test import Client

from approvals.models import ApprovalDecision, ApprovalRequest
from audit.models import AuditEntry
from people.oidc import SESSION_STEP_UP_DECISIONS, SESSION_STEP_UPS
from tests.conftest import Bank
from tests.idp import OIDCProvider
from tests.people.oidc_flow import CALLBACK, person, sign_in
from tests.people.test_second_factor_and_tokens import hold

pytestmark = [pytest.mark.django_db]

OTP = "246810"  # the provider's one-time code: acr urn:toolguard:mfa, amr otp


@pytest.fixture(autouse=True)
def _step_up_over_ten_thousand(settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = 1_000_000


def reviewer(idp: OIDCProvider) -> tuple[str, User, Client, httpx.Client]:
    account = person(idp, ["tg-reviewers"])
    client, jar = Client(), httpx.Client(timeout=30)
    sign_in(client, idp, account, jar=jar)
    return account, User.objects.get(username=f"{account}@bank.example"), client, jar


def provider_link(html: str) -> str:
    """The step-up page's "confirm with the provider" link."""
    link = re.search(r'<p id="oidc-step-up">.*?<a class="button" href="([^"]+)">confirm with Example SSO</a>', html)
    assert link is not None, html
    return link.group(1).replace("&amp;", "&")


def confirm_at_provider(
    client: Client, idp: OIDCProvider, jar: httpx.Client, account: str, link: str, **login: str
) -> Any:
    begin = client.get(link)
    assert begin.status_code == 302 and begin["Location"].startswith(idp.issuer), begin
    answer = urlparse(idp.login(begin["Location"], account, stop_at=CALLBACK, client=jar, **login))
    return client.get(answer.path, dict(parse_qsl(answer.query)))


def ask(client: Client, url: str, data: dict[str, Any]) -> str:
    page = client.post(url, data)
    assert page.status_code == 403, page  # no authenticator app: the provider is the only factor
    html = page.content.decode()
    offer = re.search(r'<p id="oidc-step-up">.*?</p>', html)
    assert offer is not None and "the approval goes through when you come back" in offer.group(0)
    assert "decide again" not in offer.group(0)
    link = provider_link(html)
    assert "decision=" in link and "reason" not in link  # only the key leaves the server
    return link


def test_an_approval_confirmed_at_the_provider_goes_through_without_a_second_click(
    oidc_on: OIDCProvider, bank: Bank
) -> None:
    account, user, client, jar = reviewer(oidc_on)
    approval = hold(bank, key="sso-carry-20k")
    page = f"/review/{approval.id}/"
    link = ask(
        client,
        f"{page}decision/",
        {"decision": "approve", "version": approval.version, "reason": "customer confirmed by phone"},
    )
    # Held server-side, bound to the step-up's state once it starts, until the provider answers.
    begin = client.get(link)
    state = dict(parse_qsl(urlparse(begin["Location"]).query))["state"]
    held = client.session[SESSION_STEP_UPS][state]["decision"]
    fields = {"decision": "approve", "reason": "customer confirmed by phone", "version": str(approval.version)}
    assert held == {"path": f"{page}decision/", "fields": fields}
    assert not client.session[SESSION_STEP_UP_DECISIONS]  # the key is spent
    answer = urlparse(oidc_on.login(begin["Location"], account, stop_at=CALLBACK, client=jar, otp=OTP))
    back = client.get(answer.path, dict(parse_qsl(answer.query)))

    assert back.status_code == 302 and back["Location"] == page
    assert ApprovalRequest.objects.get(id=approval.id).status == "completed"
    [decision] = ApprovalDecision.objects.filter(approval_id=approval.id)
    assert decision.reviewer_id == user.pk and decision.reason == "customer confirmed by phone"
    shown = client.get(page).content.decode()
    assert "Confirmed with Example SSO" in shown and "Approved and executed" in shown
    assert AuditEntry.objects.filter(action="second_factor_checked", result="success", actor__contains=account).exists()
    # The state is spent: replaying the callback decides nothing more.
    again = client.get(answer.path, dict(parse_qsl(answer.query)))
    assert "oidc_state_mismatch" in again["Location"]
    assert ApprovalDecision.objects.filter(approval_id=approval.id).count() == 1


def test_a_request_changed_while_at_the_provider_is_refused_with_its_code(oidc_on: OIDCProvider, bank: Bank) -> None:
    account, _, client, jar = reviewer(oidc_on)
    approval = hold(bank, key="sso-carry-stale")
    page = f"/review/{approval.id}/"
    link = ask(client, f"{page}decision/", {"decision": "approve", "version": approval.version, "reason": "ok"})
    begin = client.get(link)
    # Meanwhile the request changes (its version moves on, as a decision or new arguments move it).
    ApprovalRequest.objects.filter(id=approval.id).update(version=approval.version + 1)
    answer = urlparse(oidc_on.login(begin["Location"], account, stop_at=CALLBACK, client=jar, otp=OTP))
    back = client.get(answer.path, dict(parse_qsl(answer.query)))

    assert back["Location"] == page
    assert ApprovalRequest.objects.get(id=approval.id).status == "pending"
    assert not ApprovalDecision.objects.filter(approval_id=approval.id).exists()
    shown = client.get(page).content.decode()
    assert "stale_version" in shown and "this request changed since the page was drawn" in shown


def test_without_the_factor_the_held_decision_is_dropped(oidc_on: OIDCProvider, bank: Bank) -> None:
    account, _, client, jar = reviewer(oidc_on)
    approval = hold(bank, key="sso-carry-pwd")
    page = f"/review/{approval.id}/"
    link = ask(client, f"{page}decision/", {"decision": "approve", "version": approval.version, "reason": "ok"})
    back = confirm_at_provider(client, oidc_on, jar, account, link)  # the password alone
    assert back["Location"] == page
    assert ApprovalRequest.objects.get(id=approval.id).status == "pending"
    shown = client.get(page).content.decode()
    assert "Not confirmed" in shown and "Nothing was decided" in shown


def test_a_held_decision_is_taken_once_and_only_from_its_own_session(oidc_on: OIDCProvider, bank: Bank) -> None:
    account, _, client, jar = reviewer(oidc_on)
    approval = hold(bank, key="sso-carry-once")
    page = f"/review/{approval.id}/"
    link = ask(client, f"{page}decision/", {"decision": "approve", "version": approval.version, "reason": "ok"})
    # Another reviewer's session does not know the key: a plain step-up, nothing decided.
    other_account, _, other, other_jar = reviewer(oidc_on)
    back = confirm_at_provider(other, oidc_on, other_jar, other_account, link, otp=OTP)
    assert back["Location"] == page and not ApprovalDecision.objects.filter(approval_id=approval.id).exists()
    # The link's own session: decided once; the same link again is a plain step-up.
    assert confirm_at_provider(client, oidc_on, jar, account, link, otp=OTP)["Location"] == page
    assert confirm_at_provider(client, oidc_on, jar, account, link, otp=OTP)["Location"] == page
    assert ApprovalDecision.objects.filter(approval_id=approval.id).count() == 1


def test_a_case_approval_confirmed_at_the_provider_goes_through(
    oidc_on: OIDCProvider, bank: Bank, settings: Any
) -> None:
    settings.TOOLGUARD_APPROVAL_THRESHOLD_CENTS = 500_000
    account, _, client, jar = reviewer(oidc_on)
    # Each under the step-up amount; together above it.
    held = [hold(bank, key=f"sso-carry-part-{n}", amount=600_000) for n in range(2)]
    shown = ",".join(f"{a.id}:{a.version}" for a in held)
    link = ask(client, f"/review/cases/{held[0].id}/decision/", {"decision": "approve", "requests": shown})
    back = confirm_at_provider(client, oidc_on, jar, account, link, otp=OTP)

    assert back.status_code == 302
    statuses = ApprovalRequest.objects.filter(id__in=[a.id for a in held]).values_list("status", flat=True)
    assert set(statuses) == {"completed"}
    assert ApprovalDecision.objects.filter(approval_id__in=[a.id for a in held]).count() == 2
    assert "Approved 2 requests" in client.get(back["Location"], follow=True).content.decode()
