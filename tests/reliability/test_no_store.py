"""Answers with personal data are never kept by a cache; cookies are Secure unless DEBUG."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from approvals.models import ApprovalRequest
from tests.conftest import Bank, agent_client, person_client, signed_in, transfer_call

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent.parent


def test_pages_with_personal_data_send_no_store(bank: Bank) -> None:
    held = agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key="ns1", amount=2_000_000), format="json"
    )
    approval = ApprovalRequest.objects.get(id=held.json()["approval_id"])
    reviewer, officer = signed_in(bank.reviewer), signed_in(bank.compliance)
    for client, url in [
        (reviewer, "/review/"),
        (reviewer, f"/review/{approval.id}/"),
        (reviewer, "/review/rows/"),
        (officer, "/audit/"),
        (officer, "/audit/alerts/"),
        (officer, "/audit/sessions/s1/"),
        (Client(), "/accounts/login/"),
    ]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" in response["Cache-Control"], url


def test_api_answers_send_no_store(bank: Bank) -> None:
    agent = agent_client(bank.alice_key)
    call = agent.post(
        "/api/v1/tool-calls",
        {"name": "check_balance", "arguments": {"account_id": "checking"}, "session_id": "ns"},
        format="json",
    )
    assert "no-store" in call["Cache-Control"]
    assert "no-store" in agent.get(f"/api/v1/tool-calls/{call.json()['id']}")["Cache-Control"]
    assert "no-store" in person_client(bank.reviewer).get("/api/v1/approvals")["Cache-Control"]
    assert "no-store" in person_client(bank.compliance).get("/api/v1/audit")["Cache-Control"]
    export = person_client(bank.compliance).get("/api/v1/audit/export", {"format": "csv"})
    assert "no-store" in export["Cache-Control"]
    # Refusals too: they name accounts and customers.
    assert "no-store" in agent_client("tg_000000000000_" + "x" * 43).get("/api/v1/tools")["Cache-Control"]


def _cookie_settings(**env: str) -> list[str]:
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE)"
    )
    base = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "toolguard.settings"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def test_cookies_are_secure_unless_debug() -> None:
    assert _cookie_settings(DEBUG="false") == ["True", "True"]
    assert _cookie_settings(DEBUG="true") == ["False", "False"]


def test_the_session_cookie_is_sent_secure(bank: Bank, settings: Any) -> None:
    assert not settings.DEBUG  # the production default, read from the environment at start-up
    client = Client()
    response = client.post("/accounts/login/", {"username": "rev", "password": "correct-horse-battery"})
    assert response.status_code == 302
    assert response.cookies["sessionid"]["secure"] is True
    assert response.cookies["sessionid"]["httponly"] is True
