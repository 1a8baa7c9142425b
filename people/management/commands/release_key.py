from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.models import AgentKey
from people.credentials import key_release


class Command(BaseCommand):
    help = "Release a quarantined agent key (every session of the key answers 423 until then)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--key", required=True, help="the key's prefix, as in agent:<customer>:<prefix>")
        parser.add_argument("--by", default="system:cli", help="who releases it, for the audit log")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            key_release(key_prefix=options["key"], released_by=options["by"])
        except (AgentKey.DoesNotExist, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"released agent key {options['key']}")
