"""The deployment topology (topology/), started once per test module that asks for it, as `make topology` starts it.

It needs root (network namespaces), Patroni, etcd, nginx, Redis and the
PostgreSQL 15 server programs. Elsewhere these tests skip with the reason
printed; in CI, which installs all of them (.ci/run), a missing one fails.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import IN_CI, requires_postgres
from topology.layout import ROOT, Topology, requirements_missing
from topology.netns import remove_slot

# The whole start, not one step of it (each has its own deadline in topology.layout):
# about 3 minutes on a loaded two-core machine.
START_DEADLINE = 900.0
STOP_DEADLINE = 180.0


def requires_root() -> None:
    if os.geteuid() != 0:
        if IN_CI:
            pytest.fail("the topology needs root, and CI runs as root")
        print("SKIP reason: the topology needs root")
        pytest.skip("the topology needs root")


def requires_topology() -> None:
    requires_postgres()
    missing = requirements_missing()
    if missing:
        if IN_CI:
            pytest.fail(f"the topology needs {', '.join(missing)}, and CI must provide it (.ci/run)")
        print(f"SKIP reason: the topology needs {', '.join(missing)}")
        pytest.skip(f"the topology needs {', '.join(missing)}")


@dataclass
class Running:
    """`python -m topology` in the background, and this process attached to it through its state file."""

    process: subprocess.Popen[bytes]
    state: Path
    output: Path
    topology: Topology

    def output_tail(self, lines: int = 40) -> str:
        return "\n".join(self.output.read_text(errors="replace").splitlines()[-lines:])


def _wait_for_state(process: subprocess.Popen[bytes], state: Path, output: Path) -> None:
    deadline = time.monotonic() + START_DEADLINE
    while not state.exists():
        tail = "\n".join(output.read_text(errors="replace").splitlines()[-40:])
        if process.poll() is not None:
            pytest.fail(f"python -m topology exited {process.returncode} before it was up:\n{tail}")
        if time.monotonic() > deadline:
            pytest.fail(f"python -m topology not up within {START_DEADLINE:.0f}s:\n{tail}")
        time.sleep(1)


def _stop(process: subprocess.Popen[bytes], topology: Topology | None) -> None:
    """SIGTERM, as at the end of `make topology`; what would not stop is killed and its namespaces removed.

    (A topology that exited by itself is left alone: its slot may be another's
    by now, and the next start in it removes what it left.)
    """
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=STOP_DEADLINE)
        return
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=30)
    if topology is not None and topology.slot is not None:
        remove_slot(topology.slot.number)
        shutil.rmtree(topology.dir, ignore_errors=True)


@pytest.fixture(scope="module")
def running_topology(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    """A whole deployment: two app hosts behind nginx, Patroni pair, etcd, Redis; stopped afterwards, pass or fail."""
    requires_topology()
    folder = tmp_path_factory.mktemp("topology")
    state, output = folder / "running.json", folder / "topology.out"
    with output.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "topology", "--rtt-ms", "2", "--state", str(state)],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    topology: Topology | None = None
    try:
        _wait_for_state(process, state, output)
        topology = Topology.attach(state)
        yield Running(process, state, output, topology)
    finally:
        if topology is not None:
            topology.detach()
        _stop(process, topology)


@pytest.fixture(scope="module")
def topology(running_topology: Running) -> Topology:
    return running_topology.topology
