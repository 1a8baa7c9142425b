from django.db import migrations, models
from django.db.models import F


def accept_recorded(apps, schema_editor):
    # Versions recorded before acceptance existed took effect when recorded.
    apps.get_model("upstream", "UpstreamToolVersion").objects.update(
        accepted_at=F("discovered_at"), accepted_by="system:migration"
    )


class Migration(migrations.Migration):
    dependencies = [("upstream", "0003_dispatch_moves_to_outbox")]

    operations = [
        migrations.AddField(
            model_name="upstreamtoolversion", name="announcement", field=models.JSONField(default=dict)
        ),
        migrations.AddField(
            model_name="upstreamtoolversion",
            name="announcement_sha256",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddField(
            model_name="upstreamtoolversion", name="accepted_at", field=models.DateTimeField(blank=True, null=True)
        ),
        migrations.AddField(
            model_name="upstreamtoolversion",
            name="accepted_by",
            field=models.CharField(blank=True, max_length=150),
        ),
        migrations.RunPython(accept_recorded, migrations.RunPython.noop),
    ]
