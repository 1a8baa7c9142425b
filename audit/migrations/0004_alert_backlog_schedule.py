"""Check the approval backlog every minute with django-q2 (idempotent)."""

from django.db import migrations


def forward(apps, schema_editor):
    Schedule = apps.get_model("django_q", "Schedule")
    Schedule.objects.update_or_create(
        name="audit-alert-approval-backlog",
        defaults={
            "func": "approvals.tasks.alerts_check_backlog",
            "schedule_type": "I",
            "minutes": 1,
            "repeats": -1,
        },
    )


def reverse(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(name="audit-alert-approval-backlog").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0003_checkpoints_alerts"),
        ("django_q", "0019_alter_task_options_alter_ormq_key_alter_ormq_lock_and_more"),
    ]
    operations = [migrations.RunPython(forward, reverse)]
