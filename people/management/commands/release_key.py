from typing import Any

from django.core.management.base import BaseCommand, CommandError

from people.credentials import key_release


class Command(BaseCommand):
    help = "Release a quarantined agent key (every session of the key answers 423 until then)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--key",
            required=True,
            help="the key's prefix, or its label as printed (agent:<customer>:<prefix>, oauth:<client>/<sub>)",
        )
        parser.add_argument("--by", default="system:cli", help="who releases it, for the audit log")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            key = key_release(key_prefix=options["key"], released_by=options["by"])
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"released agent key {key.label}")
