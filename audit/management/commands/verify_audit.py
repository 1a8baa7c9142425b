from typing import Any

from django.core.management.base import BaseCommand, CommandError

from audit.services import CheckpointRefused, audit_verify
from audit.witness import WitnessError


class Command(BaseCommand):
    help = (
        "Re-read the whole audit hash chain and check it against the witness's signed heads; exit 1 naming "
        "the first entry that an edit, a rewrite with recomputed hashes, a deletion or a truncation broke. "
        "On success, record a checkpoint and sign the head."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--incremental",
            action="store_true",
            help="start at the last checkpoint, trusting the entries before it (says which it did not re-read)",
        )
        parser.add_argument("--full", action="store_true", help="re-read every entry (the default)")
        parser.add_argument(
            "--witness", default="", help="a witness file to check against (default TOOLGUARD_AUDIT_WITNESS)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["full"] and options["incremental"]:
            raise CommandError("--full and --incremental exclude each other")
        try:
            result = audit_verify(incremental=options["incremental"], witness_path=options["witness"])
        except (CheckpointRefused, WitnessError) as exc:
            raise CommandError(str(exc), returncode=1) from None
        if result.broken is not None:
            raise CommandError(
                f"audit entry {result.broken.entry_id} does not verify: {result.broken.reason}", returncode=1
            )
        if result.start_id:
            self.stdout.write(
                f"not re-read: entries 1 to {result.start_id}, trusted from the checkpoint at entry "
                f"{result.start_id} (run without --incremental to re-read them)"
            )
        start = "the first entry" if result.start_id == 0 else f"checkpoint at entry {result.start_id}"
        self.stdout.write(
            f"audit chain verified through entry {result.last_id} ({result.entries} entries checked from {start}); "
            f"{result.witness}: {result.heads_matched} signed heads matched"
        )
        if result.signed is not None:
            self.stdout.write(f"signed head at entry {result.signed.entry_id} written to the witness")
