"""Integrate into the Merkle tree every audit entry it does not hold yet, then sign a checkpoint."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from audit.tree import checkpoint_make, tree_build, tree_size


class Command(BaseCommand):
    help = __doc__

    def handle(self, *args: Any, **options: Any) -> None:
        # Migration 0010 already builds the tree; this re-runs the same step (it adds only
        # entries missing from the tree, so a second run adds none).
        added = tree_build()
        checkpoint = checkpoint_make()
        signed = f"; checkpoint at size {checkpoint.size}" if checkpoint else "; no checkpoint (no signing key)"
        self.stdout.write(f"{added} entries added; the tree holds {tree_size()}{signed}")
