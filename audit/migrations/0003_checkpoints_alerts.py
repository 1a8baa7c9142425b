import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('audit', '0002_append_only'),
    ]

    operations = [
        migrations.CreateModel(
            name='Alert',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('rule', models.CharField(choices=[('injection_spike', 'Injection blocks spiking'), ('repeated_operation', 'Same operation repeated under a new key'), ('idempotency_mismatch', 'Idempotency key reused with different arguments'), ('approval_backlog', 'Approval backlog over the threshold'), ('approval_sla', 'Oldest pending approval older than the SLA')], max_length=32)),
                ('severity', models.CharField(choices=[('warning', 'Warning'), ('critical', 'Critical')], max_length=16)),
                ('subject', models.CharField(max_length=300)),
                ('customer', models.CharField(blank=True, max_length=64)),
                ('session_id', models.CharField(blank=True, max_length=128)),
                ('details', models.JSONField(default=dict)),
                ('created_at', models.DateTimeField()),
            ],
        ),
        migrations.CreateModel(
            name='AuditCheckpoint',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('entry_id', models.BigIntegerField()),
                ('entry_hash', models.CharField(max_length=64)),
                ('entries_verified', models.BigIntegerField(default=0)),
                ('full', models.BooleanField(default=False)),
                ('signature', models.CharField(blank=True, max_length=64)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'get_latest_by': 'id',
            },
        ),
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(fields=['result', '-timestamp', '-id'], name='audit_result_ts'),
        ),
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(fields=['customer', '-timestamp', '-id'], name='audit_customer_ts'),
        ),
        migrations.AddField(
            model_name='alert',
            name='entry',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='alerts', to='audit.auditentry'),
        ),
        migrations.AddIndex(
            model_name='alert',
            index=models.Index(fields=['rule', 'subject', '-created_at'], name='alert_rule_subject'),
        ),
    ]
