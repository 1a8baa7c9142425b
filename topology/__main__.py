"""`python -m topology` (`make topology`): start the layout, print where everything is, stop on Ctrl-C or SIGTERM.

While it runs, `--state` (default /run/toolguard-topology/running.json) points
at the topology's state file, which `bench/failover.py --running` and
`Topology.attach` read; both go when it stops.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from pathlib import Path

from topology.layout import RUNNING_STATE, Topology, TopologyError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rtt-ms", type=float, default=2.0, help="round trip added between hosts (default 2)")
    parser.add_argument("--app-workers", type=int, default=2, help="gunicorn workers per app host (default 2)")
    parser.add_argument(
        "--state",
        type=Path,
        default=RUNNING_STATE,
        help=f"where to point at the running topology's state file (default {RUNNING_STATE})",
    )
    args = parser.parse_args(argv)
    stop = threading.Event()

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    # Ctrl-C or SIGTERM while starting: start() removes what it made, then we exit.
    signal.signal(signal.SIGTERM, interrupt)
    topology = Topology(rtt_ms=args.rtt_ms, app_workers=args.app_workers)
    try:
        topology.start(progress=lambda line: print(line, flush=True))
    except TopologyError as exc:
        print(f"topology: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: the topology was removed", file=sys.stderr)
        return 130
    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        topology.point_to_state(args.state)
        print(topology.summary())
        print(f"  state (bench/failover.py --running --state ...): {args.state} -> {topology.state_file}")
        print("demo credentials:", json.dumps(topology.credentials))
        print("Ctrl-C stops every host and removes the namespaces.", flush=True)
        stop.wait()
    except KeyboardInterrupt:
        pass  # a signal between start() and the handlers above: stop all the same
    finally:
        print("stopping the topology ...", flush=True)
        topology.withdraw_pointer(args.state)
        topology.stop()
        print("stopped: namespaces removed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
