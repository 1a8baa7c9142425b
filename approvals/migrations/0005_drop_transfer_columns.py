"""The transfer-specific columns go: the core refers to held operations generically."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("approvals", "0004_carry_over_held_operations")]

    operations = [
        migrations.RemoveField(model_name="approvalrequest", name="transfer"),
        migrations.RemoveField(model_name="approvalrequest", name="amount_cents"),
        migrations.AddIndex(
            model_name="approvalrequest",
            index=models.Index(fields=["agent_key", "status"], name="approval_key_status"),
        ),
        migrations.AddIndex(
            model_name="approvalrequest",
            index=models.Index(fields=["beneficiary", "status"], name="approval_beneficiary_status"),
        ),
    ]
