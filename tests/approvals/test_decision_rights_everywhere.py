"""Who may decide a held request holds at every door that can decide.

The rule lives in people.duties and approvals.services asks it for every
decision, so the review page (approve and reject), the case page's
decide-all, the REST API under each way of signing in, and a direct call of
either service all refuse a compliance user, a reviewer deciding a request
made for themselves, and one reviewer giving both approvals of a dual-control
request; each refusal leaves the request, its decisions and the money as they
were.

No other door decides. The MCP endpoint (toolguard/mcp/) answers agent keys
only and offers initialize, ping, tools/list and tools/call, whose one tool of
its own (the held call's status) only reads; the admin shows approval
requests and decisions read-only.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.contrib.messages import get_messages
from django.utils import timezone
from rest_framework.test import APIClient

from approvals.cases import case_decide
from approvals.models import ApprovalRequest
from approvals.services import DecisionRefused, approval_decide
from audit.models import AuditEntry
from core.enums import AuditAction
from core.models import AgentKey
from people.duties import DECIDED_BEFORE, DUTY_CONFLICT, NOT_A_REVIEWER, OWN_REQUEST
from people.models import KeyCustody, PersonalToken
from people.roles import KEY_ADMINS_GROUP
from people.stepup import StepUpProof
from staff.incidents import agent_key_rotate
from tests.conftest import Bank, agent_client, factor_code, signed_in, transfer_call

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"
DECIDED = "decided"
DUAL_CONTROL_CENTS = 6_000_000
# A door's own sign-in gate (the reviewer pages' decorator, the API's IsReviewer)
# may turn a non-reviewer away before the service is reached; that is a refusal too.
NON_REVIEWER = {NOT_A_REVIEWER.code, "forbidden", "page_forbidden"}
REFUSALS_BY_MESSAGE = {r.message: r.code for r in (NOT_A_REVIEWER, OWN_REQUEST, DECIDED_BEFORE, DUTY_CONFLICT)}

Entry = Callable[[User, ApprovalRequest, str], str]


def _form(decision: str) -> dict[str, str]:
    if decision == "reject":
        return {"decision": "reject", "reason_code": "policy", "reason": "checked with the customer"}
    return {"decision": "approve", "reason": "checked with the customer"}


def _page_outcome(response: Any) -> str:
    if response.status_code == 403:
        return "page_forbidden"
    assert response.status_code == 302, response.status_code
    for message in get_messages(response.wsgi_request):
        if message.level_tag != "error":
            continue
        tags = message.extra_tags.split()
        if "refused" in tags:
            return tags[tags.index("refused") + 1]
        # The case page names each refused request with the rule's message.
        for text, code in REFUSALS_BY_MESSAGE.items():
            if text in message.message:
                return code
        raise AssertionError(message.message)
    return DECIDED


def review_page(user: User, approval: ApprovalRequest, decision: str) -> str:
    approval.refresh_from_db()
    data = {**_form(decision), "version": str(approval.version)}
    return _page_outcome(signed_in(user).post(f"/review/{approval.id}/decision/", data))


def case_page(user: User, approval: ApprovalRequest, decision: str) -> str:
    approval.refresh_from_db()
    data = {**_form(decision), "requests": f"{approval.id}:{approval.version}"}
    return _page_outcome(signed_in(user).post(f"/review/cases/{approval.id}/decision/", data))


def _api_decide(api: APIClient, approval: ApprovalRequest, decision: str) -> str:
    response = api.post(f"/api/v1/approvals/{approval.id}/decision", _form(decision), format="json")
    if response.status_code == 200:
        return DECIDED
    assert response.status_code in (403, 409), response.content
    return str(response.json()["error"]["code"])


def api_session(user: User, approval: ApprovalRequest, decision: str) -> str:
    api = APIClient()
    api.force_login(user)
    return _api_decide(api, approval, decision)


def api_basic(user: User, approval: ApprovalRequest, decision: str) -> str:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Basic " + base64.b64encode(f"{user.username}:{PASSWORD}".encode()).decode())
    return _api_decide(api, approval, decision)


def api_token(user: User, approval: ApprovalRequest, decision: str) -> str:
    _, raw = PersonalToken.objects.issue(user=user, name="decisions")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return _api_decide(api, approval, decision)


def _service_outcome(decide: Callable[[], Any]) -> str:
    try:
        outcome = decide()
    except DecisionRefused as exc:
        return exc.code
    refused = getattr(outcome, "refused", None)
    return refused[0][1] if refused else DECIDED


def service(user: User, approval: ApprovalRequest, decision: str) -> str:
    form = _form(decision)
    return _service_outcome(
        lambda: approval_decide(
            approval_id=approval.id,
            reviewer=user,
            decision=decision,
            step_up=StepUpProof(user=user),
            reason_code=form.get("reason_code", ""),
            reason=form["reason"],
        )
    )


def case_service(user: User, approval: ApprovalRequest, decision: str) -> str:
    form = _form(decision)
    approvals = list(ApprovalRequest.objects.select_related("customer").filter(id=approval.id))
    return _service_outcome(
        lambda: case_decide(
            approvals=approvals,
            reviewer=user,
            decision=decision,
            step_up=StepUpProof(user=user),
            reason_code=form.get("reason_code", ""),
            reason=form["reason"],
        )
    )


ENTRY_POINTS: list[Entry] = [review_page, case_page, api_session, api_basic, api_token, service, case_service]
# Approve-all never approves a dual-control request; a case holding nothing else is refused (case_needs_two_reviewers).
CASE_ENTRY_POINTS = {case_page, case_service}


def hold(bank: Bank, *, key: str, amount: int = 2_000_000, **extra: Any) -> ApprovalRequest:
    response = agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key=key, amount=amount, session=f"s-{key}", **extra), format="json"
    )
    assert response.status_code == 202, response.json()
    return ApprovalRequest.objects.get(id=response.json()["approval_id"])


def state(bank: Bank, approval: ApprovalRequest) -> tuple[Any, ...]:
    approval.refresh_from_db()
    decisions = tuple(approval.decisions.order_by("id").values_list("reviewer_id", "decision"))
    return approval.status, approval.version, decisions, bank.balance("checking"), bank.balance("savings")


both_decisions = pytest.mark.parametrize("decision", ["approve", "reject"])
every_entry = pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda e: e.__name__)


@every_entry
@both_decisions
def test_a_compliance_user_cannot_decide(bank: Bank, entry: Entry, decision: str) -> None:
    approval = hold(bank, key=f"comp-{entry.__name__}-{decision}")
    before = state(bank, approval)
    assert entry(bank.compliance, approval, decision) in NON_REVIEWER
    assert state(bank, approval) == before
    # The same door lets a reviewer through: the refusal was the person's, not the form's.
    assert entry(bank.reviewer, approval, decision) == DECIDED


@every_entry
@both_decisions
def test_a_reviewer_cannot_decide_a_request_made_for_themselves(bank: Bank, entry: Entry, decision: str) -> None:
    bank.alice.user = bank.reviewer
    bank.alice.save(update_fields=["user"])
    approval = hold(bank, key=f"own-{entry.__name__}-{decision}")
    before = state(bank, approval)
    assert entry(bank.reviewer, approval, decision) == OWN_REQUEST.code
    assert state(bank, approval) == before
    assert entry(bank.reviewer2, approval, decision) == DECIDED


@every_entry
@both_decisions
def test_one_reviewer_cannot_give_both_approvals_under_dual_control(bank: Bank, entry: Entry, decision: str) -> None:
    approval = hold(
        bank, key=f"dual-{entry.__name__}-{decision}", amount=DUAL_CONTROL_CENTS, source="savings", to="checking"
    )
    assert approval.required_approvals == 2
    first = service if entry in CASE_ENTRY_POINTS else entry
    assert first(bank.reviewer, approval, "approve") == DECIDED
    after_first = state(bank, approval)
    assert after_first[0] == "pending" and after_first[2] == ((bank.reviewer.pk, "approve"),)

    refused = entry(bank.reviewer, approval, decision)
    if entry in CASE_ENTRY_POINTS and decision == "approve":
        assert refused == "case_needs_two_reviewers"
    else:
        assert refused == DECIDED_BEFORE.code
    assert state(bank, approval) == after_first

    assert service(bank.reviewer2, approval, "approve") == DECIDED
    approval.refresh_from_db()
    assert approval.status == "completed"


def _rotated_by(bank: Bank, person: User) -> Bank:
    """`person`, a key administrator too, rotates Alice's key and so is shown its new secret."""
    person.groups.add(Group.objects.get(name=KEY_ADMINS_GROUP))
    old = AgentKey.objects.get(customer=bank.alice, revoked_at__isnull=True)
    _, raw = agent_key_rotate(key_id=old.id, actor=person, step_up=StepUpProof(user=person, token=factor_code(person)))
    bank.alice_key = raw
    return bank


