"""OAuth principals at /mcp: one per client, subject and customer; no secret to rotate; deploy checks."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from core.models import AgentKey
from people.models import OAuthPrincipal
from people.stepup import StepUpProof
from staff.incidents import IncidentRefused, agent_key_rotate
from tests.conftest import Bank, factor_code
from tests.live import unique
from toolguard.mcp.access_tokens import AccessToken, oauth_principal_create, oauth_principal_key, principal_label
from toolguard.mcp.checks import oauth_deploy_check


def token(**fields: Any) -> AccessToken:
    values = {
        "issuer": "https://idp.example",
        "client_id": unique("client"),
        "subject": "subject-1",
        "customer": "alice",
        "scopes": frozenset({"tools:check_balance"}),
        **fields,
    }
    return AccessToken(**values)


def test_a_principal_is_made_once_and_carries_its_tokens_tools(bank: Bank) -> None:
    first = token()
    key = oauth_principal_key(first)
    assert key.label == f"oauth:{first.client_id}/subject-1"
    assert key.allowed_tools == ["check_balance"]
    # The stored row grants nothing by itself: each call's token decides.
    assert AgentKey.objects.get(pk=key.pk).allowed_tools == []

    wider = oauth_principal_key(AccessToken(**{**first.__dict__, "scopes": frozenset({"tools:*"})}))
    assert wider.pk == key.pk
    assert {"check_balance", "transfer_funds", "list_transactions"} <= set(wider.allowed_tools)
    assert key.allowed_tools == ["check_balance"]  # the first call's copy is its own

    # Another server that raced to make it finds this one instead of a second.
    assert oauth_principal_create(first).pk == key.pk
    assert OAuthPrincipal.objects.filter(client_id=first.client_id).count() == 1

    for_bob = oauth_principal_key(AccessToken(**{**first.__dict__, "customer": "bob"}))
    assert for_bob.pk != key.pk
    assert for_bob.customer.external_id == "bob"


def test_an_oauth_principal_has_no_secret_to_rotate(bank: Bank) -> None:
    key = oauth_principal_key(token())
    admin = User.objects.create_user(unique("admin"), is_staff=True)
    with pytest.raises(IncidentRefused) as refused:
        agent_key_rotate(key_id=key.pk, actor=admin, step_up=StepUpProof(user=admin, token=factor_code(admin)))
    assert refused.value.code == "no_secret"
    assert AgentKey.objects.get(pk=key.pk).revoked_at is None


def test_a_long_client_and_subject_still_fit_the_audit_actor() -> None:
    label = principal_label(client_id="c" * 200, subject="s" * 200)
    assert len(label) == 150
    assert label.startswith("oauth:ccc")
    assert label != principal_label(client_id="c" * 200, subject="s" * 199)


def test_deploy_checks_warn_of_a_plain_http_issuer(settings: Any) -> None:
    settings.TOOLGUARD_OAUTH_ISSUERS = []
    assert oauth_deploy_check() == []
    settings.TOOLGUARD_OAUTH_ISSUERS = ["http://idp.example", "https://idp2.example"]
    settings.TOOLGUARD_RESOURCE_URI = "https://toolguard.example/mcp"
    assert [message.id for message in oauth_deploy_check()] == ["people.W001"]
    settings.TOOLGUARD_OAUTH_ISSUERS = ["https://idp.example"]
    assert oauth_deploy_check() == []
