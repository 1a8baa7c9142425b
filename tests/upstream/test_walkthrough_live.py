"""docs/upstreams.md's "Try it" section runs as written: its servers, its catalog, its calls.

Only the ports, the customer and the server's address are this test's own;
`make run` is stood in for by gunicorn and a worker on the test database, with
the same TOOLGUARD_TOOL_CATALOG in every process, as the section exports it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from django.contrib.auth.models import Group, User

from core.models import Customer
from people.roles import REVIEWERS_GROUP
from tests.live import ROOT, Gunicorn, child_env, free_port, stop_process, unique, wait_http
from tests.upstream.fakes import Worker

pytestmark = [pytest.mark.live, pytest.mark.needs_postgres, pytest.mark.needs_redis]

SECTION = (ROOT / "docs" / "upstreams.md").read_text(encoding="utf-8")
SECTION = SECTION[SECTION.index("## Try it") : SECTION.index("## Declaring an upstream tool")]


def block(language: str, number: int) -> str:
    return re.findall(rf"^```{language}\n(.*?)^```", SECTION, re.S | re.M)[number]


@pytest.fixture
def walk(django_db_setup: Any, django_db_blocker: Any, tmp_path: Any) -> Iterator[dict[str, Any]]:
    http_port, mcp_port = free_port(), free_port()
    ports = {"9001": str(http_port), "9002": str(mcp_port)}

    def localise(text: str) -> str:
        for theirs, ours in ports.items():
            text = text.replace(f":{theirs}", f":{ours}").replace(f" {theirs} ", f" {ours} ")
        return text

    fakes = []
    # The section's first block: each line starts one upstream in the background.
    for line in localise(block("sh", 0)).strip().splitlines():
        program, port = re.fullmatch(r"\.venv/bin/python (\S+) (\d+) &", line.strip()).groups()  # type: ignore[union-attr]
        fakes.append(subprocess.Popen([sys.executable, str(ROOT / program), port], cwd=ROOT))
    try:
        wait_http(f"http://127.0.0.1:{http_port}/_admin/effects", proc=fakes[0])
        wait_http(f"http://127.0.0.1:{mcp_port}/_admin/health", proc=fakes[1])
        catalog = tmp_path / "upstreams.yaml"
        catalog.write_text(localise(block("yaml", 0)))
        env = {"TOOLGUARD_TOOL_CATALOG": str(catalog), "TOOLGUARD_UPSTREAM_RETRY_SECONDS": "1"}
        customer = unique("walk-")
        with django_db_blocker.unblock():
            Customer.objects.create(external_id=customer, name="Walk")
            reviewer = User.objects.create_user(unique("walk-reviewer-"), password="walk-pass-1234")
            reviewer.groups.add(Group.objects.get(name=REVIEWERS_GROUP))
        server = Gunicorn(workers=2, env=env)
        worker = Worker(child_env(**env))
        try:
            yield {
                "localise": localise,
                "customer": customer,
                "server": server,
                "env": child_env(**env),
                "http": f"http://127.0.0.1:{http_port}",
                "reviewer": (reviewer.username, "walk-pass-1234"),
            }
        finally:
            worker.stop()
            server.stop()
    finally:
        for fake in fakes:
            stop_process(fake)


def test_the_try_it_section_runs_as_written(walk: dict[str, Any]) -> None:
    commands = walk["localise"](block("sh", 1)).replace("user-123", walk["customer"])
    commands = commands.replace("http://127.0.0.1:8000", walk["server"].url)
    lines = [line for line in commands.splitlines() if not line.startswith(("export ", "make run"))]
    # The key line and the three calls, run by bash as written (the catalog exported as the section does).
    script = "\n".join(lines).replace(".venv/bin/python", sys.executable)
    done = subprocess.run(
        ["bash", "-c", "set -e\n" + script],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
        env=walk["env"],
    )
    assert done.returncode == 0, done.stderr
    answers, rest, decoder = [], done.stdout.strip(), json.JSONDecoder()
    while rest:
        answer, end = decoder.raw_decode(rest)
        answers.append(answer)
        rest = rest[end:].strip()
    assert [answer["status"] for answer in answers] == ["completed", "pending_approval", "completed"], answers
    assert answers[0]["result"]["status"] == "succeeded"
    assert "rules" not in answers[1]["result"]  # the rules are the reviewer's to read
    assert answers[2]["result"]["amount_cents"] == 500

    # The held refund reads as the section says, and approved it reaches the orders API once.
    approvals = httpx.get(
        f"{walk['server'].url}/api/v1/approvals?status=pending", auth=walk["reviewer"], timeout=30
    ).json()
    held = next(item for item in approvals if item["id"] == answers[1]["approval_id"])
    assert held["summary"]["title"] == "Refund part of an order through the orders API: $900.00 USD"
    assert {"label": "Order", "value": "A-1002"} in held["summary"]["fields"]
    assert held["rules"] == ["large_refund"]
    decided = httpx.post(
        f"{walk['server'].url}/api/v1/approvals/{held['id']}/decision",
        json={"decision": "approve", "reason": "checked with the customer"},
        auth=walk["reviewer"],
        timeout=30,
    )
    assert decided.status_code == 200, decided.text
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        effects = httpx.get(f"{walk['http']}/_admin/effects", timeout=10).json()
        if len(effects["refunds"]) == 2:
            break
        time.sleep(0.5)
    assert sorted(refund["order_id"] for refund in effects["refunds"]) == ["A-1001", "A-1002"]
    assert set(effects["applied"].values()) == {1}
