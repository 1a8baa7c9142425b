"""Issue 36, finding 2: with OIDC_STEP_UP_ACR / OIDC_STEP_UP_AMR unset (the defaults), a
reviewer approved $20,000 by typing the provider's password again, and the page said
"Confirmed with <provider>". Now the provider stands for the step-up factor only when one of
those settings names the second factor it asserts; otherwise step-up is the reviewer's own
TOTP code, typed on the step-up page, and the decision goes through with it (one submit)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlparse

import httpx
import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings

from approvals.models import ApprovalRequest
from audit.models import AuditEntry
from people.oidc import OIDCRefused, provider_step_up_enabled, step_up_check
from tests.conftest import Bank, factor_code
from tests.idp import OIDCProvider
from tests.people.oidc_flow import CALLBACK, person, sign_in
from tests.people.test_second_factor_and_tokens import hold

pytestmark = [pytest.mark.django_db]

NO_FACTOR_NAMED = {"OIDC_STEP_UP_ACR": "", "OIDC_STEP_UP_AMR": []}


@pytest.fixture(autouse=True)
def _step_up_over_ten_thousand(settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = 1_000_000
    settings.OTP_TOTP_THROTTLE_FACTOR = 0


def reviewer(idp: OIDCProvider) -> tuple[str, User, Client, httpx.Client]:
    account = person(idp, ["tg-reviewers"])
    client, jar = Client(), httpx.Client(timeout=30)
    sign_in(client, idp, account, jar=jar)
    return account, User.objects.get(username=f"{account}@bank.example"), client, jar


def approve(client: Client, approval: ApprovalRequest, **extra: str) -> Any:
    return client.post(
        f"/review/{approval.id}/decision/",
        {"decision": "approve", "version": approval.version, "reason": "customer confirmed by phone", **extra},
    )


def test_the_providers_password_is_not_the_step_up_factor_by_default(oidc_on: OIDCProvider, bank: Bank) -> None:
    account, user, client, jar = reviewer(oidc_on)
    approval = hold(bank, key="sso-20k")
    page = f"/review/{approval.id}/"
    # A step-up begun while the setting named the factor, finished after it was unset
    # (the finding's configuration): the provider's fresh password sign-in is refused.
    begin = client.get("/oidc/step-up/", {"next": page})
    with override_settings(**NO_FACTOR_NAMED):
        assert not provider_step_up_enabled()
        answer = urlparse(oidc_on.login(begin["Location"], account, stop_at=CALLBACK, client=jar))
        back = client.get(answer.path, dict(parse_qsl(answer.query)))
        assert back["Location"] == page
        shown = client.get(page).content.decode()
        assert "Not confirmed" in shown and "Confirmed with Example SSO" not in shown
        failed = AuditEntry.objects.get(action="second_factor_checked", result="failure", actor__contains=account)
        assert "not a second factor here" in failed.details["reason"]
        assert approve(client, approval).status_code == 403  # no factor enrolled: still not approved
        assert ApprovalRequest.objects.get(id=approval.id).status == "pending"

        # The step-up page offers no provider, and /oidc/step-up/ does not go there.
        code = factor_code(user)  # the reviewer enrols an authenticator app
        prompt = approve(client, approval)
        html = prompt.content.decode()
        assert prompt.status_code == 200 and 'name="otp_token"' in html
        assert "oidc-step-up" not in html and "confirm with Example SSO" not in html
        refused = client.get("/oidc/step-up/", {"next": page})
        assert refused.status_code == 302 and refused["Location"] == page
        assert "confirming with the sign-in provider is off here" in client.get(page).content.decode()

        # The code on the step-up page decides: no "decide again".
        done = approve(client, approval, otp_token=code)
        assert done.status_code == 302
        assert ApprovalRequest.objects.get(id=approval.id).status == "completed"


def test_with_the_factor_named_the_id_token_must_assert_it(settings: Any) -> None:
    settings.OIDC_ENABLED = True
    claims = {"auth_time": 2_000_000_000, "acr": "urn:toolguard:pwd", "amr": ["pwd"]}
    settings.OIDC_STEP_UP_ACR, settings.OIDC_STEP_UP_AMR = "", []
    with pytest.raises(OIDCRefused, match="not a second factor here"):
        step_up_check(claims, started=2_000_000_000)
    settings.OIDC_STEP_UP_AMR = ["otp"]
    with pytest.raises(OIDCRefused, match="lacks otp"):
        step_up_check(claims, started=2_000_000_000)
    step_up_check({**claims, "amr": ["pwd", "otp"]}, started=2_000_000_000)
