"""A TCP forwarder that delays each direction: a network a few milliseconds long.

This kernel has no netem, so the distance between an app host and its database
is made by this process: every chunk read from one side is written to the other
`delay` seconds after it arrived, in order, without slowing the stream down
(chunks in flight overlap, as packets on a long wire do). A round trip through
it costs twice the one-way delay.

    python -m topology.delayproxy --listen 127.0.0.1:6432 --target 127.0.0.1:5432 --rtt-ms 4.4

It also counts round trips, whatever the statements: a *flight* is what a
client sends after it last received something (before that it may have
been waiting; after, it surely did not need to). With `--stats HOST:PORT` a
control port answers `stats` with the counts as one JSON line and `reset`
by zeroing them. With `--statement-log FILE` (PostgreSQL's wire protocol) each
statement a client sends is written as a JSON line with its connection,
flight and time, so what a lock spans can be read off the log
(`lock_spans`). `forwarder()` runs one in its own process, for tests and benches.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import re
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

# Startup-phase request codes that are not a StartupMessage (the client sends another after them).
_SSL_REQUEST, _GSSENC_REQUEST = 80877103, 80877104


@dataclass
class Flights:
    """One client connection's round trips: a flight starts when the client speaks after hearing back."""

    id: int
    flights: int = 0
    heard_back: bool = True
    # The messages after which a client waits for the server (Sync, a simple Query), parsed
    # only when a statement log is kept. Unlike flights, an answer the server sends before it
    # is asked (an error in a pipeline is sent at once) does not make the client's next
    # message a round trip of its own.
    waits: int = 0
    # PostgreSQL frontend messages, parsed only when a statement log is kept.
    buffer: bytearray = field(default_factory=bytearray)
    started: bool = False
    prepared: dict[bytes, str] = field(default_factory=dict)

    def client_sent(self) -> None:
        if self.heard_back:
            self.flights += 1
            self.heard_back = False

    def server_delivered(self) -> None:
        self.heard_back = True

    def statements(self, chunk: bytes) -> list[str]:
        """The SQL of each Query, Parse or Bind (of a named statement) message completed by `chunk`."""
        self.buffer += chunk
        found: list[str] = []
        while True:
            if not self.started:
                if len(self.buffer) < 8:
                    return found
                length, code = struct.unpack("!II", self.buffer[:8])
                if len(self.buffer) < length:
                    return found
                del self.buffer[:length]
                self.started = code not in (_SSL_REQUEST, _GSSENC_REQUEST)
                continue
            if len(self.buffer) < 5:
                return found
            kind = self.buffer[0:1]
            (length,) = struct.unpack("!I", self.buffer[1:5])
            if len(self.buffer) < 1 + length:
                return found
            body = bytes(self.buffer[5 : 1 + length])
            del self.buffer[: 1 + length]
            if kind in (b"Q", b"S"):
                self.waits += 1
            if kind == b"Q":
                found.append(body.rstrip(b"\0").decode(errors="replace"))
            elif kind == b"P":
                name, _, rest = body.partition(b"\0")
                sql = rest.partition(b"\0")[0].decode(errors="replace")
                if name:
                    self.prepared[name] = sql  # executed later by name: logged at its Bind
                else:
                    found.append(sql)
            elif kind == b"B":
                _portal, _, rest = body.partition(b"\0")
                statement = rest.partition(b"\0")[0]
                if statement and statement in self.prepared:
                    found.append(self.prepared[statement])


class Recorder:
    """Every connection's flights, and the statement log when one is kept."""

    def __init__(self, log: IO[str] | None) -> None:
        self.log = log
        self.connections: dict[int, Flights] = {}
        self._ids = itertools.count(1)

    def open(self) -> Flights:
        conn = Flights(next(self._ids))
        self.connections[conn.id] = conn
        return conn

    def client_chunk(self, conn: Flights, chunk: bytes) -> None:
        conn.client_sent()
        if self.log is not None:
            now = time.time()
            for sql in conn.statements(chunk):
                self.log.write(json.dumps({"t": now, "conn": conn.id, "flight": conn.flights, "sql": sql}) + "\n")
            self.log.flush()

    def stats(self) -> dict[str, Any]:
        per = {str(c.id): c.flights for c in self.connections.values() if c.flights}
        waits = sum(c.waits for c in self.connections.values())
        return {"connections": len(per), "flights": sum(per.values()), "per_connection": per, "waits": waits}

    def reset(self) -> None:
        for conn in self.connections.values():
            conn.flights = 0
            conn.waits = 0


async def _pipe(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    delay: float,
    *,
    on_read: Callable[[bytes], None] | None = None,
    on_delivered: Callable[[], None] | None = None,
) -> None:
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
            if on_delivered is not None:
                on_delivered()
        with contextlib.suppress(OSError):
            writer.write_eof()

    sender = asyncio.create_task(deliver())
    try:
        while True:
            chunk = await reader.read(65536)
            if chunk and on_read is not None:
                on_read(chunk)
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
    client_r: asyncio.StreamReader,
    client_w: asyncio.StreamWriter,
    host: str,
    port: int,
    delay: float,
    recorder: Recorder,
) -> None:
    try:
        upstream_r, upstream_w = await asyncio.open_connection(host, port)
    except OSError:
        client_w.close()
        return
    for w in (client_w, upstream_w):
        sock = w.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    conn = recorder.open()
    await asyncio.gather(
        _pipe(client_r, upstream_w, delay, on_read=lambda chunk: recorder.client_chunk(conn, chunk)),
        _pipe(upstream_r, client_w, delay, on_delivered=conn.server_delivered),
        return_exceptions=True,
    )


