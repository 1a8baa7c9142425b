"""Real SIEM collectors for the tests, each in its own process: Debian's rsyslogd, and a small HTTP collector.

rsyslogd runs with a configuration of the test's own (imtcp on a free port,
direct queues so a message is in the file before the next bytes are read,
a template that writes the fields rsyslog parsed from each RFC 5424 message
and the message itself, tab-separated). The HTTP collector
(siem_http_collector.py) checks the bearer token and appends each line it
accepted to a file.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.live import free_port, stop_process

RSYSLOGD = "/usr/sbin/rsyslogd"
IN_CI = os.environ.get("CI", "").lower() == "true"

RSYSLOG_CONF = """
global(workDirectory="{work}" maxMessageSize="64k")
main_queue(queue.type="Direct")
module(load="imtcp")
template(name="siem" type="string"
  string="%pri%\\t%protocol-version%\\t%timereported:::date-rfc3339%\\t%hostname%\\t%app-name%\\t%procid%\\t%msgid%\\t%structured-data%\\t%msg%\\t%rawmsg%\\n")
ruleset(name="siem" queue.type="Direct") {{
  action(type="omfile" file="{received}" template="siem" flushOnTXEnd="on" asyncWriting="off")
}}
input(type="imtcp" port="{port}" address="127.0.0.1" ruleset="siem")
"""


def require_rsyslogd() -> None:
    if not os.access(RSYSLOGD, os.X_OK):
        if IN_CI:
            pytest.fail("rsyslogd is missing: .ci/run installs Debian's rsyslog")
        pytest.skip("needs Debian's rsyslog (apt-get install rsyslog)")


def wait_port(port: int, *, up: bool, timeout: float = 60.0) -> None:
    """Poll until the port takes connections (or refuses them); a loaded machine gets a generous deadline."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                if up:
                    return
        except OSError:
            if not up:
                return
        time.sleep(0.05)
    raise TimeoutError(f"port {port} did not {'open' if up else 'close'} within {timeout}s")


@dataclass(frozen=True)
class Received:
    """One message as rsyslog parsed it."""

    pri: int
    version: str
    timestamp: str
    hostname: str
    app_name: str
    procid: str
    msgid: str
    structured_data: str
    msg: str
    raw: str

    @property
    def entry(self) -> dict[str, Any]:
        value: dict[str, Any] = json.loads(self.msg)
        return value


class Rsyslog:
    """rsyslogd -n with its own configuration, pid file and work directory, on a port that survives restarts."""

    def __init__(self) -> None:
        require_rsyslogd()
        self.dir = Path(tempfile.mkdtemp(prefix="toolguard-rsyslog-"))
        (self.dir / "work").mkdir()
        self.port = free_port()
        self.received = self.dir / "received.log"
        self.conf = self.dir / "rsyslog.conf"
        self.conf.write_text(RSYSLOG_CONF.format(work=self.dir / "work", received=self.received, port=self.port))
        self.log = self.dir / "rsyslogd.log"
        self.proc: subprocess.Popen[Any] | None = None
        self.start()

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [RSYSLOGD, "-n", "-f", str(self.conf), "-i", str(self.dir / "rsyslogd.pid")],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        try:
            wait_port(self.port, up=True)
        except TimeoutError:
            self.stop()
            raise AssertionError(f"rsyslogd did not listen: {self.log.read_text()}") from None

    def kill(self) -> None:
        """SIGKILL: no chance to flush or say goodbye, as a crash."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.proc = None
        (self.dir / "rsyslogd.pid").unlink(missing_ok=True)
        wait_port(self.port, up=False)

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc, grace=10)
            self.proc = None

    def messages(self) -> list[Received]:
        if not self.received.exists():
            return []
        lines = self.received.read_text().splitlines()
        out = []
        for line in lines:
            pri, *fields = line.split("\t")
            assert len(fields) == 9, f"a received line has {len(fields) + 1} fields: {line!r}"
            out.append(Received(int(pri), *fields))
        return out

    def wait_for(self, count: int, timeout: float = 60.0) -> list[Received]:
        deadline = time.monotonic() + timeout
        while True:
            messages = self.messages()
            if len(messages) >= count or time.monotonic() > deadline:
                return messages
            time.sleep(0.05)


COLLECTOR_SCRIPT = Path(__file__).with_name("siem_http_collector.py")


class HttpCollectorServer:
    """tests/audit/siem_http_collector.py in its own process, on a port that survives restarts."""

    def __init__(self, token: str) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="toolguard-siem-http-"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/ingest"
        self.token = token
        self.received = self.dir / "received.jsonl"
        self.proc: subprocess.Popen[Any] | None = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(COLLECTOR_SCRIPT), str(self.port), self.token, str(self.received)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(self.port, up=True)

    def stop(self) -> None:
        if self.proc is not None:
            stop_process(self.proc, grace=10)
            self.proc = None
            wait_port(self.port, up=False)

    def entries(self) -> list[dict[str, Any]]:
        if not self.received.exists():
            return []
        return [json.loads(line) for line in self.received.read_text().splitlines()]
