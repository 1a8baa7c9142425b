"""Issue 36, finding 1: a provider-managed person's personal API tokens obey the renewal of
their session. Signed in through the real OpenID provider (tests/idp), the reviewer mints a
token; once OIDC_RENEW_SECONDS pass without a renewal confirming the groups, the token is
refused (401 oidc_renewal_required) as the session is; a renewal that finds a role removed
revokes every token (audited), one that confirms the groups lets the token work again."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qsl, urlparse

import httpx
import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from approvals.models import ApprovalRequest
from audit.models import AuditEntry
from people import oidc
from people.models import OidcIdentity, PersonalToken
from tests.conftest import Bank, factor_code
from tests.idp import OIDCProvider
from tests.people.oidc_flow import CALLBACK, person, sign_in
from tests.people.test_second_factor_and_tokens import hold

pytestmark = [pytest.mark.django_db]

RENEW_SECONDS = 900  # oidc_on's OIDC_RENEW_SECONDS


@pytest.fixture(autouse=True)
def _no_otp_throttle(settings: Any) -> None:
    settings.OTP_TOTP_THROTTLE_FACTOR = 0


def reviewer_with_token(idp: OIDCProvider, groups: list[str]) -> tuple[str, User, Client, httpx.Client, str]:
    """A reviewer signed in through the provider (the jar keeps the provider's session), with a token they minted."""
    account = person(idp, groups)
    client, jar = Client(), httpx.Client(timeout=30)
    assert sign_in(client, idp, account, jar=jar)["Location"] == "/review/"
    user = User.objects.get(username=f"{account}@bank.example")
    minted = client.post("/account/security/tokens/", {"name": "nightly script", "otp": factor_code(user)})
    assert minted.status_code == 302
    return account, user, client, jar, str(client.session["staff_new_token"]["secret"])


def as_token(raw: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {raw}"}


def time_passes(user: User, client: Client) -> None:
    """OIDC_RENEW_SECONDS (and a second) pass since the provider last confirmed the groups."""
    past = timezone.now() - timedelta(seconds=RENEW_SECONDS + 1)
    OidcIdentity.objects.filter(user=user).update(roles_confirmed_at=past)
    session = client.session
    session[oidc.SESSION_RENEW_AT] = time.time() - 1
    session.save()


def renew(client: Client, idp: OIDCProvider, account: str, jar: httpx.Client) -> Any:
    """A page load past the renewal: toolguard sends the browser to the provider (prompt=none) and back."""
    start = client.get(client.get("/review/")["Location"])
    assert "prompt=none" in start["Location"]
    back = urlparse(idp.login(start["Location"], account, stop_at=CALLBACK, client=jar))
    return client.get(back.path, dict(parse_qsl(back.query)))


def reject(raw: str, approval: ApprovalRequest) -> Any:
    return Client().post(
        f"/api/v1/approvals/{approval.id}/decision",
        {"decision": "reject", "reason_code": "policy", "version": approval.version},
        content_type="application/json",
        headers=as_token(raw),
    )


def test_a_leavers_token_stops_with_their_session_and_is_revoked_at_the_renewal(
    oidc_on: OIDCProvider, bank: Bank
) -> None:
    account, user, client, jar, raw = reviewer_with_token(oidc_on, ["tg-reviewers"])
    approval = hold(bank, key="leaver")
    # Within the renewal window the token acts as the reviewer.
    assert Client().get("/api/v1/approvals", headers=as_token(raw)).status_code == 200

    # The provider drops every group; OIDC_RENEW_SECONDS pass.
    oidc_on.set_groups(account, [])
    time_passes(user, client)
    for refused in (
        client.post(f"/review/{approval.id}/decision/", {"decision": "reject"}),  # the session (as before)
        Client().get("/api/v1/approvals", headers=as_token(raw)),  # the token: the finding listed approvals...
        reject(raw, approval),  # ...and rejected a pending request with it
    ):
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "oidc_renewal_required"
    assert ApprovalRequest.objects.get(id=approval.id).status == "pending"

    # The renewal finds no mapped group: signed out, roles gone, every token revoked and audited.
    assert renew(client, oidc_on, account, jar)["Location"] == "/accounts/login/?error=oidc_no_role"
    token = PersonalToken.objects.get(user=user)
    assert token.revoked_at is not None
    entry = AuditEntry.objects.get(action="api_token_revoked", details__credential=token.label)
    assert (entry.actor, entry.actor_type, entry.result) == ("system:people", "system", "success")
    assert entry.details["reason"] == "roles_removed" and entry.details["removed"] == ["reviewer"]
    gone = Client().get("/api/v1/approvals", headers=as_token(raw))
    assert gone.status_code == 401 and gone.json()["error"]["code"] == "unauthenticated"
    # Groups given back later do not revive a revoked token.
    oidc_on.set_groups(account, ["tg-reviewers"])
    sign_in(Client(), oidc_on, account)
    assert Client().get("/api/v1/approvals", headers=as_token(raw)).status_code == 401


def test_a_renewal_that_confirms_the_groups_lets_the_token_work_again(oidc_on: OIDCProvider, bank: Bank) -> None:
    account, user, client, jar, raw = reviewer_with_token(oidc_on, ["tg-reviewers"])
    time_passes(user, client)
    assert Client().get("/api/v1/approvals", headers=as_token(raw)).json()["error"]["code"] == "oidc_renewal_required"
    assert renew(client, oidc_on, account, jar)["Location"] == "/review/"
    assert Client().get("/api/v1/approvals", headers=as_token(raw)).status_code == 200
    assert PersonalToken.objects.get(user=user).revoked_at is None
    assert not AuditEntry.objects.filter(action="api_token_revoked", details__person=user.username).exists()


def test_losing_one_role_at_a_renewal_revokes_the_tokens(oidc_on: OIDCProvider, bank: Bank) -> None:
    account, user, client, jar, raw = reviewer_with_token(oidc_on, ["tg-reviewers", "tg-compliance"])
    oidc_on.set_groups(account, ["tg-compliance"])
    time_passes(user, client)
    assert renew(client, oidc_on, account, jar)["Location"] == "/review/"
    assert PersonalToken.objects.get(user=user).revoked_at is not None
    assert Client().get("/api/v1/audit", headers=as_token(raw)).status_code == 401


def test_deactivating_a_person_revokes_their_tokens(oidc_on: OIDCProvider, bank: Bank) -> None:
    _, user, _, _, raw = reviewer_with_token(oidc_on, ["tg-reviewers"])
    user.is_active = False
    user.save(update_fields=["is_active"])
    entry = AuditEntry.objects.get(action="api_token_revoked", details__person=user.username)
    assert entry.details["reason"] == "deactivated"
    user.is_active = True
    user.save(update_fields=["is_active"])
    assert Client().get("/api/v1/approvals", headers=as_token(raw)).status_code == 401


def test_a_local_persons_token_is_not_bound_to_a_provider(bank: Bank, settings: Any) -> None:
    _, raw = PersonalToken.objects.issue(user=bank.reviewer, name="local")
    settings.OIDC_RENEW_SECONDS = 1
    assert Client().get("/api/v1/approvals", headers=as_token(raw)).status_code == 200
