"""The pipeline's sanitization stage: what the sanitizer's rules and model stage decide about a call.

A rule's block (or the model's, under the block action) ends the call and
counts toward the session's and the agent key's quarantine. A model suspicion
under the hold action holds a state-changing call for a reviewer; otherwise
it is only recorded.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core import metrics, tracing
from core.enums import AuditAction, AuditResult, ToolCallStatus
from core.models import AgentKey, AgentSession, ToolCall
from core.principal_cache import agent_key_forget, agent_session_forget
from core.reasons import argument_at, argument_text, relocated_span
from core.tools import Tool
from detection.masking import mask_storable_secrets
from detection.sanitizer import Block, InjectionClassifier, Suspicion, load_classifier, sanitize_arguments
from toolguard.pipeline.call import Call, Outcome, refusal
from toolguard.pipeline.policy import PolicyCheck
from toolguard.pipeline.reasons import INJECTION_SUSPECTED_RULE
from toolguard.pipeline.recording import finish


def arguments_sanitize(call: Call, tool: Tool) -> tuple[Outcome, ToolCall] | None:
    """Sanitize the validated arguments into `call.arguments`; the finished call when they are blocked."""
    with tracing.stage(tracing.DETECT):
        sanitized = sanitize_arguments(
            call.request.arguments,
            tool.field_kinds,
            classifier=_injection_classifier(settings.TOOLGUARD_INJECTION_MODEL),
            threshold=settings.TOOLGUARD_INJECTION_THRESHOLD,
        )
    if sanitized.block is not None:
        return _finish_blocked(call, sanitized.block)
    suspicion = sanitized.suspicion
    if suspicion is not None and settings.TOOLGUARD_MODEL_ACTION == "block":
        metrics.tool_injection_suspected.labels(call.tool_name, "block").inc()
        return _finish_blocked(call, Block(field=suspicion.field, category=suspicion.category, rule=suspicion.rule))
    # Secrets masked before any handler sees what it will store (transfer memo,
    # approval, tool call): the one place arguments are made storable.
    call.arguments = mask_storable_secrets(sanitized.arguments, tool.field_kinds)
    if suspicion is not None:
        suspicion = _suspicion_in_stored(suspicion, sanitized.arguments, call.arguments)
    call.modifications = tuple(
        {"field": m.field, "kind": m.kind, "count": m.count, "code_points": list(m.code_points)}
        for m in sanitized.modifications
    )
    if call.modifications:
        call.event(AuditAction.ARGUMENTS_SANITIZED, AuditResult.SUCCESS, modifications=list(call.modifications))
    if suspicion is not None:
        _note_suspicion(call, tool, suspicion)
    return None


def _suspicion_in_stored(suspicion: Suspicion, cleaned: dict[str, Any], stored: dict[str, Any]) -> Suspicion:
    """The suspicion's span in the value as stored, which masking a secret may have changed."""
    before = argument_text(argument_at(cleaned, suspicion.field)[1])
    after = argument_text(argument_at(stored, suspicion.field)[1])
    return dataclasses.replace(suspicion, span=relocated_span(suspicion.span, before, after))


def _note_suspicion(call: Call, tool: Tool, suspicion: Suspicion) -> None:
    """A model-stage finding under the hold or log action.  A read-only call
    has nothing to hold: it runs, and the finding stays in the audit log.  A
    state-changing one gets the approval rule below and waits for a reviewer."""
    action = settings.TOOLGUARD_MODEL_ACTION
    held = action == "hold" and tool.changes_state and tool.suspicion_action == "hold"
    metrics.tool_injection_suspected.labels(call.tool_name, action).inc()
    call.event(
        AuditAction.INJECTION_SUSPECTED,
        AuditResult.PENDING if held else AuditResult.SUCCESS,
        field=suspicion.field,
        rule=suspicion.rule,
        category=suspicion.category,
        score=suspicion.score,
        span=list(suspicion.span) if suspicion.span else None,
        action=action,
        model_suspicion=tool.suspicion_action,
        held=held,
    )
    if held:
        call.suspicion = suspicion


