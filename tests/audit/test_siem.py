"""Audit entries to a SIEM: RFC 5424 framing, Debian's rsyslogd through a crash, an HTTP collector through an outage.

Delivery is at least once. Over syslog a repeat is possible after a
collector failure (the batch accepted before it is sent again) and always
carries the same entry id and the same bytes; over HTTP every entry arrives
exactly once. In both, the first arrival of each entry is in id order and
nothing is skipped.
"""

from __future__ import annotations

import ipaddress
import json
import re
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from django.utils import timezone

from audit.export import entry_row
from audit.models import Alert, AuditEntry, SiemCursor
from audit.serializers import ENTRY_FIELDS
from audit.siem import (
    HttpCollector,
    SyslogCollector,
    destination_ship,
    octet_frame,
    retry_delay,
    siem_ship,
    syslog_message,
)
from core.metrics import metrics_exposition
from tests.audit.entries import append, event
from tests.audit.siem_servers import HttpCollectorServer, Rsyslog, wait_port
from tests.live import ROOT, child_env, free_port, stop_process

pytestmark = pytest.mark.django_db

# RFC 5424 section 6, the header as its ABNF has it (PRI, VERSION, TIMESTAMP with at most
# six fractional digits, HOSTNAME, APP-NAME, PROCID, MSGID as printable US-ASCII of their
# lengths), then STRUCTURED-DATA and the optional SP MSG.
SYSLOG_MSG = re.compile(
    rb"<(?P<pri>[0-9]{1,3})>(?P<version>[1-9][0-9]{0,2}) "
    rb"(?P<timestamp>-|[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})?(?:Z|[+-][0-9]{2}:[0-9]{2})) "
    rb"(?P<hostname>[\x21-\x7e]{1,255}) (?P<app>[\x21-\x7e]{1,48}) (?P<procid>[\x21-\x7e]{1,128}) "
    rb"(?P<msgid>[\x21-\x7e]{1,32}) (?P<sd>-|(?:\[[^\]]*\])+)(?: (?P<msg>.*))?\Z",
    re.DOTALL,
)


def octet_counted_frames(stream: bytes) -> list[bytes]:
    """RFC 6587 3.4.1: MSG-LEN (no leading zero) SP, then exactly MSG-LEN octets; nothing between frames."""
    frames, at = [], 0
    while at < len(stream):
        length = re.compile(rb"[1-9][0-9]{0,8} ").match(stream, at)
        assert length is not None, f"no MSG-LEN at octet {at}: {stream[at : at + 20]!r}"
        start = length.end()
        end = start + int(length.group()[:-1])
        assert end <= len(stream), "a frame runs past the stream"
        frames.append(stream[start:end])
        at = end
    return frames


def unsaved_entry(entry_id: int, action: str, result: str, details: dict[str, Any]) -> AuditEntry:
    return AuditEntry(
        id=entry_id,
        timestamp=datetime(2026, 12, 5, 9, 45, 32, 123456, tzinfo=UTC),
        actor="agent:alice:0123456789ab",
        actor_type="agent",
        customer="alice",
        action=action,
        result=result,
        tool="transfer_funds",
        session_id="s1",
        details=details,
        duration_ms=1.5,
        prev_hash="a" * 64,
        hash=f"{entry_id:064x}",
    )


