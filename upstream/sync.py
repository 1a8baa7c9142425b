"""tools_sync: list every MCP upstream again, register what changed, record and audit new versions."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core.enums import AuditAction, AuditResult
from core.events import AuditEvent, audit_record
from upstream.generation import tools_generation_publish
from upstream.mcp import McpSource, mcp_source_sync, mcp_sources
from upstream.models import UpstreamToolVersion


def tools_sync() -> list[dict[str, Any]]:
    """One report per MCP source: its tools, their versions, and which changed.

    A new version moves the registry generation, so every running app
    process loads the new schemas before its next call (upstream.generation).
    """
    reports = [_source_sync(source) for source in mcp_sources()]
    if any(tool["changed"] for report in reports for tool in report["tools"]):
        tools_generation_publish()
    return reports


def _source_sync(source: McpSource) -> dict[str, Any]:
    report: dict[str, Any] = {"url": source.url, "ok": True, "error": "", "tools": []}
    try:
        tools = mcp_source_sync(source)
    except (ConnectionError, ValueError) as exc:
        return {**report, "ok": False, "error": str(exc)[:300]}
    for tool, upstream in tools:
        with transaction.atomic():
            # Locking the newest version row makes two concurrent syncs take turns,
            # so one schema change is one new version, not two.
            latest = UpstreamToolVersion.objects.select_for_update().filter(name=tool.name).order_by("-version").first()
            changed = latest is None or latest.schema_sha256 != upstream.schema_sha256
            version = latest.version if latest is not None else 0
            if changed:
                version += 1
                UpstreamToolVersion.objects.create(
                    name=tool.name,
                    version=version,
                    schema_sha256=upstream.schema_sha256,
                    input_schema=upstream.input_schema,
                    source=source.url,
                )
                audit_record(
                    [
                        AuditEvent(
                            actor="system:tools_sync",
                            actor_type="system",
                            action=AuditAction.UPSTREAM_TOOL_REGISTERED
                            if latest is None
                            else AuditAction.UPSTREAM_TOOL_CHANGED,
                            result=AuditResult.SUCCESS,
                            tool=tool.name,
                            details={
                                "source": source.url,
                                "upstream_tool": upstream.name,
                                "version": version,
                                "schema_sha256": upstream.schema_sha256,
                                "previous_sha256": latest.schema_sha256 if latest is not None else None,
                                "changes_state": tool.changes_state,
                            },
                        )
                    ]
                )
        report["tools"].append(
            {"name": tool.name, "version": version, "schema_sha256": upstream.schema_sha256, "changed": changed}
        )
    return report
