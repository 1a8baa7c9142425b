"""Audit entries to a SIEM: every entry, in id order, at least once, from a stored cursor.

Near real time: the process that commits an entry ships it
(`siem_after_commit`, armed by audit_append's commit like the Merkle tree's
timer), TOOLGUARD_SIEM_SHIP_DELAY_MS after the commit, so a collector that is
up has it within a second or two. Appends in the meantime ride the same
round. The worker's schedule (`siem_ship`, every minute, and again at once
while a backlog remains) covers a process that stopped first, a collector
that was down, and settings only the worker has. Either way the entries
after each destination's cursor (`SiemCursor`) go in batches of
TOOLGUARD_SIEM_BATCH, and the cursor moves only once the collector accepted
the batch; the cursor row is locked while a batch is sent, so two shippers
never send one destination's entries twice or out of order. Each entry is the JSON object exports and
receipts give (`audit.export.entry_row`: id, the hashed fields, prev_hash,
hash), so a SIEM can re-link the chain and drop a repeat by its id.

- syslog (TOOLGUARD_SIEM_SYSLOG=host:port): RFC 5424 messages over TCP
  (RFC 6587 octet counting, optionally TLS as in RFC 5425), MSGID = action,
  one entry per message. Syslog has no acknowledgement, so a batch is one
  connection, ended by a half-close: it counts as accepted when the
  collector closed its side after reading every byte (a collector that dies
  first resets the connection). A collector killed while still holding the
  last bytes it read can lose them with the close looking clean, so after
  every failure the batch accepted before it is sent again: entries may
  arrive twice, always with the same id, never out of order within a pass.
- HTTP (TOOLGUARD_SIEM_HTTP_URL): one POST per batch, JSON lines, bearer
  TOOLGUARD_SIEM_HTTP_TOKEN; a 2xx accepts it, so nothing is sent twice
  unless an answer is lost.

A destination that fails waits TOOLGUARD_SIEM_RETRY_SECONDS, doubling per
consecutive failure up to TOOLGUARD_SIEM_RETRY_MAX_SECONDS (stored, so every
worker honours it). When the oldest entry a destination lacks is older than
TOOLGUARD_SIEM_MAX_LAG_SECONDS the `siem_lag` alert is raised, and
`tool_siem_lag_seconds{destination}` says the same at every scrape.
"""

from __future__ import annotations

import json
import logging
import re
import socket
import ssl
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol

import httpx
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from prometheus_client.metrics_core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

from audit.alerts import alert_raise
from audit.export import entry_row
from audit.models import Alert, AuditEntry, SiemCursor
from core.enums import AuditResult

logger = logging.getLogger(__name__)

# One run sends for at most this long, then queues the next run, so a backlog
# drains without one task outliving django-q2's timeout (Q_CLUSTER["timeout"]).
SHIP_BUDGET_SECONDS = 20.0
# One siem_lag alert per destination per window: enough to page, not a flood.
LAG_ALERT_WINDOW = timedelta(minutes=15)

# RFC 5424 6.2.1: facility 13 is "log audit"; the severity follows the result.
FACILITY_LOG_AUDIT = 13
SEVERITY = {AuditResult.BLOCKED: 4, AuditResult.FAILURE: 5}  # warning, notice
SEVERITY_DEFAULT = 6  # informational
APP_NAME = "toolguard"
_NOT_PRINTABLE = re.compile(r"[^\x21-\x7e]")


class SiemDeliveryError(Exception):
    """The collector did not accept a batch: the cursor stays where it was."""


# --- what is sent ------------------------------------------------------------------------


def entry_json(entry: AuditEntry) -> str:
    """The entry as exports and receipts give it, as one line of JSON (ASCII: escapes keep it one line)."""
    return json.dumps(entry_row(entry), ensure_ascii=True, separators=(",", ":"))


