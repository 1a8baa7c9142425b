"""Personal API tokens now belong to the people app (state only).
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('people', '0001_initial'),
        ('staff', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='PersonalToken',
                ),
            ],
            database_operations=[],
        ),
    ]