@every_entry
@both_decisions
def test_a_holder_of_the_agent_key_cannot_decide_its_requests(bank: Bank, entry: Entry, decision: str) -> None:
    # A reviewer who held the secret could make the request and clear it alone.
    bank = _rotated_by(bank, bank.reviewer)
    approval = hold(bank, key=f"held-{entry.__name__}-{decision}")
    before = state(bank, approval)
    assert entry(bank.reviewer, approval, decision) == DUTY_CONFLICT.code
    assert state(bank, approval) == before
    refused = AuditEntry.objects.filter(action=AuditAction.DUTY_CONFLICT, approval_id=str(approval.id))
    assert refused.filter(actor=f"reviewer:{bank.reviewer.username}").exists()
    assert entry(bank.reviewer2, approval, decision) == DECIDED


def test_the_duty_lapses_after_its_window(bank: Bank, settings: Any) -> None:
    bank = _rotated_by(bank, bank.reviewer)
    approval = hold(bank, key="after-the-window")
    assert service(bank.reviewer, approval, "approve") == DUTY_CONFLICT.code
    KeyCustody.objects.update(at=timezone.now() - timedelta(seconds=settings.TOOLGUARD_DUTY_WINDOW_SECONDS + 60))
    assert service(bank.reviewer, approval, "approve") == DECIDED


def test_a_key_holder_is_refused_for_the_duty_before_anything_else_and_audited_once(bank: Bank) -> None:
    bank = _rotated_by(bank, bank.reviewer)
    approval = hold(bank, key="held-overdue")
    ApprovalRequest.objects.filter(id=approval.id).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert service(bank.reviewer, approval, "approve") == DUTY_CONFLICT.code
    # The refusal comes first: a key holder's click does not even expire the request.
    assert ApprovalRequest.objects.get(id=approval.id).status == "pending"
    assert AuditEntry.objects.filter(action=AuditAction.DUTY_CONFLICT, approval_id=str(approval.id)).count() == 1
    assert service(bank.reviewer2, approval, "approve") == "expired"