def test_each_entry_is_one_octet_counted_rfc5424_message_with_its_action_as_msgid() -> None:
    entries = [
        unsaved_entry(1, "tool_call_received", "success", {"memo": 'Zürich \u202e line\nbreak\ttab ] " \\'}),
        unsaved_entry(2, "injection_blocked", "blocked", {"category": "override"}),
        unsaved_entry(3, "transfer_rejected", "failure", {}),
        unsaved_entry(4, "approval_requested", "pending", {"amount": 10**12}),
    ]
    stream = b"".join(octet_frame(syslog_message(entry, hostname="node-1.bank.example")) for entry in entries)
    frames = octet_counted_frames(stream)
    assert len(frames) == len(entries)
    for frame, entry in zip(frames, entries, strict=True):
        parsed = SYSLOG_MSG.match(frame)
        assert parsed is not None, frame
        severity = {"blocked": 4, "failure": 5}.get(entry.result, 6)
        assert int(parsed["pri"]) == 13 * 8 + severity  # facility 13: log audit
        assert parsed["version"] == b"1"
        assert parsed["timestamp"] == b"2026-12-05T09:45:32.123456Z"
        assert (parsed["hostname"], parsed["app"], parsed["procid"]) == (b"node-1.bank.example", b"toolguard", b"-")
        assert parsed["msgid"] == entry.action.encode()
        assert parsed["sd"] == b"-"
        # The message is the entry as exports give it: every hashed field and the links.
        body = json.loads(parsed["msg"])
        assert list(body) == ENTRY_FIELDS and body == json.loads(json.dumps(entry_row(entry)))
        assert {"id", "prev_hash", "hash", "action", "actor", "details", "timestamp"} <= set(body)
        assert frame.isascii() and b"\n" not in frame
    assert json.loads(SYSLOG_MSG.match(frames[0])["msg"])["details"]["memo"] == 'Zürich \u202e line\nbreak\ttab ] " \\'


def test_a_header_field_the_rfc_forbids_is_replaced_not_sent() -> None:
    entry = unsaved_entry(9, "tool_call_received", "success", {})
    parsed = SYSLOG_MSG.match(syslog_message(entry, hostname="bad host\u00e9"))
    assert parsed is not None and parsed["hostname"] == b"bad_host_"


# --- helpers -------------------------------------------------------------------------------


def cursor_at_head(destination: str) -> None:
    """Entries committed by other tests are not this test's: the destination starts after them."""
    top = AuditEntry.objects.order_by("-id").first()
    position = {"last_id": top.id, "last_hash": top.hash} if top else {"last_id": 0, "last_hash": ""}
    SiemCursor.objects.update_or_create(
        destination=destination,
        defaults={
            **position,
            "previous_id": position["last_id"],
            "previous_hash": position["last_hash"],
            "failures": 0,
            "next_attempt_at": None,
        },
    )


ACTIONS = ["tool_call_received", "transfer_initiated", "transfer_completed", "injection_blocked", "approval_requested"]
RESULTS = {"injection_blocked": "blocked", "approval_requested": "pending"}


def write_entries(count: int, tag: str) -> list[AuditEntry]:
    events = []
    for number in range(count):
        action = ACTIONS[number % len(ACTIONS)]
        events.append(event(action, RESULTS.get(action, "success"), details={"n": number, "tag": tag}))
    return append(*events)


def assert_every_entry_in_order(received: list[dict[str, Any]], expected: list[AuditEntry]) -> int:
    """Every entry arrived; read in arrival order nothing is skipped, and a repeat restarts at an earlier entry.

    Returns how many arrivals were repeats; a repeat is the same entry, byte for byte.
    """
    position = {entry.id: index for index, entry in enumerate(expected)}
    first: dict[int, dict[str, Any]] = {}
    highest, previous, repeats = -1, -1, 0
    for body in received:
        index = position[body["id"]]  # a KeyError is an entry that should not be there
        assert index == previous + 1 or index <= previous, f"entry {body['id']} arrived out of order"
        assert index <= highest + 1, f"entry {body['id']} arrived before an earlier entry ever did"
        if body["id"] in first:
            repeats += 1
            assert body == first[body["id"]], "a repeat must be the same entry"
        first.setdefault(body["id"], body)
        highest, previous = max(highest, index), index
    assert highest == len(expected) - 1, f"{len(expected) - 1 - highest} entries never arrived"
    for entry in expected:
        assert first[entry.id] == json.loads(json.dumps(entry_row(entry)))
    return repeats


def ship_until_caught_up(collector: Any, now: datetime) -> datetime:
    """Call the worker's step as its schedule would, past each back-off, until the collector has everything."""
    for _ in range(200):
        report = destination_ship(collector, now=now, budget_seconds=0)
        if report.outcome == "caught_up":
            return now
        cursor = SiemCursor.objects.get(destination=collector.destination)
        now = max(now, cursor.next_attempt_at or now) + timedelta(seconds=1)
    raise AssertionError(f"not caught up: {SiemCursor.objects.get(destination=collector.destination).last_error}")


