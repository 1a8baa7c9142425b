"""Hostile bodies against a real server (gunicorn): every answer a JSON error with a stable code."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.conftest import make_bank
from tests.live import bearer, gunicorn, unique

pytestmark = pytest.mark.live


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_against_a_real_server_hostile_bodies_get_json_errors(django_db_setup: Any, django_db_blocker: Any) -> None:
    with django_db_blocker.unblock():
        bank = make_bank(unique("-"))
    with gunicorn(workers=1) as server:
        url = f"{server.url}/api/v1/tool-calls"
        huge = b'{"name": "check_balance", "session_id": "s", "arguments": {"pad": "' + b"x" * (20 << 20) + b'"}}'
        answers = [
            httpx.post(
                url,
                content=huge,
                headers={**bearer(bank.alice_key), "Content-Type": "application/json"},
                timeout=120,  # 20 MB sent whole and read back by the server: slow on a loaded machine
            ),
            httpx.post(
                url,
                content='{"name": "check_balance", "session_id": "s", "arguments": ' + nested(5000) + "}",
                headers={**bearer(bank.alice_key), "Content-Type": "application/json"},
                timeout=60,
            ),
            httpx.post(
                url,
                content=b"\xff\xfe{",
                headers={**bearer(bank.alice_key), "Content-Type": "application/json"},
                timeout=60,
            ),
        ]
        codes = [(a.status_code, a.headers["content-type"], a.json()["error"]["code"]) for a in answers]
        assert codes == [
            (413, "application/json", "request_too_large"),
            (400, "application/json", "malformed_request"),
            (400, "application/json", "invalid_text"),
        ]
