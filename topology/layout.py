"""The whole deployment as hosts on one machine (docs/operations.md, "The topology").

    etcd   10.77.N.10   etcd (Patroni's consensus store)
    db1    10.77.N.11   Patroni + PostgreSQL 15   } synchronous replication,
    db2    10.77.N.12   Patroni + PostgreSQL 15   } one leader at a time
    redis  10.77.N.13   Redis (locks, hot cache, django-q2 broker)
    app1   10.77.N.21   nginx -> gunicorn, django-q2 worker
    app2   10.77.N.22   nginx -> gunicorn, django-q2 worker

Every server listens on its host's loopback; a delaying forwarder
(topology.delayproxy) on the host's address is the only way in from another
host, so each hop between hosts costs the configured round trip. The machine's
own namespace sits on the bridge at 10.77.N.1 and reaches every host (tests,
benches, a browser).

A started topology describes itself in `<its directory>/topology.json` (the
state file, removed first thing on stop); another process attaches to it with
`Topology.attach(path)` and drives it with the same methods, except stop().
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import httpx

from topology.netns import LOCK_DIR, Host, Network, Slot, TopologyError, kill_pids, namespaces, process_alive

ROOT = Path(__file__).resolve().parent.parent
CONF = Path(__file__).resolve().parent / "conf"
PG_BIN = Path(os.environ.get("TOPOLOGY_PG_BIN", "/usr/lib/postgresql/15/bin"))
DB_HOSTS = {"db1": 11, "db2": 12}
APP_HOSTS = {"app1": 21, "app2": 22}
DATABASE = "toolguard"
# Generous: a loaded two-core machine starts a Patroni pair in 12 s when idle.
START_DEADLINE = 180.0
STATE_NAME = "topology.json"
STATE_VERSION = 1
# Where `python -m topology` (make topology) points at the state file of the
# topology it runs, unless told otherwise (--state); bench/failover.py --running reads it.
RUNNING_STATE = LOCK_DIR / "running.json"


def render(template: str, values: dict[str, str]) -> str:
    """{{name}} placeholders (nginx and YAML both use $ and {} themselves)."""
    text = (CONF / template).read_text()
    for name, value in values.items():
        text = text.replace("{{" + name + "}}", value)
    if "{{" in text:
        raise TopologyError(f"{template}: unfilled placeholder near {text[text.index('{{') :][:40]!r}")
    return text


# Each program the topology runs, and the Debian 12 package that installs it.
PACKAGES = {
    "ip": "iproute2",
    "patroni": "patroni",
    "etcd": "etcd-server",
    "nginx": "nginx",
    "redis-server": "redis-server",
    "setpriv": "util-linux",
}
PG_PACKAGE = "postgresql-15"


def requirements_missing() -> list[str]:
    """What this machine lacks to run the topology (empty: it can)."""
    missing = []
    if os.geteuid() != 0:
        missing.append("root (network namespaces)")
    for program in PACKAGES:
        if shutil.which(program) is None:
            missing.append(program)
    if not (PG_BIN / "postgres").exists():
        missing.append(f"PostgreSQL 15 server programs in {PG_BIN}")
    return missing


def install_hint(missing: list[str]) -> str:
    """The one command that installs what is missing (Debian 12 package names), or "" if no package would."""
    packages = [PACKAGES[item] for item in missing if item in PACKAGES]
    if any(item.startswith("PostgreSQL") for item in missing):
        packages.append(PG_PACKAGE)
    if not packages:
        return ""
    # The distribution's services are not wanted: the topology starts its own in namespaces.
    return (
        f"install with: sudo apt-get install -y {' '.join(packages)}"
        " (then `sudo systemctl disable --now patroni etcd nginx redis-server postgresql` if they started:"
        " the topology runs its own in namespaces)"
    )


def requirements_message(missing: list[str]) -> str:
    hint = install_hint(missing)
    rerun = "; run it as root (sudo make topology)" if "root (network namespaces)" in missing else ""
    return f"cannot start the topology, missing: {', '.join(missing)}" + (f"; {hint}" if hint else "") + rerun


def read_state(path: Path) -> dict[str, Any]:
    """The state file of a topology that is running now, or a TopologyError saying in one line why there is none."""
    if os.geteuid() != 0:
        raise TopologyError("drilling a running topology needs root (its hosts are network namespaces)")
    try:
        text = path.read_text()
    except FileNotFoundError:
        if path.is_symlink():
            raise TopologyError(f"no running topology: {path} points to {os.readlink(path)}, which is gone") from None
        raise TopologyError(f"no running topology: {path} does not exist (`sudo make topology` starts one)") from None
    except OSError as exc:
        raise TopologyError(f"cannot read the topology state file {path}: {exc.strerror}") from None
    try:
        state = json.loads(text)
        version, pid = state["version"], int(state["pid"])
        own = {host["namespace"] for host in state["hosts"].values()}
    except (ValueError, KeyError, TypeError, AttributeError):
        raise TopologyError(f"{path} is not a topology state file") from None
    if version != STATE_VERSION:
        raise TopologyError(f"{path} is a version {version} topology state file; this code reads {STATE_VERSION}")
    # A topology killed outright leaves its file behind: the process and the namespaces say whether it runs.
    if not process_alive(pid):
        raise TopologyError(f"no running topology: the process that started {path} ({pid}) is gone")
    missing = sorted(own - set(namespaces()))
    if missing:
        raise TopologyError(f"no running topology: {path} names namespaces that are gone ({', '.join(missing)})")
    return dict(state)


def wait_for(what: str, check: Callable[[], bool], *, timeout: float, every: float = 0.25) -> float:
    """Poll until `check()` is true; returns the seconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        try:
            if check():
                return time.monotonic() - started
        except (OSError, httpx.HTTPError, subprocess.SubprocessError):
            pass
        time.sleep(every)
    raise TopologyError(f"{what}: not within {timeout:.0f}s")


