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
from django.db import connection, connections

ROOT = Path(__file__).resolve().parent.parent


def stop_process(proc: subprocess.Popen[Any], grace: float = 15) -> None:
    """SIGTERM, then SIGKILL once the grace has passed: a server still holding a
    slow client open must not fail the test that was only tidying up."""
    proc.terminate()
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=30)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_database_url() -> str:
    """The URL of the database the tests run on, for child processes."""
    db = connection.settings_dict
    if connection.vendor == "postgresql":
        user = db.get("USER") or "postgres"
        password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
        return f"postgres://{user}{password}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"
    return f"sqlite:///{db['NAME']}"


def child_env(**overrides: str) -> dict[str, str]:
    env = dict(os.environ)
    # Test servers speak plain HTTP, where a client library (unlike a browser
    # on localhost) would never send back a Secure cookie.
    env.update(
        {
            "DATABASE_URL": test_database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "DEBUG": "false",
            "SECURE_COOKIES": "false",
            # Reviewers in these servers decide without a second factor unless a
            # test asks for step-up (the incident browser test, tests/staff).
            "TOOLGUARD_STEP_UP_CENTS": str(10**12),
            # Two test processes and their servers share two cores: a worker can
            # wait its turn longer than production's 0.5 s without Redis being gone.
            "REDIS_SOCKET_TIMEOUT": "3",
        }
    )
    env.update(overrides)
    return env


def wait_http(url: str, *, timeout: float = 90.0, proc: subprocess.Popen[Any] | None = None) -> None:
    """Poll until `url` answers; the deadline is generous (a loaded machine starts servers slowly), the wait is not."""
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
        try:
            wait_http(f"{self.url}/healthz", proc=self.proc)
        except BaseException:
            # Never leave a half-started server holding the test database open.
            self.stop()
            raise

    def worker_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout
        return [int(pid) for pid in out.split()]

    def stop(self) -> None:
        stop_process(self.proc)
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
            stop_process(self.proc, grace=10)
            self.proc = None


def unique(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:8]}"


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def postgres_bindir() -> Path | None:
    """Where the PostgreSQL server programs (initdb, pg_ctl) are, if installed."""
    candidates = [Path("/usr/lib/postgresql/15/bin"), *sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)]
    for candidate in candidates:
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    found = shutil.which("initdb")
    return Path(found).parent if found and shutil.which("pg_ctl") else None


class PostgresServer:
    """A throwaway PostgreSQL cluster of the test's own on a spare port, so the test may stop it.

    The machine's shared PostgreSQL (other tests, CI, people) is never touched.
    As root the cluster runs as the `postgres` user, which PostgreSQL requires.
    """

    def __init__(self) -> None:
        bindir = postgres_bindir()
        if bindir is None:
            raise RuntimeError("the PostgreSQL server programs (initdb, pg_ctl) are not installed")
        self.bindir = bindir
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="toolguard-pg-"))
        self.data = self.root / "data"
        self.logfile = self.root / "postgres.log"
        self.as_postgres = os.geteuid() == 0
        try:
            if self.as_postgres:
                shutil.chown(self.root, "postgres", "postgres")
            self._pg("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C")
            self.start()
        except BaseException:
            self.cleanup()
            raise

    def _pg(self, program: str, *args: str) -> None:
        command = [str(self.bindir / program), *args]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, cwd=self.root, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{program} {' '.join(args)} exited {done.returncode}: {done.stderr}{done.stdout}")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._pg("pg_ctl", "-D", str(self.data), "-l", str(self.logfile), "-o", options, "-w", "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        self._pg("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def restart(self, pause: float = 2.0) -> None:
        self.stop()
        time.sleep(pause)
        self.start()

    def url(self, dbname: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{dbname}"

    def connect(self, dbname: str = "postgres") -> Any:
        import psycopg

        return psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname=dbname, autocommit=True)

    def create_database(self, name: str) -> str:
        with self.connect() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def logs(self) -> str:
        try:
            return self.logfile.read_text(errors="replace")
        except OSError:
            return ""

    def cleanup(self) -> None:
        if (self.data / "postmaster.pid").exists():
            try:
                self.stop("immediate")
            except (RuntimeError, subprocess.TimeoutExpired):
                pass
        shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer()
    try:
        yield server
    finally:
        server.cleanup()


# Debian's Chromium, headless; the flags keep it off a network it cannot reach.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def require_chromium() -> None:
    """Skip with a printed reason where Chromium is missing; in CI that is a failure."""
    import pytest

    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{CHROMIUM} is missing, and CI must provide it (apt-get install chromium)")
        print(f"SKIP reason: {CHROMIUM} is not installed (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is not installed")


@contextmanager
def chromium_browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (skipped with its reason where it is missing).

    Playwright's event loop lives in the calling thread while the tests also
    use the ORM, which is plain synchronous code here: hence the async-unsafe switch.
    """
    require_chromium()
    import pytest
    from playwright.sync_api import sync_playwright

    with pytest.MonkeyPatch.context() as patch, sync_playwright() as playwright:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def database(blocker: Any) -> Iterator[None]:
    """Committed reads and writes from a test while Playwright runs (`blocker`: pytest-django's django_db_blocker).

    Under Playwright's sync API the test code gets its own context, so Django
    opens another connection for it; close it afterwards, or it stays open
    and the test database cannot be dropped at the end of the run.
    """
    with blocker.unblock():
        try:
            yield
        finally:
            connections.close_all()


def shared_audit_keys() -> tuple[Path, Path]:
    """One audit signing key pair per test database, for live servers that share it.

    The log records its signing key (audit.keys: a key history); a committed
    test database is one log, so every server signing for it uses the same
    key, as a deployment's hosts do. (A test of another key uses its own
    database, as tests/audit/test_tamper.py does.)
    """
    from audit.keys import PRIVATE_KEY_FILE, PUBLIC_KEY_FILE, SigningKeyError, keypair_write

    directory = ROOT / "var" / "test-audit-keys" / str(connection.settings_dict["NAME"])
    try:
        return keypair_write(directory)
    except SigningKeyError:  # made by an earlier test, or by another test process at the same moment
        return directory / PRIVATE_KEY_FILE, directory / PUBLIC_KEY_FILE
