"""List every MCP upstream again; register, record and audit schema changes. Prints JSON."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from upstream.sync import tools_sync


class Command(BaseCommand):
    help = "Re-list the MCP upstreams' tools; a changed input schema becomes a new, audited tool version."

    def handle(self, *args: Any, **options: Any) -> None:
        reports = tools_sync()
        if not reports:
            raise CommandError(
                "no MCP upstream sources to sync: add a catalog entry with `upstream: {mcp: {url, prefix}}` "
                "to a file named in TOOLGUARD_TOOL_CATALOG (docs/policies.md)"
            )
        self.stdout.write(json.dumps({"sources": reports}, indent=2))
        down = [report["url"] for report in reports if not report["ok"]]
        if down:
            raise CommandError(f"unreachable MCP upstreams: {', '.join(down)}")
