"""Flows over the principals: agent keys, quarantine release."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from audit.services import AuditEvent, audit_append
from core.enums import AuditAction, AuditResult
from core.models import AgentKey, AgentSession, Customer
from core.principal_cache import agent_key_forget, agent_session_forget
from core.tools import all_tools


def agent_key_issue(*, customer: Customer, tools: list[str] | None = None, name: str = "") -> tuple[AgentKey, str]:
    allowed = tools if tools is not None else [tool.name for tool in all_tools()]
    unknown = set(allowed) - {tool.name for tool in all_tools()}
    if unknown:
        raise ValueError(f"unknown tools: {', '.join(sorted(unknown))}")
    with transaction.atomic():
        key, raw = AgentKey.objects.issue(customer=customer, allowed_tools=allowed, name=name)
        audit_append(
            [
                AuditEvent(
                    actor="system:admin",
                    actor_type="system",
                    customer=customer.external_id,
                    action=AuditAction.AGENT_KEY_ISSUED,
                    result=AuditResult.SUCCESS,
                    details={"key": key.label, "tools": allowed},
                )
            ]
        )
    return key, raw


def session_release(*, customer_external_id: str, session_id: str, released_by: str) -> AgentSession:
    """A person lifts a quarantine; the block count starts again from zero."""
    with transaction.atomic():
        session = AgentSession.objects.select_for_update().get(
            customer__external_id=customer_external_id, session_id=session_id
        )
        if not session.is_quarantined:
            raise ValueError("this session is not quarantined")
        session.quarantined_at = None
        session.released_at = timezone.now()
        session.released_by = released_by
        session.injection_blocks = 0
        session.save(update_fields=["quarantined_at", "released_at", "released_by", "injection_blocks"])
        agent_session_forget(customer_id=session.customer_id, session_id=session_id)
        audit_append(
            [
                AuditEvent(
                    actor=released_by,
                    actor_type="reviewer" if released_by.startswith("reviewer:") else "system",
                    customer=customer_external_id,
                    action=AuditAction.SESSION_RELEASED,
                    result=AuditResult.SUCCESS,
                    session_id=session_id,
                )
            ]
        )
    return session


def key_release(*, key_prefix: str, released_by: str) -> AgentKey:
    """A person lifts a key's quarantine; blocks before now no longer count toward it."""
    with transaction.atomic():
        key = AgentKey.objects.select_for_update().select_related("customer").get(prefix=key_prefix)
        if not key.is_quarantined:
            raise ValueError("this agent key is not quarantined")
        key.quarantined_at = None
        key.released_at = timezone.now()
        key.released_by = released_by
        key.save(update_fields=["quarantined_at", "released_at", "released_by"])
        agent_key_forget(key)
        audit_append(
            [
                AuditEvent(
                    actor=released_by,
                    actor_type="reviewer" if released_by.startswith("reviewer:") else "system",
                    customer=key.customer.external_id,
                    action=AuditAction.KEY_RELEASED,
                    result=AuditResult.SUCCESS,
                    details={"key": key.label},
                )
            ]
        )
    return key


def agent_key_revoke(*, key_prefix: str, revoked_by: str) -> AgentKey:
    """Revoke a key for good: every server refuses it from the moment this commits."""
    with transaction.atomic():
        key = AgentKey.objects.select_for_update().select_related("customer").get(prefix=key_prefix)
        if key.revoked_at is not None:
            raise ValueError("this agent key is already revoked")
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
        agent_key_forget(key)
        audit_append(
            [
                AuditEvent(
                    actor=revoked_by,
                    actor_type="system",
                    customer=key.customer.external_id,
                    action=AuditAction.AGENT_KEY_REVOKED,
                    result=AuditResult.SUCCESS,
                    details={"key": key.label},
                )
            ]
        )
    return key
