"""One `tools/call` to a real MCP server (the SDK-built fake CRM), bounded in time and size."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from core.tools import Attempt
from tests.live import unique
from tests.upstream.fakes import FakeUpstream
from upstream.transport import attempt_send

pytestmark = pytest.mark.live


@pytest.fixture(scope="module")
def crm() -> Iterator[FakeUpstream]:
    server = FakeUpstream("fake_mcp.py", "/_admin/health")
    try:
        yield server
    finally:
        server.stop()


def call(crm: FakeUpstream, tool: str, body: dict[str, object], **target: object) -> Attempt:
    return attempt_send(
        kind="mcp",
        target={"url": f"{crm.url}/mcp", "tool": tool, "timeout_s": 5.0, **target},
        body=body,
        headers={"Idempotency-Key": unique("k")},
    )


def test_a_read_answers_within_the_default_limit(crm: FakeUpstream) -> None:
    attempt = call(crm, "lookup_customer", {"customer_id": "c-1"})
    assert attempt.verdict == "completed" and attempt.result["tier"] == "gold"


def test_answers_past_max_response_bytes_are_cut_at_once(crm: FakeUpstream) -> None:
    started = time.monotonic()
    attempt = call(crm, "lookup_customer", {"customer_id": "c-1"}, max_response_bytes=200)
    assert time.monotonic() - started < 10
    assert attempt.verdict == "unknown" and attempt.too_large and attempt.result is None
    assert attempt.details()["cut"] == "max_response_bytes"


def test_a_call_whose_answer_passes_max_response_bytes_is_cut(crm: FakeUpstream) -> None:
    crm.admin("fault", {"notes": "n" * 100_000})
    try:
        attempt = call(crm, "lookup_customer", {"customer_id": "c-1"}, max_response_bytes=20_000)
        assert attempt.verdict == "unknown" and attempt.too_large
        assert call(crm, "lookup_customer", {"customer_id": "c-1"}, max_response_bytes=500_000).verdict == "completed"
    finally:
        crm.admin("fault", {"notes": "Prefers email contact."})


def test_an_error_results_text_is_for_the_audit_only(crm: FakeUpstream) -> None:
    crm.admin("fault", {"mode": "error"})
    attempt = call(crm, "add_credit", {"customer_id": "c-1", "amount_cents": 5})
    assert attempt.verdict == "failed" and "frozen" in attempt.details()["message"]
    assert attempt.told() == "the upstream refused the call"


def test_timeout_s_bounds_the_whole_call(crm: FakeUpstream) -> None:
    crm.admin("fault", {"mode": "slow", "slow_seconds": 20})
    started = time.monotonic()
    attempt = call(crm, "add_credit", {"customer_id": "c-1", "amount_cents": 5}, timeout_s=1.0)
    # Generous for a loaded machine, and still far below the 20 s the upstream takes.
    assert time.monotonic() - started < 10
    assert attempt.verdict == "unknown"
