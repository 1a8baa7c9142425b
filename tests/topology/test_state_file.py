"""Attaching to a running topology when there is none: one line saying why, never a drill of nothing.

(Attaching to one that runs is in test_deployment.py, which starts it.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.topology.conftest import requires_root
from topology.layout import ROOT, STATE_VERSION, Topology, TopologyError


def _state(path: Path, **fields: object) -> Path:
    state = {"version": STATE_VERSION, "pid": 1, "hosts": {}, **fields}
    path.write_text(json.dumps(state))
    return path


def _gone_pid() -> int:
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait()
    return done.pid


def test_bench_without_a_running_topology_says_so_in_one_line_and_exits_1(tmp_path: Path) -> None:
    requires_root()
    missing = tmp_path / "running.json"
    done = subprocess.run(
        [sys.executable, "bench/failover.py", "--running", "--state", str(missing)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"bench/failover.py: no running topology: {missing} does not exist (`sudo make topology` starts one)"
    ]


def test_a_pointer_to_a_topology_that_stopped_is_refused(tmp_path: Path) -> None:
    requires_root()
    pointer = tmp_path / "running.json"
    pointer.symlink_to(tmp_path / "toolguard-topology-gone" / "topology.json")
    with pytest.raises(
        TopologyError, match=r"no running topology: .* points to .*toolguard-topology-gone.*, which is gone"
    ):
        Topology.attach(pointer)


def test_a_state_file_left_by_a_topology_that_was_killed_is_refused(tmp_path: Path) -> None:
    requires_root()
    pid = _gone_pid()
    with pytest.raises(TopologyError, match=rf"no running topology: the process that started .* \({pid}\) is gone"):
        Topology.attach(_state(tmp_path / "running.json", pid=pid))


def test_a_state_file_whose_namespaces_are_gone_is_refused(tmp_path: Path) -> None:
    requires_root()
    hosts = {"db1": {"address": "10.77.250.11", "namespace": "tg250-db1", "forwarders": {}}}
    # pid 1 runs; the namespace does not.
    with pytest.raises(TopologyError, match=r"no running topology: .* names namespaces that are gone \(tg250-db1\)"):
        Topology.attach(_state(tmp_path / "running.json", hosts=hosts))


@pytest.mark.parametrize("text", ["not json", "[]", '{"version": 1}', '{"version": 1, "pid": 1, "hosts": {"db1": {}}}'])
def test_a_file_that_is_not_a_state_file_is_refused(tmp_path: Path, text: str) -> None:
    requires_root()
    path = tmp_path / "running.json"
    path.write_text(text)
    with pytest.raises(TopologyError, match="is not a topology state file"):
        Topology.attach(path)


def test_a_state_file_of_another_version_is_refused(tmp_path: Path) -> None:
    requires_root()
    with pytest.raises(TopologyError, match=rf"version 0 topology state file; this code reads {STATE_VERSION}"):
        Topology.attach(_state(tmp_path / "running.json", version=0))
