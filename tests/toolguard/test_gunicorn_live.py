"""The HTTP server opens nothing beside its port: no control socket to resize or stop it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.live import gunicorn

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres]


def test_the_server_opens_no_control_socket(live_bank: Any, tmp_path: Path) -> None:
    # gunicorn's default would be $XDG_RUNTIME_DIR/gunicorn.ctl, else ~/.gunicorn/gunicorn.ctl:
    # a socket through which anyone who can reach it changes the worker count or shuts the server down.
    home = tmp_path / "home"
    home.mkdir()
    with gunicorn(workers=1, env={"HOME": str(home), "XDG_RUNTIME_DIR": str(home)}) as server:
        assert server.url
        sockets = [path for path in home.rglob("*") if path.is_socket()]
    assert sockets == [], sockets
