"""Flows over the principals: agent keys, quarantine release."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, PermissionsMixin, User
from django.db import transaction
from django.utils import timezone

from audit.services import AuditEvent, audit_append
from core.enums import ActorType, AuditAction, AuditResult
from core.models import AgentKey, AgentSession, Customer
from core.principal_cache import agent_key_forget, agent_session_forget
from core.tools import all_tools
from people.models import KeyCustody, PersonalToken
from people.roles import KEY_ADMINS_GROUP, person_actor
from people.stepup import StepUpProof, credential_factor_require

KEY_ADMINS_ONLY = "only staff users and key admins may be shown a new agent key's secret"


def agent_secret_refusal(person: AbstractBaseUser | None) -> str | None:
    """Why `person` may not be shown a newly issued agent secret, or None if they may.

    A key's secret lets whoever holds it act as the customer's agent, so
    reviewers may revoke keys but only staff users and key admins may see
    their replacements. `None` is the system itself (a management command, the
    demo seeding): whoever can run those already holds the server.
    """
    if person is None:
        return None
    if not person.is_active:
        return KEY_ADMINS_ONLY
    if getattr(person, "is_staff", False):
        return None
    if isinstance(person, PermissionsMixin) and person.groups.filter(name=KEY_ADMINS_GROUP).exists():
        return None
    return KEY_ADMINS_ONLY


def agent_key_issue(*, customer: Customer, tools: list[str] | None = None, name: str = "") -> tuple[AgentKey, str]:
    """The system issues a key (manage.py create_agent_key, the demo seeding) and gets its secret.

    Audited as the system, which agent_secret_refusal always lets see it; a
    person is shown a new secret only by a path that asks that rule first.
    """
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
                    actor_type=ActorType.SYSTEM,
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
                    actor_type=ActorType.REVIEWER if released_by.startswith("reviewer:") else ActorType.SYSTEM,
                    customer=customer_external_id,
                    action=AuditAction.SESSION_RELEASED,
                    result=AuditResult.SUCCESS,
                    session_id=session_id,
                )
            ]
        )
    return session


def key_prefix_of(text: str) -> str:
    """The key prefix in whatever names a key: the prefix itself, the audit label
    `agent:<customer>:<prefix>`, or the key `tg_<prefix>_<secret>` (whose secret is never kept)."""
    text = text.strip()
    if text.startswith("agent:"):
        return text.rsplit(":", 1)[-1]
    if text.startswith("tg_"):
        return text.split("_")[1] if text.count("_") >= 2 else text[3:]
    return text


def _oauth_principal_prefix(label: str) -> str | None:
    """The prefix of the OAuth principal named `oauth:<client_id>/<sub>`, if the name is one and says which."""
    if not label.startswith("oauth:"):
        return None
    prefixes = list(AgentKey.objects.filter(principal_name=label).values_list("prefix", flat=True))
    if len(prefixes) > 1:
        # The same client and subject acting for several customers: one key each.
        raise ValueError(f"{label} names {len(prefixes)} keys (one per customer): give one of {', '.join(prefixes)}")
    return prefixes[0] if prefixes else None


def key_release(*, key_prefix: str, released_by: str) -> AgentKey:
    """A person lifts a key's quarantine; blocks before now no longer count toward it.

    `key_prefix` may be anything key_prefix_of reads, or an OAuth principal's
    `oauth:<client_id>/<sub>`; an unknown key or one that
    is not quarantined is a ValueError saying so.
    """
    prefix = _oauth_principal_prefix(key_prefix.strip()) or key_prefix_of(key_prefix)
    with transaction.atomic():
        key = AgentKey.objects.select_for_update().select_related("customer").filter(prefix=prefix).first()
        if key is None:
            raise ValueError(
                f"no agent key with the prefix {prefix!r}: give the prefix the 423 answer or the Quarantines page "
                "names (12 characters), or the label agent:<customer>:<prefix>"
            )
        if not key.is_quarantined:
            raise ValueError(f"the agent key {key.label} is not quarantined")
        key.quarantined_at = None
        key.released_at = timezone.now()
        key.released_by = released_by
        key.save(update_fields=["quarantined_at", "released_at", "released_by"])
        agent_key_forget(key)
        audit_append(
            [
                AuditEvent(
                    actor=released_by,
                    actor_type=ActorType.REVIEWER if released_by.startswith("reviewer:") else ActorType.SYSTEM,
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
                    actor_type=ActorType.SYSTEM,
                    customer=key.customer.external_id,
                    action=AuditAction.AGENT_KEY_REVOKED,
                    result=AuditResult.SUCCESS,
                    details={"key": key.label},
                )
            ]
        )
    return key


def key_custody_record(*, keys: list[AgentKey], person: AbstractBaseUser, act: str) -> None:
    """Remember, in the caller's transaction, that `person` held these keys' secrets (or the power to see them)."""
    KeyCustody.objects.bulk_create([KeyCustody(key=key, person_id=person.pk, act=act) for key in keys])


def key_custodians(*, key_id: int) -> set[int]:
    """The people who held this key within the duty window (TOOLGUARD_DUTY_WINDOW_SECONDS)."""
    since = timezone.now() - timedelta(seconds=settings.TOOLGUARD_DUTY_WINDOW_SECONDS)
    return set(KeyCustody.objects.filter(key_id=key_id, at__gte=since).values_list("person_id", flat=True))


def personal_token_mint(*, user: User, name: str, step_up: StepUpProof) -> tuple[PersonalToken, str]:
    """A personal API token for `user`, audited; its secret is returned once and never stored.

    A lasting credential asks for the second factor first (people.stepup).
    """
    credential_factor_require(proof=step_up)
    label, kind = person_actor(user)
    with transaction.atomic():
        token, raw = PersonalToken.objects.issue(user=user, name=name)
        audit_append(
            [
                AuditEvent(
                    actor=label,
                    actor_type=kind,
                    action=AuditAction.API_TOKEN_CREATED,
                    result=AuditResult.SUCCESS,
                    details={"credential": token.label, "name": name},
                )
            ]
        )
    return token, raw


def personal_token_revoke(*, user: User, token_id: int) -> PersonalToken | None:
    """The person revokes one of their own live tokens (audited); None when they have no such live token."""
    label, kind = person_actor(user)
    with transaction.atomic():
        token = PersonalToken.objects.select_for_update().filter(id=token_id, user_id=user.pk).first()
        if token is None or token.revoked_at is not None:
            return None
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        audit_append(
            [
                AuditEvent(
                    actor=label,
                    actor_type=kind,
                    action=AuditAction.API_TOKEN_REVOKED,
                    result=AuditResult.SUCCESS,
                    details={"credential": token.label, "name": token.name},
                )
            ]
        )
    return token


def personal_tokens_revoke_all(*, user: AbstractBaseUser, reason: str, details: dict[str, object] | None = None) -> int:
    """Revoke every live token of a person whose standing ended (roles removed at the
    provider, account deactivated): one api_token_revoked entry per token, written
    by the system in the same transaction; returns how many were revoked."""
    with transaction.atomic():
        live = list(
            PersonalToken.objects.select_for_update().filter(user_id=user.pk, revoked_at__isnull=True).order_by("id")
        )
        if not live:
            return 0
        now = timezone.now()
        PersonalToken.objects.filter(id__in=[token.id for token in live]).update(revoked_at=now)
        audit_append(
            [
                AuditEvent(
                    actor="system:people",
                    actor_type=ActorType.SYSTEM,
                    action=AuditAction.API_TOKEN_REVOKED,
                    result=AuditResult.SUCCESS,
                    details={
                        "credential": token.label,
                        "name": token.name,
                        "person": user.get_username(),
                        "reason": reason,
                        **(details or {}),
                    },
                )
                for token in live
            ]
        )
    return len(live)
