from typing import Any

from django.core.management.base import BaseCommand, CommandError

from audit.services import audit_chain_verify


class Command(BaseCommand):
    help = "Walk the audit hash chain; exit 1 naming the first entry that does not verify."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--full", action="store_true", help="verify from the first entry")

    def handle(self, *args: Any, **options: Any) -> None:
        broken, last_id, _ = audit_chain_verify()
        if broken is not None:
            raise CommandError(f"audit entry {broken.entry_id} does not verify: {broken.reason}", returncode=1)
        self.stdout.write(f"audit chain verified through entry {last_id}")