def _header_field(value: str, limit: int) -> str:
    # RFC 5424 header fields are printable US-ASCII without spaces; "-" is the nil value.
    return _NOT_PRINTABLE.sub("_", value)[:limit] or "-"


def syslog_message(entry: AuditEntry, *, hostname: str) -> bytes:
    """One RFC 5424 message: <PRI>1 TIMESTAMP HOSTNAME toolguard - MSGID - JSON, MSGID = the action."""
    pri = FACILITY_LOG_AUDIT * 8 + SEVERITY.get(AuditResult(entry.result), SEVERITY_DEFAULT)
    stamp = entry.timestamp.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    header = f"<{pri}>1 {stamp} {_header_field(hostname, 255)} {APP_NAME} - {_header_field(entry.action, 32)} -"
    return f"{header} {entry_json(entry)}".encode("ascii")


def octet_frame(message: bytes) -> bytes:
    """RFC 6587 3.4.1 octet counting (RFC 5425's framing): MSG-LEN SP SYSLOG-MSG."""
    return b"%d %s" % (len(message), message)


# --- collectors --------------------------------------------------------------------------


class SiemCollectorClient(Protocol):
    destination: str
    # False when an accepted batch may still be lost (syslog): it is sent again after a failure.
    acknowledges: bool

    @property
    def target(self) -> str: ...

    def send(self, entries: Sequence[AuditEntry]) -> None: ...


@dataclass
class SyslogCollector:
    host: str
    port: int
    tls: bool = False
    ca_file: str = ""
    timeout: float = 10.0
    hostname: str = ""
    destination: str = SiemCursor.Destination.SYSLOG.value
    acknowledges: bool = False

    @property
    def target(self) -> str:
        return f"{self.host}:{self.port}"

    def send(self, entries: Sequence[AuditEntry]) -> None:
        hostname = self.hostname or socket.gethostname()
        payload = b"".join(octet_frame(syslog_message(entry, hostname=hostname)) for entry in entries)
        try:
            with socket.create_connection((self.host, self.port), timeout=self.timeout) as raw:
                if self.tls:
                    context = ssl.create_default_context(cafile=self.ca_file or None)
                    with context.wrap_socket(raw, server_hostname=self.host) as wrapped:
                        wrapped.sendall(payload)
                        _tls_close_acknowledged(wrapped)
                else:
                    raw.sendall(payload)
                    _close_acknowledged(raw)
        except (OSError, ssl.SSLError) as exc:
            raise SiemDeliveryError(f"syslog collector {self.target}: {exc or type(exc).__name__}") from None


def _close_acknowledged(sock: socket.socket) -> None:
    """Half-close, then wait for the collector to close its side: it did after reading every byte.

    A collector that went away with bytes unread resets the connection
    instead (ConnectionResetError), and one that hangs times out: both raise.
    """
    sock.shutdown(socket.SHUT_WR)
    while sock.recv(4096):
        pass  # a syslog collector says nothing; whatever it says is not an answer


def _tls_close_acknowledged(sock: ssl.SSLSocket) -> None:
    """As _close_acknowledged, through TLS: our close_notify, then the collector's close."""
    try:
        raw = sock.unwrap()
    except (ssl.SSLEOFError, ssl.SSLZeroReturnError):
        return  # it closed the connection after our close_notify, which it read after the data
    _close_acknowledged(raw)


