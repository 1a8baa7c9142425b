from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('audit', '0005_search_statistics'),
    ]

    operations = [
        migrations.AddField(
            model_name='auditentry',
            name='operation_hash',
            field=models.CharField(blank=True, max_length=64, null=True),
        ),
        migrations.AddIndex(
            model_name='auditentry',
            index=models.Index(condition=models.Q(('operation_hash__isnull', False)), fields=['session_id', 'operation_hash', '-timestamp'], name='audit_session_operation'),
        ),
    ]
