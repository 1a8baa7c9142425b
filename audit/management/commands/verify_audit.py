from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from toolguard_verify.receipt import VerificationError

from audit.checkpoint_log import CheckpointLogError
from audit.cosign import WitnessUnusable
from audit.keys import SigningKeyError
from audit.legacy_heads import SignedHeadError
from audit.tree import TreeError
from audit.verify import CheckpointRefused, audit_verify


class Command(BaseCommand):
    help = (
        "Re-read the whole audit hash chain, recompute the Merkle tree from the entries and hold it against every "
        "signed checkpoint: the latest in the database, every one in the checkpoint log outside it, and the "
        "witness's latest cosigned one, each checked with the key of the log's key history that signed it (and "
        "the retired signed heads, for the entries they cover). Exit 1 naming the first entry that an edit broke, "
        "or the log as truncated or rewritten. On success, record the verification, sign a checkpoint, log it "
        "and take it to the witness."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--incremental",
            action="store_true",
            help="re-read the chain from the last verification, trusting the entries before it (the tree is "
            "recomputed from every entry either way)",
        )
        parser.add_argument("--full", action="store_true", help="re-read every entry (the default)")
        parser.add_argument(
            "--checkpoint-log",
            default="",
            help="a checkpoint log file to check against (default TOOLGUARD_AUDIT_CHECKPOINT_LOG; a copy of what "
            "a webhook checkpoint log received)",
        )
        parser.add_argument(
            "--signed-heads",
            default="",
            help="a copy of the retired signed-heads witness file, to check the entries its heads cover",
        )
        parser.add_argument(
            "--public-key",
            default="",
            help="a public key of the log (PEM; any key of its key history) when this shell does not have the app "
            "hosts' key (default TOOLGUARD_AUDIT_PUBLIC_KEY, or derived from TOOLGUARD_AUDIT_SIGNING_KEY)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["full"] and options["incremental"]:
            raise CommandError("--full and --incremental exclude each other")
        if options["public_key"]:
            if not Path(options["public_key"]).is_file():
                raise CommandError(f"--public-key: no such file: {options['public_key']}")
            # This run only: audit.keys.public_key() reads the setting.
            settings.TOOLGUARD_AUDIT_PUBLIC_KEY = options["public_key"]
        try:
            result = audit_verify(
                incremental=options["incremental"],
                checkpoint_log_path=options["checkpoint_log"],
                signed_heads_path=options["signed_heads"],
            )
        except (
            CheckpointRefused,
            CheckpointLogError,
            SignedHeadError,
            SigningKeyError,
            TreeError,
            VerificationError,
            WitnessUnusable,
        ) as exc:
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
        heads = f"; {result.heads}: {result.heads_matched} matched" if result.heads else ""
        tree = f"; {result.log.checked}" if result.log is not None else ""
        # One line: what was checked, and against what.
        self.stdout.write(
            f"audit chain verified through entry {result.last_id} ({result.entries} entries checked from {start})"
            f"{heads}{tree}"
        )
