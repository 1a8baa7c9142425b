"""Carry existing requests over: transfer id -> held_ref, amount -> value, a summary from the arguments.

Its own migration: PostgreSQL refuses to drop a column in the transaction
that just updated rows under deferred foreign keys.
"""

from django.db import migrations

def _money(cents, currency):
    units, rest = divmod(abs(int(cents)), 100)
    return f"{'-' if cents < 0 else ''}{units:,}.{rest:02d} {currency}".strip()


def carry_over(apps, schema_editor):
    ApprovalRequest = apps.get_model("approvals", "ApprovalRequest")
    for approval in ApprovalRequest.objects.select_related("tool_call").iterator():
        arguments = approval.arguments or {}
        fields = [
            {"label": name.replace("_", " ").capitalize(), "value": str(value)}
            for name, value in sorted(arguments.items())
            if name != "idempotency_key"
        ]
        title = approval.tool
        if approval.amount_cents:
            title = f"{approval.tool} of {_money(approval.amount_cents, approval.currency)}"
        approval.held_ref = str(approval.transfer_id or "")
        approval.value_cents = approval.amount_cents if approval.transfer_id or approval.amount_cents else None
        approval.beneficiary = str(arguments.get("to_account", ""))[:256]
        approval.summary = {"title": title, "fields": fields}
        approval.agent_key_id = approval.tool_call.agent_key_id
        approval.save(update_fields=["held_ref", "value_cents", "beneficiary", "summary", "agent_key"])


class Migration(migrations.Migration):
    dependencies = [("approvals", "0003_generic_held_operation")]

    operations = [migrations.RunPython(carry_over, migrations.RunPython.noop)]
