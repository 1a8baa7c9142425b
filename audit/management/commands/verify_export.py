from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from audit.offline import ExportUnreadable, export_verify
from audit.witness import WitnessError


class Command(BaseCommand):
    help = (
        "Verify an exported audit file (CSV or JSONL) offline, with no database: recompute every hash, check the "
        "links, and check it against the witness's signed heads with the public key. Exit 1 naming what broke."
    )
    # Offline: no database, so no checks that would touch one.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the exported .csv or .jsonl")
        parser.add_argument("--public-key", default="", help="PEM (default TOOLGUARD_AUDIT_PUBLIC_KEY)")
        parser.add_argument("--witness", default="", help="a witness file (default TOOLGUARD_AUDIT_WITNESS)")

    def handle(self, *args: Any, **options: Any) -> None:
        witness = options["witness"] or settings.TOOLGUARD_AUDIT_WITNESS
        try:
            report = export_verify(Path(options["file"]), public_key_path=options["public_key"], witness_path=witness)
        except (ExportUnreadable, WitnessError, OSError) as exc:
            raise CommandError(str(exc), returncode=1) from None
        if report.broken:
            raise CommandError("export does not verify: " + "; ".join(report.broken[:5]), returncode=1)
        self.stdout.write(
            f"export verified: {report.entries} entries, every hash recomputed, {report.linked} links checked"
            f"{' from the first entry' if report.from_genesis else ''}; {report.heads_matched} signed heads matched"
            f"{f', {report.heads_newer} newer than the export' if report.heads_newer else ''}"
        )
