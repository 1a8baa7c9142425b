"""An operator accepts what an MCP upstream changed of a tool; until then its calls are refused (tool_withheld)."""

from __future__ import annotations

import getpass
import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from upstream.sync import tools_accept
from upstream.versions import NothingToAccept, pending_versions


class Command(BaseCommand):
    help = (
        "Accept the newest announcement (schema, description) an MCP upstream made for a tool, after reviewing "
        "it; without a name, list the versions waiting."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", nargs="?", help="the guarded tool's name, e.g. crm_add_credit")
        parser.add_argument("--operator", default="", help="who accepts (default: the shell user)")

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["name"]:
            waiting = [
                {
                    "name": version.name,
                    "version": version.version,
                    "source": version.source,
                    "input_schema": version.input_schema,
                    **version.announcement,
                }
                for version in pending_versions()
            ]
            self.stdout.write(json.dumps({"waiting": waiting}, indent=2))
            return
        operator = options["operator"] or getpass.getuser()
        try:
            version = tools_accept(options["name"], actor=f"operator:{operator}")
        except NothingToAccept as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"accepted {version.name} v{version.version}; running processes serve it on their next call")
