"""Second factors and step-up before large approvals; personal API tokens; the demo's known secrets."""

from __future__ import annotations

import base64
import io
import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.test import APIClient

from approvals.models import ApprovalRequest
from audit.models import AuditEntry
from people.demo import enrol_demo_factors
from people.models import PersonalToken
from tests.conftest import Bank, agent_client, factor_code, signed_in, transfer_call

pytestmark = pytest.mark.django_db
TWENTY_K = 2_000_000


@pytest.fixture(autouse=True)
def _no_otp_throttle(settings: Any) -> None:
    # django-otp refuses every code for a second after a wrong one; these tests
    # type the right code straight after a wrong one.
    settings.OTP_TOTP_THROTTLE_FACTOR = 0


def code(secret_base32: str) -> str:
    key = base64.b32decode(secret_base32 + "=" * (-len(secret_base32) % 8))
    return f"{TOTP(key).token():06d}"


def hold(bank: Bank, *, key: str, amount: int = TWENTY_K) -> ApprovalRequest:
    response = agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key=key, amount=amount, session=f"s-{key}"), format="json"
    )
    assert response.status_code == 202, response.json()
    return ApprovalRequest.objects.get(id=response.json()["approval_id"])


def approve(client: Client, approval: ApprovalRequest, **extra: str) -> Any:
    return client.post(
        f"/review/{approval.id}/decision/", {"decision": "approve", "version": approval.version, **extra}
    )


def test_a_reviewer_enrols_an_authenticator_app_with_a_qr_code(bank: Bank) -> None:
    client = signed_in(bank.reviewer)
    assert "No second factor yet" in client.get("/account/security/").content.decode()
    html = client.post("/account/security/factor/enrol/", follow=True).content.decode()
    assert "<svg" in html and "Scan with your authenticator app" in html
    secret = re.search(r'id="enrol-secret">([A-Z2-7]+)<', html)
    assert secret is not None
    wrong = client.post("/account/security/factor/confirm/", {"token": "000000"}, follow=True).content.decode()
    assert "Not enrolled: that code did not match" in wrong
    done = client.post("/account/security/factor/confirm/", {"token": code(secret.group(1))}, follow=True)
    assert "Authenticator app enrolled" in done.content.decode()
    assert TOTPDevice.objects.filter(user=bank.reviewer, confirmed=True).count() == 1
    results = list(
        AuditEntry.objects.filter(action__startswith="second_factor").order_by("id").values_list("action", "result")
    )
    assert results == [("second_factor_checked", "failure"), ("second_factor_enrolled", "success")]


