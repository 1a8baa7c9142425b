"""The deployment topology (topology/), started once per test module that asks for it.

It needs root (network namespaces), Patroni, etcd, nginx, Redis and the
PostgreSQL 15 server programs. Elsewhere these tests skip with the reason
printed; in CI, which installs all of them (.ci/run), a missing one fails.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import IN_CI, requires_postgres
from topology.layout import Topology, requirements_missing


def requires_topology() -> None:
    requires_postgres()
    missing = requirements_missing()
    if missing:
        if IN_CI:
            pytest.fail(f"the topology needs {', '.join(missing)}, and CI must provide it (.ci/run)")
        print(f"SKIP reason: the topology needs {', '.join(missing)}")
        pytest.skip(f"the topology needs {', '.join(missing)}")


@pytest.fixture(scope="module")
def topology() -> Iterator[Topology]:
    """A whole deployment: two app hosts behind nginx, Patroni pair, etcd, Redis; removed afterwards, pass or fail."""
    requires_topology()
    running = Topology(rtt_ms=2.0)
    running.start()
    try:
        yield running
    finally:
        running.stop()
