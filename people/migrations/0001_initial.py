"""Personal API tokens, taken over from the staff app (state only: the staff_personaltoken table stays).
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def content_types_move(apps, schema_editor):
    """Permissions and admin history follow the models: their content types change app."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in ['personaltoken']:
        if not content_type.objects.filter(app_label='people', model=model).exists():
            content_type.objects.filter(app_label='staff', model=model).update(app_label='people')


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('staff', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='PersonalToken',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=100)),
                        ('prefix', models.CharField(max_length=16, unique=True)),
                        ('key_hash', models.CharField(max_length=64)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('last_used_at', models.DateTimeField(blank=True, null=True)),
                        ('revoked_at', models.DateTimeField(blank=True, null=True)),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='api_tokens', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'staff_personaltoken',
                    },
                ),
            ],
            database_operations=[migrations.RunPython(content_types_move, migrations.RunPython.noop)],
        ),
    ]
