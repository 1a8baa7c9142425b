"""The outbox's rows, taken over from the upstream family (state only: the upstream_dispatch table stays).
"""

import django.db.models.deletion
import uuid
from django.db import migrations, models


def content_types_move(apps, schema_editor):
    """Permissions and admin history follow the models: their content types change app."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in ['dispatch']:
        if not content_type.objects.filter(app_label='outbox', model=model).exists():
            content_type.objects.filter(app_label='upstream', model=model).update(app_label='outbox')


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('upstream', '0002_reconcile_schedule'),
        ('core', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Dispatch',
                    fields=[
                        ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                        ('approval_id', models.UUIDField(blank=True, null=True)),
                        ('tool', models.CharField(max_length=64)),
                        ('session_id', models.CharField(max_length=128)),
                        ('idempotency_key', models.CharField(max_length=128)),
                        ('kind', models.CharField(choices=[('http', 'Http'), ('mcp', 'Mcp')], max_length=8)),
                        ('target', models.JSONField()),
                        ('body', models.JSONField()),
                        ('upstream_key', models.CharField(max_length=64)),
                        ('results', models.CharField(default='mark', max_length=8)),
                        ('state', models.CharField(choices=[('dispatching', 'Dispatching'), ('completed', 'Completed'), ('failed', 'Failed'), ('unavailable', 'Unavailable'), ('outcome_unknown', 'Outcome Unknown')], default='dispatching', max_length=16)),
                        ('attempts', models.PositiveIntegerField(default=0)),
                        ('next_attempt_at', models.DateTimeField()),
                        ('lease_until', models.DateTimeField(blank=True, null=True)),
                        ('last_error', models.CharField(blank=True, max_length=300)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('dispatched_at', models.DateTimeField(blank=True, null=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('customer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.customer')),
                        ('idempotency_record', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='core.idempotencyrecord')),
                        ('tool_call', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='dispatch', to='core.toolcall')),
                    ],
                    options={
                        'db_table': 'upstream_dispatch',
                        'indexes': [models.Index(fields=['state', 'next_attempt_at'], name='dispatch_due')],
                    },
                ),
            ],
            database_operations=[migrations.RunPython(content_types_move, migrations.RunPython.noop)],
        ),
    ]
