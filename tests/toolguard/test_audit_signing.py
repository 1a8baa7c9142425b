"""Receipts out of the box: the embedded default signs with a key it makes once; an unsigned instance says so.

The test settings sign nothing (tests/conftest.py sets the key empty), as a
deployment without TOOLGUARD_AUDIT_SIGNING_KEY would.
"""

from __future__ import annotations

import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from audit.keys import keypair_write
from tests.live import ROOT, child_env
from toolguard.embedded_key import embedded_signing_key
from topology.layout import install_hint, requirements_message

pytestmark = pytest.mark.django_db
PIP_WHEEL = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--wheel-dir"]


def test_the_embedded_default_makes_its_key_once_and_prints_the_public_half(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    var = tmp_path / "var"
    path = embedded_signing_key(var)
    assert path == str(var / "audit-signing.pem")
    assert (var / "audit-signing.pem").stat().st_mode & 0o777 == 0o600
    public = (var / "audit-signing.pub.pem").read_text()
    printed = capsys.readouterr().err
    assert public.strip() in printed and str(var / "audit-signing.pub.pem") in printed
    assert "toolguard-verify receipt" in printed
    key = (var / "audit-signing.pem").read_bytes()
    # Every later start finds it, silently, and never replaces it.
    assert embedded_signing_key(var) == path
    assert capsys.readouterr().err == ""
    assert (var / "audit-signing.pem").read_bytes() == key
    assert sorted(p.name for p in var.iterdir()) == ["audit-signing.pem", "audit-signing.pub.pem"]


def test_readiness_and_every_page_say_the_log_is_unsigned_until_a_key_is_set(settings: Any, tmp_path: Path) -> None:
    client = Client()
    ready = client.get("/readyz")
    assert ready.status_code == 200  # the node serves: tests and benches run keyless servers
    assert ready.json()["checks"]["audit_signing"].startswith("error: no TOOLGUARD_AUDIT_SIGNING_KEY")
    page = client.get("/accounts/login/").content.decode()
    assert "Audit log unsigned." in page and "audit_keygen" in page

    private, _ = keypair_write(tmp_path / "keys")
    settings.TOOLGUARD_AUDIT_SIGNING_KEY = str(private)
    assert client.get("/readyz").json()["checks"]["audit_signing"] == "ok"
    assert "Audit log unsigned" not in client.get("/accounts/login/").content.decode()


def _load_wsgi(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "import toolguard.wsgi"],
        cwd=ROOT,
        env=child_env(**env),
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_production_without_a_signing_key_refuses_to_start_in_one_line() -> None:
    run = _load_wsgi(TOOLGUARD_REQUIRE_SECRET_KEY="1", SECRET_KEY="s" * 50, TOOLGUARD_AUDIT_SIGNING_KEY="")
    assert run.returncode == 2, run.stderr
    lines = [line for line in run.stderr.splitlines() if line.startswith("toolguard:")]
    assert len(lines) == 1 and lines[0].startswith("toolguard: refusing to start: no TOOLGUARD_AUDIT_SIGNING_KEY")


def test_a_keyless_server_outside_production_starts_and_says_so(tmp_path: Path) -> None:
    run = _load_wsgi(TOOLGUARD_AUDIT_SIGNING_KEY="")
    assert run.returncode == 0, run.stderr
    assert "toolguard: no TOOLGUARD_AUDIT_SIGNING_KEY" in run.stderr
    private, _ = keypair_write(tmp_path / "keys")
    signed = _load_wsgi(TOOLGUARD_REQUIRE_SECRET_KEY="1", SECRET_KEY="s" * 50, TOOLGUARD_AUDIT_SIGNING_KEY=str(private))
    assert signed.returncode == 0 and "TOOLGUARD_AUDIT_SIGNING_KEY" not in signed.stderr, signed.stderr


def test_verify_audit_takes_the_public_key_from_the_command_line(settings: Any, tmp_path: Path) -> None:
    settings.TOOLGUARD_AUDIT_PUBLIC_KEY = ""
    settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG = str(tmp_path / "checkpoints.jsonl")
    out = StringIO()
    call_command("verify_audit", stdout=out)
    assert "pass --public-key" in out.getvalue()
    _, public = keypair_write(tmp_path / "keys")
    out = StringIO()
    call_command("verify_audit", "--public-key", str(public), stdout=out)
    assert "no public key" not in out.getvalue() and "audit chain verified" in out.getvalue()
    with pytest.raises(CommandError, match="--public-key: no such file"):
        call_command("verify_audit", "--public-key", str(tmp_path / "absent.pem"))


def test_make_topology_names_the_packages_to_install() -> None:
    message = requirements_message(["root (network namespaces)", "patroni", "etcd", "nginx"])
    assert "missing: root (network namespaces), patroni, etcd, nginx" in message
    assert "sudo apt-get install -y patroni etcd-server nginx" in message and "sudo make topology" in message
    assert "postgresql-15" in install_hint(["PostgreSQL 15 server programs in /usr/lib/postgresql/15/bin"])
    assert install_hint(["root (network namespaces)"]) == ""


def test_the_verifier_the_docs_name_is_a_wheel_make_builds(tmp_path: Path) -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "verify-wheel:" in makefile and "--wheel-dir dist ./toolguard_verify" in makefile
    docs = (ROOT / "docs" / "audit.md").read_text()
    assert "make verify-wheel" in docs and "pip install toolguard-verify" not in docs
    built = subprocess.run(
        [*PIP_WHEEL, str(tmp_path), str(ROOT / "toolguard_verify")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    wheel = [path.name for path in tmp_path.glob("toolguard_verify-*-py3-none-any.whl")]
    assert wheel, list(tmp_path.iterdir())