def with_injection_hold(check: PolicyCheck) -> PolicyCheck:
    """The policy's verdict with the model stage's hold added, as one more held rule."""
    verdict = check.verdict
    held = dataclasses.replace(verdict, held=(*verdict.held, INJECTION_SUSPECTED_RULE))
    return dataclasses.replace(check, verdict=held)


@functools.lru_cache(maxsize=4)
def _injection_classifier(path: str) -> InjectionClassifier | None:
    """The model stage's classifier, loaded once per configured path."""
    return load_classifier(path)


def _finish_blocked(call: Call, block: Block) -> tuple[Outcome, ToolCall]:
    field_path, category = block.field, block.category
    raw = _value_at(call.request.arguments, field_path)
    metrics.tool_injection_blocks.labels(call.tool_name, category, block.rule).inc()
    # Never the payload: its category and the rule that fired, where it was,
    # how long, and a hash to match it against other sightings.
    call.event(
        AuditAction.INJECTION_BLOCKED,
        AuditResult.BLOCKED,
        field=field_path,
        category=category,
        rule=block.rule,
        length=len(raw),
        sha256=hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest(),
    )
    outcome = refusal(
        ToolCallStatus.BLOCKED,
        422,
        "injection_blocked",
        "the arguments were blocked by the sanitizer",
        {"field": field_path, "category": category},
    )
    outcome.rules = [block.rule]
    with transaction.atomic():
        # Lock order (core/models.py): the session, then the key, then the audit lock as the entries go in.
        session, _ = AgentSession.objects.select_for_update(no_key=True).get_or_create(
            customer_id=call.agent_key.customer_id, session_id=call.request.session_id
        )
        session.injection_blocks += 1
        update = ["injection_blocks"]
        if session.injection_blocks >= settings.TOOLGUARD_QUARANTINE_BLOCKS and not session.is_quarantined:
            session.quarantined_at = timezone.now()
            update.append("quarantined_at")
            call.event(AuditAction.SESSION_QUARANTINED, AuditResult.BLOCKED, injection_blocks=session.injection_blocks)
        session.save(update_fields=update)
        agent_session_forget(customer_id=session.customer_id, session_id=session.session_id)
        _key_quarantine_count(call)
        return finish(call, outcome)


def _key_quarantine_count(call: Call) -> None:
    """Quarantine the agent key once its blocks in the window reach the limit across sessions.

    Blocks confined to one session are that session's quarantine; as soon as
    they come from more than one session the key is quarantined too, so a
    fresh session id never escapes. The key's row lock makes concurrent blocks
    from several sessions count one after the other.
    """
    # FOR NO KEY UPDATE: another call's insert that refers to this key checks the
    # reference at its COMMIT with FOR KEY SHARE, while holding the audit lock;
    # a FOR UPDATE here would wait for that lock and block that check: a deadlock.
    key = AgentKey.objects.select_for_update(no_key=True).get(id=call.agent_key.id)
    if key.is_quarantined:
        return
    now = timezone.now()
    since = now - timedelta(seconds=settings.TOOLGUARD_VALUE_WINDOW_SECONDS)
    if key.released_at is not None and key.released_at > since:
        since = key.released_at  # blocks a person has already looked at do not count again
    sessions = list(
        ToolCall.objects.filter(agent_key_id=key.id, status=ToolCallStatus.BLOCKED, created_at__gte=since).values_list(
            "session_id", flat=True
        )
    )
    sessions.append(call.request.session_id)
    if len(sessions) >= settings.TOOLGUARD_QUARANTINE_BLOCKS and len(set(sessions)) > 1:
        key.quarantined_at = now
        key.save(update_fields=["quarantined_at"])
        agent_key_forget(key)
        call.agent_key.quarantined_at = now
        call.event(AuditAction.KEY_QUARANTINED, AuditResult.BLOCKED, key=key.label, injection_blocks=len(sessions))


def _value_at(arguments: Any, pointer: str) -> str:
    value = arguments
    for part in [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]:
        if isinstance(value, dict):
            value = value.get(part, "")
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return ""
    return value if isinstance(value, str) else str(value)
