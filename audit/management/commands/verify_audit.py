from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from audit.cosign import WitnessUnusable
from audit.services import CheckpointRefused, audit_verify
from audit.witness import WitnessError


class Command(BaseCommand):
    help = (
        "Re-read the whole audit hash chain and check it against the witness's signed heads; recompute the "
        "Merkle tree from the entries and check it against the latest signed checkpoint and the independent "
        "witness's latest cosigned checkpoint. Exit 1 naming the first entry that an edit, a rewrite with "
        "recomputed hashes, a deletion or a truncation broke, or the log as truncated or rewritten. On success, "
        "record a checkpoint, sign the head and take the tree's checkpoint to the witness."
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
        parser.add_argument(
            "--public-key",
            default="",
            help="the log's public key (PEM) to check signed heads and checkpoints with, when this shell does not "
            "have the app hosts' key (default TOOLGUARD_AUDIT_PUBLIC_KEY, or derived from TOOLGUARD_AUDIT_SIGNING_KEY)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["full"] and options["incremental"]:
            raise CommandError("--full and --incremental exclude each other")
        if options["public_key"]:
            if not Path(options["public_key"]).is_file():
                raise CommandError(f"--public-key: no such file: {options['public_key']}")
            # This run only: audit.witness.public_key() reads the setting.
            settings.TOOLGUARD_AUDIT_PUBLIC_KEY = options["public_key"]
        try:
            result = audit_verify(incremental=options["incremental"], witness_path=options["witness"])
        except (CheckpointRefused, WitnessError, WitnessUnusable) as exc:
            raise CommandError(str(exc), returncode=1) from None
        failures = []
        if result.broken is not None:
            failures.append(f"audit entry {result.broken.entry_id} does not verify: {result.broken.reason}")
        if result.log is not None and result.log.broken:
            failures.append(
                f"audit log does not verify: {result.log.broken} ({result.log.checked}); nothing was signed"
            )
        if failures:
            raise CommandError("\n".join(failures), returncode=1)
        if result.start_id:
            self.stdout.write(
                f"not re-read: entries 1 to {result.start_id}, trusted from the checkpoint at entry "
                f"{result.start_id} (run without --incremental to re-read them)"
            )
        start = "the first entry" if result.start_id == 0 else f"checkpoint at entry {result.start_id}"
        # One line: what was checked, and against what.
        tree = f"; {result.log.checked}" if result.log is not None else ""
        self.stdout.write(
            f"audit chain verified through entry {result.last_id} ({result.entries} entries checked from {start}); "
            f"{result.witness}: {result.heads_matched} signed heads matched{tree}"
        )
        if result.signed is not None:
            self.stdout.write(f"signed head at entry {result.signed.entry_id} written to the witness")
