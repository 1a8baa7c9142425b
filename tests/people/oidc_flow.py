"""The OpenID provider of the people tests (npm oidc-provider, tests/idp) and the sign-in flow
through Django's test client; the fixtures `idp` and `oidc_on` reach every test here through
tests/people/conftest.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl, urlparse

import httpx
import pytest
from django.conf import settings
from django.test import Client, override_settings

from people import oidc
from tests.idp import OIDCProvider, oidc_provider
from tests.live import unique

CALLBACK = "http://testserver/oidc/callback/"
SIGNED_OUT = "http://testserver/accounts/login/"
ROLE_GROUPS = {
    "reviewer": "tg-reviewers",
    "compliance": "tg-compliance",
    "key_admin": "tg-key-admins",
    "staff": "tg-staff",
}
MFA = "urn:toolguard:mfa"


@pytest.fixture(scope="module")
def idp() -> Iterator[OIDCProvider]:
    with oidc_provider(
        clients=[
            {
                "client_id": "toolguard",
                "client_secret": "tg-secret",
                "redirect_uris": [CALLBACK],
                "post_logout_redirect_uris": [SIGNED_OUT],
            },
            {"client_id": "other-app", "client_secret": "other-secret", "redirect_uris": [CALLBACK]},
        ],
    ) as provider:
        yield provider


@pytest.fixture
def oidc_on(idp: OIDCProvider) -> Iterator[OIDCProvider]:
    middleware = list(settings.MIDDLEWARE)
    if "people.oidc.RoleRenewalMiddleware" not in middleware:
        at = middleware.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1
        middleware.insert(at, "people.oidc.RoleRenewalMiddleware")
    backends = [*settings.AUTHENTICATION_BACKENDS]
    if oidc.BACKEND_PATH not in backends:
        backends.append(oidc.BACKEND_PATH)
    with override_settings(
        OIDC_ENABLED=True,
        OIDC_ISSUER=idp.issuer,
        OIDC_RP_CLIENT_ID="toolguard",
        OIDC_RP_CLIENT_SECRET="tg-secret",
        OIDC_ROLE_GROUPS=ROLE_GROUPS,
        OIDC_PROVIDER_NAME="Example SSO",
        OIDC_RENEW_SECONDS=900,
        OIDC_STEP_UP_ACR=MFA,
        OIDC_STEP_UP_AMR=["otp"],
        MIDDLEWARE=middleware,
        AUTHENTICATION_BACKENDS=backends,
    ):
        oidc._discovery.clear()
        yield idp
    oidc._discovery.clear()


def person(idp: OIDCProvider, groups: list[str]) -> str:
    name = unique("staff-")
    idp.add_account(name, email=f"{name}@bank.example", groups=groups)
    return name


def sign_in(
    client: Client, idp: OIDCProvider, account: str, *, next_url: str = "/review/", jar: httpx.Client | None = None
) -> Any:
    """The whole code flow: toolguard's redirect, the provider's pages, the callback.
    `jar` keeps the provider's cookies, as a browser would."""
    start = client.get("/oidc/authenticate/", {"next": next_url})
    assert start.status_code == 302, start.content
    back = idp.login(start["Location"], account, stop_at=CALLBACK, client=jar)
    parsed = urlparse(back)
    return client.get(parsed.path, dict(_query(parsed.query)))


def _query(query: str) -> list[tuple[str, str]]:
    return parse_qsl(query)
