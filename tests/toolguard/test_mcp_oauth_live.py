"""The official `mcp` client's OAuth against a real OpenID provider (tests/idp) and toolguard on gunicorn.

The client discovers toolguard's protected-resource metadata from the 401,
the provider's metadata from it, registers itself dynamically, signs in
(PKCE, resource indicator = toolguard's /mcp) and calls tools with the JWT
access token the provider issues; the audit log names its client and subject.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import anyio
import httpx
import pytest
from mcp import ClientSession
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken
from pydantic import AnyUrl

from audit.models import AuditEntry
from core.enums import AuditAction
from people.models import OAuthPrincipal
from tests.conftest import Bank
from tests.idp import OIDCProvider, code_from, oidc_provider
from tests.live import Gunicorn, bearer, free_port, gunicorn, unique
from toolguard.mcp.access_tokens import scopes_supported

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres, pytest.mark.needs_redis]

# Never reached: the provider's redirect is read, not followed (the client's callback handler).
REDIRECT = "http://127.0.0.1:9/oauth/callback"


@pytest.fixture(scope="module")
def idp() -> Iterator[OIDCProvider]:
    # Every scope toolguard's metadata offers, as an authorization server would define them.
    with oidc_provider(resource_scopes=scopes_supported()) as provider:
        yield provider


@pytest.fixture(scope="module")
def oauth_server(idp: OIDCProvider, django_db_setup: Any) -> Iterator[Gunicorn]:
    port = free_port()
    env = {"TOOLGUARD_OAUTH_ISSUERS": idp.issuer, "TOOLGUARD_RESOURCE_URI": f"http://127.0.0.1:{port}/mcp"}
    with gunicorn(workers=2, port=port, env=env) as live:
        yield live


class MemoryStorage:
    """The client's tokens and registration, for this test only."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client_info: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client_info

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client_info = client_info


def oauth_client(url: str, idp: OIDCProvider, login: str, storage: MemoryStorage) -> OAuthClientProvider:
    redirected: list[str] = []

    async def redirect_handler(authorization_url: str) -> None:
        # The person signing in, over plain HTTP: the provider's form and consent page.
        redirected.append(await anyio.to_thread.run_sync(idp.login, authorization_url, login))

    async def callback_handler() -> AuthorizationCodeResult:
        query = parse_qs(urlsplit(redirected[-1]).query)
        return AuthorizationCodeResult(
            code=query["code"][0], state=query.get("state", [None])[0], iss=query.get("iss", [None])[0]
        )

    metadata = OAuthClientMetadata(
        client_name="toolguard test agent",
        redirect_uris=[AnyUrl(REDIRECT)],
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
        token_endpoint_auth_method="none",
    )
    return OAuthClientProvider(
        server_url=f"{url}/mcp",
        client_metadata=metadata,
        storage=storage,
        redirect_handler=redirect_handler,
        callback_handler=callback_handler,
    )


async def _tour(url: str, idp: OIDCProvider, login: str, sfx: str, storage: MemoryStorage) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    auth = oauth_client(url, idp, login, storage)
    async with (
        create_mcp_http_client(auth=auth) as http,
        streamable_http_client(f"{url}/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        seen["init"] = await session.initialize()
        seen["tools"] = await session.list_tools()
        seen["balance"] = await session.call_tool("check_balance", {"account_id": f"checking{sfx}"})
    return seen


def test_the_official_client_signs_in_and_calls_a_tool(
    oauth_server: Gunicorn, idp: OIDCProvider, live_bank: tuple[Bank, str, Any]
) -> None:
    bank, sfx, blocker = live_bank
    login = unique("agent-owner")
    idp.add_account(login, customer=bank.alice.external_id)
    storage = MemoryStorage()

    seen = anyio.run(_tour, oauth_server.url, idp, login, sfx, storage)

    assert seen["init"].server_info.name == "toolguard"
    names = {tool.name for tool in seen["tools"].tools}
    assert {"transfer_funds", "check_balance", "list_transactions", "get_tool_call_status"} <= names
    assert seen["balance"].is_error is False
    assert seen["balance"].structured_content["result"]["balance"] == 5_000_000

    assert storage.client_info is not None and storage.tokens is not None
    client_id = storage.client_info.client_id
    label = f"oauth:{client_id}/{login}"
    with blocker.unblock():
        principal = OAuthPrincipal.objects.select_related("key").get(client_id=client_id, subject=login)
        assert principal.issuer == idp.issuer
        assert principal.key.customer_id == bank.alice.id
        entries = AuditEntry.objects.filter(actor=label, customer=bank.alice.external_id)
        assert entries.filter(action=AuditAction.OAUTH_PRINCIPAL_CREATED).count() == 1
        assert entries.filter(tool="check_balance").exists()

    # The provider's token, replayed by hand: toolguard accepts it as is.
    token = storage.tokens.access_token
    assert _initialize(oauth_server.url, token).status_code == 200


def _initialize(url: str, token: str) -> httpx.Response:
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
    }
    return httpx.post(f"{url}/mcp", json=body, headers=bearer(token), timeout=30)


def _provider_token(idp: OIDCProvider, login: str, resource: str) -> str:
    """A token for `resource` from the same provider, by the code flow done by hand."""
    import base64
    import hashlib
    import secrets

    registered = httpx.post(
        idp.discovery()["registration_endpoint"],
        json={"redirect_uris": [REDIRECT], "token_endpoint_auth_method": "none", "application_type": "native"},
        timeout=30,
    ).json()
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    params = {
        "client_id": registered["client_id"],
        "response_type": "code",
        "redirect_uri": REDIRECT,
        "scope": "tools:*",
        "state": "s",
        "resource": resource,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    final = idp.login(f"{idp.discovery()['authorization_endpoint']}?{urlencode(params)}", login)
    answer = httpx.post(
        idp.discovery()["token_endpoint"],
        data={
            "grant_type": "authorization_code",
            "code": code_from(final),
            "redirect_uri": REDIRECT,
            "code_verifier": verifier,
            "client_id": registered["client_id"],
            "resource": resource,
        },
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    return str(answer.json()["access_token"])


def test_a_token_for_another_resource_is_refused_and_agent_keys_still_work(
    oauth_server: Gunicorn, idp: OIDCProvider, live_bank: tuple[Bank, str, Any]
) -> None:
    bank, _, _ = live_bank
    login = unique("agent-owner")
    idp.add_account(login, customer=bank.alice.external_id)

    elsewhere = _provider_token(idp, login, "http://127.0.0.1:9/another-mcp")
    refused = _initialize(oauth_server.url, elsewhere)
    assert refused.status_code == 401
    challenge = refused.headers["WWW-Authenticate"]
    assert challenge.startswith('Bearer error="invalid_token"')
    assert "the token is for another resource" in challenge
    assert f'resource_metadata="{oauth_server.url}/.well-known/oauth-protected-resource"' in challenge

    here = _provider_token(idp, login, f"{oauth_server.url}/mcp")
    assert _initialize(oauth_server.url, here).status_code == 200

    assert _initialize(oauth_server.url, bank.alice_key).status_code == 200
    metadata = httpx.get(f"{oauth_server.url}/.well-known/oauth-protected-resource", timeout=30).json()
    assert metadata["resource"] == f"{oauth_server.url}/mcp"
    assert metadata["authorization_servers"] == [idp.issuer]
