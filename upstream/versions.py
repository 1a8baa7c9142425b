"""What each MCP upstream announced of its tools, recorded as versions, and an operator's acceptance.

A tool's announcement is everything the upstream says of it: its
inputSchema, description and annotations. Each new announcement is a new
`UpstreamToolVersion`, audited. The first version of a tool is accepted when
recorded (the operator named the source). A later version whose schema or
description differs from the last accepted one is what an upstream could
loosen a guard with (what arguments pass, what the model reads), so the tool
is withheld (its calls refused with `tool_withheld`, an alert raised) until an
operator runs `manage.py tools_accept NAME`. A version that changes only the
upstream's hints is recorded and audited but withholds nothing: no hint ever
moves a guard (upstream.mcp).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from core.enums import ActorType, AuditAction, AuditResult
from core.events import AuditEvent, audit_record
from upstream.models import UpstreamToolVersion

if TYPE_CHECKING:
    from core.tools import Tool
    from upstream.mcp import UpstreamTool

PENDING = "upstream_change_pending"


class NothingToAccept(Exception):
    """The tool has no version waiting for an operator."""


def announcements_record(source: str, tools: Sequence[tuple[Tool, UpstreamTool]]) -> dict[str, str]:
    """Record each tool's announcement when it is new; what is withheld, by tool name (absent: serve it)."""
    withheld = {}
    for tool, upstream in tools:
        version = _record(source, tool, upstream)
        if version.accepted_at is None:
            withheld[tool.name] = PENDING
    return withheld


def _record(source: str, tool: Tool, upstream: UpstreamTool) -> UpstreamToolVersion:
    for _ in range(3):
        try:
            return _record_once(source, tool, upstream)
        except IntegrityError:
            continue  # another process recorded the same version first: read it
    return _record_once(source, tool, upstream)


def _record_once(source: str, tool: Tool, upstream: UpstreamTool) -> UpstreamToolVersion:
    sha = upstream.announcement_sha256
    with transaction.atomic():
        # Locking the newest version row makes concurrent listings take turns,
        # so one change is one new version, not two.
        latest = UpstreamToolVersion.objects.select_for_update().filter(name=tool.name).order_by("-version").first()
        if latest is not None and latest.announcement_sha256 == sha:
            return latest
        if latest is not None and not latest.announcement_sha256 and latest.schema_sha256 == upstream.schema_sha256:
            # A version recorded before announcements were kept: completed in place, same schema.
            latest.announcement = _told(upstream)
            latest.announcement_sha256 = sha
            latest.save(update_fields=["announcement", "announcement_sha256"])
            return latest
        accepted = _last_accepted(tool.name)
        holds = latest is not None and _loosens(accepted, upstream)
        now = timezone.now()
        version = UpstreamToolVersion.objects.create(
            name=tool.name,
            version=(latest.version if latest is not None else 0) + 1,
            schema_sha256=upstream.schema_sha256,
            input_schema=upstream.input_schema,
            announcement=_told(upstream),
            announcement_sha256=sha,
            source=source,
            accepted_at=None if holds else now,
            accepted_by="" if holds else "system:first_seen" if latest is None else "system:no_guard_change",
        )
        details: dict[str, Any] = {
            "source": source,
            "upstream_tool": upstream.name,
            "version": version.version,
            "schema_sha256": upstream.schema_sha256,
            "announcement_sha256": sha,
            "previous_sha256": latest.schema_sha256 if latest is not None else None,
            "changed": _changed(accepted, upstream),
            "annotations": upstream.annotations,
            "changes_state": tool.changes_state,
        }
        events = [
            AuditEvent(
                actor="system:tools_sync",
                actor_type=ActorType.SYSTEM,
                action=AuditAction.UPSTREAM_TOOL_REGISTERED if latest is None else AuditAction.UPSTREAM_TOOL_CHANGED,
                result=AuditResult.SUCCESS,
                tool=tool.name,
                details=details,
            )
        ]
        if holds:
            events.append(
                AuditEvent(
                    actor="system:tools_sync",
                    actor_type=ActorType.SYSTEM,
                    action=AuditAction.UPSTREAM_TOOL_WITHHELD,
                    result=AuditResult.BLOCKED,
                    tool=tool.name,
                    details={**details, "accept_with": f"manage.py tools_accept {tool.name}"},
                )
            )
        audit_record(events)
    return version


def _told(upstream: UpstreamTool) -> dict[str, Any]:
    return {"description": upstream.description, "annotations": upstream.annotations}


def _last_accepted(name: str) -> UpstreamToolVersion | None:
    return UpstreamToolVersion.objects.filter(name=name, accepted_at__isnull=False).order_by("-version").first()


def _changed(accepted: UpstreamToolVersion | None, upstream: UpstreamTool) -> list[str]:
    if accepted is None:
        return []
    parts = []
    if accepted.schema_sha256 != upstream.schema_sha256:
        parts.append("input_schema")
    told = accepted.announcement
    if told and told.get("description") != upstream.description:
        parts.append("description")
    if told and told.get("annotations") != upstream.annotations:
        parts.append("annotations")
    return parts


def _loosens(accepted: UpstreamToolVersion | None, upstream: UpstreamTool) -> bool:
    """A new schema (what arguments pass) or description (what the model reads) waits for an operator."""
    if accepted is None:
        return True
    return bool({"input_schema", "description"} & set(_changed(accepted, upstream)))


def tool_accept(name: str, *, actor: str) -> UpstreamToolVersion:
    """An operator accepts the tool's newest version: audited; every process serves it on its next reload."""
    with transaction.atomic():
        latest = UpstreamToolVersion.objects.select_for_update().filter(name=name).order_by("-version").first()
        if latest is None or latest.accepted_at is not None:
            raise NothingToAccept(f"{name} has no version waiting for acceptance")
        latest.accepted_at = timezone.now()
        latest.accepted_by = actor[:150]
        latest.save(update_fields=["accepted_at", "accepted_by"])
        audit_record(
            [
                AuditEvent(
                    actor=actor,
                    actor_type=ActorType.SYSTEM,
                    action=AuditAction.UPSTREAM_TOOL_ACCEPTED,
                    result=AuditResult.SUCCESS,
                    tool=name,
                    details={
                        "version": latest.version,
                        "schema_sha256": latest.schema_sha256,
                        "announcement_sha256": latest.announcement_sha256,
                        "source": latest.source,
                    },
                )
            ]
        )
    return latest


def pending_versions() -> list[UpstreamToolVersion]:
    return list(UpstreamToolVersion.objects.filter(accepted_at__isnull=True).order_by("name", "version"))
