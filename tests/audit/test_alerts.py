"""Alert rules: each fires on its signature and stays quiet on normal traffic."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from django.utils import timezone

from approvals.models import ApprovalRequest
from approvals.tasks import alerts_check_backlog
from audit.alerts import alert_raise, alert_webhook_post
from audit.models import Alert
from audit.services import operation_hash
from core import metrics
from tests.audit.entries import append, event
from tests.conftest import Bank, transfer_call

pytestmark = pytest.mark.django_db

ARGS = {"from_account": "checking", "to_account": "savings", "amount": 10_000, "currency": "USD"}


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Callable[[timedelta], None]:
    """Move the time audit entries are stamped with."""
    start = timezone.now()
    now = {"value": start}
    monkeypatch.setattr("audit.services.timezone.now", lambda: now["value"])

    def advance(by: timedelta) -> None:
        now["value"] = now["value"] + by

    return advance


def blocked(session: str, customer: str = "alice") -> None:
    append(
        event(
            "injection_blocked",
            "blocked",
            session_id=session,
            customer=customer,
            details={"field": "/memo", "category": "prompt_injection", "length": 9, "sha256": "0" * 64},
        )
    )


def initiated(key: str, session: str = "s1", **arguments: Any) -> None:
    append(
        event(
            "transfer_initiated",
            session_id=session,
            idempotency_key=key,
            details={"arguments": {**ARGS, **arguments, "idempotency_key": key}, "tool_version": "1"},
        )
    )


def alerts(rule: str) -> list[Alert]:
    return list(Alert.objects.filter(rule=rule).order_by("id"))


# --- rule 1: injection blocks spiking -------------------------------------------------------


def test_injection_blocks_spiking_in_a_session_raise_one_alert() -> None:
    for _ in range(5):
        blocked("attack")
    [alert] = alerts("injection_spike")
    assert alert.severity == "critical" and alert.session_id == "attack" and alert.customer == "alice"
    assert alert.details["scope"] == "session" and alert.details["blocks"] == 3
    assert alert.entry is not None and alert.entry.action == "injection_blocked"


def test_injection_blocks_spread_over_a_customers_sessions_raise_a_customer_alert() -> None:
    for n in range(3):
        blocked(f"spread-{n}")
    [alert] = alerts("injection_spike")
    assert alert.details["scope"] == "customer" and alert.session_id == "" and alert.customer == "alice"


def test_occasional_blocks_stay_quiet(clock: Callable[[timedelta], None]) -> None:
    blocked("a")
    blocked("a")
    blocked("b", customer="bob")
    for _ in range(3):  # one every six minutes: never three inside ten
        clock(timedelta(minutes=6))
        blocked("slow", customer="carol")
    assert alerts("injection_spike") == []


def test_a_new_burst_after_the_window_is_a_new_alert(clock: Callable[[timedelta], None]) -> None:
    for _ in range(3):
        blocked("again")
    clock(timedelta(minutes=11))
    for _ in range(3):
        blocked("again")
    assert len(alerts("injection_spike")) == 2


def test_the_pipeline_raises_it_for_real_blocks(bank: Bank, alice: Any) -> None:
    for n in range(3):
        alice.post(
            "/api/v1/tool-calls",
            transfer_call(key=f"i{n}", memo="'; DROP TABLE accounts; --", session="inj"),
            format="json",
        )
    [alert] = alerts("injection_spike")
    assert alert.session_id == "inj" and alert.customer == bank.alice.external_id


# --- rule 2: the same operation repeated under a new key ------------------------------------


def test_the_same_transfer_under_a_new_key_in_a_session_is_critical() -> None:
    initiated("k1")
    initiated("k2")
    initiated("k3")
    [alert] = alerts("repeated_operation")
    assert alert.severity == "critical" and alert.session_id == "s1"
    assert alert.details["idempotency_keys"] == ["k1", "k2"]
    assert alert.details["operation_sha256"] == operation_hash({**ARGS, "idempotency_key": "x"})


def test_different_transfers_and_other_sessions_stay_quiet(clock: Callable[[timedelta], None]) -> None:
    initiated("k1")
    initiated("k2", amount=10_001)
    initiated("k3", to_account="bobext1")
    initiated("k4", session="s2")
    initiated("k1")  # the same key again is a replay's business, not this rule's
    clock(timedelta(minutes=11))
    initiated("k5", amount=10_001)  # the same as k2, but long after
    assert alerts("repeated_operation") == []


def test_the_bank_incident_through_the_pipeline(bank: Bank, alice: Any) -> None:
    # The model retried a timed-out transfer with a fresh key: two executions.
    for key in ("first-try", "second-try"):
        response = alice.post(
            "/api/v1/tool-calls", transfer_call(key=key, amount=4_200, session="incident"), format="json"
        )
        assert response.json()["status"] == "completed"
    [alert] = alerts("repeated_operation")
    assert alert.session_id == "incident" and alert.details["idempotency_keys"] == ["first-try", "second-try"]


def test_normal_pipeline_traffic_stays_quiet(bank: Bank, alice: Any) -> None:
    for n, amount in enumerate((1_000, 2_000, 3_000)):
        alice.post("/api/v1/tool-calls", transfer_call(key=f"n{n}", amount=amount, session="normal"), format="json")
    alice.post(
        "/api/v1/tool-calls", transfer_call(key="n0", amount=1_000, session="normal"), format="json"
    )  # honest retry
    assert Alert.objects.count() == 0


# --- rule 3: a key reused with different arguments -----------------------------------------


def test_a_key_reused_with_different_arguments_alerts(bank: Bank, alice: Any) -> None:
    alice.post("/api/v1/tool-calls", transfer_call(key="reused", amount=1_000, session="m"), format="json")
    for amount in (9_999, 8_888):
        body = alice.post(
            "/api/v1/tool-calls", transfer_call(key="reused", amount=amount, session="m"), format="json"
        ).json()
        assert body["arguments_mismatch"] is True
    [alert] = alerts("idempotency_mismatch")
    assert alert.severity == "warning" and alert.details["idempotency_key"] == "reused"
    assert alert.subject == f"key:{bank.alice.external_id}:transfer_funds:reused"


def test_a_faithful_retry_does_not(bank: Bank, alice: Any) -> None:
    for _ in range(3):
        alice.post("/api/v1/tool-calls", transfer_call(key="same", amount=1_000, session="m"), format="json")
    assert alerts("idempotency_mismatch") == []


# --- rule 4: the approval backlog (scheduled) -----------------------------------------------


def hold(alice: Any, n: int) -> None:
    for i in range(n):
        response = alice.post(
            "/api/v1/tool-calls", transfer_call(key=f"big{i}", amount=2_000_000, session=f"b{i}"), format="json"
        )
        assert response.status_code == 202


def test_a_backlog_over_the_threshold_alerts_once_per_window(bank: Bank, alice: Any, settings: Any) -> None:
    settings.TOOLGUARD_ALERT_BACKLOG = 2
    hold(alice, 3)
    [alert_id] = alerts_check_backlog()
    alert = Alert.objects.get(id=alert_id)
    assert alert.rule == "approval_backlog" and alert.details == {"pending": 3, "threshold": 2}
    assert alerts_check_backlog() == []


def test_an_old_pending_request_breaks_the_sla(bank: Bank, alice: Any, settings: Any) -> None:
    settings.TOOLGUARD_APPROVAL_SLA_SECONDS = 900
    hold(alice, 1)
    ApprovalRequest.objects.update(created_at=timezone.now() - timedelta(minutes=20))
    [alert_id] = alerts_check_backlog()
    alert = Alert.objects.get(id=alert_id)
    assert alert.rule == "approval_sla" and alert.details["oldest_pending_seconds"] >= 1200


def test_a_small_young_backlog_stays_quiet(bank: Bank, alice: Any, settings: Any) -> None:
    settings.TOOLGUARD_ALERT_BACKLOG = 2
    hold(alice, 2)
    assert alerts_check_backlog() == []


def test_the_backlog_check_is_scheduled_every_minute() -> None:
    from django_q.models import Schedule

    schedule = Schedule.objects.get(name="audit-alert-approval-backlog")
    assert (schedule.func, schedule.schedule_type, schedule.minutes) == ("approvals.tasks.alerts_check_backlog", "I", 1)


# --- what happens to an alert ------------------------------------------------------------


def raise_one(subject: str = "s") -> Alert:
    alert = alert_raise(rule="idempotency_mismatch", severity="warning", subject=subject, window=timedelta(minutes=10))
    assert alert is not None
    return alert


def test_an_alert_is_counted_after_commit(django_capture_on_commit_callbacks: Any) -> None:
    counter = metrics.audit_alerts.labels("idempotency_mismatch")
    before = counter._value.get()
    with django_capture_on_commit_callbacks(execute=True):
        raise_one()
    assert counter._value.get() == before + 1


def test_the_webhook_is_queued_on_commit(
    settings: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    settings.TOOLGUARD_ALERT_WEBHOOK_URL = "http://127.0.0.1:9/hook"
    queued: list[tuple[Any, ...]] = []
    monkeypatch.setattr("django_q.tasks.async_task", lambda *args, **kw: queued.append(args))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        alert = raise_one()
    assert queued == []  # nothing leaves before the alert is committed
    for callback in callbacks:
        callback()
    assert queued == [("audit.alerts.alert_webhook_post", alert.id)]


def test_no_webhook_without_a_url(
    settings: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    settings.TOOLGUARD_ALERT_WEBHOOK_URL = ""
    queued: list[Any] = []
    monkeypatch.setattr("django_q.tasks.async_task", lambda *args, **kw: queued.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        raise_one()
    assert queued == []


def test_a_broker_failure_is_logged_and_swallowed(
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    settings.TOOLGUARD_ALERT_WEBHOOK_URL = "http://127.0.0.1:9/hook"

    def broken(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("broker down")

    monkeypatch.setattr("django_q.tasks.async_task", broken)
    with django_capture_on_commit_callbacks(execute=True):
        alert = raise_one()
    assert Alert.objects.filter(id=alert.id).exists()
    assert f"could not queue the webhook for alert {alert.id}" in caplog.text


@pytest.fixture
def hook_server() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    received: list[dict[str, Any]] = []

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers["Content-Length"])
            received.append({"content_type": self.headers["Content-Type"], "body": json.loads(self.rfile.read(length))})
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Hook)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/alerts", received
    finally:
        server.shutdown()
        server.server_close()


def test_the_webhook_task_posts_the_alert_as_json(settings: Any, hook_server: tuple[str, list[dict[str, Any]]]) -> None:
    url, received = hook_server
    settings.TOOLGUARD_ALERT_WEBHOOK_URL = url
    initiated("w1", session="hook")
    initiated("w2", session="hook")
    [alert] = alerts("repeated_operation")
    assert alert_webhook_post(alert.id) == 204
    [post] = received
    assert post["content_type"] == "application/json"
    body = post["body"]
    assert body["id"] == alert.id and body["rule"] == "repeated_operation" and body["severity"] == "critical"
    assert body["session_id"] == "hook" and body["details"]["idempotency_keys"] == ["w1", "w2"]
    assert datetime.fromisoformat(body["created_at"]) == alert.created_at
    assert "arguments" not in json.dumps(body)  # the alert points at entries; it does not copy them


def test_alert_logs_name_the_rule(caplog: pytest.LogCaptureFixture, django_capture_on_commit_callbacks: Any) -> None:
    caplog.set_level(logging.WARNING, logger="audit.alerts")
    with django_capture_on_commit_callbacks(execute=True):
        raise_one("logged")
    assert "audit alert idempotency_mismatch (warning) on logged" in caplog.text


def test_one_batch_holding_the_same_operation_twice_alerts() -> None:
    first = event(
        "transfer_initiated",
        session_id="batch",
        idempotency_key="b1",
        details={"arguments": {**ARGS, "idempotency_key": "b1"}},
    )
    second = event(
        "transfer_initiated",
        session_id="batch",
        idempotency_key="b2",
        details={"arguments": {**ARGS, "idempotency_key": "b2"}},
    )
    append(first, second)
    [alert] = alerts("repeated_operation")
    assert alert.details["idempotency_keys"] == ["b1", "b2"]


def test_the_webhook_refuses_a_non_http_url(settings: Any, caplog: pytest.LogCaptureFixture) -> None:
    settings.TOOLGUARD_ALERT_WEBHOOK_URL = "file:///etc/passwd"
    assert alert_webhook_post(raise_one().id) is None
    assert "must be an http(s) URL" in caplog.text
