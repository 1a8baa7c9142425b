from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from audit.keys import SigningKeyError, keypair_write


class Command(BaseCommand):
    help = (
        "Write a fresh Ed25519 key pair for signing the audit log's checkpoints: DIR/audit-signing.pem (private, "
        "mode 600: "
        "TOOLGUARD_AUDIT_SIGNING_KEY) and DIR/audit-signing.pub.pem (for verifiers: TOOLGUARD_AUDIT_PUBLIC_KEY)."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("directory", help="where to write the two PEM files")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            private, public = keypair_write(Path(options["directory"]))
        except (SigningKeyError, OSError) as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            f"private key: {private}\npublic key: {public}\n"
            "Set these where toolguard runs (its web servers and workers), then restart them:\n"
            f"  TOOLGUARD_AUDIT_SIGNING_KEY={private}\n"
            "(a log that already signs with another key changes keys with manage.py audit_key_rotate)\n"
            "and give verifiers (verify_export, toolguard-verify) the public key:\n"
            f"  TOOLGUARD_AUDIT_PUBLIC_KEY={public}"
        )
