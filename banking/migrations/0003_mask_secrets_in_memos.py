"""Secrets already pasted into memos are masked in place.

Since this release secret-shaped text is masked before a tool stores its
arguments; transfers written before then may still hold a raw key, which
list_transactions would hand to the other customer's agent. Pending
transfers are left as they are: their approval hashes what the reviewer is
shown, and a decision re-checks it.
"""

from typing import Any

from django.db import migrations

from core.secret_shapes import mask_secrets_in_text


def mask_memos(apps: Any, schema_editor: Any) -> None:
    Transfer = apps.get_model("banking", "Transfer")
    changed = []
    for transfer in Transfer.objects.exclude(memo="").exclude(status="pending_approval").only("id", "memo").iterator(chunk_size=2000):
        masked = mask_secrets_in_text(transfer.memo)
        if masked != transfer.memo:
            transfer.memo = masked
            changed.append(transfer)
        if len(changed) >= 500:
            Transfer.objects.bulk_update(changed, ["memo"])
            changed = []
    if changed:
        Transfer.objects.bulk_update(changed, ["memo"])


class Migration(migrations.Migration):
    dependencies = [("banking", "0002_value_entries_for_recent_transfers")]

    operations = [migrations.RunPython(mask_memos, migrations.RunPython.noop)]