@dataclass
class HttpCollector:
    url: str
    token: str = ""
    timeout: float = 10.0
    destination: str = SiemCursor.Destination.HTTP.value
    acknowledges: bool = True
    # One client for every batch of a run: its connection is kept alive between
    # batches, and a client's TLS context is costly to build for each POST.
    _client: httpx.Client | None = field(default=None, init=False, repr=False)

    @property
    def target(self) -> str:
        return self.url

    def send(self, entries: Sequence[AuditEntry]) -> None:
        headers = {"Content-Type": "application/x-ndjson"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        body = "".join(entry_json(entry) + "\n" for entry in entries).encode("ascii")
        try:
            if self._client is None:
                self._client = httpx.Client(timeout=self.timeout)
            response = self._client.post(self.url, content=body, headers=headers)
        except httpx.HTTPError as exc:
            raise SiemDeliveryError(f"HTTP collector {self.url}: {exc or type(exc).__name__}") from None
        if not 200 <= response.status_code < 300:
            hint = " (check TOOLGUARD_SIEM_HTTP_TOKEN)" if response.status_code in (401, 403) else ""
            raise SiemDeliveryError(
                f"HTTP collector {self.url} answered {response.status_code}{hint}: {response.text.strip()[:200]}"
            )


def collectors_configured() -> list[SiemCollectorClient]:
    """The destinations the settings name; none by default."""
    found: list[SiemCollectorClient] = []
    timeout = float(settings.TOOLGUARD_SIEM_TIMEOUT_SECONDS)
    if settings.TOOLGUARD_SIEM_SYSLOG:
        host, _, port = settings.TOOLGUARD_SIEM_SYSLOG.rpartition(":")
        found.append(
            SyslogCollector(
                host=host.strip("[]"),
                port=int(port),
                tls=settings.TOOLGUARD_SIEM_SYSLOG_TLS,
                ca_file=settings.TOOLGUARD_SIEM_SYSLOG_CA_FILE,
                timeout=timeout,
            )
        )
    if settings.TOOLGUARD_SIEM_HTTP_URL:
        found.append(
            HttpCollector(
                url=settings.TOOLGUARD_SIEM_HTTP_URL, token=settings.TOOLGUARD_SIEM_HTTP_TOKEN, timeout=timeout
            )
        )
    return found


# --- the cursor --------------------------------------------------------------------------


def batch_after(cursor: SiemCursor, size: int) -> list[AuditEntry]:
    """The next entries after the cursor, in id order, stopping at the first that does not link.

    Appends draw their ids under the chain lock and hold it to commit, so no
    smaller id can still appear; the hash link checks that rather than
    trusting it: an entry whose prev_hash is not the last one sent waits.
    """
    expected = cursor.last_hash
    batch = []
    for entry in AuditEntry.objects.filter(id__gt=cursor.last_id).order_by("id")[:size]:
        if expected and entry.prev_hash != expected:
            logger.warning(
                "SIEM %s: entry %s does not link to entry %s, the last sent; waiting",
                cursor.destination,
                entry.id,
                cursor.last_id,
            )
            break
        batch.append(entry)
        expected = entry.hash
    return batch


def cursor_accepted(cursor: SiemCursor, batch: Sequence[AuditEntry], now: datetime) -> None:
    cursor.previous_id, cursor.previous_hash = cursor.last_id, cursor.last_hash
    cursor.last_id, cursor.last_hash = batch[-1].id, batch[-1].hash
    cursor.sent += len(batch)
    cursor.failures, cursor.next_attempt_at, cursor.last_error = 0, None, ""
    cursor.last_sent_at = now
    cursor.save()


def retry_delay(failures: int) -> timedelta:
    """Back-off after this many consecutive failures: doubling from the first step, capped."""
    first, cap = settings.TOOLGUARD_SIEM_RETRY_SECONDS, settings.TOOLGUARD_SIEM_RETRY_MAX_SECONDS
    return timedelta(seconds=min(first * 2 ** min(failures - 1, 30), cap))


def cursor_failed(cursor: SiemCursor, error: SiemDeliveryError, now: datetime, *, rewind: bool) -> None:
    if rewind:
        # The batch accepted before this failure may have died with the collector: send it again.
        cursor.last_id, cursor.last_hash = cursor.previous_id, cursor.previous_hash
    cursor.failures += 1
    cursor.next_attempt_at = now + retry_delay(cursor.failures)
    cursor.last_error = str(error)[:500]
    cursor.save()
    logger.warning(
        "SIEM %s: %s; next attempt in %ss",
        cursor.destination,
        error,
        int(retry_delay(cursor.failures).total_seconds()),
    )


@dataclass(frozen=True)
class ShipReport:
    destination: str
    sent: int
    outcome: str  # caught_up | budget | failed | backing_off | busy
    lag_seconds: float


def destination_ship(
    collector: SiemCollectorClient, *, now: datetime | None = None, budget_seconds: float = SHIP_BUDGET_SECONDS
) -> ShipReport:
    """Send batches to one collector until it has everything, fails, or the budget is spent."""
    SiemCursor.objects.get_or_create(destination=collector.destination)
    size = settings.TOOLGUARD_SIEM_BATCH
    started, sent, outcome = time.monotonic(), 0, "caught_up"
    while True:
        moment = now or timezone.now()
        with transaction.atomic():
            # Held while the batch is sent: two workers never send one destination's
            # batches at once (which could interleave them); the other one skips.
            cursor = (
                SiemCursor.objects.select_for_update(skip_locked=True).filter(destination=collector.destination).first()
            )
            if cursor is None:
                return ShipReport(collector.destination, sent, "busy", 0.0)
            if cursor.next_attempt_at is not None and moment < cursor.next_attempt_at:
                outcome = "backing_off"
                break
            batch = batch_after(cursor, size)
            if not batch:
                break
            cursor.target = collector.target[:500]
            try:
                collector.send(batch)
            except SiemDeliveryError as exc:
                cursor_failed(cursor, exc, moment, rewind=not collector.acknowledges)
                outcome = "failed"
                break
            cursor_accepted(cursor, batch, moment)
            sent += len(batch)
        if len(batch) < size:
            break
        if time.monotonic() - started >= budget_seconds:
            outcome = "budget"
            break
    cursor = SiemCursor.objects.get(destination=collector.destination)
    return ShipReport(collector.destination, sent, outcome, siem_lag_check(cursor, now=now or timezone.now()))


def siem_lag_seconds(cursor: SiemCursor, now: datetime) -> tuple[float, int | None]:
    """How old the oldest entry this destination lacks is (0 when it has them all), and its id."""
    oldest = AuditEntry.objects.filter(id__gt=cursor.last_id).order_by("id").values_list("id", "timestamp").first()
    if oldest is None:
        return 0.0, None
    return max(0.0, (now - oldest[1]).total_seconds()), oldest[0]


def siem_lag_check(cursor: SiemCursor, *, now: datetime) -> float:
    """Raise siem_lag when the destination lacks an entry older than TOOLGUARD_SIEM_MAX_LAG_SECONDS."""
    lag, oldest_id = siem_lag_seconds(cursor, now)
    if lag > settings.TOOLGUARD_SIEM_MAX_LAG_SECONDS:
        alert_raise(
            rule=Alert.Rule.SIEM_LAG,
            severity=Alert.Severity.CRITICAL,
            subject=f"siem:{cursor.destination}",
            window=LAG_ALERT_WINDOW,
            details={
                "destination": cursor.destination,
                "target": cursor.target,
                "lag_seconds": int(lag),
                "max_lag_seconds": settings.TOOLGUARD_SIEM_MAX_LAG_SECONDS,
                "oldest_unsent_entry_id": oldest_id,
                "last_sent_entry_id": cursor.last_id,
                "failures": cursor.failures,
                "last_error": cursor.last_error,
            },
            now=now,
        )
    return lag


def siem_ship() -> dict[str, int] | None:
    """django-q2 task, every minute: send each configured destination what it lacks; entries sent each."""
    collectors = collectors_configured()
    if not collectors:
        return None
    reports = [destination_ship(collector) for collector in collectors]
    if any(report.outcome == "budget" for report in reports):
        # A backlog remains: the next run starts now rather than at the next minute.
        from django_q.tasks import async_task

        async_task("audit.siem.siem_ship")
    return {report.destination: report.sent for report in reports}


# --- near real time: shipped by the process that committed ----------------------------------

_timer: threading.Timer | None = None
_state = threading.Lock()
# A round that found another shipper holding a destination's cursor tries again this soon:
# that shipper may have read its batch before this process's entries committed.
BUSY_RETRY_SECONDS = 0.5
# How many times a round re-arms for a busy cursor before leaving it to the next commit or
# the minute schedule (a shipper stuck on a hung collector holds the cursor up to its timeout).
BUSY_RETRIES = 60
_busy_retries = 0
# Rounds this process started after a commit (tests read it: shipping came from the commit).
rounds_after_commit = 0


def siem_after_commit() -> None:
    """After an audit append commits: ship it to each configured collector within TOOLGUARD_SIEM_SHIP_DELAY_MS.

    One timer per process, as for the Merkle tree (audit.tree.tree_after_commit):
    appends committed while it is armed are sent by the same round. Nothing is
    armed when no collector is configured in this process.
    """
    if not (settings.TOOLGUARD_SIEM_SYSLOG or settings.TOOLGUARD_SIEM_HTTP_URL):
        return
    _timer_arm(settings.TOOLGUARD_SIEM_SHIP_DELAY_MS / 1000)


def _timer_arm(delay: float) -> None:
    global _timer
    with _state:
        if _timer is not None and _timer.is_alive():
            return
        _timer = threading.Timer(delay, _timer_fire)
        _timer.daemon = True
        _timer.start()


def _timer_fire() -> None:
    global _timer, rounds_after_commit, _busy_retries
    with _state:
        _timer = None  # an append committed from now on arms the next round
        rounds_after_commit += 1
    again = False
    try:
        for collector in collectors_configured():
            report = destination_ship(collector)
            # busy: another process holds the cursor and may have read its batch before this
            # process's entries committed; budget: a backlog remains. Either way, go again.
            again = again or report.outcome in ("busy", "budget")
    except Exception:
        logger.exception("could not ship audit entries to the SIEM after a commit")
    finally:
        connection.close()  # this thread's own connection
    if again and _busy_retries < BUSY_RETRIES:
        _busy_retries += 1
        _timer_arm(BUSY_RETRY_SECONDS)
    elif not again:
        _busy_retries = 0


def timer_stop() -> None:
    """Cancel this process's SIEM timer and wait out a round in progress (tests, before the database goes)."""
    global _timer
    with _state:
        timer, _timer = _timer, None
    if timer is not None:
        timer.cancel()
        if timer.is_alive():
            timer.join(timeout=60)


# --- metrics -----------------------------------------------------------------------------


class SiemMetrics(Collector):
    """Each configured destination's lag, failures and entries sent, read from its cursor at scrape time.

    Scraped from the web servers, so it says how far behind a SIEM is even
    when no worker runs to raise the alert.
    """

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        lag = GaugeMetricFamily(
            "tool_siem_lag_seconds", "Age of the oldest audit entry a SIEM destination lacks", labels=["destination"]
        )
        failures = GaugeMetricFamily(
            "tool_siem_failures", "Consecutive failed sends to a SIEM destination", labels=["destination"]
        )
        sent = CounterMetricFamily(
            "tool_siem_sent_entries", "Audit entries a SIEM destination accepted", labels=["destination"]
        )
        now = timezone.now()
        for collector in collectors_configured():
            cursor = SiemCursor.objects.filter(destination=collector.destination).first()
            cursor = cursor or SiemCursor(destination=collector.destination)
            lag.add_metric([cursor.destination], siem_lag_seconds(cursor, now)[0])
            failures.add_metric([cursor.destination], cursor.failures)
            sent.add_metric([cursor.destination], cursor.sent)
        yield lag
        yield failures
        yield sent
