"""Hosts as Linux network namespaces on one bridge, and the processes that run in them.

Each topology takes a free slot N (a lock file held for its life), so two can
run side by side (CI's two test processes, a developer's `make topology`):
namespaces `tgN-<host>`, bridge `tgbrN`, addresses 10.77.N.0/24. A slot whose
lock is no longer held belongs to a topology that died without tidying up;
the next start removes what it left (processes, namespaces, bridge).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import IO, Any

LOCK_DIR = Path("/run/toolguard-topology")
SLOTS = range(1, 200)


class TopologyError(RuntimeError):
    pass


def ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    if check and done.returncode != 0:
        raise TopologyError(f"ip {' '.join(args)}: {done.stderr.strip()}")
    return done


def namespaces() -> list[str]:
    out = ip("netns", "list", check=False).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def namespace_pids(namespace: str) -> list[int]:
    out = ip("netns", "pids", namespace, check=False).stdout
    return [int(pid) for pid in out.split() if pid.isdigit()]


def kill_pids(pids: list[int], *, grace: float) -> None:
    """SIGTERM, then SIGKILL whatever is left once the grace has passed."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and any(process_alive(pid) for pid in pids):
        time.sleep(0.1)
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (our own child not yet reaped) is dead for our purposes.
    with contextlib.suppress(OSError):
        if Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1].startswith("Z"):
            return False
    return True


def remove_slot(slot: int, *, grace: float = 5.0) -> None:
    """Stop every process in the slot's namespaces, then delete them and the bridge."""
    owned = [name for name in namespaces() if name.startswith(f"tg{slot}-")]
    pids = [pid for name in owned for pid in namespace_pids(name)]
    if pids:
        kill_pids(pids, grace=grace)
    for name in owned:
        ip("netns", "del", name, check=False)
    ip("link", "del", f"tgbr{slot}", check=False)


class Slot:
    """An exclusive claim on 10.77.N.0/24 and the names that go with it."""

    _handle: IO[str] | None

    def __init__(self, files: Path) -> None:
        LOCK_DIR.mkdir(parents=True, exist_ok=True)
        for number in SLOTS:
            # Opened without truncating: the holder wrote its files' directory there.
            handle = open(LOCK_DIR / f"{number}.lock", "a+")  # held for the topology's life
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                continue
            self.number, self._handle = number, handle
            # Whatever a dead topology left in this slot goes first: processes,
            # namespaces, and its directory (database files of two clusters).
            remove_slot(number)
            handle.seek(0)
            left = Path(handle.read().strip() or "/nonexistent")
            if left.name.startswith("toolguard-topology-") and left != files:
                shutil.rmtree(left, ignore_errors=True)
            handle.seek(0)
            handle.truncate()
            handle.write(str(files))
            handle.flush()
            return
        raise TopologyError(f"no free topology slot in {LOCK_DIR}")

    @property
    def subnet(self) -> str:
        return f"10.77.{self.number}.0/24"

    def address(self, last: int) -> str:
        return f"10.77.{self.number}.{last}"

    @classmethod
    def held_elsewhere(cls, number: int) -> Slot:
        """The slot of a topology another process started and holds (topology.layout.Topology.attach)."""
        slot = cls.__new__(cls)
        slot.number, slot._handle = number, None
        return slot

    def release(self) -> None:
        if self._handle is None:
            raise TopologyError(f"slot {self.number} belongs to the process that started its topology")
        remove_slot(self.number)
        self._handle.close()


class Network:
    """A bridge in the machine's own namespace (10.77.N.1), so tests and benches here reach every host."""

    def __init__(self, slot: Slot) -> None:
        self.slot = slot
        self.bridge = f"tgbr{slot.number}"
        ip("link", "add", self.bridge, "type", "bridge")
        ip("addr", "add", f"{slot.address(1)}/24", "dev", self.bridge)
        ip("link", "set", self.bridge, "up")

    def host(self, name: str, last: int) -> Host:
        return Host.create(self, name, self.slot.address(last))


class Host:
    """One network namespace with a veth into the bridge: a machine of its own, as far as sockets go.

    `processes` are the ones this process started there; `started_elsewhere`
    names (label: pid) those another process started, when this one attached
    to a running topology.
    """

    def __init__(self, name: str, address: str, namespace: str, *, started_elsewhere: dict[str, int] | None = None):
        self.name = name
        self.address = address
        self.namespace = namespace
        self.processes: dict[str, subprocess.Popen[Any]] = {}
        self.started_elsewhere = dict(started_elsewhere or {})

    @classmethod
    def create(cls, network: Network, name: str, address: str) -> Host:
        host = cls(name, address, f"tg{network.slot.number}-{name}")
        outside, inside = f"{host.namespace}o", f"{host.namespace}i"
        ip("netns", "add", host.namespace)
        ip("link", "add", outside, "type", "veth", "peer", "name", inside)
        ip("link", "set", inside, "netns", host.namespace)
        ip("link", "set", outside, "master", network.bridge)
        ip("link", "set", outside, "up")
        host.exec("ip", "link", "set", "lo", "up")
        host.exec("ip", "addr", "add", f"{address}/24", "dev", inside)
        host.exec("ip", "link", "set", inside, "up")
        host.exec("ip", "route", "add", "default", "via", network.slot.address(1))
        return host

    def command(self, *argv: str, user: str | None = None) -> list[str]:
        prefix = ["ip", "netns", "exec", self.namespace]
        if user:
            # setpriv execs in place (runuser forks), so the pid we hold is the program's own.
            prefix += ["setpriv", f"--reuid={user}", f"--regid={user}", "--init-groups", "--"]
        return [*prefix, *argv]

    def exec(self, *argv: str, user: str | None = None, timeout: float = 120, **kwargs: Any) -> str:
        done = subprocess.run(self.command(*argv, user=user), capture_output=True, text=True, timeout=timeout, **kwargs)
        if done.returncode != 0:
            raise TopologyError(f"{self.name}: {' '.join(argv)} exited {done.returncode}: {done.stderr}{done.stdout}")
        return done.stdout

    def spawn(
        self,
        label: str,
        *argv: str,
        log: IO[bytes],
        user: str | None = None,
        env: dict[str, str] | None = None,
        cwd: str | Path | None = None,
    ) -> subprocess.Popen[Any]:
        proc = subprocess.Popen(
            self.command(*argv, user=user),
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
            cwd=cwd,
            # Its own process group: Ctrl-C at `make topology` reaches us, and we stop hosts in order.
            start_new_session=True,
        )
        self.processes[label] = proc
        return proc

    def pids(self) -> list[int]:
        """Every live process in the namespace, whoever started it."""
        return [pid for pid in namespace_pids(self.namespace) if process_alive(pid)]

    def labelled(self) -> dict[str, int]:
        """label: pid of the processes known by name that still run here."""
        running = set(self.pids())
        known = {**self.started_elsewhere, **{label: proc.pid for label, proc in self.processes.items()}}
        return {label: pid for label, pid in known.items() if pid in running}

    def kill(self, *, grace: float = 5.0, keep: tuple[str, ...] = ()) -> None:
        """Stop everything on the host, except the processes named in `keep`."""
        kept = {pid for label, pid in self.labelled().items() if label in keep}
        kill_pids([pid for pid in self.pids() if pid not in kept], grace=grace)
        for label, pid in list(self.started_elsewhere.items()):
            if pid not in kept:
                del self.started_elsewhere[label]
        for label, proc in list(self.processes.items()):
            if proc.pid not in kept:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=5)
                del self.processes[label]
