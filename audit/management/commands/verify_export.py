import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from toolguard_verify.export import export_kind, verify_export_file
from toolguard_verify.receipt import LogKey, LogKeys, VerificationError, log_keys

from audit.keys import SigningKeyError, public_key
from audit.legacy_heads import SignedHeadError
from audit.offline import ExportUnreadable, export_verify


class Command(BaseCommand):
    help = (
        "Verify an exported audit file offline, with no database. A proving export (JSON lines starting with a "
        "signed header, or CSV with leaf_index and inclusion_path columns and the signed header as its last row) "
        "is checked by toolguard_verify, as `toolguard-verify export` does: the header's signature and "
        "checkpoint, every row's hash and inclusion proof, and that the rows are exactly those the header lists. "
        "An export without a signed header (made by a log without a signing key): recompute every hash, check "
        "the links, and check it against the retired signed heads (--signed-heads); with the log's public key at hand "
        "such a file is refused unless --rows-only, since nothing in it shows that no row was removed. Exit 1 naming "
        "what broke."
    )
    # Offline: no database, so no checks that would touch one.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the exported .csv or .jsonl")
        parser.add_argument("--public-key", default="", help="PEM (default TOOLGUARD_AUDIT_PUBLIC_KEY)")
        parser.add_argument(
            "--key-history",
            default="",
            help="the log's key history (JSON, from audit_key_rotate) for an export made before a rotation whose "
            "key is not the one given; exports made after one carry it",
        )
        parser.add_argument(
            "--signed-heads", default="", help="a copy of the retired signed-heads file (exports without a header)"
        )
        parser.add_argument(
            "--rows-only",
            action="store_true",
            help="accept an export without a signed header: check its rows' hashes and links only "
            "(a removed row would not show)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            with path.open(encoding="utf-8", newline="") as handle:
                first = handle.readline()
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}", returncode=1) from None
        if export_kind(first):
            self._proved(path, options["public_key"], options["key_history"])
            return
        try:
            key = public_key(options["public_key"])
        except SigningKeyError as exc:
            raise CommandError(str(exc), returncode=1) from None
        if key is not None and not options["rows_only"]:
            # The tester's cut CSV: rows that each hash right, with nothing to say one is missing.
            raise CommandError(
                "export does not verify: it carries no signed header (a JSON-lines first line, or a CSV's "
                "leaf_index and inclusion_path columns and #toolguard-export/v1 last row), so nothing shows that "
                "no row was removed, changed into another or added; exports made with the log's signing key "
                "carry one: export again (or --rows-only to check the rows' own hashes and links)",
                returncode=1,
            )
        try:
            report = export_verify(
                path, public_key_path=options["public_key"], signed_heads_path=options["signed_heads"]
            )
        except (ExportUnreadable, SignedHeadError, SigningKeyError, OSError) as exc:
            raise CommandError(str(exc), returncode=1) from None
        if report.broken:
            raise CommandError("export does not verify: " + "; ".join(report.broken[:5]), returncode=1)
        self.stdout.write(
            f"export verified: {report.entries} entries, every hash recomputed, {report.linked} links checked"
            f"{' from the first entry' if report.from_genesis else ''}; {report.heads_matched} signed heads matched"
            f"{f', {report.heads_newer} newer than the export' if report.heads_newer else ''}"
            f"{'' if report.from_genesis else '; no signed header, so a row removed from it would not show'}"
        )

    def _proved(self, path: Path, key_path: str, history_path: str) -> None:
        """Delegated to toolguard_verify: the same code an auditor runs as `toolguard-verify export`."""
        try:
            key = public_key(key_path)
        except SigningKeyError as exc:
            raise CommandError(str(exc), returncode=1) from None
        if key is None:
            raise CommandError("a proved export needs the log's public key: --public-key PEM", returncode=1)
        keys: LogKeys = LogKey(key)
        try:
            if history_path:
                keys = log_keys(keys, json.loads(Path(history_path).read_text(encoding="utf-8")))
            result = verify_export_file(str(path), keys)
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read the key history {history_path}: {exc}", returncode=1) from None
        except VerificationError as exc:
            raise CommandError(f"export does not verify: {'; '.join(exc.problems[:5])}", returncode=1) from None
        self.stdout.write(f"export {result.summary()}")
