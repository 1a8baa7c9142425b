"""Checkpoint the tree now and take the newest checkpoint to the independent witness (as the worker does)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from audit import tree
from audit.cosign import WitnessDeclined, witness_configured, witness_cosign, witness_declined


class Command(BaseCommand):
    help = __doc__

    def handle(self, *args: Any, **options: Any) -> None:
        if not witness_configured():
            raise CommandError("no witness configured: set TOOLGUARD_WITNESS_URL and TOOLGUARD_WITNESS_KEY")
        checkpoint = tree.checkpoint_make()
        if checkpoint is None:
            raise CommandError("no checkpoint to submit (no entries, or no TOOLGUARD_AUDIT_SIGNING_KEY)")
        try:
            cosigned = witness_cosign(checkpoint)
        except WitnessDeclined as exc:
            witness_declined(exc)  # the alert, as the worker raises it
            raise CommandError(
                f"the witness {settings.TOOLGUARD_WITNESS_URL} did not cosign the checkpoint at size "
                f"{checkpoint.size}: {exc.message}",
                returncode=1,
            ) from None
        self.stdout.write(f"checkpoint at size {cosigned.size} cosigned by the witness {cosigned.witness}")
