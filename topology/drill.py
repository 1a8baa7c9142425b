"""The failover drill: agents under load while the primary's database host dies.

Sixteen agents, each on its own connection, send transfers between the demo
customer's two accounts (money only moves, so the total stays the same), each
under a fresh idempotency key, and retry that key after a 503, a 409 or a
dropped connection, as a well-behaved agent does. Mid-load the primary's
PostgreSQL and its Patroni are SIGKILLed; Patroni promotes the synchronous
standby. Then the database is asked what happened (tests/topology and
bench/failover.py read the same figures).
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx

from topology.layout import DB_HOSTS, Topology, TopologyError, wait_for

CLIENT_TIMEOUT = 15.0  # an agent's patience for one answer
CALL_DEADLINE = 120.0  # how long an agent keeps retrying one key


@dataclass
class Call:
    key: str
    source: str
    target: str
    amount: int
    started: float
    statuses: list[int] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    final: int | None = None
    answered_at: float | None = None
    timeouts: int = 0
    missing_retry_after: int = 0


@dataclass
class DrillResult:
    calls: list[Call]
    killed_node: str
    new_leader: str | None
    kill_at: float
    first_write_after_kill: float | None
    leader_after: float | None
    readyz: list[tuple[float, str]]
    figures: dict[str, Any]


class Agents:
    def __init__(self, topology: Topology, *, connections: int) -> None:
        customer = topology.credentials["customers"][0]
        self.key = customer["agent_key"]
        accounts = [a["number"] if isinstance(a, dict) else a for a in customer["accounts"]]
        self.accounts = [a for a in accounts if a.startswith(("checking", "savings"))][:2]
        self.urls = topology.app_urls
        self.connections = connections
        self.calls: list[Call] = []
        self.run = uuid.uuid4().hex[:8]
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._agent, args=(n,), daemon=True) for n in range(connections)]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=CALL_DEADLINE + CLIENT_TIMEOUT + 10)

    def _agent(self, n: int) -> None:
        url = f"{self.urls[n % len(self.urls)]}/api/v1/tool-calls"
        session = f"drill-{self.run}-{n}"
        headers = {"Authorization": f"Bearer {self.key}"}
        with httpx.Client(timeout=CLIENT_TIMEOUT, headers=headers) as client:
            turn = 0
            while not self.stopping.is_set():
                turn += 1
                source, target = self.accounts if (n + turn) % 2 else reversed(self.accounts)
                call = Call(uuid.uuid4().hex, source, target, 100 + n, time.monotonic())
                with self.lock:
                    self.calls.append(call)
                self._until_answered(client, url, session, call)

    def _until_answered(self, client: httpx.Client, url: str, session: str, call: Call) -> None:
        body = {
            "id": f"call-{call.key}",
            "name": "transfer_funds",
            "session_id": session,
            "arguments": {
                "from_account": call.source,
                "to_account": call.target,
                "amount": call.amount,
                "currency": "USD",
                "idempotency_key": call.key,
            },
        }
        while time.monotonic() - call.started < CALL_DEADLINE:
            try:
                response = client.post(url, json=body)
            except httpx.TimeoutException:
                call.timeouts += 1
                continue
            except httpx.TransportError:
                time.sleep(0.5)
                continue
            call.statuses.append(response.status_code)
            code = ""
            if response.status_code >= 400:
                try:
                    code = str(response.json()["error"]["code"])
                except (ValueError, KeyError, TypeError):
                    code = "unreadable"
            call.codes.append(code)
            if response.status_code in (409, 503):
                if "Retry-After" not in response.headers:
                    call.missing_retry_after += 1
                # Sooner than Retry-After asks: the drill measures the gap to the second.
                time.sleep(0.5)
                continue
            call.final = response.status_code
            call.answered_at = time.monotonic()
            return


def _watch_readyz(url: str, stop: threading.Event, seen: list[tuple[float, str]]) -> None:
    while not stop.is_set():
        try:
            status = str(httpx.get(f"{url}/readyz", timeout=5).json().get("status"))
        except (httpx.HTTPError, ValueError):
            status = "no answer"
        if not seen or seen[-1][1] != status:
            seen.append((time.monotonic(), status))
        time.sleep(0.25)


def run_drill(topology: Topology, *, connections: int = 16, before: float = 8.0, after: float = 10.0) -> DrillResult:
    """Load, kill the primary's host, wait for writes to resume, load a little longer, then count."""
    import psycopg

    with psycopg.connect(topology.primary_dsn(), autocommit=True) as conn:
        money_before = _money(conn)
        heads_before = _heads(conn)
    killed = topology.leader()
    if killed is None:
        raise TopologyError("no Patroni leader before the drill")
    if not topology.cluster_formed():
        # Without one, Patroni (synchronous_mode) promotes nobody: the drill would only take writes away.
        raise TopologyError(f"no synchronous standby beside {killed} before the drill: nothing to fail over to")
    agents = Agents(topology, connections=connections)
    readyz: list[tuple[float, str]] = []
    watching = threading.Event()
    watcher = threading.Thread(target=_watch_readyz, args=(topology.app_urls[0], watching, readyz), daemon=True)
    watcher.start()
    agents.start()
    time.sleep(before)
    kill_at = time.monotonic()
    topology.crash_database_host(killed)
    leader_after: float | None = None
    try:
        leader_after = wait_for("a new leader", lambda: topology.leader() not in (None, killed), timeout=90, every=0.2)
        wait_for("a write after the failover", lambda: _first_write_after(agents, kill_at) is not None, timeout=90)
        time.sleep(after)
    finally:
        agents.stop()
        watching.wait(0)
    # /readyz settles once the app hosts reconnected.
    wait_for("readyz ok after the failover", lambda: bool(readyz) and readyz[-1][1] == "ok", timeout=60)
    watching.set()
    watcher.join(timeout=10)
    first_write = _first_write_after(agents, kill_at)
    new_leader = topology.leader()
    with psycopg.connect(topology.primary_dsn(), autocommit=True) as conn:
        figures = _figures(conn, agents, kill_at, first_write, money_before, heads_before)
    figures["connections"], figures["killed_node"], figures["new_leader"] = connections, killed, new_leader
    figures["leader_elected_seconds"] = round(leader_after, 2) if leader_after is not None else None
    figures["readyz_sequence"] = [status for _, status in readyz]
    return DrillResult(agents.calls, killed, new_leader, kill_at, first_write, leader_after, readyz, figures)


