"""Step-up before large approvals holds at every door that can approve.

The rule lives in people.stepup and the decision services enforce it, so the
review page, the case page, the REST API under each way of signing in, and a
direct call of the services all refuse a large approval without the second
factor and accept it with one.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from approvals.cases import case_decide
from approvals.models import ApprovalRequest
from approvals.services import DecisionRefused, StepUpNeeded, approval_decide
from core.models import ExchangeRate
from people.demo import enrol_demo_factors
from people.models import PersonalToken
from people.stepup import StepUpProof, StepUpRefused, step_up_proof, step_up_require
from tests.conftest import Bank, agent_client, signed_in, transfer_call
from tests.people.test_second_factor_and_tokens import code, hold

pytestmark = pytest.mark.django_db

STEP_UP_CENTS = 1_000_000
PASSWORD = "correct-horse-battery"
APPROVED = "approved"


@pytest.fixture(autouse=True)
def _step_up_on(settings: Any) -> None:
    settings.TOOLGUARD_STEP_UP_CENTS = STEP_UP_CENTS
    # django-otp refuses every code for a while after a wrong one; these tests
    # type the right code straight after a wrong one.
    settings.OTP_TOTP_THROTTLE_FACTOR = 0


def _page_outcome(response: Any) -> str:
    if response.status_code == 302:
        return APPROVED
    if response.status_code == 401 and "did not match" in response.content.decode():
        return "step_up_failed"
    assert response.status_code in (200, 403), response.status_code
    assert "approvals/step_up.html" in [t.name for t in response.templates]
    return "step_up_required"


def _api_outcome(response: Any) -> str:
    if response.status_code == 200:
        return APPROVED
    assert response.status_code in (401, 403), response.content
    return str(response.json()["error"]["code"])


def _service_outcome(decide: Callable[[], Any]) -> str:
    try:
        outcome = decide()
    except DecisionRefused as exc:
        assert exc.http_status == 403
        return exc.code
    assert not getattr(outcome, "refused", None), outcome.refused
    return APPROVED


def review_page(bank: Bank, approval: ApprovalRequest, otp: str) -> str:
    data = {"decision": "approve", "version": str(approval.version), "reason": "called the customer"}
    if otp:
        data["otp_token"] = otp
    return _page_outcome(signed_in(bank.reviewer).post(f"/review/{approval.id}/decision/", data))


def case_page(bank: Bank, approval: ApprovalRequest, otp: str) -> str:
    data = {"decision": "approve", "requests": f"{approval.id}:{approval.version}"}
    if otp:
        data["otp_token"] = otp
    return _page_outcome(signed_in(bank.reviewer).post(f"/review/cases/{approval.id}/decision/", data))


def _api_decide(api: APIClient, approval: ApprovalRequest, otp: str) -> str:
    body = {"decision": "approve", **({"otp": otp} if otp else {})}
    return _api_outcome(api.post(f"/api/v1/approvals/{approval.id}/decision", body, format="json"))


def api_session(bank: Bank, approval: ApprovalRequest, otp: str) -> str:
    api = APIClient()
    api.force_login(bank.reviewer)
    return _api_decide(api, approval, otp)


def basic(user: User) -> str:
    return "Basic " + base64.b64encode(f"{user.username}:{PASSWORD}".encode()).decode()


def api_basic(bank: Bank, approval: ApprovalRequest, otp: str) -> str:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=basic(bank.reviewer))
    return _api_decide(api, approval, otp)


def api_token(bank: Bank, approval: ApprovalRequest, otp: str) -> str:
    _, raw = PersonalToken.objects.issue(user=bank.reviewer, name="nightly approvals")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return _api_decide(api, approval, otp)


def service(bank: Bank, approval: ApprovalRequest, otp: str) -> str:
    proof = StepUpProof(user=bank.reviewer, token=otp)
    return _service_outcome(
        lambda: approval_decide(approval_id=approval.id, reviewer=bank.reviewer, decision="approve", step_up=proof)
    )


def case_service(bank: Bank, approval: ApprovalRequest, otp: str) -> str:
    proof = StepUpProof(user=bank.reviewer, token=otp)
    approvals = list(ApprovalRequest.objects.select_related("customer").filter(id=approval.id))
    return _service_outcome(
        lambda: case_decide(approvals=approvals, reviewer=bank.reviewer, decision="approve", step_up=proof)
    )


ENTRY_POINTS = [review_page, case_page, api_session, api_basic, api_token, service, case_service]


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda e: e.__name__)
def test_a_large_approval_needs_the_code_at_every_entry_point(bank: Bank, entry: Callable[..., str]) -> None:
    secret = enrol_demo_factors([bank.reviewer])[bank.reviewer.username]
    approval = hold(bank, key=f"big-{entry.__name__}")
    assert approval.value_cents is not None and approval.value_cents > STEP_UP_CENTS
    balances = (bank.balance("checking"), bank.balance("savings"))

    assert entry(bank, approval, "") == "step_up_required"
    assert entry(bank, approval, "000000") == "step_up_failed"
    approval.refresh_from_db()
    assert approval.status == "pending" and not approval.decisions.exists()
    assert (bank.balance("checking"), bank.balance("savings")) == balances

    assert entry(bank, approval, code(secret)) == APPROVED
    assert ApprovalRequest.objects.get(id=approval.id).status == "completed"
    assert bank.balance("savings") == balances[1] + approval.value_cents


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda e: e.__name__)
def test_without_an_enrolled_factor_a_large_approval_is_refused(bank: Bank, entry: Callable[..., str]) -> None:
    approval = hold(bank, key=f"nofactor-{entry.__name__}")
    assert entry(bank, approval, "123456") == "step_up_required"
    assert ApprovalRequest.objects.get(id=approval.id).status == "pending"


def test_a_case_asks_once_for_its_total_then_decides_every_request(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_APPROVAL_THRESHOLD_CENTS = 500_000
    secret = enrol_demo_factors([bank.reviewer])[bank.reviewer.username]
    # Each under the step-up amount; together above it.
    held = [hold(bank, key=f"part-{n}", amount=600_000) for n in range(2)]
    approvals = list(ApprovalRequest.objects.select_related("customer").filter(id__in=[a.id for a in held]))
    with pytest.raises(DecisionRefused) as refused:
        case_decide(approvals=approvals, reviewer=bank.reviewer, decision="approve", step_up=StepUpProof(bank.reviewer))
    assert refused.value.code == "step_up_required"
    proof = StepUpProof(user=bank.reviewer, token=code(secret))
    outcome = case_decide(approvals=approvals, reviewer=bank.reviewer, decision="approve", step_up=proof)
    assert not outcome.refused and len(outcome.decided) == 2
    assert set(ApprovalRequest.objects.filter(id__in=[a.id for a in held]).values_list("status", flat=True)) == {
        "completed"
    }


def test_the_session_remembers_the_check_only_for_session_requests(bank: Bank) -> None:
    secret = enrol_demo_factors([bank.reviewer])[bank.reviewer.username]
    first, second, third = (hold(bank, key=f"fresh-{n}") for n in range(3))
    api = APIClient()
    api.force_login(bank.reviewer)
    assert _api_decide(api, first, code(secret)) == APPROVED
    # Within the window the same signed-in session is not asked again...
    assert _api_decide(api, second, "") == APPROVED
    # ...but a Basic request carrying that very cookie is.
    api.credentials(HTTP_AUTHORIZATION=basic(bank.reviewer))
    assert _api_decide(api, third, "") == "step_up_required"


def test_a_session_stepped_up_by_one_reviewer_does_not_cover_another(bank: Bank) -> None:
    secrets_by_user = enrol_demo_factors([bank.reviewer, bank.reviewer2])
    mine, theirs = hold(bank, key="a-big"), hold(bank, key="b-big")
    client = APIClient()
    client.force_login(bank.reviewer)
    assert _api_decide(client, mine, code(secrets_by_user[bank.reviewer.username])) == APPROVED

    # Reviewer B's Basic credentials, or B's personal token, with A's freshly
    # stepped-up cookie: two people in one request is refused outright.
    client.credentials(HTTP_AUTHORIZATION=basic(bank.reviewer2))
    assert _api_decide(client, theirs, "") == "unauthenticated"
    _, token = PersonalToken.objects.issue(user=bank.reviewer2, name="script")
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert _api_decide(client, theirs, "") == "unauthenticated"
    assert ApprovalRequest.objects.get(id=theirs.id).status == "pending"
    # B's own credentials alone are B's, and B has no fresh factor of their own.
    fresh = APIClient()
    fresh.credentials(HTTP_AUTHORIZATION=basic(bank.reviewer2))
    assert _api_decide(fresh, theirs, "") == "step_up_required"

    # Nor does A's session count for B when handed to the rule directly.
    session = client.session
    with pytest.raises(StepUpRefused) as refused:
        step_up_require(proof=StepUpProof(user=bank.reviewer2, session=session), cents=2 * STEP_UP_CENTS)
    assert refused.value.code == "step_up_required"
    step_up_require(proof=StepUpProof(user=bank.reviewer, session=session), cents=2 * STEP_UP_CENTS)


def test_a_page_request_brings_its_session_and_small_amounts_never_ask(bank: Bank, rf: Any) -> None:
    request = rf.post("/")
    request.user = bank.reviewer
    request.session = signed_in(bank.reviewer).session
    proof = step_up_proof(request, token="123456")
    assert proof.user == bank.reviewer and proof.token == "123456" and proof.session is request.session
    step_up_require(proof=StepUpProof(user=bank.reviewer), cents=STEP_UP_CENTS)


def test_the_code_is_asked_for_the_amount_the_services_judged(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_APPROVAL_THRESHOLD_CENTS = 500_000
    enrol_demo_factors([bank.reviewer])
    reviewer = signed_in(bank.reviewer)
    large = hold(bank, key="named-large")
    assert (
        "Approving asks for your authenticator code (over $10,000.00)"
        in reviewer.get(f"/review/{large.id}/").content.decode()
    )
    with pytest.raises(StepUpNeeded) as refused:
        approval_decide(
            approval_id=large.id, reviewer=bank.reviewer, decision="approve", step_up=StepUpProof(bank.reviewer)
        )
    assert refused.value.cents == large.value_cents
    asked = reviewer.post(f"/review/{large.id}/decision/", {"decision": "approve", "version": str(large.version)})
    assert "Approving $20,000.00 is above $10,000.00" in asked.content.decode()

    # Each under the step-up amount, so neither page hints at a code; approved together, their total is asked for.
    parts = [hold(bank, key=f"named-part-{n}", amount=600_000) for n in range(2)]
    assert "authenticator code (over" not in reviewer.get(f"/review/{parts[0].id}/").content.decode()
    shown = ",".join(f"{a.id}:{a.version}" for a in parts)
    asked = reviewer.post(f"/review/cases/{parts[0].id}/decision/", {"decision": "approve", "requests": shown})
    assert "Approving $12,000.00 is above $10,000.00" in asked.content.decode()


def test_a_value_no_rate_converts_asks_for_the_code_whatever_its_amount(bank: Bank) -> None:
    ExchangeRate.objects.filter(currency="GBP").delete()
    enrol_demo_factors([bank.reviewer])
    held = agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key="named-gbp", amount=5_000, currency="GBP"), format="json"
    )
    unknown = ApprovalRequest.objects.get(id=held.json()["approval_id"])
    assert unknown.no_rate
    reviewer = signed_in(bank.reviewer)
    assert "Approving asks for your authenticator code" in reviewer.get(f"/review/{unknown.id}/").content.decode()
    with pytest.raises(StepUpNeeded) as refused:
        approval_decide(
            approval_id=unknown.id, reviewer=bank.reviewer, decision="approve", step_up=StepUpProof(bank.reviewer)
        )
    assert refused.value.cents is None
    asked = reviewer.post(f"/review/{unknown.id}/decision/", {"decision": "approve", "version": str(unknown.version)})
    assert "Approving a value no exchange rate converts" in asked.content.decode()
