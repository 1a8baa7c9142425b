"""tools_sync: list every MCP upstream again, register and record what changed; tools_accept: an operator's yes."""

from __future__ import annotations

from typing import Any

from django.db.models import Max

from upstream.generation import tools_generation_publish
from upstream.mcp import McpSource, mcp_source_sync, mcp_sources
from upstream.models import UpstreamToolVersion
from upstream.versions import tool_accept


def tools_sync() -> list[dict[str, Any]]:
    """One report per MCP source: its tools, their versions, which changed and which are withheld.

    A new version moves the registry generation, so every running app
    process loads the new announcements before its next call (upstream.generation).
    """
    sources = mcp_sources()
    if not sources:
        return []
    before = int(UpstreamToolVersion.objects.aggregate(newest=Max("id"))["newest"] or 0)
    reports = [_source_sync(source) for source in sources]
    tools_generation_publish()
    for report in reports:
        for tool in report["tools"]:
            tool["changed"] = tool.pop("_id") > before
    return reports


def tools_accept(name: str, *, actor: str) -> UpstreamToolVersion:
    version = tool_accept(name, actor=actor)
    tools_generation_publish()
    return version


def _source_sync(source: McpSource) -> dict[str, Any]:
    report: dict[str, Any] = {"url": source.url, "ok": True, "error": "", "tools": []}
    try:
        tools = mcp_source_sync(source)
    except (ConnectionError, ValueError) as exc:
        return {**report, "ok": False, "error": str(exc)[:300]}
    for tool, upstream in tools:
        latest = UpstreamToolVersion.objects.filter(name=tool.name).order_by("-version").first()
        assert latest is not None  # mcp_source_sync recorded it
        report["tools"].append(
            {
                "name": tool.name,
                "version": latest.version,
                "schema_sha256": upstream.schema_sha256,
                "announcement_sha256": upstream.announcement_sha256,
                "changes_state": tool.changes_state,
                "withheld": bool(tool.withheld),
                "_id": latest.id,
            }
        )
    return report
