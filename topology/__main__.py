"""`python -m topology` (`make topology`): start the layout, print where everything is, stop on Ctrl-C."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading

from topology.layout import Topology, TopologyError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rtt-ms", type=float, default=2.0, help="round trip added between hosts (default 2)")
    parser.add_argument("--app-workers", type=int, default=2, help="gunicorn workers per app host (default 2)")
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
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    try:
        print(topology.summary())
        print("demo credentials:", json.dumps(topology.credentials))
        print("Ctrl-C stops every host and removes the namespaces.", flush=True)
        stop.wait()
    finally:
        print("stopping the topology ...", flush=True)
        topology.stop()
        print("stopped: namespaces removed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
