from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.models import AgentSession
from people.credentials import session_release


class Command(BaseCommand):
    help = "Release a quarantined agent session."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--customer", required=True)
        parser.add_argument("--session", required=True)
        parser.add_argument("--by", default="system:cli", help="who releases it, for the audit log")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            session_release(
                customer_external_id=options["customer"], session_id=options["session"], released_by=options["by"]
            )
        except (AgentSession.DoesNotExist, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"released session {options['session']}")
