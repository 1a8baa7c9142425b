"""The approval-backlog alert rule runs from approvals.tasks, beside the rows it reads."""

from django.db import migrations

OLD = "audit.alerts.alerts_check_backlog"
NEW = "approvals.tasks.alerts_check_backlog"


def schedule_path_move(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(func=OLD).update(func=NEW)


def schedule_path_back(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(func=NEW).update(func=OLD)


class Migration(migrations.Migration):
    dependencies = [
        ("approvals", "0006_principals_move_to_core"),
        ("audit", "0004_alert_backlog_schedule"),
    ]

    operations = [migrations.RunPython(schedule_path_move, schedule_path_back)]
