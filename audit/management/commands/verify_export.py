from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from toolguard_verify.export import EXPORT_FORMAT
from toolguard_verify.export import verify_export as proved_export_verify
from toolguard_verify.receipt import LogKey, VerificationError

from audit.offline import ExportUnreadable, export_verify
from audit.witness import WitnessError, public_key


class Command(BaseCommand):
    help = (
        "Verify an exported audit file offline, with no database. A proved export (JSON lines with a signed "
        "header) is checked by toolguard_verify, as `toolguard-verify export` does: the header's signature and "
        "checkpoint, every row's hash and inclusion proof, and that the rows are exactly those the header lists. "
        "Any other export (CSV, or one made without a signing key): recompute every hash, check the links, and "
        "check it against the witness's signed heads with the public key. Exit 1 naming what broke."
    )
    # Offline: no database, so no checks that would touch one.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the exported .csv or .jsonl")
        parser.add_argument("--public-key", default="", help="PEM (default TOOLGUARD_AUDIT_PUBLIC_KEY)")
        parser.add_argument("--witness", default="", help="a witness file (default TOOLGUARD_AUDIT_WITNESS)")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            with path.open(encoding="utf-8") as handle:
                first = handle.readline()
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}", returncode=1) from None
        if f'"format":"{EXPORT_FORMAT}"' in first:
            self._proved(path, options["public_key"])
            return
        witness = options["witness"] or settings.TOOLGUARD_AUDIT_WITNESS
        try:
            report = export_verify(path, public_key_path=options["public_key"], witness_path=witness)
        except (ExportUnreadable, WitnessError, OSError) as exc:
            raise CommandError(str(exc), returncode=1) from None
        if report.broken:
            raise CommandError("export does not verify: " + "; ".join(report.broken[:5]), returncode=1)
        self.stdout.write(
            f"export verified: {report.entries} entries, every hash recomputed, {report.linked} links checked"
            f"{' from the first entry' if report.from_genesis else ''}; {report.heads_matched} signed heads matched"
            f"{f', {report.heads_newer} newer than the export' if report.heads_newer else ''}"
        )

    def _proved(self, path: Path, key_path: str) -> None:
        """Delegated to toolguard_verify: the same code an auditor runs as `toolguard-verify export`."""
        try:
            key = public_key(key_path)
        except WitnessError as exc:
            raise CommandError(str(exc), returncode=1) from None
        if key is None:
            raise CommandError("a proved export needs the log's public key: --public-key PEM", returncode=1)
        try:
            with path.open(encoding="utf-8") as handle:
                result = proved_export_verify(handle, LogKey(key))
        except VerificationError as exc:
            raise CommandError(f"export does not verify: {'; '.join(exc.problems[:5])}", returncode=1) from None
        self.stdout.write(f"export {result.summary()}")