def _first_write_after(agents: Agents, kill_at: float) -> float | None:
    with agents.lock:
        done = [c.answered_at for c in agents.calls if c.started > kill_at and c.final and 200 <= c.final < 300]
    return min((t for t in done if t is not None), default=None)


def _money(conn: Any) -> int:
    return int(conn.execute("SELECT COALESCE(SUM(balance_cents), 0) FROM toolguard_account").fetchone()[0])


def _heads(conn: Any) -> tuple[int, int]:
    heads = conn.execute("SELECT COUNT(*) FROM audit_audithead").fetchone()[0]
    trees = conn.execute("SELECT COALESCE(MAX(size), 0) FROM audit_treecheckpoint").fetchone()[0]
    return int(heads), int(trees)


def _figures(
    conn: Any,
    agents: Agents,
    kill_at: float,
    first_write: float | None,
    money_before: int,
    heads_before: tuple[int, int],
) -> dict[str, Any]:
    calls = agents.calls
    statuses = Counter(s for c in calls for s in c.statuses)
    codes_503 = Counter(code for c in calls for s, code in zip(c.statuses, c.codes, strict=True) if s == 503)
    answered = [c for c in calls if c.final is not None and 200 <= c.final < 300]
    keys = [c.key for c in answered]
    # Every request is a tool call row; a replay (the answer to a retry whose
    # first attempt committed but lost its answer) is marked so. A key is in
    # the database once when exactly one row executed it.
    counted = conn.execute(
        "SELECT idempotency_key, "
        "COUNT(*) FILTER (WHERE status = 'completed' AND NOT COALESCE((response->>'replayed')::boolean, false)), "
        "COUNT(*) FILTER (WHERE COALESCE((response->>'replayed')::boolean, false)) "
        "FROM toolguard_toolcall WHERE idempotency_key = ANY(%s) GROUP BY idempotency_key",
        [keys],
    ).fetchall()
    executed = {key: int(runs) for key, runs, _ in counted}
    replays = sum(int(replayed) for _, _, replayed in counted)
    sessions = f"drill-{agents.run}-%"
    # Money moves once per key: transfers made in the drill's sessions against the keys that completed.
    transfers = conn.execute(
        "SELECT COUNT(*) FROM toolguard_transfer WHERE session_id LIKE %s AND status = 'completed'", [sessions]
    ).fetchone()[0]
    completed_keys = conn.execute(
        "SELECT COUNT(DISTINCT idempotency_key) FROM toolguard_toolcall WHERE session_id LIKE %s "
        "AND status = 'completed'",
        [sessions],
    ).fetchone()[0]
    heads_after = _heads(conn)
    return {
        "calls": len(calls),
        "answered_2xx": len(answered),
        "unanswered": sum(1 for c in calls if c.final is None),
        "status_counts": {str(k): v for k, v in sorted(statuses.items())},
        "http_503": statuses.get(503, 0),
        "http_503_codes": dict(codes_503),
        "http_500": sum(v for k, v in statuses.items() if k >= 500 and k != 503),
        "client_timeouts": sum(c.timeouts for c in calls),
        "missing_retry_after": sum(c.missing_retry_after for c in calls),
        "answered_missing_in_db": sum(1 for key in keys if executed.get(key, 0) == 0),
        "answered_duplicated_in_db": sum(1 for key in keys if executed.get(key, 0) > 1),
        "answered_by_replay": replays,
        "transfers": int(transfers),
        "keys_completed": int(completed_keys),
        "keys_applied_twice": int(transfers) - int(completed_keys),
        "write_gap_seconds": round(first_write - kill_at, 2) if first_write is not None else None,
        "money_before_cents": money_before,
        "money_after_cents": _money(conn),
        "money_conserved": _money(conn) == money_before,
        "signed_heads_before": heads_before[0],
        "signed_heads_after": heads_after[0],
        "tree_size_before": heads_before[1],
        "tree_size_after": heads_after[1],
    }


__all__ = ["DB_HOSTS", "DrillResult", "run_drill"]
