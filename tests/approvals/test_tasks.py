"""Background tasks: reviewers hear about new requests by email and webhook."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from django.core import mail

from approvals.models import ApprovalRequest
from approvals.tasks import approval_notify, expire_overdue_approvals
from tests.conftest import Bank, transfer_call

pytestmark = pytest.mark.django_db


class _Receiver(BaseHTTPRequestHandler):
    bodies: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        length = int(self.headers["Content-Length"])
        _Receiver.bodies.append(json.loads(self.rfile.read(length)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_a_new_request_emails_the_reviewers_and_posts_the_webhook(bank: Bank, alice: Any, settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    bank.reviewer.email = "rev@bank.example"
    bank.reviewer.save()
    server = HTTPServer(("127.0.0.1", 0), _Receiver)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    settings.TOOLGUARD_APPROVAL_WEBHOOK_URL = f"http://127.0.0.1:{server.server_port}/hook"
    try:
        held = alice.post("/api/v1/tool-calls", transfer_call(key="n1", amount=2_000_000), format="json").json()
        approval_notify(held["approval_id"])
    finally:
        server.shutdown()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["rev@bank.example"]
    assert "20,000.00 USD" in mail.outbox[0].subject
    (body,) = _Receiver.bodies
    assert body["approval_id"] == held["approval_id"] and body["amount"] == 2_000_000
    assert body["rules"] == ["over_threshold", "session_limit", "customer_window"]


def test_a_decided_request_sends_nothing(bank: Bank, alice: Any, settings: Any) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    bank.reviewer.email = "rev@bank.example"
    bank.reviewer.save()
    held = alice.post("/api/v1/tool-calls", transfer_call(key="n2", amount=2_000_000), format="json").json()
    ApprovalRequest.objects.filter(id=held["approval_id"]).update(status="rejected")
    approval_notify(held["approval_id"])
    assert mail.outbox == []


def test_the_scheduled_sweep_task_expires(bank: Bank, alice: Any) -> None:
    from datetime import timedelta

    from django.utils import timezone

    held = alice.post("/api/v1/tool-calls", transfer_call(key="n3", amount=2_000_000), format="json").json()
    ApprovalRequest.objects.filter(id=held["approval_id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert expire_overdue_approvals() == 1
    assert ApprovalRequest.objects.get(id=held["approval_id"]).status == "expired"