def test_a_large_approval_asks_for_the_code_and_nothing_runs_until_it_matches(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = 1_000_000
    secret = enrol_demo_factors([bank.reviewer])[bank.reviewer.username]
    approval = hold(bank, key="big")
    client = signed_in(bank.reviewer)

    prompt = approve(client, approval, reason="checked with the customer")
    html = prompt.content.decode()
    assert prompt.status_code == 200 and '<label for="otp-token">Authentication code</label>' in html
    assert '<input type="hidden" name="reason" value="checked with the customer">' in html
    wrong = approve(client, approval, reason="x", otp_token="000000")
    assert wrong.status_code == 401 and "did not match" in wrong.content.decode()
    assert ApprovalRequest.objects.get(id=approval.id).status == "pending"

    right = approve(client, approval, reason="checked", otp_token=code(secret))
    assert right.status_code == 302
    assert ApprovalRequest.objects.get(id=approval.id).status == "completed"
    # Within five minutes the factor is not asked again.
    second = hold(bank, key="big2")
    assert approve(client, second).status_code == 302
    assert ApprovalRequest.objects.get(id=second.id).status == "completed"


def test_small_approvals_and_rejections_never_ask(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = 5_000_000
    approval = hold(bank, key="small")
    assert approve(signed_in(bank.reviewer), approval).status_code == 302
    settings.TOOLGUARD_STEP_UP_CENTS = 0
    rejected = hold(bank, key="rej")
    response = signed_in(bank.reviewer).post(
        f"/review/{rejected.id}/decision/", {"decision": "reject", "reason_code": "policy", "version": rejected.version}
    )
    assert response.status_code == 302


def test_a_reviewer_without_a_factor_is_sent_to_enrol(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = 1_000_000
    approval = hold(bank, key="nofactor")
    response = approve(signed_in(bank.reviewer), approval)
    assert response.status_code == 403 and "Enrol an authenticator app" in response.content.decode()
    assert ApprovalRequest.objects.get(id=approval.id).status == "pending"


def test_approve_all_of_a_case_asks_for_the_code_too(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = 1_000_000
    enrol_demo_factors([bank.reviewer])
    approval = hold(bank, key="case")
    response = signed_in(bank.reviewer).post(
        f"/review/cases/{approval.id}/decision/",
        {"decision": "approve", "requests": f"{approval.id}:{approval.version}"},
    )
    assert response.status_code == 200 and "Authentication code" in response.content.decode()
    assert ApprovalRequest.objects.get(id=approval.id).status == "pending"


def test_seed_demo_prints_each_reviewers_totp_secret(db: Any) -> None:
    out = io.StringIO()
    call_command("seed_demo", "--json", stdout=out)
    reviewers = json.loads(out.getvalue())["reviewers"]
    for reviewer in reviewers:
        device = TOTPDevice.objects.get(user__username=reviewer["username"], confirmed=True)
        assert device.verify_token(code(reviewer["totp_secret"]))


# --- personal API tokens --------------------------------------------------------


def create_token(client: Client, name: str = "nightly export") -> str:
    person = User.objects.get(pk=client.session["_auth_user_id"])
    form = {"name": name, "otp": factor_code(person)}
    html = client.post("/account/security/tokens/", form, follow=True).content.decode()
    found = re.search(r'<pre class="mono" id="new-token">(tgp_[^<]+)</pre>', html)
    assert found, html
    return found.group(1)


def test_a_token_is_shown_once_stored_hashed_and_works_on_the_api(bank: Bank) -> None:
    client = signed_in(bank.compliance)
    raw = create_token(client)
    assert "new-token" not in client.get("/account/security/").content.decode()
    token = PersonalToken.objects.get(user=bank.compliance)
    assert (
        raw not in (token.key_hash, token.prefix)
        and token.key_hash == __import__("hashlib").sha256(raw.encode()).hexdigest()
    )
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert api.get("/api/v1/audit").status_code == 200
    assert PersonalToken.objects.get(pk=token.pk).last_used_at is not None
    # The token acts as its person: compliance cannot decide approvals.
    assert api.get("/api/v1/approvals").status_code == 403
    assert AuditEntry.objects.filter(
        action="api_token_created", actor=f"compliance:{bank.compliance.username}"
    ).exists()


def test_a_revoked_or_wrong_token_is_refused(bank: Bank) -> None:
    client = signed_in(bank.reviewer)
    raw = create_token(client)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert api.get("/api/v1/approvals").status_code == 200
    token = PersonalToken.objects.get(user=bank.reviewer)
    html = client.post(f"/account/security/tokens/{token.pk}/revoke/", follow=True).content.decode()
    assert "Token revoked" in html
    refused = api.get("/api/v1/approvals")
    assert refused.status_code == 401 and "invalid or revoked personal API token" in refused.content.decode()
    forged = APIClient()
    forged.credentials(HTTP_AUTHORIZATION=f"Bearer {raw[:-4]}AAAA")
    assert forged.get("/api/v1/approvals").status_code == 401
    assert AuditEntry.objects.filter(action="api_token_revoked").count() == 1


def test_people_cannot_revoke_each_others_tokens_or_name_a_token_blank(bank: Bank) -> None:
    create_token(signed_in(bank.reviewer))
    token = PersonalToken.objects.get(user=bank.reviewer)
    html = signed_in(bank.reviewer2).post(f"/account/security/tokens/{token.pk}/revoke/", follow=True).content.decode()
    assert "Not revoked: no such live token of yours." in html
    assert PersonalToken.objects.get(pk=token.pk).revoked_at is None
    blank = signed_in(bank.reviewer).post("/account/security/tokens/", {"name": "  "}, follow=True).content.decode()
    assert "Not created: name the token" in blank


def test_a_personal_token_cannot_call_tools(bank: Bank) -> None:
    raw = create_token(signed_in(bank.reviewer))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    assert api.post("/api/v1/tool-calls", transfer_call(key="x"), format="json").status_code in (401, 403)


def test_approving_a_case_asks_when_its_total_is_over_the_step_up_amount(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = 1_500_000
    settings.TOOLGUARD_APPROVAL_THRESHOLD_CENTS = 500_000
    enrol_demo_factors([bank.reviewer])
    held = [hold(bank, key=f"part-{n}", amount=1_000_000) for n in range(2)]
    requests = ",".join(f"{a.id}:{a.version}" for a in held)
    response = signed_in(bank.reviewer).post(
        f"/review/cases/{held[0].id}/decision/", {"decision": "approve", "requests": requests}
    )
    assert response.status_code == 200 and "Authentication code" in response.content.decode()
    assert "$20,000.00" in response.content.decode()
    assert set(ApprovalRequest.objects.filter(id__in=[a.id for a in held]).values_list("status", flat=True)) == {
        "pending"
    }


def test_the_decision_api_asks_for_the_code_above_the_step_up_amount(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = 1_000_000
    secret = enrol_demo_factors([bank.reviewer])[bank.reviewer.username]
    approval = hold(bank, key="api-big")
    api = APIClient()
    api.force_authenticate(bank.reviewer)
    url = f"/api/v1/approvals/{approval.id}/decision"

    missing = api.post(url, {"decision": "approve"}, format="json")
    assert missing.status_code == 403 and missing.json()["error"]["code"] == "step_up_required"
    wrong = api.post(url, {"decision": "approve", "otp": "000000"}, format="json")
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "step_up_failed"
    assert ApprovalRequest.objects.get(id=approval.id).status == "pending"

    right = api.post(url, {"decision": "approve", "otp": code(secret)}, format="json")
    assert right.status_code == 200, right.json()
    assert ApprovalRequest.objects.get(id=approval.id).status == "completed"


def test_the_decision_api_never_asks_for_rejections_or_small_amounts(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = 5_000_000
    api = APIClient()
    api.force_authenticate(bank.reviewer)
    small = hold(bank, key="api-small")
    assert api.post(f"/api/v1/approvals/{small.id}/decision", {"decision": "approve"}, format="json").status_code == 200
    settings.TOOLGUARD_STEP_UP_CENTS = 1_000_000
    big = hold(bank, key="api-reject")
    rejected = api.post(
        f"/api/v1/approvals/{big.id}/decision", {"decision": "reject", "reason_code": "policy"}, format="json"
    )
    assert rejected.status_code == 200 and ApprovalRequest.objects.get(id=big.id).status == "rejected"


def test_a_token_is_created_only_with_the_authenticator_code(bank: Bank) -> None:
    client = signed_in(bank.compliance)
    html = client.post("/account/security/tokens/", {"name": "export"}, follow=True).content.decode()
    assert "Not created: enrol a second factor" in html
    code_now = factor_code(bank.compliance)
    wrong = f"{(int(code_now) + 1) % 1_000_000:06d}"
    html = client.post("/account/security/tokens/", {"name": "export", "otp": wrong}, follow=True).content.decode()
    assert "Not created: the TOTP code did not match" in html
    html = client.post("/account/security/tokens/", {"name": "export"}, follow=True).content.decode()
    assert "Not created: creating a token or rotating a key needs your current TOTP code" in html
    assert not PersonalToken.objects.filter(user=bank.compliance).exists()
    assert create_token(client).startswith("tgp_")
