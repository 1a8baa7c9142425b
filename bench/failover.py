"""The failover drill as a bench: prints one JSON object of its figures.

Starts the whole topology (topology/: two app hosts behind nginx, a Patroni
pair with synchronous replication, etcd, Redis, in network namespaces; needs
root), runs 16 agents retrying under their idempotency keys, SIGKILLs the
primary's PostgreSQL and Patroni mid-load, and reports how long writes were
gone, what the agents were answered and what the database holds afterwards.

With --running it drills the topology `make topology` runs instead of
starting one (found through its state file, --state), and leaves it running
with the crashed node back as the synchronous standby, ready for the next
drill. Without a running topology it says so in one line and exits 1.

    sudo .venv/bin/python bench/failover.py [--connections 16] [--rtt-ms 2]
    sudo .venv/bin/python bench/failover.py --running [--state /run/toolguard-topology/running.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from topology.drill import run_drill
from topology.layout import RUNNING_STATE, Topology, TopologyError, requirements_missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--rtt-ms", type=float, default=2.0, help="round trip between hosts of a topology started here")
    parser.add_argument("--before", type=float, default=8.0, help="seconds of load before the kill")
    parser.add_argument("--after", type=float, default=10.0, help="seconds of load after writes resume")
    parser.add_argument("--running", action="store_true", help="drill the running topology (make topology)")
    parser.add_argument(
        "--state", type=Path, default=RUNNING_STATE, help=f"the running topology's state file (default {RUNNING_STATE})"
    )
    args = parser.parse_args()
    if args.running:
        try:
            figures = drill_running(args)
        except TopologyError as exc:
            print(f"bench/failover.py: {exc}", file=sys.stderr)
            return 1
        print(json.dumps(figures, indent=2))
        return 0
    missing = requirements_missing()
    if missing:
        print(json.dumps({"skipped": f"the topology needs {', '.join(missing)}"}))
        return 0
    started = time.monotonic()
    with Topology(rtt_ms=args.rtt_ms) as topology:
        print(f"topology up after {time.monotonic() - started:.0f}s", file=sys.stderr)
        figures = {**drill(topology, args), "drilled_running_topology": False}
    print(json.dumps(figures, indent=2))
    return 0


def drill_running(args: argparse.Namespace) -> dict[str, Any]:
    topology = Topology.attach(args.state)
    print(f"drilling the running topology in {topology.dir}", file=sys.stderr)
    down_before = set(topology.crashed_database_hosts())
    rejoined: dict[str, float] = {}
    try:
        figures = drill(topology, args)
    finally:
        # What this drill crashed comes back as the synchronous standby, even when
        # the drill failed half-way: the topology is left as drillable as it was found.
        for node in sorted(set(topology.crashed_database_hosts()) - down_before):
            print(f"restarting {node}'s Patroni: it rejoins as the standby", file=sys.stderr)
            rejoined[node] = round(topology.rejoin_database_host(node), 2)
        topology.detach()
    return {
        **figures,
        "drilled_running_topology": True,
        "state_file": str(args.state),
        "standby_rejoined_seconds": rejoined.get(figures["killed_node"]),
    }


def drill(topology: Topology, args: argparse.Namespace) -> dict[str, Any]:
    result = run_drill(topology, connections=args.connections, before=args.before, after=args.after)
    try:
        topology.manage("verify_audit")
        verified = True
    except TopologyError as exc:
        print(exc, file=sys.stderr)
        verified = False
    return {**result.figures, "audit_chain_verified": verified, "rtt_ms": topology.rtt_ms}


if __name__ == "__main__":
    sys.exit(main())
