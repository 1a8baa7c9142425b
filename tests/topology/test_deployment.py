"""The deployment as separate hosts: nginx in front, a Patroni pair behind, and a failover under load.

One topology serves the module, started as `make topology` starts it (about
three minutes): the tests that leave it as they found it run first, then
bench/failover.py drills it from a process of its own (and brings the crashed
node back), the drill here drills it again, and SIGTERM stops it last.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time

import httpx
import psycopg
import pytest

from tests.topology.conftest import Running
from topology.drill import run_drill
from topology.layout import ROOT, Topology, TopologyError, read_state, wait_for
from topology.netns import namespaces

pytestmark = pytest.mark.live


def _raw_request(host: str, head: str, *, timeout: float = 30) -> str:
    with socket.create_connection((host, 80), timeout=timeout) as sock:
        sock.sendall(head.encode())
        chunks = []
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks).decode(errors="replace")


def test_nginx_refuses_a_body_over_the_limit_in_the_api_shape(topology: Topology) -> None:
    host = topology.address("app1")
    answer = _raw_request(
        host,
        "POST /api/v1/tool-calls HTTP/1.1\r\nHost: toolguard\r\nContent-Type: application/json\r\n"
        "Content-Length: 5000000\r\nConnection: close\r\n\r\n",
    )
    status_line, _, rest = answer.partition("\r\n")
    assert " 413 " in status_line, answer[:300]
    body = json.loads(rest.split("\r\n\r\n", 1)[1])
    assert body["error"]["code"] == "request_too_large"


def test_the_client_address_passes_through_nginx_and_a_forged_one_does_not(topology: Topology) -> None:
    # An unauthenticated API request is audited with the address it came from (audit.unauthenticated).
    forged = "203.0.113.9"
    response = httpx.get(f"{topology.app_urls[0]}/api/v1/tools", headers={"X-Forwarded-For": forged}, timeout=30)
    assert response.status_code == 401
    me = topology.slot.address(1) if topology.slot else ""
    with psycopg.connect(topology.primary_dsn(), autocommit=True) as conn:
        addresses = [
            row[0]
            for row in conn.execute(
                "SELECT details->>'remote_addr' FROM audit_auditentry WHERE action = 'authentication_failed' "
                "ORDER BY id DESC LIMIT 5"
            ).fetchall()
        ]
    assert me in addresses, addresses
    assert forged not in addresses


def test_slow_clients_do_not_hold_the_app_hosts(topology: Topology) -> None:
    """Ten connections trickle a body a byte at a time; nginx holds them, gunicorn never sees them."""
    host = topology.address("app1")
    # Authenticated, so a server that got the request would wait for the body
    # (an anonymous one is refused before its body is read).
    key = topology.credentials["customers"][0]["agent_key"]
    stop = threading.Event()
    slow: list[socket.socket] = []

    def trickle() -> None:
        sock = socket.create_connection((host, 80), timeout=30)
        slow.append(sock)
        sock.sendall(
            "POST /api/v1/tool-calls HTTP/1.1\r\nHost: toolguard\r\nContent-Type: application/json\r\n"
            f"Authorization: Bearer {key}\r\nContent-Length: 10000\r\n\r\n".encode()
        )
        while not stop.is_set():
            try:
                sock.sendall(b" ")
            except OSError:
                return
            stop.wait(0.5)

    threads = [threading.Thread(target=trickle, daemon=True) for _ in range(10)]
    for thread in threads:
        thread.start()
    try:
        wait_for("ten slow connections open", lambda: len(slow) == 10, timeout=30)
        # Two gunicorn workers per host: were the slow bodies reaching them, every probe would wait.
        waits = []
        with httpx.Client(timeout=5) as client:
            for _ in range(20):
                started = time.monotonic()
                assert client.get(f"http://{host}/healthz").status_code == 200
                waits.append(time.monotonic() - started)
                time.sleep(0.2)
    finally:
        stop.set()
        for sock in slow:
            sock.close()
        for thread in threads:
            thread.join(timeout=10)
    print(f"healthz through nginx beside 10 slow bodies: max {max(waits):.3f}s over {len(waits)} probes")
    assert max(waits) < 1.0, waits


def _login(client: httpx.Client, base: str, username: str, password: str) -> None:
    page = client.get(f"{base}/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
    assert token, page.text[:500]
    done = client.post(
        f"{base}/accounts/login/",
        data={"username": username, "password": password, "csrfmiddlewaretoken": token.group(1)},
        headers={"Referer": f"{base}/accounts/login/"},
    )
    assert done.status_code in (200, 302), done.text[:500]


def _read_source(client: httpx.Client, base: str) -> str:
    page = client.get(f"{base}/audit/")
    assert page.status_code == 200, page.text[:500]
    found = re.search(r'<p class="muted" id="read-source">\s*(.*?)\s*</p>', page.text, re.S)
    assert found, page.text[:2000]
    return " ".join(found.group(1).split())


def test_compliance_search_reads_the_standby_and_shows_its_lag(topology: Topology) -> None:
    person = topology.credentials["compliance"][0]
    base = topology.app_urls[1]
    with httpx.Client(timeout=30, follow_redirects=False) as client:
        _login(client, base, person["username"], person["password"])
        assert re.fullmatch(r"Read from the standby, \d+\.\d s behind the primary\.", _read_source(client, base))
        # The export's rows come from the standby too; its proof and checkpoint from the primary.
        export = client.get(f"{base}/api/v1/audit/export", params={"format": "jsonl"})
        assert export.status_code == 200, export.text[:500]
        assert len(export.text.splitlines()) > 1


def test_bench_drills_the_running_topology_and_leaves_it_up(running_topology: Running) -> None:
    """`bench/failover.py --running`: the same drill from another process, on the topology that runs."""
    topology = running_topology.topology
    done = subprocess.run(
        [sys.executable, "bench/failover.py", "--running", "--state", str(running_topology.state)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    print("failover drill of the running topology:", json.dumps(figures))
    assert figures["drilled_running_topology"] is True
    assert figures["new_leader"] not in (None, figures["killed_node"]), figures
    assert figures["keys_applied_twice"] == 0, figures
    assert figures["answered_duplicated_in_db"] == 0, figures
    assert figures["answered_missing_in_db"] == 0, figures
    assert figures["money_conserved"], figures
    assert figures["money_after_cents"] == figures["money_before_cents"], figures
    assert figures["audit_chain_verified"] is True, figures
    assert figures["write_gap_seconds"] is not None, figures
    assert figures["answered_2xx"] > 0 and figures["http_500"] == 0, figures

    # Still up, and drillable again: the same process runs it, the crashed node is the synchronous standby.
    assert running_topology.process.poll() is None, running_topology.output_tail()
    assert read_state(running_topology.state)["pid"] == running_topology.process.pid
    roles = {member["name"]: member["role"] for member in topology.cluster()}
    assert roles == {figures["new_leader"]: "leader", figures["killed_node"]: "sync_standby"}, roles
    for url in topology.app_urls:
        wait_for(
            f"{url}/readyz ok", lambda url=url: httpx.get(f"{url}/readyz", timeout=5).status_code == 200, timeout=60
        )


def test_failover_under_load(topology: Topology) -> None:
    result = run_drill(topology, connections=16)
    figures = result.figures
    print("failover drill:", json.dumps(figures))
    assert result.new_leader not in (None, result.killed_node)
    assert figures["http_500"] == 0, figures
    assert figures["client_timeouts"] == 0, figures
    assert figures["unanswered"] == 0, figures
    assert figures["answered_2xx"] > 0
    assert figures["answered_missing_in_db"] == 0, figures
    assert figures["answered_duplicated_in_db"] == 0, figures
    assert figures["keys_applied_twice"] == 0, figures
    assert figures["money_conserved"], figures
    assert figures["write_gap_seconds"] is not None and figures["write_gap_seconds"] < 30, figures
    assert figures["http_503"] > 0, "the drill never saw the gap: did the kill land?"
    assert set(figures["http_503_codes"]) == {"database_unavailable"}, figures
    assert figures["missing_retry_after"] == 0, figures
    sequence = figures["readyz_sequence"]
    assert "degraded" in sequence and sequence[-1] == "ok", sequence
    assert sequence.index("degraded") < len(sequence) - 1

    # The chain verifies across the failover, and checkpoints are signed after it.
    topology.manage("verify_audit")
    signed = _tree_size(topology)
    customer = topology.credentials["customers"][0]
    one_more = httpx.post(
        f"{topology.app_urls[1]}/api/v1/tool-calls",
        headers={"Authorization": f"Bearer {customer['agent_key']}"},
        json={
            "id": "after-failover",
            "name": "transfer_funds",
            "session_id": "after-failover",
            "arguments": {
                "from_account": customer["accounts"][0],
                "to_account": customer["accounts"][1],
                "amount": 1,
                "currency": "USD",
                "idempotency_key": "after-failover",
            },
        },
        timeout=30,
    )
    assert one_more.status_code == 200, one_more.text
    wait_for("a tree checkpoint signed after the failover", lambda: _tree_size(topology) > signed, timeout=120)

    # The standby is gone: compliance reads fall back to the primary and say so.
    person = topology.credentials["compliance"][0]
    base = topology.app_urls[0]
    with httpx.Client(timeout=30) as client:
        _login(client, base, person["username"], person["password"])
        assert _read_source(client, base) == "Read from the primary: no standby answers."
        # The crashed node comes back as a standby of the new primary, and reads move back to it.
        topology.rejoin_database_host(result.killed_node)
        wait_for(
            "search reads the standby again",
            lambda: _read_source(client, base).startswith("Read from the standby"),
            timeout=60,
        )


def _tree_size(topology: Topology) -> int:
    with psycopg.connect(topology.primary_dsn(), autocommit=True) as conn:
        row = conn.execute("SELECT COALESCE(MAX(size), 0) FROM audit_treecheckpoint").fetchone()
    return int(row[0]) if row else 0


def test_sigterm_stops_the_topology_and_removes_its_state(running_topology: Running) -> None:
    topology = running_topology.topology
    own = {host.namespace for host in topology.hosts.values()}
    assert own <= set(namespaces())
    running_topology.process.send_signal(signal.SIGTERM)
    assert running_topology.process.wait(timeout=180) == 0, running_topology.output_tail()
    assert "stopped: namespaces removed" in running_topology.output_tail()
    assert not running_topology.state.exists() and not running_topology.state.is_symlink()
    assert not topology.state_file.exists() and not topology.dir.exists()
    assert not own & set(namespaces())
    with pytest.raises(TopologyError, match="no running topology"):
        Topology.attach(running_topology.state)
