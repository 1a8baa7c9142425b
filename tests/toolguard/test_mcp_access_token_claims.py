"""Issue 36, finding 3 (/mcp): access tokens from a trusted issuer whose claims are of the wrong
shape are 401 invalid_token (audited and rate-limited like any bad token), never a 500 or a
token let through; the audience is TOOLGUARD_RESOURCE_URI, never the request's Host header.

The issuer is tests/people/issuer.py in a process of its own; its fixtures and the JSON-RPC
helper are those of tests/toolguard/test_mcp_oauth.py."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import Client

from audit.models import AuditEntry
from people.models import OAuthPrincipal
from tests.conftest import Bank
from tests.live import ROOT
from tests.people.issuer import TestIssuer
from tests.toolguard import test_mcp_oauth as mcp_oauth
from toolguard.mcp.checks import oauth_audience_check

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db]

issuer = mcp_oauth.issuer
oauth = mcp_oauth.oauth
rpc = mcp_oauth.rpc
YEAR_9999 = 253_402_300_799


def from_address() -> tuple[Client, str]:
    """A client at an address of its own, so this test's count of bad tokens is its own."""
    address = f"198.51.100.{secrets.randbelow(250) + 1}"
    return Client(REMOTE_ADDR=address), address


def refused(response: Any) -> str:
    """The description of a 401 invalid_token (asserting that it is one)."""
    assert response.status_code == 401, response.content
    assert response.json()["error"]["data"] == {"code": "invalid_token"}
    params = mcp_oauth.challenge(response)
    assert params["error"] == "invalid_token"
    return params["error_description"]


@pytest.mark.parametrize(
    ("claims", "says"),
    [
        ({"scope": 7}, "scope is not a space-separated string"),
        ({"scope": {"tools:*": True}}, "scope is not a space-separated string"),
        ({"scope": ["tools:*"]}, "scope is not a space-separated string"),
        ({"sub": "subject\x00one"}, "subject (sub) holds control characters"),
        ({"sub": "s" * 256}, "subject (sub) is longer than 255 characters"),
        ({"sub": 42}, "Subject must be a string"),  # PyJWT's own check
        ({"client_id": "c\x00"}, "client (client_id) holds control characters"),
        ({"customer": "alice\x00"}, "holds control characters"),
        ({"exp": YEAR_9999}, "expires more than 86400 seconds from now"),
    ],
)
def test_a_token_of_the_wrong_shape_is_401_invalid_token(
    bank: Bank, oauth: TestIssuer, claims: dict[str, Any], says: str
) -> None:
    client, _ = from_address()
    assert says in refused(rpc(client, "initialize", token=oauth.token(**claims)))
    assert not OAuthPrincipal.objects.exists()


def test_bad_tokens_are_audited_and_rate_limited(bank: Bank, oauth: TestIssuer, settings: Any) -> None:
    settings.TOOLGUARD_UNAUTHENTICATED_RATE = 3
    client, address = from_address()
    for claims in ({"scope": 7}, {"sub": "x\x00"}, {"sub": "s" * 300}):
        refused(rpc(client, "initialize", token=oauth.token(**claims)))
    limited = rpc(client, "initialize", token=oauth.token(scope={"a": 1}))
    assert limited.status_code == 429 and limited["Retry-After"]
    entry = AuditEntry.objects.get(action="authentication_failed", details__remote_addr=address)
    assert entry.result == "blocked" and entry.details["code"] == "invalid_token" and entry.details["path"] == "/mcp"


def test_a_token_within_the_maximum_lifetime_is_taken(bank: Bank, oauth: TestIssuer) -> None:
    token = oauth.token(exp=int(time.time()) + 23 * 3600, scope="tools:check_balance")
    assert mcp_oauth.initialize(Client(), token)


def test_the_audience_never_follows_the_host_header(bank: Bank, oauth: TestIssuer, settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["*"]
    forged_host = "toolguard.attacker.example"
    attacker = f"attacker-{secrets.token_hex(4)}"
    for_attacker = oauth.token(audience=f"http://{forged_host}/mcp", client_id=attacker)
    configured = oauth.token()  # for http://testserver/mcp, the configured TOOLGUARD_RESOURCE_URI

    # With the resource URI configured, the Host header changes nothing.
    client = Client(HTTP_HOST=forged_host)
    assert "another resource" in refused(rpc(client, "initialize", token=for_attacker))
    assert mcp_oauth.initialize(client, configured)
    assert client.get("/.well-known/oauth-protected-resource").json()["resource"] == "http://testserver/mcp"

    # Without it, /mcp takes no access token at all (agent keys only) and publishes no metadata.
    settings.TOOLGUARD_RESOURCE_URI = ""
    response = rpc(client, "initialize", token=for_attacker)
    assert response.status_code == 401 and response["WWW-Authenticate"] == 'Bearer realm="toolguard"'
    assert client.get("/.well-known/oauth-protected-resource").status_code == 404
    assert [message.id for message in oauth_audience_check()] == ["people.E001"]
    with pytest.raises(SystemCheckError, match=r"people\.E001"):
        call_command("check")
    assert not OAuthPrincipal.objects.filter(client_id=attacker).exists()


def test_toolguard_refuses_to_start_with_issuers_and_no_resource_uri() -> None:
    env = {**os.environ, "TOOLGUARD_OAUTH_ISSUERS": "https://idp.example", "TOOLGUARD_RESOURCE_URI": ""}
    started = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert started.returncode != 0
    assert "TOOLGUARD_OAUTH_ISSUERS needs TOOLGUARD_RESOURCE_URI" in started.stderr
