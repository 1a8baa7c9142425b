"""The failover drill as a bench: prints one JSON object of its figures.

Starts the whole topology (topology/: two app hosts behind nginx, a Patroni
pair with synchronous replication, etcd, Redis, in network namespaces; needs
root), runs 16 agents retrying under their idempotency keys, SIGKILLs the
primary's PostgreSQL and Patroni mid-load, and reports how long writes were
gone, what the agents were answered and what the database holds afterwards.

    sudo .venv/bin/python bench/failover.py [--connections 16] [--rtt-ms 2]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from topology.drill import run_drill
from topology.layout import Topology, TopologyError, requirements_missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--rtt-ms", type=float, default=2.0)
    parser.add_argument("--before", type=float, default=8.0, help="seconds of load before the kill")
    parser.add_argument("--after", type=float, default=10.0, help="seconds of load after writes resume")
    args = parser.parse_args()
    missing = requirements_missing()
    if missing:
        print(json.dumps({"skipped": f"the topology needs {', '.join(missing)}"}))
        return 0
    started = time.monotonic()
    with Topology(rtt_ms=args.rtt_ms) as topology:
        print(f"topology up after {time.monotonic() - started:.0f}s", file=sys.stderr)
        result = run_drill(topology, connections=args.connections, before=args.before, after=args.after)
        try:
            topology.manage("verify_audit")
            verified = True
        except TopologyError as exc:
            print(exc, file=sys.stderr)
            verified = False
        figures = {**result.figures, "audit_chain_verified": verified, "rtt_ms": args.rtt_ms}
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
