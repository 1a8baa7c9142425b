"""Incident work: alerts acknowledged, assigned and resolved; quarantines lifted; agent keys revoked or rotated.

Each change is one transaction that writes its audit entry in the same
transaction, so the trail shows who did what to which alert, session or key.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from audit.models import Alert
from audit.services import AuditEvent, audit_append
from core.enums import AuditAction, AuditResult
from core.models import AgentKey, AgentSession
from core.principal_cache import agent_key_forget
from people.credentials import agent_secret_refusal, key_custody_record, key_release, session_release
from people.models import KeyCustody
from people.roles import STAFF_GROUPS, person_actor
from people.stepup import StepUpProof, StepUpRefused, credential_factor_require
from staff.models import AlertTriage

NOTE_MAX_LENGTH = 2000


class IncidentRefused(Exception):
    """A change that cannot be made; `code` is stable."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


ALERT_ACTIONS = {
    "acknowledge": (AuditAction.ALERT_ACKNOWLEDGED, AlertTriage.Status.ACKNOWLEDGED),
    "assign": (AuditAction.ALERT_ASSIGNED, None),
    "resolve": (AuditAction.ALERT_RESOLVED, AlertTriage.Status.RESOLVED),
    "reopen": (AuditAction.ALERT_REOPENED, AlertTriage.Status.OPEN),
}


def alert_triage(
    *, alert_id: int, actor: AbstractBaseUser, action: str, note: str = "", assignee_username: str = ""
) -> AlertTriage:
    """Acknowledge, assign, resolve or reopen one alert, with an optional note."""
    if action not in ALERT_ACTIONS:
        raise IncidentRefused("invalid_action", "action must be acknowledge, assign, resolve or reopen")
    note = note.strip()
    if len(note) > NOTE_MAX_LENGTH:
        raise IncidentRefused("note_too_long", f"a note holds at most {NOTE_MAX_LENGTH} characters")
    if action == "resolve" and not note:
        raise IncidentRefused("note_required", "say how the alert was resolved")
    assignee = None
    if action == "assign":
        assignee = (
            get_user_model()
            .objects.filter(username=assignee_username.strip(), is_active=True, groups__name__in=STAFF_GROUPS)
            .first()
        )
        if assignee is None:
            raise IncidentRefused("unknown_assignee", "assign to a reviewer or compliance user by username")
    audit_action, status = ALERT_ACTIONS[action]
    label, kind = person_actor(actor)
    with transaction.atomic():
        alert = Alert.objects.filter(id=alert_id).first()
        if alert is None:
            raise IncidentRefused("not_found", "no such alert")
        triage, _ = AlertTriage.objects.get_or_create(alert=alert)
        # The row lock makes two people's changes to one alert take turns,
        # so the audit entries follow the order the states were written in.
        triage = AlertTriage.objects.select_for_update().get(pk=triage.pk)
        if status is not None:
            if triage.status == status:
                raise IncidentRefused("no_change", f"this alert is already {triage.get_status_display().lower()}")
            triage.status = status
        if assignee is not None:
            triage.assignee = assignee
        if note:
            triage.note = note
        triage.updated_by = label
        triage.save()
        details: dict[str, Any] = {"alert_id": alert.id, "rule": alert.rule, "status": triage.status}
        if assignee is not None:
            details["assignee"] = assignee.get_username()
        if note:
            details["note"] = note
        audit_append(
            [
                AuditEvent(
                    actor=label,
                    actor_type=kind,
                    customer=alert.customer,
                    session_id=alert.session_id,
                    action=audit_action,
                    result=AuditResult.SUCCESS,
                    details=details,
                )
            ]
        )
    return triage


def quarantined_session_release(*, session_pk: int, actor: AbstractBaseUser) -> AgentSession:
    session = AgentSession.objects.select_related("customer").filter(pk=session_pk).first()
    if session is None:
        raise IncidentRefused("not_found", "no such session")
    try:
        return session_release(
            customer_external_id=session.customer.external_id,
            session_id=session.session_id,
            released_by=person_actor(actor)[0],
        )
    except ValueError as exc:
        raise IncidentRefused("not_quarantined", str(exc)) from exc


def quarantined_key_release(*, key_pk: int, actor: AbstractBaseUser) -> AgentKey:
    key = AgentKey.objects.filter(pk=key_pk).first()
    if key is None:
        raise IncidentRefused("not_found", "no such agent key")
    try:
        return key_release(key_prefix=key.prefix, released_by=person_actor(actor)[0])
    except ValueError as exc:
        raise IncidentRefused("not_quarantined", str(exc)) from exc


def _key_event(key: AgentKey, *, actor: AbstractBaseUser, action: AuditAction, details: dict[str, Any]) -> AuditEvent:
    label, kind = person_actor(actor)
    return AuditEvent(
        actor=label,
        actor_type=kind,
        customer=key.customer.external_id,
        action=action,
        result=AuditResult.SUCCESS,
        details={"key": key.label, **details},
    )


def _live_key_locked(key_id: int) -> AgentKey:
    # Locked so a revoke and a rotate of the same key cannot both succeed.
    key = AgentKey.objects.select_for_update(of=("self",)).select_related("customer").filter(id=key_id).first()
    if key is None:
        raise IncidentRefused("not_found", "no such agent key")
    if key.revoked_at is not None:
        raise IncidentRefused("already_revoked", f"{key.label} is already revoked")
    return key


def agent_key_revoke(*, key_id: int, actor: AbstractBaseUser, note: str = "") -> AgentKey:
    """Stop a key at once: its next call is a 401."""
    with transaction.atomic():
        key = _live_key_locked(key_id)
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
        agent_key_forget(key)
        details = {"note": note.strip()} if note.strip() else {}
        audit_append([_key_event(key, actor=actor, action=AuditAction.AGENT_KEY_REVOKED, details=details)])
    return key


def agent_key_rotate(*, key_id: int, actor: AbstractBaseUser, step_up: StepUpProof) -> tuple[AgentKey, str]:
    """Revoke a key and issue its replacement with the same tools; return the new key and its secret."""
    # Asked before anything changes, so a refused rotation leaves the old key working.
    refusal = agent_secret_refusal(actor)
    if refusal is not None:
        raise IncidentRefused("not_a_key_admin", refusal)
    try:
        credential_factor_require(proof=step_up)
    except StepUpRefused as exc:
        raise IncidentRefused(exc.code, exc.message) from None
    with transaction.atomic():
        old = _live_key_locked(key_id)
        if old.principal_name:
            # An OAuth principal's key has no secret; a replacement with one would be a new credential.
            raise IncidentRefused(
                "no_secret",
                f"{old.label} is an OAuth client and subject with no secret to rotate: revoke it to refuse its "
                "tokens, or revoke the client at the authorization server",
            )
        old.revoked_at = timezone.now()
        old.save(update_fields=["revoked_at"])
        agent_key_forget(old)
        new, raw = AgentKey.objects.issue(customer=old.customer, allowed_tools=list(old.allowed_tools), name=old.name)
        # The rotating person sees the new secret: neither key's requests are theirs to decide for a while.
        key_custody_record(keys=[old, new], person=actor, act=KeyCustody.Act.ROTATED)
        audit_append(
            [
                _key_event(old, actor=actor, action=AuditAction.AGENT_KEY_REVOKED, details={"replaced_by": new.label}),
                _key_event(new, actor=actor, action=AuditAction.AGENT_KEY_ISSUED, details={"replaces": old.label}),
            ]
        )
    return new, raw
