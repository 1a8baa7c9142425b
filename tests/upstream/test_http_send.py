"""One send, classified: what each answer of a real HTTP upstream means for the outbox."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from core.tools import Attempt
from tests.live import free_port, unique
from tests.upstream.fakes import TOKEN, FakeUpstream
from upstream.transport import attempt_send

pytestmark = pytest.mark.live


def send(url: str, key: str, *, order: str = "ord-1", timeout_s: float = 1.0) -> Attempt:
    return attempt_send(
        kind="http",
        target={
            "url": f"{url}/refunds",
            "method": "POST",
            "headers": {"Authorization": "env:T"},
            "timeout_s": timeout_s,
        },
        body={"order_id": order, "amount_cents": 100},
        headers={"Idempotency-Key": key},
    )


@pytest.fixture(autouse=True)
def _token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("T", f"Bearer {TOKEN}")


def test_2xx_completes_with_the_json_body(orders: FakeUpstream) -> None:
    attempt = send(orders.url, unique("k"))
    assert attempt.verdict == "completed" and attempt.status_code == 200
    assert attempt.result["status"] == "succeeded"


def test_a_4xx_fails_with_the_upstreams_message(orders: FakeUpstream) -> None:
    attempt = send(orders.url, unique("k"), order="closed-1")
    assert (attempt.verdict, attempt.status_code, attempt.message) == ("failed", 400, "order closed-1 is closed")


def test_a_missing_secret_sends_nothing(orders: FakeUpstream, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("T")
    before = len(orders.effects()["requests"])
    attempt = send(orders.url, unique("k"))
    assert attempt.verdict == "unreachable" and "T, which is not set" in attempt.message
    assert len(orders.effects()["requests"]) == before


def test_a_500_is_an_unknown_outcome(orders: FakeUpstream) -> None:
    orders.admin("fault", {"mode": "500", "times": 1})
    assert send(orders.url, unique("k")).verdict == "unknown"


def test_a_dropped_connection_after_the_effect_is_an_unknown_outcome(orders: FakeUpstream) -> None:
    orders.admin("fault", {"mode": "drop", "times": 1})
    key = unique("k")
    assert send(orders.url, key).verdict == "unknown"
    # The same key again: the stored answer, no second effect.
    again = send(orders.url, key)
    assert again.verdict == "completed"
    assert sum(r["idempotency_key"] == key for r in orders.effects()["requests"]) == 2
    assert orders.effects()["applied"][key] == 1


def test_an_answer_past_the_timeout_is_an_unknown_outcome_and_a_concurrent_copy_is_asked_again_later(
    orders: FakeUpstream,
) -> None:
    orders.admin("fault", {"mode": "slow", "slow_seconds": 2.5, "times": 1})
    key = unique("k")
    first: list[Attempt] = []
    sender = threading.Thread(target=lambda: first.append(send(orders.url, key)))
    sender.start()
    # Once the first request is logged upstream it holds the slow fault and the key.
    wait_for(lambda: any(r["idempotency_key"] == key for r in orders.effects()["requests"]))
    busy = send(orders.url, key)
    sender.join()
    assert (busy.verdict, busy.status_code) == ("retry", 409)
    assert first[0].verdict == "unknown" and "Timeout" in first[0].message
    # When the first request's answer is stored, the key answers with it.
    wait_for(lambda: send(orders.url, key).verdict == "completed")
    assert orders.effects()["applied"][key] == 1


def wait_for(condition: Callable[[], bool], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("condition not met")
        time.sleep(0.05)


def test_an_upstream_nobody_listens_on_is_unreachable() -> None:
    attempt = send(f"http://127.0.0.1:{free_port()}", unique("k"))
    assert attempt.verdict == "unreachable" and "Connect" in attempt.message
