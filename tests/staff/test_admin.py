"""The admin: the models are registered; the audit log and the records of calls are read-only there."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from audit.models import AuditEntry
from audit.services import AuditEvent, audit_append
from core.enums import ActorType, AuditAction, AuditResult
from core.models import AgentKey
from tests.conftest import Bank

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(bank: Bank) -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("root", password="x"))
    return client


@pytest.mark.parametrize(
    "path",
    [
        "/admin/audit/auditentry/",
        "/admin/audit/alert/",
        "/admin/approvals/approvalrequest/",
        "/admin/core/agentkey/",
        "/admin/core/agentsession/",
        "/admin/core/toolcall/",
        "/admin/core/customer/",
        "/admin/people/personaltoken/",
        "/admin/staff/alerttriage/",
    ],
)
def test_it_lists_each_model(admin_client: Client, path: str) -> None:
    assert admin_client.get(path).status_code == 200


def test_the_audit_log_cannot_be_added_to_changed_or_deleted_there(admin_client: Client, bank: Bank) -> None:
    [entry] = audit_append(
        [
            AuditEvent(
                actor="system:test",
                actor_type=ActorType.SYSTEM,
                action=AuditAction.TOOL_CALL_RECEIVED,
                result=AuditResult.SUCCESS,
            )
        ]
    )
    assert admin_client.get("/admin/audit/auditentry/add/").status_code == 403
    page = admin_client.get(f"/admin/audit/auditentry/{entry.id}/change/").content.decode()
    assert 'name="_save"' not in page
    assert admin_client.post(f"/admin/audit/auditentry/{entry.id}/delete/", {"post": "yes"}).status_code == 403


def test_the_admin_revokes_keys_with_an_audit_entry(admin_client: Client, bank: Bank) -> None:
    key = AgentKey.objects.get(customer=bank.alice)
    response = admin_client.post(
        "/admin/core/agentkey/", {"action": "revoke", "_selected_action": [key.pk]}, follow=True
    )
    assert "1 key(s) revoked." in response.content.decode()
    assert AgentKey.objects.get(pk=key.pk).revoked_at is not None
    entry = AuditEntry.objects.get(action="agent_key_revoked")
    assert entry.details == {"key": key.label, "note": "revoked in the admin"}