class Topology:
    """Start with `start()` (or `with Topology() as t:`); `stop()` removes every host and process.

    `Topology.attach(path)` is one that another process started: the same
    methods drive it, and stop() stays with that process.
    """

    def __init__(
        self,
        *,
        rtt_ms: float = 2.0,
        app_workers: int = 2,
        env: dict[str, str] | None = None,
        directory: Path | None = None,
    ) -> None:
        self.rtt_ms = rtt_ms
        self.app_workers = app_workers
        self.extra_env = env or {}
        if directory is None:
            directory = Path(tempfile.mkdtemp(prefix="toolguard-topology-"))
            # PostgreSQL runs as postgres and must reach its directory below this one.
            os.chmod(directory, 0o711)  # noqa: S103 - traversal only: nothing in it is listed or readable
        self.dir = directory
        self.superuser_password = secrets.token_urlsafe(18)
        self.replication_password = secrets.token_urlsafe(18)
        self.slot: Slot | None = None
        self.hosts: dict[str, Host] = {}
        self.logs: dict[str, IO[bytes]] = {}
        self.credentials: dict[str, Any] = {}
        # Set when this object attached to a topology another process started (and will stop).
        self.owner_pid: int | None = None

    @classmethod
    def attach(cls, path: Path | str = RUNNING_STATE) -> Topology:
        """The running topology a state file describes, to drill, crash and restart; stop() stays with its owner."""
        state = read_state(Path(path))
        topology = cls(
            rtt_ms=float(state["rtt_ms"]),
            app_workers=int(state["app_workers"]),
            env=dict(state["env"]),
            directory=Path(state["dir"]),
        )
        topology.superuser_password = state["superuser_password"]
        topology.replication_password = state["replication_password"]
        topology.secret_key = state["secret_key"]
        topology.slot = Slot.held_elsewhere(int(state["slot"]))
        topology.hosts = {
            name: Host(name, host["address"], host["namespace"], started_elsewhere=host["forwarders"])
            for name, host in state["hosts"].items()
        }
        topology.credentials = dict(state["credentials"])
        topology.owner_pid = int(state["pid"])
        return topology

    @property
    def state_file(self) -> Path:
        return self.dir / STATE_NAME

    # --- addresses and URLs ---------------------------------------------------------------

    def address(self, host: str) -> str:
        return self.hosts[host].address

    @property
    def app_urls(self) -> list[str]:
        return [f"http://{self.address(name)}" for name in APP_HOSTS]

    def database_url(self, *, attrs: str = "read-write") -> str:
        hosts = ",".join(f"{self.address(name)}:5432" for name in DB_HOSTS)
        return f"postgres://postgres:{self.superuser_password}@{hosts}/{DATABASE}?target_session_attrs={attrs}"

    @property
    def redis_url(self) -> str:
        return f"redis://{self.address('redis')}:6379/0"

    def patroni_url(self, node: str) -> str:
        return f"http://{self.address(node)}:8008"

    def app_env(self) -> dict[str, str]:
        """What every app host's gunicorn and worker run with (and manage.py from this machine)."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PG", "DATABASE_", "REDIS_"))}
        env.update(
            {
                "DATABASE_URL": self.database_url(),
                # Any host that is a standby; none (standby down) and reads fall back to the primary.
                "DATABASE_REPLICA_URL": self.database_url(attrs="standby"),
                "REDIS_URL": self.redis_url,
                "SECRET_KEY": self.secret_key,
                "ALLOWED_HOSTS": "*",
                "DEBUG": "false",
                "SECURE_COOKIES": "false",
                # nginx on the same host is the only proxy whose X-Forwarded-For counts.
                "TOOLGUARD_TRUSTED_PROXIES": "127.0.0.1/32",
                "TOOLGUARD_AUDIT_SIGNING_KEY": str(self.dir / "keys" / "audit-signing.pem"),
                "TOOLGUARD_AUDIT_PUBLIC_KEY": str(self.dir / "keys" / "audit-signing.pub.pem"),
                "TOOLGUARD_AUDIT_CHECKPOINT_LOG": str(self.dir / "audit-checkpoints.jsonl"),
                # Two hosts on two shared cores: Redis may wait its turn longer than production's 0.5 s.
                "REDIS_SOCKET_TIMEOUT": "3",
            }
        )
        env.update(self.extra_env)
        return env

    # --- lifecycle ---------------------------------------------------------------------------

    def __enter__(self) -> Topology:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self, *, progress: Callable[[str], None] = lambda line: None) -> None:
        if self.owner_pid is not None:
            raise TopologyError(f"this topology is already running, started by process {self.owner_pid}")
        missing = requirements_missing()
        if missing:
            raise TopologyError(requirements_message(missing))
        self.secret_key = secrets.token_urlsafe(40)
        try:
            self.slot = Slot(self.dir)
            network = Network(self.slot)
            for name, last in {"etcd": 10, **DB_HOSTS, "redis": 13, **APP_HOSTS}.items():
                self.hosts[name] = network.host(name, last)
            progress(f"hosts up in 10.77.{self.slot.number}.0/24 (rtt {self.rtt_ms} ms between them)")
            self._start_etcd()
            self._start_redis()
            for name in DB_HOSTS:
                self._start_patroni(name)
            took = wait_for("a Patroni leader and a synchronous standby", self.cluster_formed, timeout=START_DEADLINE)
            progress(f"PostgreSQL: leader {self.leader()} with a synchronous standby after {took:.1f}s")
            self._prepare_database()
            progress("database migrated and the demo bank seeded")
            for name in APP_HOSTS:
                self._start_app(name)
            for name in APP_HOSTS:
                wait_for(f"{name} ready", functools.partial(self._app_ready, name), timeout=START_DEADLINE)
            progress("app hosts ready")
            self._write_state()
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Everything goes, whatever state it is in: processes, namespaces, bridge, files."""
        if self.owner_pid is not None:
            owner = self.owner_pid
            raise TopologyError(f"this topology belongs to process {owner}: stop it there (kill -TERM {owner})")
        # The state file first: nobody attaches to a topology on its way down.
        self.state_file.unlink(missing_ok=True)
        # All hosts at once: one grace period, not one per host.
        kill_pids([pid for host in self.hosts.values() for pid in host.pids()], grace=10)
        for host in self.hosts.values():
            host.kill(grace=1)
        self.hosts.clear()
        if self.slot is not None:
            self.slot.release()
            self.slot = None
        self.detach()
        shutil.rmtree(self.dir, ignore_errors=True)

    def point_to_state(self, pointer: Path) -> None:
        """Make `pointer` a symlink to the state file, replacing one a topology that died left behind."""
        pointer.parent.mkdir(parents=True, exist_ok=True)
        temporary = pointer.with_name(f".{pointer.name}.{os.getpid()}")
        temporary.unlink(missing_ok=True)
        temporary.symlink_to(self.state_file)
        os.replace(temporary, pointer)

    def withdraw_pointer(self, pointer: Path) -> None:
        """Remove `pointer` if it still points here (a topology started since may have taken it over)."""
        with contextlib.suppress(OSError):
            if os.readlink(pointer) == str(self.state_file):
                pointer.unlink()

    def detach(self) -> None:
        """Let go of the topology and leave it running (what an attached process ends with)."""
        for log in self.logs.values():
            log.close()
        self.logs.clear()

    def _write_state(self) -> None:
        """What another process needs to drill this topology (read_state, Topology.attach; docs/operations.md)."""
        assert self.slot is not None
        state = {
            "version": STATE_VERSION,
            "pid": os.getpid(),
            "dir": str(self.dir),
            "slot": self.slot.number,
            "rtt_ms": self.rtt_ms,
            "app_workers": self.app_workers,
            "env": self.extra_env,
            "app_urls": self.app_urls,
            "database_url": self.database_url(),
            "database_replica_url": self.database_url(attrs="standby"),
            "redis_url": self.redis_url,
            "hosts": {
                name: {
                    "address": host.address,
                    "namespace": host.namespace,
                    # The forwarders run for the topology's life; what else runs in the
                    # namespace (a database host's Patroni and PostgreSQL) may be restarted.
                    "forwarders": {label: pid for label, pid in host.labelled().items() if label.startswith("delay-")},
                }
                for name, host in self.hosts.items()
            },
            "database_hosts": {
                node: {
                    "patroni_url": self.patroni_url(node),
                    "patroni_config": str(self.dir / node / "patroni.yml"),
                    "data_dir": str(self.dir / node / "data"),
                    "log": str(self.dir / f"{node}.log"),
                }
                for node in DB_HOSTS
            },
            "superuser_password": self.superuser_password,
            "replication_password": self.replication_password,
            "secret_key": self.secret_key,
            "credentials": self.credentials,
        }
        # Written whole, then renamed: a reader never sees half of it. Passwords: root only.
        partial = self.state_file.with_suffix(".partial")
        partial.write_text(json.dumps(state, indent=2) + "\n")
        os.chmod(partial, 0o600)
        os.replace(partial, self.state_file)

    # --- the pieces --------------------------------------------------------------------------

    def _log(self, label: str) -> IO[bytes]:
        if label not in self.logs:
            self.logs[label] = open(self.dir / f"{label}.log", "ab")  # closed in stop()
        return self.logs[label]

    def log_tail(self, label: str, lines: int = 40) -> str:
        path = self.dir / f"{label}.log"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else ""

    def _forward(self, host: str, port: int, *, target_port: int | None = None) -> None:
        """The host's only way in: its address forwards, delayed, to the server on its loopback."""
        h = self.hosts[host]
        h.spawn(
            f"delay-{port}",
            sys.executable,
            "-m",
            "topology.delayproxy",
            "--listen",
            f"{h.address}:{port}",
            "--target",
            f"127.0.0.1:{target_port or port}",
            "--rtt-ms",
            str(self.rtt_ms),
            log=self._log(f"{host}-delay"),
            cwd=ROOT,
        )

    def _start_etcd(self) -> None:
        h = self.hosts["etcd"]
        data = self.dir / "etcd"
        h.spawn(
            "etcd",
            "etcd",
            "--name=etcd1",
            f"--data-dir={data}",
            "--listen-client-urls=http://127.0.0.1:2379",
            f"--advertise-client-urls=http://{h.address}:2379",
            "--listen-peer-urls=http://127.0.0.1:2380",
            "--initial-advertise-peer-urls=http://127.0.0.1:2380",
            "--initial-cluster=etcd1=http://127.0.0.1:2380",
            "--initial-cluster-state=new",
            log=self._log("etcd"),
        )
        self._forward("etcd", 2379)
        wait_for("etcd", lambda: httpx.get(f"http://{h.address}:2379/health", timeout=2).status_code == 200, timeout=60)

    def _start_redis(self) -> None:
        h = self.hosts["redis"]
        h.spawn(
            "redis",
            "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            "6379",
            "--save",
            "",
            "--appendonly",
            "no",
            "--protected-mode",
            "no",
            log=self._log("redis"),
        )
        self._forward("redis", 6379)

    def _start_patroni(self, name: str) -> None:
        h = self.hosts[name]
        run_dir = self.dir / name
        run_dir.mkdir()
        shutil.chown(run_dir, "postgres", "postgres")
        os.chmod(run_dir, 0o700)
        config = run_dir / "patroni.yml"
        config.write_text(
            render(
                "patroni.yml",
                {
                    "name": name,
                    "address": h.address,
                    "etcd": f"{self.address('etcd')}:2379",
                    "subnet": self.slot.subnet if self.slot else "",
                    "data_dir": str(run_dir / "data"),
                    "bin_dir": str(PG_BIN),
                    "run_dir": str(run_dir),
                    "superuser_password": self.superuser_password,
                    "replication_password": self.replication_password,
                },
            )
        )
        shutil.chown(config, "postgres", "postgres")
        self._spawn_patroni(name)
        self._forward(name, 5432)

    def _spawn_patroni(self, name: str) -> None:
        run_dir = self.dir / name
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        env["HOME"] = str(run_dir)
        self.hosts[name].spawn(
            "patroni",
            "patroni",
            str(run_dir / "patroni.yml"),
            log=self._log(name),
            user="postgres",
            env=env,
            cwd=run_dir,
        )

    def patroni(self, node: str) -> dict[str, Any]:
        return dict(httpx.get(f"{self.patroni_url(node)}/patroni", timeout=2).json())

    def cluster(self) -> list[dict[str, Any]]:
        """Patroni's view of the members (asked of any node that answers)."""
        for node in DB_HOSTS:
            try:
                return list(httpx.get(f"{self.patroni_url(node)}/cluster", timeout=2).json()["members"])
            except (httpx.HTTPError, ValueError, KeyError):
                continue
        return []

    def leader(self) -> str | None:
        for member in self.cluster():
            if member.get("role") == "leader" and member.get("state") == "running":
                return str(member["name"])
        return None

    def cluster_formed(self) -> bool:
        """A leader and a synchronous standby, both running (what a failover needs)."""
        for node in DB_HOSTS:
            proc = self.hosts[node].processes.get("patroni")
            if proc is not None and proc.poll() is not None:
                raise TopologyError(f"{node}: Patroni exited {proc.returncode}:\n{self.log_tail(node)}")
        members = self.cluster()
        roles = {m.get("role") for m in members if m.get("state") in ("running", "streaming")}
        return "leader" in roles and "sync_standby" in roles

    def primary_dsn(self) -> str:
        """A libpq connection string to whichever node takes writes now."""
        hosts = ",".join(self.address(name) for name in DB_HOSTS)
        return (
            f"host={hosts} port=5432,5432 user=postgres password={self.superuser_password} dbname={DATABASE} "
            "target_session_attrs=read-write connect_timeout=3"
        )

    def manage(self, *args: str, timeout: float = 600) -> str:
        """manage.py from this machine's namespace against the topology's database and Redis."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.app_env(),
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if done.returncode != 0:
            raise TopologyError(f"manage.py {' '.join(args)} exited {done.returncode}: {done.stderr[-2000:]}")
        return done.stdout

    def _prepare_database(self) -> None:
        import psycopg

        leader = self.leader()
        assert leader is not None
        with psycopg.connect(
            host=self.address(leader),
            port=5432,
            user="postgres",
            password=self.superuser_password,
            dbname="postgres",
            autocommit=True,
        ) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")
        (self.dir / "keys").mkdir()
        self.manage("audit_keygen", str(self.dir / "keys"))
        self.manage("migrate", "--noinput", "-v0")
        self.manage("createcachetable")
        self.credentials = json.loads(self.manage("seed_demo", "--json").strip().splitlines()[-1])

    def _app_ready(self, name: str) -> bool:
        for label, proc in self.hosts[name].processes.items():
            if proc.poll() is not None:
                log = label if label in ("worker", "gunicorn", "nginx") else "delay"
                raise TopologyError(f"{name}: {label} exited {proc.returncode}:\n{self.log_tail(f'{name}-{log}')}")
        return httpx.get(f"http://{self.address(name)}/readyz", timeout=5).status_code == 200

    def _start_app(self, name: str) -> None:
        h = self.hosts[name]
        env = self.app_env()
        metrics = self.dir / f"{name}-metrics"
        metrics.mkdir()
        env["PROMETHEUS_MULTIPROC_DIR"] = str(metrics)
        h.spawn(
            "gunicorn",
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            "python:toolguard.gunicorn_conf",
            "--bind",
            "127.0.0.1:8000",
            "--workers",
            str(self.app_workers),
            "toolguard.wsgi:application",
            log=self._log(f"{name}-gunicorn"),
            env=env,
            cwd=ROOT,
        )
        h.spawn(
            "worker",
            sys.executable,
            "manage.py",
            "qcluster",
            log=self._log(f"{name}-worker"),
            env={**env, "Q_WORKERS": "1"},
            cwd=ROOT,
        )
        prefix = self.dir / f"{name}-nginx"
        prefix.mkdir()
        for temp in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (prefix / temp).mkdir()
            shutil.chown(prefix / temp, "nobody")
        max_body = env.get("TOOLGUARD_MAX_BODY_BYTES") or "1048576"
        conf = prefix / "nginx.conf"
        conf.write_text(
            render(
                "nginx.conf",
                {"prefix": str(prefix), "address": h.address, "user": "nobody nogroup", "max_body_bytes": max_body},
            )
        )
        h.spawn("nginx", "nginx", "-p", str(prefix), "-e", "stderr", "-c", str(conf), log=self._log(f"{name}-nginx"))

    # --- failure ------------------------------------------------------------------------------

    def crash_database_host(self, node: str) -> None:
        """SIGKILL the node's PostgreSQL and its Patroni together, as a host dying would.

        (Killing the postmaster alone makes Patroni restart it in place, with
        no failover.) Its forwarder stays, so clients are refused at once
        rather than left waiting for a timeout.
        """
        self.hosts[node].kill(grace=0, keep=("delay-5432",))

    def restart_database_host(self, node: str) -> None:
        """Patroni again on a crashed node: it rewinds and rejoins as a standby."""
        (self.dir / node / "data" / "postmaster.pid").unlink(missing_ok=True)
        self._spawn_patroni(node)

    def crashed_database_hosts(self) -> list[str]:
        """The database hosts where nothing runs but the forwarder: crashed, and not started again."""
        crashed = []
        for node in DB_HOSTS:
            host = self.hosts[node]
            forwarders = {pid for label, pid in host.labelled().items() if label.startswith("delay-")}
            if not set(host.pids()) - forwarders:
                crashed.append(node)
        return crashed

    def rejoin_database_host(self, node: str, *, timeout: float = START_DEADLINE) -> float:
        """Restart a crashed node and wait until it is the synchronous standby again; returns the seconds it took.

        Until then the leader runs without a synchronous standby, and a second
        crash would have nowhere to fail over to.
        """
        self.restart_database_host(node)
        return wait_for(f"{node} back as the synchronous standby", self._standby_is(node), timeout=timeout)

    def _standby_is(self, node: str) -> Callable[[], bool]:
        def check() -> bool:
            if not self.cluster_formed():
                return False
            return any(m.get("name") == node and m.get("role") == "sync_standby" for m in self.cluster())

        return check

    def summary(self) -> str:
        lines = [f"toolguard topology in 10.77.{self.slot.number if self.slot else '?'}.0/24, rtt {self.rtt_ms} ms:"]
        for name, host in self.hosts.items():
            lines.append(f"  {name:<6} {host.address:<14} netns {host.namespace}")
        lines += [
            *(f"  toolguard (nginx): {url}/review/" for url in self.app_urls),
            f"  DATABASE_URL={self.database_url()}",
            f"  DATABASE_REPLICA_URL={self.database_url(attrs='standby')}",
            f"  REDIS_URL={self.redis_url}",
            *(f"  Patroni {node}: {self.patroni_url(node)}/cluster" for node in DB_HOSTS),
            f"  logs: {self.dir}",
            f"  audit signing key (app hosts): {self.dir / 'keys' / 'audit-signing.pem'}",
            f"  audit public key (verifiers): {self.dir / 'keys' / 'audit-signing.pub.pem'}",
            "  verify the audit log from this shell:",
            f"    DATABASE_URL='{self.database_url()}' {ROOT / '.venv' / 'bin' / 'python'} {ROOT / 'manage.py'}"
            f" verify_audit --public-key {self.dir / 'keys' / 'audit-signing.pub.pem'}"
            f" --checkpoint-log {self.dir / 'audit-checkpoints.jsonl'}",
        ]
        return "\n".join(lines)
