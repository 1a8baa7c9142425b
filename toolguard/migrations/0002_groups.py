"""The two groups of people toolguard knows: reviewers and compliance staff."""

from django.db import migrations

GROUPS = ("reviewers", "compliance")


def forward(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in GROUPS:
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [("toolguard", "0001_initial"), ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
