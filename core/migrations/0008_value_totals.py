"""Running totals of the value windows (core.models.ValueTotal), kept by triggers on the entries.

Every statement that inserts, updates or deletes value entries moves the
totals of the buckets those entries count in, in the same statement and
transaction: the call's insert, a decision or expiry (pending to completed
or void), the outbox's answer, a rate converting a waiting entry. No path
that writes an entry can forget its totals, and none pays a round trip for
them.

PostgreSQL: one statement-level trigger per event, reading the changed rows
from transition tables, so an expiry voiding a hundred entries upserts each
bucket once, in (scope, span, bucket) order: two transactions take the rows
they share in the same order and cannot deadlock on them. SQLite (whose
writes are serialised by its database lock) has row-level triggers only,
with the same upsert. The existing entries are added up once, here.

The SQL is written out in this migration, not imported: it must stay what
these triggers were when they were created. A later change of the buckets is
a new migration replacing them.
"""

from django.db import migrations, models

ENTRIES = "toolguard_valueentry"
TOTALS = "core_valuetotal"
# Each entry counts in a minute bucket and an hour bucket of each of its scopes (core/windows.py).
SPANS = (60, 3600)
COLUMNS = "customer_id, agent_key_id, beneficiary, reporting_cents, status, created_at"

BUCKET = {
    "postgresql": "(floor(extract(epoch FROM c.created_at) / p.span) * p.span)::bigint",
    # Django keeps SQLite's datetimes as UTC text ("2026-12-07 12:49:00.123456"); %s is its Unix seconds.
    "sqlite": "(CAST(strftime('%s', c.created_at) AS INTEGER) / p.span) * p.span",
}


def _upsert(vendor: str, source: str) -> str:
    """Add the signed entries of `source` (sign, COLUMNS) to their buckets' totals."""
    pending = "SUM(CASE WHEN c.status = 'pending' THEN c.sign * COALESCE(c.reporting_cents, 0) ELSE 0 END)"
    completed = "SUM(CASE WHEN c.status = 'completed' THEN c.sign * COALESCE(c.reporting_cents, 0) ELSE 0 END)"
    unknown = "SUM(CASE WHEN c.reporting_cents IS NULL THEN c.sign ELSE 0 END)"
    spans = " UNION ALL ".join(f"SELECT {span} AS span" for span in SPANS)
    # SQLite takes no alias for the table of an INSERT inside a trigger: its own name, there.
    target = "t" if vendor == "postgresql" else TOTALS
    alias = " AS t" if vendor == "postgresql" else ""
    return f"""
INSERT INTO {TOTALS}{alias} (scope, span, bucket, pending_cents, completed_cents, unknown)
SELECT scope, span, bucket, pending, completed, unknown FROM (
    SELECT CASE k.kind
               WHEN 'customer' THEN 'customer:' || c.customer_id
               WHEN 'key' THEN 'key:' || c.agent_key_id
               WHEN 'beneficiary' THEN CASE WHEN c.beneficiary <> '' THEN 'beneficiary:' || c.beneficiary END
           END AS scope,
           p.span AS span,
           {BUCKET[vendor]} AS bucket,
           {pending} AS pending, {completed} AS completed, {unknown} AS unknown
    FROM ({source}) AS c
    CROSS JOIN (SELECT 'customer' AS kind UNION ALL SELECT 'key' UNION ALL SELECT 'beneficiary') AS k
    CROSS JOIN ({spans}) AS p
    WHERE c.status IN ('pending', 'completed')
    GROUP BY 1, 2, 3
) AS moved
WHERE scope IS NOT NULL AND (pending <> 0 OR completed <> 0 OR unknown <> 0)
ORDER BY scope, span, bucket
ON CONFLICT (scope, span, bucket) DO UPDATE SET
    pending_cents = {target}.pending_cents + excluded.pending_cents,
    completed_cents = {target}.completed_cents + excluded.completed_cents,
    unknown = {target}.unknown + excluded.unknown
"""  # noqa: S608 (names and SQL of this module only; no value is written in)


def _postgresql() -> list[str]:
    new = f"SELECT 1 AS sign, {COLUMNS} FROM new_entries"  # noqa: S608
    old = f"SELECT -1 AS sign, {COLUMNS} FROM old_entries"  # noqa: S608
    function = f"""
CREATE OR REPLACE FUNCTION toolguard_value_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        {_upsert("postgresql", new)};
    ELSIF TG_OP = 'UPDATE' THEN
        {_upsert("postgresql", f"{old} UNION ALL {new}")};
    ELSE
        {_upsert("postgresql", old)};
    END IF;
    RETURN NULL;
END
$$;
"""
    tables = {
        "insert": "NEW TABLE AS new_entries",
        "update": "OLD TABLE AS old_entries NEW TABLE AS new_entries",
        "delete": "OLD TABLE AS old_entries",
    }
    triggers = [
        f"CREATE TRIGGER toolguard_value_totals_{event} AFTER {event.upper()} ON {ENTRIES} "
        f"REFERENCING {referencing} FOR EACH STATEMENT EXECUTE FUNCTION toolguard_value_totals();"
        for event, referencing in tables.items()
    ]
    return [function, *triggers]


def _sqlite() -> list[str]:
    def row(sign: int, which: str) -> str:
        values = ", ".join(f"{which}.{column} AS {column}" for column in COLUMNS.split(", "))
        return f"SELECT {sign} AS sign, {values}"

    sources = {
        "insert": row(1, "NEW"),
        "update": f"{row(-1, 'OLD')} UNION ALL {row(1, 'NEW')}",
        "delete": row(-1, "OLD"),
    }
    return [
        f"CREATE TRIGGER toolguard_value_totals_{event} AFTER {event.upper()} ON {ENTRIES} FOR EACH ROW BEGIN "
        f"{_upsert('sqlite', source)}; END;"
        for event, source in sources.items()
    ]


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    vendor = schema_editor.connection.vendor
    statements = {"postgresql": _postgresql, "sqlite": _sqlite}[vendor]()
    statements.append(_upsert(vendor, f"SELECT 1 AS sign, {COLUMNS} FROM {ENTRIES}"))  # noqa: S608
    for statement in statements:
        schema_editor.execute(statement, params=None)


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    postgresql = schema_editor.connection.vendor == "postgresql"
    for event in ("insert", "update", "delete"):
        table = f" ON {ENTRIES}" if postgresql else ""
        schema_editor.execute(f"DROP TRIGGER IF EXISTS toolguard_value_totals_{event}{table}", params=None)
    if postgresql:
        schema_editor.execute("DROP FUNCTION IF EXISTS toolguard_value_totals()", params=None)


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
        migrations.RunPython(forwards, backwards),
    ]
