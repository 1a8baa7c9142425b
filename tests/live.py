"""Real servers for tests: gunicorn, Redis and qcluster as subprocesses.

Data for a live server must be committed, so these helpers create it with
autocommit (outside the test transaction), under names unique to the test.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_database_url() -> str:
    """The URL of the database the tests run on, for child processes."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.postgresql":
        user = db.get("USER") or "postgres"
        password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
        return f"postgres://{user}{password}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    return f"sqlite:///{db['NAME']}"


def child_env(**overrides: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"DATABASE_URL": test_database_url(), "REDIS_URL": settings.REDIS_URL, "DEBUG": "false"})
    env.update(overrides)
    return env


def wait_http(url: str, *, timeout: float = 30.0, proc: subprocess.Popen[Any] | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before answering {url}")
        try:
            if httpx.get(url, timeout=1).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise TimeoutError(f"{url} did not answer within {timeout}s")


class Gunicorn:
    def __init__(self, *, workers: int = 4, env: dict[str, str] | None = None, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.metrics_dir = tempfile.mkdtemp(prefix="toolguard-metrics-")
        self.log = tempfile.NamedTemporaryFile(prefix="gunicorn-", suffix=".log", delete=False)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-c",
                "python:toolguard.gunicorn_conf",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(workers),
                "toolguard.wsgi:application",
            ],
            cwd=ROOT,
            env=child_env(PROMETHEUS_MULTIPROC_DIR=self.metrics_dir, **(env or {})),
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        wait_http(f"{self.url}/healthz", proc=self.proc)

    def worker_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout
        return [int(pid) for pid in out.split()]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.metrics_dir, ignore_errors=True)

    def logs(self) -> str:
        return Path(self.log.name).read_text(errors="replace")


@contextmanager
def gunicorn(**kwargs: Any) -> Iterator[Gunicorn]:
    server = Gunicorn(**kwargs)
    try:
        yield server
    finally:
        server.stop()


class RedisServer:
    """A Redis of the test's own on a spare port, so the test may stop it."""

    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            raise RuntimeError("redis-server is not installed")
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[Any] | None = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise TimeoutError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


def unique(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:8]}"


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}
