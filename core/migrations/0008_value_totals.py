"""The value windows' running totals (core.models.ValueTotal), added up once from the existing entries.

From here the transaction that writes an entry moves its buckets
(core/windows.py); this backfill adds up every counted entry already there,
in one set-based statement per database. The SQL is written out here, not
imported: it must stay what the buckets were when the table was made.
"""

from django.db import migrations, models

ENTRIES = "toolguard_valueentry"
TOTALS = "core_valuetotal"
# Each entry counts in a minute bucket and an hour bucket of each of its scopes (core/windows.py).
SPANS = (60, 3600)

BUCKET = {
    "postgresql": "(floor(extract(epoch FROM c.created_at) / p.span) * p.span)::bigint",
    # Django keeps SQLite's datetimes as UTC text ("2026-12-07 12:49:00.123456"); %s is its Unix seconds.
    "sqlite": "(CAST(strftime('%s', c.created_at) AS INTEGER) / p.span) * p.span",
}


def _backfill_sql(vendor: str) -> str:
    pending = "SUM(CASE WHEN c.status = 'pending' THEN COALESCE(c.reporting_cents, 0) ELSE 0 END)"
    completed = "SUM(CASE WHEN c.status = 'completed' THEN COALESCE(c.reporting_cents, 0) ELSE 0 END)"
    unknown = "SUM(CASE WHEN c.reporting_cents IS NULL THEN 1 ELSE 0 END)"
    spans = " UNION ALL ".join(f"SELECT {span} AS span" for span in SPANS)
    return f"""
INSERT INTO {TOTALS} (scope, span, bucket, pending_cents, completed_cents, unknown)
SELECT scope, span, bucket, pending, completed, unknown FROM (
    SELECT CASE k.kind
               WHEN 'customer' THEN 'customer:' || c.customer_id
               WHEN 'key' THEN 'key:' || c.agent_key_id
               WHEN 'beneficiary' THEN CASE WHEN c.beneficiary <> '' THEN 'beneficiary:' || c.beneficiary END
           END AS scope,
           p.span AS span,
           {BUCKET[vendor]} AS bucket,
           {pending} AS pending, {completed} AS completed, {unknown} AS unknown
    FROM {ENTRIES} AS c
    CROSS JOIN (SELECT 'customer' AS kind UNION ALL SELECT 'key' UNION ALL SELECT 'beneficiary') AS k
    CROSS JOIN ({spans}) AS p
    WHERE c.status IN ('pending', 'completed')
    GROUP BY 1, 2, 3
) AS added
WHERE scope IS NOT NULL AND (pending <> 0 OR completed <> 0 OR unknown <> 0)
ORDER BY scope, span, bucket
"""  # noqa: S608 (names and SQL of this module only; no value is written in)


def backfill(apps, schema_editor):  # type: ignore[no-untyped-def]
    schema_editor.execute(_backfill_sql(schema_editor.connection.vendor), params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0007_rate_proposals"),
    ]

    operations = [
        migrations.CreateModel(
            name="ValueTotal",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("scope", models.CharField(max_length=300)),
                ("span", models.IntegerField()),
                ("bucket", models.BigIntegerField()),
                ("pending_cents", models.BigIntegerField(default=0)),
                ("completed_cents", models.BigIntegerField(default=0)),
                ("unknown", models.IntegerField(default=0)),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("scope", "span", "bucket"), name="value_total_bucket")],
            },
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