# --- syslog: Debian's rsyslogd ------------------------------------------------------------


@pytest.fixture
def rsyslog() -> Any:
    server = Rsyslog()
    yield server
    server.stop()


def test_rsyslog_gets_every_entry_in_order_through_a_crash_and_a_restart(rsyslog: Rsyslog, settings: Any) -> None:
    settings.TOOLGUARD_SIEM_BATCH = 20
    cursor_at_head("syslog")
    collector = SyslogCollector(host="127.0.0.1", port=rsyslog.port, hostname="tg-test", timeout=30)
    entries = write_entries(60, "first")
    now = timezone.now()

    # Two batches, then the collector dies between batches (SIGKILL).
    for _ in range(2):
        assert destination_ship(collector, now=now, budget_seconds=0).sent == 20
    assert [m.entry["id"] for m in rsyslog.wait_for(40)] == [e.id for e in entries[:40]]
    rsyslog.kill()
    failed = destination_ship(collector, now=now, budget_seconds=0)
    assert (failed.outcome, failed.sent) == ("failed", 0)
    cursor = SiemCursor.objects.get(destination="syslog")
    # The batch accepted just before the failure may have died with the collector: it is due again.
    assert cursor.last_id == entries[19].id and cursor.failures == 1
    assert cursor.next_attempt_at == now + timedelta(seconds=settings.TOOLGUARD_SIEM_RETRY_SECONDS)
    assert "127.0.0.1" in cursor.last_error
    # While backing off nothing is attempted, even with the collector back.
    rsyslog.start()
    assert destination_ship(collector, now=now, budget_seconds=0).outcome == "backing_off"
    now = ship_until_caught_up(collector, now + timedelta(seconds=60))

    # Then a crash while a large batch is on the wire: killed once rsyslog has written part of it.
    settings.TOOLGUARD_SIEM_BATCH = 1500
    entries += write_entries(1500, "second")
    already = len(rsyslog.messages())
    # Killed while the batch is on the wire, whatever the load: the first half goes out, rsyslog
    # is killed once it has written 300 of it, then the rest is sent to a collector that is gone.
    real_sendall = socket.socket.sendall

    def sendall_then_crash(sock: socket.socket, data: Any, *args: Any) -> None:
        half = len(data) // 2
        real_sendall(sock, data[:half], *args)
        kill_when_written(rsyslog, already + 300)
        real_sendall(sock, data[half:], *args)

    with mock.patch.object(socket.socket, "sendall", sendall_then_crash):
        first_try = destination_ship(collector, now=now, budget_seconds=0)
    assert first_try.outcome == "failed", first_try
    rsyslog.start()
    ship_until_caught_up(collector, now + timedelta(hours=1))

    messages = rsyslog.messages()
    repeats = assert_every_entry_in_order([m.entry for m in messages], entries)
    print(
        f"rsyslog: {len(messages)} messages for {len(entries)} entries, {repeats} repeats; crash on the wire: {first_try}"
    )
    assert repeats >= 20  # at least the batch before the first crash came twice
    for message in messages:
        entry = message.entry
        # rsyslog's own RFC 5424 parser read each header field where toolguard put it.
        assert message.msgid == entry["action"]
        assert (message.version, message.app_name, message.hostname, message.procid) == (
            "1",
            "toolguard",
            "tg-test",
            "-",
        )
        assert message.pri == 13 * 8 + {"blocked": 4, "failure": 5}.get(entry["result"], 6)
        assert message.structured_data == "-"
        assert message.raw == syslog_message(AuditEntry.objects.get(id=entry["id"]), hostname="tg-test").decode()


def kill_when_written(rsyslog: Rsyslog, count: int) -> None:
    deadline = time.monotonic() + 60
    while len(rsyslog.messages()) < count and time.monotonic() < deadline:
        time.sleep(0.002)
    rsyslog.kill()