def _split(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    return host or "127.0.0.1", int(port)


async def _control(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, recorder: Recorder) -> None:
    """`stats` -> the counts as one JSON line; `reset` -> zero them (and answer the counts before)."""
    try:
        command = (await reader.readline()).strip()
        answer = recorder.stats()
        if command == b"reset":
            recorder.reset()
        writer.write(json.dumps(answer).encode() + b"\n")
        await writer.drain()
    finally:
        writer.close()


async def serve(listen: str, target: str, rtt_ms: float, stats: str = "", statement_log: str = "") -> None:
    delay = rtt_ms / 2000.0
    host, port = _split(target)
    lhost, lport = _split(listen)
    # Open as long as the server runs.
    log = open(statement_log, "a", encoding="utf-8") if statement_log else None
    recorder = Recorder(log)
    server = await asyncio.start_server(lambda r, w: _serve_one(r, w, host, port, delay, recorder), lhost, lport)
    control = None
    if stats:
        shost, sport = _split(stats)
        control = await asyncio.start_server(lambda r, w: _control(r, w, recorder), shost, sport)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with server:
        print(f"delayproxy {listen} -> {target} rtt={rtt_ms}ms", flush=True)
        await stop.wait()
    if control is not None:
        control.close()
    if log is not None:
        log.close()


def control(address: str, command: str = "stats", timeout: float = 10.0) -> dict[str, Any]:
    """Ask a running forwarder's control port (`--stats`) for its counts, or to reset them."""
    host, port = _split(address)
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(command.encode() + b"\n")
        data = b""
        while not data.endswith(b"\n"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    answer: dict[str, Any] = json.loads(data)
    return answer


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Forwarder:
    """A forwarder running in its own process (`forwarder()`)."""

    port: int
    control_port: int
    statement_log: Path

    def stats(self) -> dict[str, Any]:
        return control(f"127.0.0.1:{self.control_port}", "stats")

    def reset(self) -> dict[str, Any]:
        """Zero the counts; returns the counts before."""
        return control(f"127.0.0.1:{self.control_port}", "reset")

    def statements(self, since: int = 0) -> list[dict[str, Any]]:
        """The statement log's entries from entry `since` on."""
        lines = self.statement_log.read_text(encoding="utf-8").splitlines()
        return [json.loads(line) for line in lines[since:]]

    def url(self, database_url: str) -> str:
        """`database_url` with its host and port replaced by this forwarder's."""
        return re.sub(r"@[^/@]*/", f"@127.0.0.1:{self.port}/", database_url, count=1)


@contextlib.contextmanager
def forwarder(
    target: str, rtt_ms: float, *, python: str = sys.executable, log_statements: bool = True
) -> Iterator[Forwarder]:
    """A forwarder to `target` (host:port) in a child process, with its control port and statement log.

    Without `log_statements` the log stays empty: under load, writing every
    statement would make the forwarder itself the bottleneck.
    """
    workdir = Path(tempfile.mkdtemp(prefix="delayproxy-"))
    found = Forwarder(port=_free_port(), control_port=_free_port(), statement_log=workdir / "statements.jsonl")
    found.statement_log.touch()
    command = [
        python,
        "-m",
        "topology.delayproxy",
        "--listen",
        f"127.0.0.1:{found.port}",
        "--target",
        target,
        "--rtt-ms",
        str(rtt_ms),
        "--stats",
        f"127.0.0.1:{found.control_port}",
    ]
    if log_statements:
        command += ["--statement-log", str(found.statement_log)]
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"delayproxy exited: {proc.stderr.read().decode() if proc.stderr else ''}")
            try:
                found.stats()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield found
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def lock_spans(statements: list[dict[str, Any]], locks: dict[str, str]) -> dict[str, list[int]]:
    """Round trips each lock was held across, read off a statement log (`--statement-log`).

    `locks` names a regular expression for each lock's statement. A lock taken
    by a statement in flight f of a connection and released by the COMMIT or
    ROLLBACK in flight g spans g - f + 1 round trips: 1 when the COMMIT went out
    with the statement, so the lock was never held while waiting on the network.
    """
    patterns = {name: re.compile(pattern) for name, pattern in locks.items()}
    held: dict[tuple[int, str], int] = {}
    spans: dict[str, list[int]] = {name: [] for name in locks}
    for entry in statements:
        sql, conn = entry["sql"].strip(), entry["conn"]
        for name, pattern in patterns.items():
            if pattern.search(sql) and (conn, name) not in held:
                held[(conn, name)] = entry["flight"]
        if re.fullmatch(r"(?i)(COMMIT|ROLLBACK|END|ABORT);?", sql):
            for name in locks:
                taken = held.pop((conn, name), None)
                if taken is not None:
                    spans[name].append(entry["flight"] - taken + 1)
    return spans


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--listen", required=True, help="host:port to accept on")
    parser.add_argument("--target", required=True, help="host:port to forward to")
    parser.add_argument("--rtt-ms", type=float, default=0.0, help="round-trip time to add, in milliseconds")
    parser.add_argument("--stats", default="", help="host:port of a control port answering `stats` and `reset`")
    parser.add_argument("--statement-log", default="", help="file to append each PostgreSQL statement to (JSON lines)")
    args = parser.parse_args(argv)
    asyncio.run(serve(args.listen, args.target, args.rtt_ms, args.stats, args.statement_log))


if __name__ == "__main__":
    main()
