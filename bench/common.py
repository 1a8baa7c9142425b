"""Helpers shared by the benches: a database of their own, gunicorn, wrk.

Every bench prints one JSON object on stdout; progress goes to stderr so the
JSON can be piped straight into a file or another tool.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else sys.executable
PG_ADMIN_DSN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"

# The MCP `initialize` request a benchmark's client opens each session with.
MCP_INITIALIZE: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "b", "version": "1"}},
}


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def postgres_recreate(name: str, *, template: str = "") -> str:
    """Drop and create a database of the bench's own (a copy of `template` when named); returns its DATABASE_URL."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as conn:
        # FORCE: a server left over from an interrupted run must not block the drop.
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        create = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        if template:
            create += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
        conn.execute(create)
    return f"postgres://postgres@127.0.0.1:5432/{name}"


def redis_flush(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


def manage(*args: str, env: Mapping[str, str]) -> None:
    subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=dict(env), check=True, stdout=subprocess.DEVNULL)


def ensure_wrk() -> str:
    path = shutil.which("wrk")
    if path is None:
        log("wrk is missing: installing it from Debian")
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True, stdout=subprocess.DEVNULL)
        path = shutil.which("wrk")
    if path is None:
        raise RuntimeError("wrk is not installed and could not be installed (apt-get install wrk)")
    return path


def http_post(
    url: str, body: Mapping[str, Any], headers: Mapping[str, str] | None = None
) -> tuple[int, dict[str, str]]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method="POST", headers={"Content-Type": "application/json", **(headers or {})}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers)


def wait_http(url: str, *, proc: subprocess.Popen[Any], timeout: float = 60.0) -> None:
    # A loaded host boots workers slowly: BENCH_BOOT_TIMEOUT_S gives them longer.
    timeout = float(os.environ.get("BENCH_BOOT_TIMEOUT_S", timeout))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout}s")


