"""Tell the PostgreSQL planner how tool, action and result go together.

Filters on these columns are far from independent (a check_balance call is
never pending). Without this, the planner multiplies their frequencies,
expects thousands of rows where there are none, and walks a whole index in
time order looking for them. With it, it knows when a combination is rare
and picks the index or bitmap plan that is.
"""

from django.db import migrations

PG_FORWARD = """
CREATE STATISTICS IF NOT EXISTS audit_tool_action_result (mcv, dependencies)
    ON tool, action, result FROM audit_auditentry;
"""
PG_REVERSE = "DROP STATISTICS IF EXISTS audit_tool_action_result;"


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(PG_FORWARD, params=None)


def reverse(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(PG_REVERSE, params=None)


class Migration(migrations.Migration):
    dependencies = [("audit", "0004_alert_backlog_schedule")]
    operations = [migrations.RunPython(forward, reverse)]
