"""The key admins: reviewers or compliance users who may also be shown new agent secrets."""

from django.db import migrations

# Spelled out, not imported: a migration keeps the name it was written with.
KEY_ADMINS_GROUP = "key_admins"


def forward(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.get_or_create(name=KEY_ADMINS_GROUP)


class Migration(migrations.Migration):
    dependencies = [("people", "0001_initial"), ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
