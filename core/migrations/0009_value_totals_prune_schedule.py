from django.db import migrations


def schedule_forward(apps, schema_editor):
    # Every hour the worker deletes the value totals' buckets no window reads any more
    # (core.windows.totals_prune).
    apps.get_model("django_q", "Schedule").objects.update_or_create(
        name="core-value-totals-prune",
        defaults={"func": "core.windows.totals_prune", "schedule_type": "I", "minutes": 60, "repeats": -1},
    )


def schedule_reverse(apps, schema_editor):
    apps.get_model("django_q", "Schedule").objects.filter(name="core-value-totals-prune").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0008_value_totals"),
        ("django_q", "0019_alter_task_options_alter_ormq_key_alter_ormq_lock_and_more"),
    ]

    operations = [migrations.RunPython(schedule_forward, schedule_reverse)]
