"""First screens: where sign-in lands, what home says waits, one-line SSO setting errors,
the demo's credentials printed readably and named on the sign-in page."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from approvals.models import ApprovalRequest
from demo.management.commands.seed_demo import credential_lines
from tests.conftest import Bank, agent_client, transfer_call

ROOT = Path(__file__).resolve().parents[2]


def manage_check(**env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("OIDC_")}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("env", "named", "example"),
    [
        ({"OIDC_ISSUER": "https://idp.example", "OIDC_CLIENT_ID": "tg"}, "OIDC_ROLE_GROUPS", "reviewer=tg-reviewers"),
        (
            {"OIDC_ISSUER": "https://idp.example", "OIDC_CLIENT_ID": "tg", "OIDC_ROLE_GROUPS": "reviewer"},
            "OIDC_ROLE_GROUPS",
            "reviewer=tg-reviewers",
        ),
        (
            {"OIDC_ISSUER": "https://idp.example", "OIDC_CLIENT_ID": "tg", "OIDC_ROLE_GROUPS": "admin=x"},
            "OIDC_ROLE_GROUPS",
            "reviewer=tg-reviewers",
        ),
        ({"OIDC_ISSUER": "https://idp.example", "OIDC_ROLE_GROUPS": "reviewer=x"}, "OIDC_CLIENT_ID", "OIDC_CLIENT_ID="),
        ({"OIDC_ISSUER": "idp.example"}, "OIDC_ISSUER", "OIDC_ISSUER=https://"),
        ({"OIDC_RENEW_SECONDS": "soon"}, "OIDC_RENEW_SECONDS", "OIDC_RENEW_SECONDS=900"),
        ({"OIDC_POST_LOGOUT_REDIRECT_URI": "/login"}, "OIDC_POST_LOGOUT_REDIRECT_URI", "=https://"),
        (
            {
                "OIDC_ISSUER": "https://idp.example",
                "OIDC_CLIENT_ID": "tg",
                "OIDC_ROLE_GROUPS": "reviewer=x",
                "OIDC_SCOPES": "email",
            },
            "OIDC_SCOPES",
            "openid",
        ),
    ],
)
def test_a_wrong_sso_setting_stops_start_up_with_one_line_naming_it_and_an_example(
    env: dict[str, str], named: str, example: str
) -> None:
    run = manage_check(**env)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith(f"toolguard: ImproperlyConfigured: {named} ") and "for example" in lines[0]
    assert example in lines[0]


def test_a_reviewer_signing_in_lands_on_the_queue_and_home_counts_what_waits(bank: Bank) -> None:
    held = agent_client(bank.alice_key).post(
        "/api/v1/tool-calls", transfer_call(key="first-screen", amount=2_000_000), format="json"
    )
    assert held.status_code == 202, held.content
    bank.reviewer.set_password("pw-reviewer-1")
    bank.reviewer.save()
    client = Client()
    signed = client.post("/accounts/login/", {"username": bank.reviewer.username, "password": "pw-reviewer-1"})
    assert signed.status_code == 302 and signed["Location"] == "/review/"
    # Home (the bare address) is no page to return to: the queue again.
    client.logout()
    signed = client.post(
        "/accounts/login/", {"username": bank.reviewer.username, "password": "pw-reviewer-1", "next": "/"}
    )
    assert signed["Location"] == "/review/"
    home = client.get("/").content.decode()
    pending = ApprovalRequest.objects.filter(status="pending").count()
    assert (
        'id="waiting-requests"' in home and f'<strong class="waiting-count">{pending}</strong> pending request' in home
    )
    assert 'id="waiting-alerts"' in home and 'id="waiting-quarantines"' in home


def test_compliance_lands_on_home_with_its_queues_only(bank: Bank) -> None:
    client = Client()
    client.force_login(bank.compliance)
    home = client.get("/").content.decode()
    assert 'id="waiting-alerts"' in home and 'id="waiting-requests"' not in home


def test_the_sign_in_page_names_the_demo_credentials_file_in_debug(settings: Any, db: Any) -> None:
    path = ROOT / "var" / "demo-credentials.json"
    made = not path.exists()
    if made:
        path.parent.mkdir(exist_ok=True)
        path.write_text("{}")
    try:
        settings.DEBUG = True
        assert "var/demo-credentials.json" in Client().get("/accounts/login/").content.decode()
        settings.DEBUG = False
        assert "var/demo-credentials.json" not in Client().get("/accounts/login/").content.decode()
    finally:
        if made:
            path.unlink()


def test_the_demo_credentials_print_one_labelled_line_each() -> None:
    credentials = {
        "customers": [{"id": "user-123", "agent_key": "tg_abc"}],
        "reviewers": [{"username": "reviewer", "password": "pw1", "totp_secret": "SECRET"}],
        "compliance": [{"username": "compliance", "password": "pw2"}],
    }
    lines = credential_lines(json.loads(json.dumps(credentials)))
    assert len(lines) == 4
    assert lines[0].split() == ["agent", "key,", "customer", "user-123:", "tg_abc"]
    assert [line.split()[-1] for line in lines] == ["tg_abc", "pw1", "SECRET", "pw2"]
    assert lines[1].lstrip().startswith("password, reviewer:")
