"""Customers that existed before created_at was recorded date from their first agent key.

Without it every existing customer would look zero days old to a policy
such as "hold refunds for customers younger than 30 days".
"""

from django.db import migrations
from django.db.models import Min, OuterRef, Subquery


def backdate(apps, schema_editor):
    Customer = apps.get_model("toolguard", "Customer")
    AgentKey = apps.get_model("toolguard", "AgentKey")
    first_key = (
        AgentKey.objects.filter(customer_id=OuterRef("pk"))
        .values("customer_id")
        .annotate(first=Min("created_at"))
        .values("first")
    )
    Customer.objects.filter(agent_keys__isnull=False).distinct().update(created_at=Subquery(first_key))


class Migration(migrations.Migration):
    dependencies = [("toolguard", "0004_value_windows_key_quarantine")]

    operations = [migrations.RunPython(backdate, migrations.RunPython.noop)]
