"""The principals, tool calls, idempotency records and value entries, taken over from the toolguard app.

State only: the tables (toolguard_customer, toolguard_agentkey, ...) and their
rows stay where they are; toolguard.0007 lets go of them.
"""

import django.db.models.deletion
import django.utils.timezone
import uuid
from django.conf import settings
from django.db import migrations, models


def content_types_move(apps, schema_editor):
    """Permissions and admin history follow the models: their content types change app."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in ['customer', 'agentkey', 'agentsession', 'toolcall', 'idempotencyrecord', 'valueentry']:
        if not content_type.objects.filter(app_label='core', model=model).exists():
            content_type.objects.filter(app_label='toolguard', model=model).update(app_label='core')


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('toolguard', '0006_value_windows_covering'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Customer',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('external_id', models.CharField(max_length=64, unique=True)),
                        ('name', models.CharField(max_length=200)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('user', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'toolguard_customer',
                    },
                ),
                migrations.CreateModel(
                    name='AgentKey',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(blank=True, max_length=200)),
                        ('prefix', models.CharField(max_length=16, unique=True)),
                        ('key_hash', models.CharField(max_length=64)),
                        ('allowed_tools', models.JSONField(default=list)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('revoked_at', models.DateTimeField(blank=True, null=True)),
                        ('quarantined_at', models.DateTimeField(blank=True, null=True)),
                        ('released_at', models.DateTimeField(blank=True, null=True)),
                        ('released_by', models.CharField(blank=True, max_length=150)),
                        ('customer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='agent_keys', to='core.customer')),
                    ],
                    options={
                        'db_table': 'toolguard_agentkey',
                    },
                ),
                migrations.CreateModel(
                    name='ToolCall',
                    fields=[
                        ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                        ('session_id', models.CharField(max_length=128)),
                        ('tool', models.CharField(max_length=64)),
                        ('tool_call_id', models.CharField(blank=True, max_length=128)),
                        ('provider', models.CharField(max_length=16)),
                        ('status', models.CharField(max_length=20)),
                        ('http_status', models.PositiveSmallIntegerField()),
                        ('arguments', models.JSONField(blank=True, null=True)),
                        ('response', models.JSONField()),
                        ('idempotency_key', models.CharField(blank=True, max_length=128)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('duration_ms', models.FloatField(default=0)),
                        ('agent_key', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tool_calls', to='core.agentkey')),
                        ('customer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='tool_calls', to='core.customer')),
                    ],
                    options={
                        'db_table': 'toolguard_toolcall',
                    },
                ),
                migrations.CreateModel(
                    name='IdempotencyRecord',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('tool', models.CharField(max_length=64)),
                        ('key', models.CharField(max_length=128)),
                        ('arguments_hash', models.CharField(max_length=64)),
                        ('outcome', models.JSONField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('expires_at', models.DateTimeField()),
                        ('customer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.customer')),
                        ('tool_call', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.toolcall')),
                    ],
                    options={
                        'db_table': 'toolguard_idempotencyrecord',
                    },
                ),
                migrations.CreateModel(
                    name='ValueEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('session_id', models.CharField(max_length=128)),
                        ('tool', models.CharField(max_length=64)),
                        ('beneficiary', models.CharField(blank=True, max_length=256)),
                        ('value_cents', models.BigIntegerField()),
                        ('currency', models.CharField(blank=True, max_length=3)),
                        ('status', models.CharField(choices=[('pending', 'Pending'), ('completed', 'Completed'), ('void', 'Void')], max_length=10)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('agent_key', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.agentkey')),
                        ('customer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='core.customer')),
                        ('tool_call', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='value_entry', to='core.toolcall')),
                    ],
                    options={
                        'db_table': 'toolguard_valueentry',
                    },
                ),
                migrations.CreateModel(
                    name='AgentSession',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('session_id', models.CharField(max_length=128)),
                        ('injection_blocks', models.PositiveIntegerField(default=0)),
                        ('quarantined_at', models.DateTimeField(blank=True, null=True)),
                        ('released_at', models.DateTimeField(blank=True, null=True)),
                        ('released_by', models.CharField(blank=True, max_length=150)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('customer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='sessions', to='core.customer')),
                    ],
                    options={
                        'db_table': 'toolguard_agentsession',
                        'constraints': [models.UniqueConstraint(fields=('customer', 'session_id'), name='agent_session_unique')],
                    },
                ),
                migrations.AddIndex(
                    model_name='toolcall',
                    index=models.Index(fields=['customer', 'session_id', 'created_at'], name='toolcall_session_order'),
                ),
                migrations.AddIndex(
                    model_name='toolcall',
                    index=models.Index(fields=['agent_key', 'status', 'created_at'], name='toolcall_key_status_recent'),
                ),
                migrations.AddConstraint(
                    model_name='idempotencyrecord',
                    constraint=models.UniqueConstraint(fields=('customer', 'tool', 'key'), name='idempotency_scope_unique'),
                ),
                migrations.AddIndex(
                    model_name='valueentry',
                    index=models.Index(fields=['customer', 'currency', 'created_at'], include=('value_cents', 'status', 'agent_key'), name='value_customer_recent'),
                ),
                migrations.AddIndex(
                    model_name='valueentry',
                    index=models.Index(fields=['customer', 'session_id'], include=('currency', 'value_cents', 'status'), name='value_session'),
                ),
                migrations.AddIndex(
                    model_name='valueentry',
                    index=models.Index(fields=['beneficiary', 'currency', 'created_at'], include=('value_cents', 'status'), name='value_beneficiary_recent'),
                ),
            ],
            database_operations=[migrations.RunPython(content_types_move, migrations.RunPython.noop)],
        ),
    ]
