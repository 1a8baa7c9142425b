"""The reconciler's schedule names the task where it now lives (outbox.tasks)."""

from django.db import migrations

OLD = "toolguard.upstream.tasks.reconcile_upstream_dispatches"
NEW = "outbox.tasks.reconcile_upstream_dispatches"


def schedule_path_move(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(func=OLD).update(func=NEW)


def schedule_path_back(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(func=NEW).update(func=OLD)


class Migration(migrations.Migration):
    dependencies = [
        ("outbox", "0001_initial"),
        ("django_q", "0019_alter_task_options_alter_ormq_key_alter_ormq_lock_and_more"),
    ]

    operations = [migrations.RunPython(schedule_path_move, schedule_path_back)]
