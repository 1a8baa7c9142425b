"""Hand the audit log's checkpoint signing over to a new key, keeping every older checkpoint verifiable."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from audit.checkpoint_log import CheckpointLogError, checkpoint_log_append, checkpoint_log_latest
from audit.keys import SigningKeyError, audit_key_rotate
from audit.tree import TreeError

HISTORY_FILE = "audit-key-history.json"


class Command(BaseCommand):
    help = (
        "Rotate the audit signing key: NEW_KEY is the new private key (PEM, from `manage.py audit_keygen DIR`). "
        "Writes the rotation as an audit entry, has the current key (TOOLGUARD_AUDIT_SIGNING_KEY) sign a last "
        "checkpoint covering it, and records the new key in the log's key history from the next tree size on, "
        "the hand-over signed by both keys. Writes the key history (for toolguard-verify --key-history and the "
        "witness's --log-key-history) beside NEW_KEY and to the checkpoint log. The current key signs nothing "
        "more: configure NEW_KEY on every host and restart them."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("new_key", help="the new private key, PEM")
        parser.add_argument(
            "--history", default="", help=f"where to write the key history (default: {HISTORY_FILE} beside NEW_KEY)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        new_key = Path(options["new_key"])
        history_path = Path(options["history"]) if options["history"] else new_key.parent / HISTORY_FILE
        try:
            rotation = audit_key_rotate(new_key_path=str(new_key))
        except (SigningKeyError, TreeError) as exc:
            raise CommandError(str(exc), returncode=1) from None
        text = json.dumps(rotation.history, indent=2, sort_keys=True) + "\n"
        history_path.write_text(text, encoding="utf-8")
        self.stdout.write(
            f"audit signing key rotated: key {rotation.old_key_id} signed tree sizes up to {rotation.old_to_size} "
            f"(its last checkpoint covers the rotation, audit entry {rotation.entry_id}); key "
            f"{rotation.new_key_id} signs from size {rotation.new_from_size}.\n"
            f"key history written to {history_path}\n"
            "Now set on every host running toolguard (web servers, workers) and restart them:\n"
            f"  TOOLGUARD_AUDIT_SIGNING_KEY={new_key.resolve()}\n"
            "Until then no checkpoint is signed. Give verifiers the key history "
            "(toolguard-verify --key-history; receipts and exports made from now on carry it) and restart the "
            "witness with --log-key-history."
        )
        try:
            # Outside the database as well: the old key's last checkpoint, then the history.
            checkpoint_log_latest()
            checkpoint_log_append({"key_history": rotation.history})
        except CheckpointLogError as exc:
            raise CommandError(
                f"the rotation is recorded, but the checkpoint log could not take it: {exc}", returncode=1
            ) from None
