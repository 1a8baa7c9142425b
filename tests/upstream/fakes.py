"""Fake upstreams (each a real server in its own process) and a toolguard guarding them; their fixtures are in tests/conftest.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from core.models import Customer
from tests.live import ROOT, Gunicorn, child_env, free_port, stop_process, unique, wait_http

HERE = Path(__file__).resolve().parent


TOKEN = "orders-secret-token"


TOOLS = ["orders_refund", "orders_lookup", "crm_lookup_customer", "crm_add_credit"]


class FakeUpstream:
    """One fake upstream process on a port of its own; stop() and start() keep the port."""

    def __init__(self, script: str, health: str) -> None:
        self.script = str(HERE / script)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.health = health
        self.log = tempfile.NamedTemporaryFile(prefix="fake-upstream-", suffix=".log", delete=False)
        self.proc: subprocess.Popen[Any] | None = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, self.script, str(self.port)],
            cwd=ROOT,
            env={**os.environ, "FAKE_ORDERS_TOKEN": TOKEN},
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_http(f"{self.url}{self.health}", proc=self.proc)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc)
            self.proc = None

    def admin(self, path: str, body: dict[str, Any]) -> None:
        httpx.post(f"{self.url}/_admin/{path}", json=body, timeout=5).raise_for_status()

    def effects(self) -> dict[str, Any]:
        return httpx.get(f"{self.url}/_admin/effects", timeout=5).json()  # type: ignore[no-any-return]


@dataclass
class Guarded:
    """toolguard in front of the fakes: gunicorn, the fakes, and an agent key for a fresh customer."""

    server: Gunicorn
    http: FakeUpstream
    mcp: FakeUpstream
    customer: Customer
    key: str
    env: dict[str, str]
    blocker: Any

    def call(self, name: str, arguments: dict[str, Any], *, session: str = "") -> httpx.Response:
        body = {"id": unique("c-"), "name": name, "arguments": arguments, "session_id": session or unique("s")}
        return httpx.post(
            f"{self.server.url}/api/v1/tool-calls",
            json=body,
            headers={"Authorization": f"Bearer {self.key}"},
            timeout=30,
        )

    def get(self, call_id: str) -> dict[str, Any]:
        response = httpx.get(
            f"{self.server.url}/api/v1/tool-calls/{call_id}",
            headers={"Authorization": f"Bearer {self.key}"},
            timeout=10,
        )
        return response.json()  # type: ignore[no-any-return]

    def wait_settled(self, call_id: str, *, timeout: float = 120) -> dict[str, Any]:
        """Poll GET of the call until the upstream's outcome is known."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            answer = self.get(call_id)
            if answer["status"] != "dispatching":
                return answer
            time.sleep(0.5)
        raise TimeoutError(f"call {call_id} still dispatching after {timeout}s")


def upstream_env(http: FakeUpstream, mcp: FakeUpstream, **extra: str) -> dict[str, str]:
    return child_env(
        TOOLGUARD_UPSTREAM_MODULES="tests.upstream.registered",
        FAKE_HTTP_URL=http.url,
        FAKE_MCP_URL=f"{mcp.url}/mcp",
        FAKE_ORDERS_AUTHORIZATION=f"Bearer {TOKEN}",
        TOOLGUARD_UPSTREAM_RETRY_SECONDS="1",
        **extra,
    )


class Worker:
    """A real django-q2 cluster (qcluster) in its own process group, so it can be killed whole."""

    def __init__(self, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "manage.py", "qcluster"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def kill(self) -> None:
        """SIGKILL the whole cluster: no clean shutdown, no task handed back."""
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=15)

    def stop(self) -> None:
        # Tests stop the worker once their calls are settled, so nothing is in
        # flight; a graceful qcluster shutdown would only add its grace period.
        if self.proc.poll() is None:
            self.kill()
