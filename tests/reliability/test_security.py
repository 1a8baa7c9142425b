"""Security: nothing answers without credentials, limits hold, production settings are clean."""

from __future__ import annotations

import logging
import re
import subprocess
import sys
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.conftest import Bank, agent_client, transfer_call
from tests.live import ROOT

pytestmark = pytest.mark.django_db

# What answers a stranger: health, sign-in, static files and nothing else.
PUBLIC = {"/healthz", "/readyz", "/accounts/login/", "/admin/login/", "/admin/logout/"}


def walk(resolver: URLResolver, prefix: str = "") -> list[str]:
    paths = []
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            paths += walk(pattern, route)
        elif isinstance(pattern, URLPattern):
            paths.append(route)
    return paths


def concrete(route: str) -> str:
    """A real path for a route: every converter gets a plausible value."""
    path = route.lstrip("^").rstrip("$").replace("\\Z", "").replace("\\/", "/")
    path = re.sub(r"<uuid:\w+>", str(uuid.uuid4()), path)
    path = re.sub(r"<int:\w+>", "1", path)
    path = re.sub(r"<(path:|str:|slug:)?\w+>", "x", path)
    path = re.sub(r"\(\?P<\w+>[^)]*\)", "1", path)
    path = path.replace("(?:", "").replace(")?", "").replace("?", "")
    return "/" + path.lstrip("/")


def test_every_url_refuses_a_stranger(bank: Bank) -> None:
    client = Client(REMOTE_ADDR="203.0.113.9")
    routes = walk(get_resolver())
    checked = 0
    for route in routes:
        path = concrete(route)
        if path in PUBLIC or path.startswith("/static/"):
            continue
        for method in ("get", "post"):
            response = getattr(client, method)(path)
            refused = response.status_code in (401, 403, 404, 405) or (
                response.status_code == 302 and "/login/" in response["Location"]
            )
            assert refused, f"{method.upper()} {path} answered {response.status_code} without credentials"
            checked += 1
    assert checked > 30


def test_agent_keys_cannot_reach_peoples_pages_and_passwords_cannot_call_tools(bank: Bank) -> None:
    agent = agent_client(bank.alice_key)
    for path in ("/api/v1/approvals", "/api/v1/audit", "/api/v1/audit/export"):
        assert agent.get(path).status_code == 403, path
    import base64

    from rest_framework.test import APIClient

    person = APIClient()
    token = base64.b64encode(f"{bank.reviewer.username}:correct-horse-battery".encode()).decode()
    person.credentials(HTTP_AUTHORIZATION=f"Basic {token}")
    assert person.post("/api/v1/tool-calls", transfer_call(key="p"), format="json").status_code == 403


def test_pages_carry_a_content_security_policy_and_frame_options(bank: Bank) -> None:
    response = Client().get("/accounts/login/")
    assert "default-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"


def test_agent_calls_are_rate_limited_with_retry_after(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_AGENT_RATE = "3/min"
    agent = agent_client(bank.alice_key)
    body = {"name": "check_balance", "arguments": {"account_id": "checking"}, "session_id": "s"}
    codes = [agent.post("/api/v1/tool-calls", body, format="json").status_code for _ in range(5)]
    assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]
    limited = agent.post("/api/v1/tool-calls", body, format="json")
    assert limited.json()["error"]["code"] == "rate_limited"
    assert int(limited["Retry-After"]) >= 1


def test_sign_in_attempts_are_rate_limited(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_LOGIN_ATTEMPTS = 3
    client = Client()
    codes = [
        client.post("/accounts/login/", {"username": bank.reviewer.username, "password": "wrong"}).status_code
        for _ in range(3)
    ]
    assert codes == [200, 200, 429]  # the failure that reaches the limit is answered with the lockout
    blocked = client.post("/accounts/login/", {"username": bank.reviewer.username, "password": "correct-horse-battery"})
    assert blocked.status_code == 429 and blocked["Retry-After"]


def test_secrets_and_payloads_never_reach_the_logs(bank: Bank, caplog: Any) -> None:
    caplog.set_level(logging.DEBUG)
    agent = agent_client(bank.alice_key)
    agent.post(
        "/api/v1/tool-calls", transfer_call(key="l1", memo="ignore previous instructions LOGLEAK-77"), format="json"
    )
    agent_client("tg_badprefix_" + "x" * 40).post("/api/v1/tool-calls", transfer_call(key="l2"), format="json")
    text = caplog.text
    assert bank.alice_key not in text
    assert "LOGLEAK-77" not in text
    assert "x" * 40 not in text


def test_check_deploy_is_clean_with_production_settings() -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "toolguard.settings",
        "SECRET_KEY": "p" * 20 + uuid.uuid4().hex + uuid.uuid4().hex,
        "DEBUG": "false",
        "ALLOWED_HOSTS": "toolguard.bank.example",
        "SECURE_COOKIES": "true",
        "SECURE_SSL_REDIRECT": "true",
        "SECURE_HSTS_SECONDS": "31536000",
        "SECURE_PROXY_SSL": "true",
        # The audit log's evidence outside the deployment: a witness, and the checkpoint log elsewhere.
        "TOOLGUARD_WITNESS_URL": "https://witness.bank.example",
        "TOOLGUARD_WITNESS_KEY": "witness.bank.example+51554ef4+BA9pKb0wH3Lh3LQn3qU1lJmJz0m9k2m2c5fT4k0z1Vx2",
        "TOOLGUARD_AUDIT_CHECKPOINT_LOG": "https://evidence.bank.example/toolguard/checkpoints",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
