"""Recent transfers count in the value windows from the first call after the upgrade.

Transfers made before value entries existed would otherwise be invisible to
the windows for up to TOOLGUARD_VALUE_WINDOW_SECONDS: a customer who moved
$9,000 an hour before the upgrade could move $10,000 more right after it.
"""

from datetime import timedelta

from django.conf import settings
from django.db import migrations
from django.utils import timezone

COUNTED = {"completed": "completed", "pending_approval": "pending"}


def backfill(apps, schema_editor):
    Transfer = apps.get_model("banking", "Transfer")
    ToolCall = apps.get_model("toolguard", "ToolCall")
    ValueEntry = apps.get_model("toolguard", "ValueEntry")
    since = timezone.now() - timedelta(seconds=settings.TOOLGUARD_VALUE_WINDOW_SECONDS)
    transfers = Transfer.objects.filter(created_at__gte=since, status__in=COUNTED).select_related("to_account")
    for transfer in transfers.iterator():
        # The call that made it: its stored answer names the transfer (held calls keep it in theirs too).
        call = (
            ToolCall.objects.filter(
                customer_id=transfer.customer_id, tool="transfer_funds", response__result__transfer_id=str(transfer.id)
            )
            .exclude(response__replayed=True)
            .order_by("created_at")
            .first()
        )
        if call is None or ValueEntry.objects.filter(tool_call_id=call.id).exists():
            continue
        ValueEntry.objects.create(
            customer_id=transfer.customer_id,
            agent_key_id=call.agent_key_id,
            session_id=transfer.session_id,
            tool="transfer_funds",
            tool_call_id=call.id,
            beneficiary=transfer.to_account.number,
            value_cents=transfer.amount_cents,
            currency=transfer.currency,
            status=COUNTED[transfer.status],
            created_at=transfer.created_at,
        )


class Migration(migrations.Migration):
    dependencies = [
        ("banking", "0001_initial"),
        ("toolguard", "0005_customer_age_from_history"),
    ]
    # The entries made here are in the value windows' running totals only if they exist
    # when core 0008 backfills the totals (the historical model does not move them).
    run_before = [("core", "0008_value_totals")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