def test_an_unreachable_syslog_collector_backs_off_doubling_up_to_the_cap(settings: Any) -> None:
    settings.TOOLGUARD_SIEM_RETRY_SECONDS, settings.TOOLGUARD_SIEM_RETRY_MAX_SECONDS = 10, 45
    assert [retry_delay(n).total_seconds() for n in range(1, 6)] == [10, 20, 40, 45, 45]
    cursor_at_head("syslog")
    write_entries(3, "down")
    collector = SyslogCollector(host="127.0.0.1", port=free_port(), timeout=5)
    now = timezone.now()
    waits = []
    for _ in range(4):
        assert destination_ship(collector, now=now).outcome == "failed"
        cursor = SiemCursor.objects.get(destination="syslog")
        assert cursor.next_attempt_at is not None
        waits.append((cursor.next_attempt_at - now).total_seconds())
        assert destination_ship(collector, now=cursor.next_attempt_at - timedelta(seconds=1)).outcome == "backing_off"
        now = cursor.next_attempt_at
    assert waits == [10, 20, 40, 45]


# --- syslog over TLS ------------------------------------------------------------------------


def self_signed(directory: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, the certificate being its own CA."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "siem.test")])
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / "collector.pem", directory / "collector.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_path, key_path


def test_syslog_over_tls_checks_the_collector_and_frames_every_entry(tmp_path: Path, settings: Any) -> None:
    cert, key = self_signed(tmp_path)
    (tmp_path / "stranger").mkdir()
    stranger, _ = self_signed(tmp_path / "stranger")
    port, received = free_port(), tmp_path / "received.bin"
    script = Path(__file__).with_name("siem_tls_collector.py")
    server = subprocess.Popen([sys.executable, str(script), str(port), str(cert), str(key), str(received)])
    try:
        wait_port(port, up=True)
        cursor_at_head("syslog")
        entries = write_entries(7, "tls")
        # A collector whose certificate the CA file does not vouch for gets nothing.
        distrusted = SyslogCollector(host="127.0.0.1", port=port, tls=True, ca_file=str(stranger), timeout=30)
        assert destination_ship(distrusted).outcome == "failed"
        assert "CERTIFICATE_VERIFY_FAILED" in SiemCursor.objects.get(destination="syslog").last_error
        SiemCursor.objects.filter(destination="syslog").update(next_attempt_at=None)

        collector = SyslogCollector(host="127.0.0.1", port=port, tls=True, ca_file=str(cert), hostname="tg", timeout=30)
        report = destination_ship(collector)
        assert (report.outcome, report.sent) == ("caught_up", 7)
        frames = octet_counted_frames(received.read_bytes())
        assert frames == [syslog_message(entry, hostname="tg") for entry in entries]
    finally:
        stop_process(server, grace=10)


# --- HTTP ------------------------------------------------------------------------------------


@pytest.fixture
def http_collector() -> Any:
    server = HttpCollectorServer(token="siem-token-0123")
    yield server
    server.stop()


def test_the_http_collector_gets_every_entry_exactly_once_through_an_outage(
    http_collector: HttpCollectorServer, settings: Any
) -> None:
    settings.TOOLGUARD_SIEM_BATCH = 10
    settings.TOOLGUARD_SIEM_RETRY_SECONDS, settings.TOOLGUARD_SIEM_RETRY_MAX_SECONDS = 10, 600
    cursor_at_head("http")
    collector = HttpCollector(url=http_collector.url, token=http_collector.token, timeout=30)
    entries = write_entries(25, "up")
    now = timezone.now()
    report = destination_ship(collector, now=now)
    assert (report.outcome, report.sent, report.lag_seconds) == ("caught_up", 25, 0.0)
    assert [e["id"] for e in http_collector.entries()] == [e.id for e in entries]

    http_collector.stop()
    entries += write_entries(12, "during the outage")
    assert destination_ship(collector, now=now).outcome == "failed"
    cursor = SiemCursor.objects.get(destination="http")
    assert cursor.last_id == entries[24].id  # a 2xx acknowledges: nothing to send again
    assert cursor.next_attempt_at == now + timedelta(seconds=10)
    http_collector.start()
    assert destination_ship(collector, now=now + timedelta(seconds=9)).outcome == "backing_off"
    assert len(http_collector.entries()) == 25  # nothing attempted before the back-off ends

    # The shipper restarts (a new worker, a new collector object): it resumes at the stored cursor.
    restarted = HttpCollector(url=http_collector.url, token=http_collector.token, timeout=30)
    report = destination_ship(restarted, now=now + timedelta(seconds=10))
    assert (report.outcome, report.sent) == ("caught_up", 12)
    received = http_collector.entries()
    assert assert_every_entry_in_order(received, entries) == 0
    assert [e["id"] for e in received] == [e.id for e in entries]
    cursor = SiemCursor.objects.get(destination="http")
    assert (cursor.failures, cursor.next_attempt_at, cursor.last_error, cursor.sent) == (0, None, "", 37)
    assert cursor.target == http_collector.url


def test_a_wrong_token_is_a_failure_that_names_the_setting(http_collector: HttpCollectorServer) -> None:
    cursor_at_head("http")
    write_entries(2, "token")
    report = destination_ship(HttpCollector(url=http_collector.url, token="wrong", timeout=30))
    assert report.outcome == "failed"
    error = SiemCursor.objects.get(destination="http").last_error
    assert "401" in error and "TOOLGUARD_SIEM_HTTP_TOKEN" in error
    assert http_collector.entries() == []


# --- lag -------------------------------------------------------------------------------------


def test_a_destination_lagging_past_the_limit_raises_one_alert_and_shows_in_metrics(settings: Any) -> None:
    settings.TOOLGUARD_SIEM_MAX_LAG_SECONDS = 120
    settings.TOOLGUARD_SIEM_RETRY_SECONDS = 600
    settings.TOOLGUARD_SIEM_HTTP_URL = f"http://127.0.0.1:{free_port()}/ingest"  # nobody listens
    cursor_at_head("http")
    entries = write_entries(3, "lag")
    collector = HttpCollector(url=settings.TOOLGUARD_SIEM_HTTP_URL, timeout=5)
    written = entries[0].timestamp

    early = destination_ship(collector, now=written + timedelta(seconds=60))
    assert early.outcome == "failed" and 59 <= early.lag_seconds <= 61
    assert not Alert.objects.filter(rule="siem_lag").exists()

    late = destination_ship(collector, now=written + timedelta(seconds=125))
    assert late.outcome == "backing_off" and late.lag_seconds > 120  # checked while backing off too
    alert = Alert.objects.get(rule="siem_lag")
    assert alert.subject == "siem:http" and alert.severity == "critical"
    assert alert.details["oldest_unsent_entry_id"] == entries[0].id
    assert alert.details["max_lag_seconds"] == 120 and alert.details["failures"] == 1
    assert "127.0.0.1" in alert.details["last_error"]
    destination_ship(collector, now=written + timedelta(seconds=200))
    assert Alert.objects.filter(rule="siem_lag").count() == 1  # one alert per window, not one per run

    exposition = metrics_exposition().decode()
    lag = re.search(r'^tool_siem_lag_seconds\{destination="http"\} ([0-9.e+]+)$', exposition, re.MULTILINE)
    assert lag is not None and float(lag.group(1)) >= 0
    assert 'tool_siem_failures{destination="http"} 1.0' in exposition


def test_nothing_is_sent_or_measured_when_no_siem_is_configured() -> None:
    assert siem_ship() is None
    assert "tool_siem_lag_seconds{" not in metrics_exposition().decode()


def test_the_worker_ships_every_minute() -> None:
    from django_q.models import Schedule

    schedule = Schedule.objects.get(name="audit-siem-ship")
    assert (schedule.func, schedule.schedule_type, schedule.minutes) == ("audit.siem.siem_ship", "I", 1)


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("TOOLGUARD_SIEM_SYSLOG", "collector.example"),
        ("TOOLGUARD_SIEM_SYSLOG", "collector.example:port"),
        ("TOOLGUARD_SIEM_HTTP_URL", "collector.example/ingest"),
        ("TOOLGUARD_SIEM_SYSLOG_CA_FILE", "/nonexistent/ca.pem"),
        ("TOOLGUARD_SIEM_SYSLOG_TLS", "maybe"),
        ("TOOLGUARD_SIEM_MAX_LAG_SECONDS", "0"),
    ],
)
def test_a_bad_siem_setting_stops_start_up_naming_it(variable: str, value: str) -> None:
    run = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env=child_env(**{variable: value}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode != 0 and "ImproperlyConfigured" in run.stderr and variable in run.stderr
