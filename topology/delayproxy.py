"""A TCP forwarder that delays each direction: a network a few milliseconds long.

This kernel has no netem, so the distance between an app host and its database
is made by this process: every chunk read from one side is written to the other
`delay` seconds after it arrived, in order, without slowing the stream down
(chunks in flight overlap, as packets on a long wire do). A round trip through
it costs twice the one-way delay.

    python -m topology.delayproxy --listen 127.0.0.1:6432 --target 127.0.0.1:5432 --rtt-ms 4.4
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import time


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float) -> None:
    queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

    async def deliver() -> None:
        while True:
            due, chunk = await queue.get()
            if not chunk:
                break
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(chunk)
            await writer.drain()
        with contextlib.suppress(OSError):
            writer.write_eof()

    sender = asyncio.create_task(deliver())
    try:
        while True:
            chunk = await reader.read(65536)
            queue.put_nowait((time.monotonic() + delay, chunk))
            if not chunk:
                break
        await sender
    except (ConnectionError, OSError):
        sender.cancel()
    finally:
        with contextlib.suppress(Exception):
            writer.close()


async def _serve_one(
    client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter, host: str, port: int, delay: float
) -> None:
    try:
        upstream_r, upstream_w = await asyncio.open_connection(host, port)
    except OSError:
        client_w.close()
        return
    for w in (client_w, upstream_w):
        sock = w.get_extra_info("socket")
        if sock is not None:
            import socket

            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    await asyncio.gather(
        _pipe(client_r, upstream_w, delay), _pipe(upstream_r, client_w, delay), return_exceptions=True
    )


def _split(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    return host or "127.0.0.1", int(port)


async def serve(listen: str, target: str, rtt_ms: float) -> None:
    delay = rtt_ms / 2000.0
    host, port = _split(target)
    lhost, lport = _split(listen)
    server = await asyncio.start_server(lambda r, w: _serve_one(r, w, host, port, delay), lhost, lport)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with server:
        print(f"delayproxy {listen} -> {target} rtt={rtt_ms}ms", flush=True)
        await stop.wait()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--listen", required=True, help="host:port to accept on")
    parser.add_argument("--target", required=True, help="host:port to forward to")
    parser.add_argument("--rtt-ms", type=float, default=0.0, help="round-trip time to add, in milliseconds")
    args = parser.parse_args(argv)
    asyncio.run(serve(args.listen, args.target, args.rtt_ms))


if __name__ == "__main__":
    main()
