from typing import Any

from django.core.management.base import BaseCommand, CommandError

from audit.services import CheckpointRefused, audit_verify


class Command(BaseCommand):
    help = (
        "Walk the audit hash chain from the last verified checkpoint (or from the start with --full); "
        "exit 1 naming the first entry that does not verify."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--full", action="store_true", help="verify from the first entry")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = audit_verify(full=options["full"])
        except CheckpointRefused as exc:
            raise CommandError(str(exc), returncode=1) from None
        if result.broken is not None:
            raise CommandError(
                f"audit entry {result.broken.entry_id} does not verify: {result.broken.reason}", returncode=1
            )
        start = "the first entry" if result.start_id == 0 else f"checkpoint at entry {result.start_id}"
        self.stdout.write(
            f"audit chain verified through entry {result.last_id} ({result.entries} entries checked from {start})"
        )
