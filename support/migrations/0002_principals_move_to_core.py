"""The foreign keys follow the customers into core (state only: same tables).
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0001_initial'),
        ('support', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='order',
                    name='customer',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='orders', to='core.customer'),
                ),
                migrations.AlterField(
                    model_name='outboundemail',
                    name='customer',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.customer'),
                ),
            ],
            database_operations=[],
        ),
    ]
