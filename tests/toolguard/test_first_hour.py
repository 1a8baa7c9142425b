"""What a newcomer runs in their first hour says what to do next."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command


def test_tools_sync_without_sources_says_so_and_fails() -> None:
    with pytest.raises(CommandError, match="no MCP upstream sources to sync: add a catalog entry"):
        call_command("tools_sync", stdout=StringIO())


def test_audit_keygen_prints_the_settings_to_set(tmp_path: Path) -> None:
    out = StringIO()
    call_command("audit_keygen", str(tmp_path / "keys"), stdout=out)
    private, public = tmp_path / "keys" / "audit-signing.pem", tmp_path / "keys" / "audit-signing.pub.pem"
    assert private.exists() and public.exists()
    assert f"TOOLGUARD_AUDIT_SIGNING_KEY={private}" in out.getvalue()
    assert f"TOOLGUARD_AUDIT_PUBLIC_KEY={public}" in out.getvalue()
