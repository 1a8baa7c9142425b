"""Account, Payee and Transfer now belong to the banking app.

State only: the tables (toolguard_account, toolguard_payee,
toolguard_transfer) and their rows stay; banking.0001 takes them over.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("toolguard", "0002_groups"),
        # The approvals' foreign key to Transfer goes first.
        ("approvals", "0005_drop_transfer_columns"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Transfer"),
                migrations.DeleteModel(name="Payee"),
                migrations.DeleteModel(name="Account"),
            ],
            database_operations=[],
        ),
    ]
