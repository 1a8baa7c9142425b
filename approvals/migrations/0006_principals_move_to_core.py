"""The foreign keys follow the principals and tool calls into core (state only: same tables).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('approvals', '0005_drop_transfer_columns'),
        ('core', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='approvalrequest',
                    name='agent_key',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.agentkey'),
                ),
                migrations.AlterField(
                    model_name='approvalrequest',
                    name='customer',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='approvals', to='core.customer'),
                ),
                migrations.AlterField(
                    model_name='approvalrequest',
                    name='idempotency_record',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='core.idempotencyrecord'),
                ),
                migrations.AlterField(
                    model_name='approvalrequest',
                    name='tool_call',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.toolcall'),
                ),
            ],
            database_operations=[],
        ),
    ]
