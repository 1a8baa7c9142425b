"""Issue 36, finding 3 (/oidc/callback): an ID token without `kid` was a 500 (the library's
KeyError). The provider here is tests/people/issuer.py over real HTTP, answering at its token
endpoint the ID token the test made; the callback refuses it with oidc_token_invalid (audited,
rate-limited like any bad credential) unless the provider publishes a single signing key."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl, urlparse

import jwt
import pytest
from django.conf import settings
from django.test import Client, override_settings

from audit.models import AuditEntry
from people import oidc
from tests.people.issuer import SigningKey, TestIssuer

pytestmark = [pytest.mark.django_db]


@pytest.fixture(scope="module")
def provider() -> Iterator[TestIssuer]:
    server = TestIssuer()
    yield server
    server.stop()


@pytest.fixture
def oidc_here(provider: TestIssuer) -> Iterator[TestIssuer]:
    backends = [*settings.AUTHENTICATION_BACKENDS, oidc.BACKEND_PATH]
    with override_settings(
        OIDC_ENABLED=True,
        OIDC_ISSUER=provider.url,
        OIDC_RP_CLIENT_ID="toolguard",
        OIDC_RP_CLIENT_SECRET="tg-secret",
        OIDC_ROLE_GROUPS={"reviewer": "tg-reviewers"},
        AUTHENTICATION_BACKENDS=backends,
        TOOLGUARD_UNAUTHENTICATED_RATE=10_000,
    ):
        oidc._discovery.clear()
        yield provider
    oidc._discovery.clear()


def callback_with(client: Client, provider: TestIssuer, *, kid: str | None, address: str) -> Any:
    """Start a sign-in, have the provider answer an ID token signed with its first key, bring the code back."""
    start = client.get("/oidc/authenticate/")
    params = dict(parse_qsl(urlparse(start["Location"]).query))
    key = provider.keys[0]
    now = int(time.time())
    claims = {
        "iss": provider.url,
        "aud": "toolguard",
        "sub": f"sub-{secrets.token_hex(4)}",
        "iat": now,
        "exp": now + 300,
        "nonce": params["nonce"],
        "email": f"{secrets.token_hex(4)}@bank.example",
        "email_verified": True,
        "groups": ["tg-reviewers"],
    }
    headers = {} if kid is None else {"kid": kid}
    provider.answer_id_token(jwt.encode(claims, key.private, algorithm=key.alg, headers=headers))
    return client.get("/oidc/callback/", {"code": "c0de", "state": params["state"]}, REMOTE_ADDR=address)


def test_an_id_token_without_kid_is_refused_with_a_code_not_a_500(oidc_here: TestIssuer) -> None:
    oidc_here.publish([oidc_here.keys[0], SigningKey()])  # two RS256 keys: a token must say which
    address = f"192.0.2.{secrets.randbelow(250) + 1}"
    client = Client(raise_request_exception=False)
    refused = callback_with(client, oidc_here, kid=None, address=address)
    assert refused.status_code == 302
    assert refused["Location"] == "/accounts/login/?error=oidc_token_invalid"
    assert "_auth_user_id" not in client.session
    entry = AuditEntry.objects.get(action="authentication_failed", details__remote_addr=address)
    assert entry.details["code"] == "oidc_token_invalid" and entry.details["path"] == "/oidc/callback/"
    # A kid the provider does not publish is the same refusal.
    assert callback_with(client, oidc_here, kid="nope", address=address)["Location"].endswith("oidc_token_invalid")


def test_bad_id_tokens_are_rate_limited(oidc_here: TestIssuer, settings: Any) -> None:
    oidc_here.publish([oidc_here.keys[0], SigningKey()])
    settings.TOOLGUARD_UNAUTHENTICATED_RATE = 2
    address = f"192.0.2.{secrets.randbelow(250) + 1}"
    answers = [callback_with(Client(), oidc_here, kid=None, address=address).status_code for _ in range(3)]
    assert answers == [302, 302, 429]


def test_a_single_published_key_needs_no_kid(oidc_here: TestIssuer) -> None:
    oidc_here.publish([oidc_here.keys[0]])
    client = Client()
    signed_in = callback_with(client, oidc_here, kid=None, address="192.0.2.200")
    assert signed_in["Location"] == "/review/"  # a reviewer lands on the queue
    assert "_auth_user_id" in client.session
