"""The test provider itself: discovery, the code flow with PKCE, groups in the
ID token, JWT access tokens for a resource with the account's customer, open
dynamic registration, and groups changed while it runs."""

from __future__ import annotations

import base64
import hashlib
import secrets
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import httpx
import jwt
import pytest

from tests.idp import LoginFailed, OIDCProvider, code_from, oidc_provider

REDIRECT = "http://127.0.0.1:9/cb"


@pytest.fixture(scope="module")
def idp() -> Iterator[OIDCProvider]:
    with oidc_provider(
        clients=[{"client_id": "rp", "client_secret": "rp-secret", "redirect_uris": [REDIRECT]}],
        accounts={"alice": {"groups": ["tg-reviewers"], "customer": "acme"}},
    ) as provider:
        yield provider


def pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def authorize(idp: OIDCProvider, challenge: str | None, **extra: str) -> str:
    params = {
        "client_id": "rp",
        "response_type": "code",
        "redirect_uri": REDIRECT,
        "scope": "openid email groups",
        "state": "st-1",
        "nonce": "n-1",
        **extra,
    }
    if challenge:
        params.update(code_challenge=challenge, code_challenge_method="S256")
    return f"{idp.discovery()['authorization_endpoint']}?{urlencode(params)}"


def exchange(idp: OIDCProvider, code: str, verifier: str, **extra: str) -> dict[str, Any]:
    response = httpx.post(
        idp.discovery()["token_endpoint"],
        data={
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT,
            "code_verifier": verifier,
            **extra,
        },
        auth=("rp", "rp-secret"),
        timeout=30,
    )
    assert response.status_code == 200, response.text
    return dict(response.json())


def verify(idp: OIDCProvider, token: str, audience: str) -> dict[str, Any]:
    jwks = jwt.PyJWKClient(idp.discovery()["jwks_uri"])
    key = jwks.get_signing_key_from_jwt(token)
    return dict(jwt.decode(token, key.key, algorithms=["RS256", "ES256"], audience=audience, issuer=idp.issuer))


def test_discovery(idp: OIDCProvider) -> None:
    doc = idp.discovery()
    assert doc["issuer"] == idp.issuer
    assert doc["code_challenge_methods_supported"] == ["S256"]
    assert "groups" in doc["claims_supported"]
    assert doc["registration_endpoint"]
    assert set(doc["acr_values_supported"]) == {"urn:toolguard:pwd", "urn:toolguard:mfa"}


def test_code_flow_with_pkce_puts_groups_in_the_id_token(idp: OIDCProvider) -> None:
    verifier, challenge = pkce()
    redirect = idp.login(authorize(idp, challenge), "alice")
    assert redirect.startswith(REDIRECT) and "state=st-1" in redirect
    tokens = exchange(idp, code_from(redirect), verifier)
    claims = verify(idp, tokens["id_token"], "rp")
    assert claims["sub"] == "alice"
    assert claims["nonce"] == "n-1"
    assert claims["groups"] == ["tg-reviewers"]
    assert claims["acr"] == "urn:toolguard:pwd" and claims["amr"] == ["pwd"]
    assert claims["auth_time"]


def test_pkce_is_required(idp: OIDCProvider) -> None:
    # The provider sends the error back to the client, as RFC 6749 says.
    redirect = idp.login(authorize(idp, None), "alice")
    assert redirect.startswith(REDIRECT)
    assert "error=invalid_request" in redirect and "requires+PKCE" in redirect


def test_wrong_password_is_refused(idp: OIDCProvider) -> None:
    _, challenge = pkce()
    with pytest.raises(LoginFailed, match="refused the credentials"):
        idp.login(authorize(idp, challenge), "alice", "wrong")


def test_one_time_code_gives_mfa_and_changed_groups_show(idp: OIDCProvider) -> None:
    idp.set_groups("alice", ["tg-compliance"])
    try:
        verifier, challenge = pkce()
        url = authorize(idp, challenge, prompt="login", max_age="0")
        redirect = idp.login(url, "alice", otp="246810")
        claims = verify(idp, exchange(idp, code_from(redirect), verifier)["id_token"], "rp")
        assert claims["acr"] == "urn:toolguard:mfa" and claims["amr"] == ["pwd", "otp"]
        assert claims["groups"] == ["tg-compliance"]
    finally:
        idp.set_groups("alice", ["tg-reviewers"])


def test_registered_public_client_gets_a_jwt_access_token_for_a_resource(idp: OIDCProvider) -> None:
    registered = httpx.post(
        idp.discovery()["registration_endpoint"],
        json={"redirect_uris": [REDIRECT], "token_endpoint_auth_method": "none", "client_name": "mcp client"},
        timeout=30,
    )
    assert registered.status_code == 201, registered.text
    client_id = registered.json()["client_id"]
    resource = "http://127.0.0.1:9/mcp"
    verifier, challenge = pkce()
    params = {
        "client_id": client_id,
        "response_type": "code",
        "redirect_uri": REDIRECT,
        "scope": "openid tools:get_balance",
        "resource": resource,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "state": "s",
    }
    redirect = idp.login(f"{idp.discovery()['authorization_endpoint']}?{urlencode(params)}", "alice")
    response = httpx.post(
        idp.discovery()["token_endpoint"],
        data={
            "grant_type": "authorization_code",
            "code": code_from(redirect),
            "redirect_uri": REDIRECT,
            "code_verifier": verifier,
            "client_id": client_id,
            "resource": resource,
        },
        timeout=30,
    )
    assert response.status_code == 200, response.text
    access = verify(idp, response.json()["access_token"], resource)
    assert access["scope"] == "tools:get_balance"
    assert access["customer"] == "acme"
    assert access["sub"] == "alice"
