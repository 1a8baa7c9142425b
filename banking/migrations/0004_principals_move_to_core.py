"""The foreign keys follow the customers into core (state only: same tables).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('banking', '0003_mask_secrets_in_memos'),
        ('core', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='account',
                    name='customer',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='accounts', to='core.customer'),
                ),
                migrations.AlterField(
                    model_name='payee',
                    name='customer',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='payees', to='core.customer'),
                ),
                migrations.AlterField(
                    model_name='transfer',
                    name='customer',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='transfers', to='core.customer'),
                ),
            ],
            database_operations=[],
        ),
    ]
