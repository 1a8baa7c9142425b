from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from audit.witness import WitnessError, keypair_write


class Command(BaseCommand):
    help = (
        "Write a fresh Ed25519 key pair for signing audit chain heads: DIR/audit-signing.pem (private, mode 600: "
        "TOOLGUARD_AUDIT_SIGNING_KEY) and DIR/audit-signing.pub.pem (for verifiers: TOOLGUARD_AUDIT_PUBLIC_KEY)."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("directory", help="where to write the two PEM files")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            private, public = keypair_write(Path(options["directory"]))
        except (WitnessError, OSError) as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            f"private key: {private}\npublic key: {public}\n"
            "Set these where toolguard runs (its web servers and workers), then restart them:\n"
            f"  TOOLGUARD_AUDIT_SIGNING_KEY={private}\n"
            "and give verifiers (verify_export, toolguard-verify) the public key:\n"
            f"  TOOLGUARD_AUDIT_PUBLIC_KEY={public}"
        )
