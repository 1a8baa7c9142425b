"""Approval requests refer to a held operation generically: its tool, its own
reference, the reviewer summary and the value, never a transfer row."""

import django.db.models.deletion
from django.db import migrations, models



class Migration(migrations.Migration):
    dependencies = [
        ("approvals", "0002_expiry_schedule"),
        ("toolguard", "0002_groups"),
    ]

    operations = [
        migrations.AddField(
            model_name="approvalrequest",
            name="held_ref",
            field=models.CharField(blank=True, max_length=128),
        ),
        migrations.AddField(
            model_name="approvalrequest",
            name="summary",
            field=models.JSONField(default=dict),
        ),
        migrations.AddField(
            model_name="approvalrequest",
            name="agent_key",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="toolguard.agentkey",
            ),
        ),
        migrations.AddField(
            model_name="approvalrequest",
            name="value_cents",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="approvalrequest",
            name="beneficiary",
            field=models.CharField(blank=True, max_length=256),
        ),
    ]