@contextmanager
def gunicorn(*, workers: int, env: Mapping[str, str], cpus: str | None = None) -> Iterator[str]:
    """A gunicorn on a free port with the production config; yields its base URL.

    `cpus` (taskset's list, e.g. "0" or "0-1") keeps the server, its workers
    and its integrator on those cores: a smaller machine for the app, on this one.
    """
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with (
        tempfile.TemporaryDirectory(prefix="toolguard-bench-metrics-") as metrics_dir,
        tempfile.NamedTemporaryFile(prefix="toolguard-bench-gunicorn-", suffix=".log") as log_file,
    ):
        proc = subprocess.Popen(
            [
                *(["taskset", "-c", cpus] if cpus else []),
                PYTHON,
                "-m",
                "gunicorn",
                "-c",
                "python:toolguard.gunicorn_conf",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "toolguard.wsgi:application",
            ],
            cwd=ROOT,
            # Plain HTTP on loopback: a script's client would never send a Secure cookie back.
            env={**env, "PROMETHEUS_MULTIPROC_DIR": metrics_dir, "DEBUG": "false", "SECURE_COOKIES": "false"},
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_http(f"{url}/healthz", proc=proc)
            yield url
        except BaseException:
            log("gunicorn log tail:\n" + Path(log_file.name).read_text(errors="replace")[-4000:])
            raise
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def lua_string(value: str) -> str:
    """A Lua long-bracket literal: no escaping needed for JSON bodies."""
    level = "="
    while f"]{level}]" in value:
        level += "="
    return f"[{level}[{value}]{level}]"


# Appended to every wrk script: per-thread counts of what came back, and one
# machine-readable line with the latency distribution when the run ends.
WRK_REPORT_LUA = r"""
local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

fresh, replayed, non2xx, codes = 0, 0, 0, {}

function response(status, headers, body)
  if status >= 200 and status < 300 then
    if headers["Idempotent-Replayed"] then replayed = replayed + 1 else fresh = fresh + 1 end
  else
    non2xx = non2xx + 1
    codes[status] = (codes[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local f, r, x, merged = 0, 0, 0, {}
  for _, t in ipairs(threads) do
    f = f + t:get("fresh")
    r = r + t:get("replayed")
    x = x + t:get("non2xx")
    for status, count in pairs(t:get("codes")) do
      merged[tostring(status)] = (merged[tostring(status)] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(merged) do table.insert(parts, string.format('"%s":%d', status, count)) end
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f,' ..
    '"fresh_2xx":%d,"replayed_2xx":%d,"non_2xx":%d,"non_2xx_by_status":{%s},' ..
    '"socket_errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d}}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean, f, r, x, table.concat(parts, ","), e.connect, e.read, e.write, e.timeout))
end
"""


def wrk_run(url: str, script: str, *, connections: int, threads: int, duration_s: int, workdir: Path) -> dict[str, Any]:
    """Run wrk with a Lua script (WRK_REPORT_LUA is appended) and return its report."""
    path = workdir / f"wrk-{time.monotonic_ns()}.lua"
    path.write_text(script + WRK_REPORT_LUA)
    completed = subprocess.run(
        [
            ensure_wrk(),
            "-t",
            str(threads),
            "-c",
            str(connections),
            "-d",
            f"{duration_s}s",
            "--timeout",
            "10s",
            "-s",
            str(path),
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    for line in completed.stdout.splitlines():
        if line.startswith("WRKJSON "):
            report: dict[str, Any] = json.loads(line.removeprefix("WRKJSON "))
            seconds = report["duration_us"] / 1e6
            report["calls_per_s"] = round(report["requests"] / seconds, 1) if seconds else 0.0
            return report
    raise RuntimeError(f"wrk printed no report:\n{completed.stdout}\n{completed.stderr}")


class CpuMonitor:
    """Cores used by the bench and by everything else while a measurement runs.

    The benches share the machine with whatever else runs on it; a figure
    taken while other work used a core is not the figure of an idle machine,
    so each measurement says how much else was going on.
    """

    def __init__(self, *, database: str, interval_s: float = 0.5) -> None:
        self.database = database
        self.interval_s = interval_s
        self.ticks = {"bench": 0, "other": 0}
        # The bench's ticks again, by the kind of process that spent them.
        self.kinds: dict[str, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._started = 0.0
        self._elapsed = 0.0

    def __enter__(self) -> CpuMonitor:
        self._started = time.monotonic()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._elapsed = time.monotonic() - self._started

    def cores(self) -> dict[str, float]:
        per_second = os.sysconf("SC_CLK_TCK") * max(self._elapsed, 1e-9)
        cores: dict[str, Any] = {
            f"{name}_cpu_cores": round(ticks / per_second, 2) for name, ticks in self.ticks.items()
        }
        cores["bench_cpu_cores_by_process"] = {
            kind: round(ticks / per_second, 3) for kind, ticks in sorted(self.kinds.items())
        }
        return cores

    def cpu_ms_per_call(self, calls_per_s: float) -> dict[str, float]:
        """Milliseconds of CPU each kind of the bench's processes spent per call answered."""
        if not calls_per_s:
            return {}
        by_kind = self.cores()["bench_cpu_cores_by_process"]
        per_call = {kind: round(cores / calls_per_s * 1000, 2) for kind, cores in by_kind.items()}
        per_call["all"] = round(sum(by_kind.values()) / calls_per_s * 1000, 2)
        return per_call

    def _kind(self, cmdline: str) -> str:
        if "gunicorn" in cmdline:
            return "app_server"
        if "topology.delayproxy" in cmdline:
            # The forwarder stands in for the network (netem is missing here): CPU a real wire would not take.
            return "forwarder"
        if self.database in cmdline:
            return "postgresql"
        if cmdline.startswith("redis-server"):
            return "redis"
        if "wrk" in cmdline.split(" ", 1)[0]:
            return "load_generator"
        return "bench_driver"

    @staticmethod
    def _sample() -> dict[int, tuple[int, int, str]]:
        """pid -> (parent pid, CPU ticks so far, command line)."""
        processes = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue  # exited while being read
            fields = stat[stat.rindex(")") + 2 :].split()
            processes[int(entry.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]), cmdline)
        return processes

    def _is_bench(self, pid: int, processes: dict[int, tuple[int, int, str]]) -> bool:
        cmdline = processes[pid][2]
        if self.database in cmdline or cmdline.startswith("redis-server"):
            return True
        me, seen = os.getpid(), 0
        while pid in processes and seen < 64:
            if pid == me:
                return True
            pid, seen = processes[pid][0], seen + 1
        return False

    def _run(self) -> None:
        before = self._sample()
        stopped = False
        while not stopped:
            # One last sample once stopped: the final interval's ticks count too.
            stopped = self._stop.wait(self.interval_s)
            now = self._sample()
            for pid, (_, ticks, _) in now.items():
                # A process born since the last sample spent all its ticks inside this interval.
                spent = max(ticks - before[pid][1] if pid in before else ticks, 0)
                if self._is_bench(pid, now):
                    self.ticks["bench"] += spent
                    kind = self._kind(now[pid][2])
                    self.kinds[kind] = self.kinds.get(kind, 0) + spent
                else:
                    self.ticks["other"] += spent
            before = now


def machine() -> dict[str, Any]:
    return {"cores": os.cpu_count(), "python": sys.version.split()[0]}
