"""Customers, agent keys, sessions, tool calls, idempotency records and value entries now belong to core (state only).
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('approvals', '0006_principals_move_to_core'),
        ('banking', '0004_principals_move_to_core'),
        ('support', '0002_principals_move_to_core'),
        ('toolguard', '0006_value_windows_covering'),
        ('upstream', '0003_dispatch_moves_to_outbox'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='toolcall',
                    name='agent_key',
                ),
                migrations.RemoveField(
                    model_name='valueentry',
                    name='agent_key',
                ),
                migrations.RemoveField(
                    model_name='agentsession',
                    name='customer',
                ),
                migrations.RemoveField(
                    model_name='customer',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='toolcall',
                    name='customer',
                ),
                migrations.RemoveField(
                    model_name='valueentry',
                    name='customer',
                ),
                migrations.RemoveField(
                    model_name='idempotencyrecord',
                    name='customer',
                ),
                migrations.RemoveField(
                    model_name='idempotencyrecord',
                    name='tool_call',
                ),
                migrations.RemoveField(
                    model_name='valueentry',
                    name='tool_call',
                ),
                migrations.DeleteModel(
                    name='AgentKey',
                ),
                migrations.DeleteModel(
                    name='AgentSession',
                ),
                migrations.DeleteModel(
                    name='Customer',
                ),
                migrations.DeleteModel(
                    name='IdempotencyRecord',
                ),
                migrations.DeleteModel(
                    name='ToolCall',
                ),
                migrations.DeleteModel(
                    name='ValueEntry',
                ),
            ],
            database_operations=[],
        ),
    ]
