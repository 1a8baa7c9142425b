"""The outbox's rows now belong to the outbox app (state only).
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('outbox', '0001_initial'),
        ('upstream', '0002_reconcile_schedule'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='Dispatch',
                ),
            ],
            database_operations=[],
        ),
    ]
