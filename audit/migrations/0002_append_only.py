"""Make the audit table append-only in the database itself.

The application has one write path, but the guarantee must not depend on
the application: UPDATE, DELETE and TRUNCATE are refused by triggers.
"""

from django.db import migrations

PG_FORWARD = """
CREATE OR REPLACE FUNCTION audit_entry_refuse_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit_auditentry is append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_entry_no_update_delete
    BEFORE UPDATE OR DELETE ON audit_auditentry
    FOR EACH ROW EXECUTE FUNCTION audit_entry_refuse_change();

CREATE TRIGGER audit_entry_no_truncate
    BEFORE TRUNCATE ON audit_auditentry
    FOR EACH STATEMENT EXECUTE FUNCTION audit_entry_refuse_change();

-- Wide time-range scans over a table that only grows in time order.
CREATE INDEX audit_ts_brin ON audit_auditentry USING brin ("timestamp");
"""

PG_REVERSE = """
DROP INDEX IF EXISTS audit_ts_brin;
DROP TRIGGER IF EXISTS audit_entry_no_truncate ON audit_auditentry;
DROP TRIGGER IF EXISTS audit_entry_no_update_delete ON audit_auditentry;
DROP FUNCTION IF EXISTS audit_entry_refuse_change();
"""

# SQLite has no TRUNCATE statement; its DELETE without WHERE fires the trigger.
SQLITE_FORWARD = [
    """CREATE TRIGGER audit_entry_no_update BEFORE UPDATE ON audit_auditentry
       BEGIN SELECT RAISE(ABORT, 'audit_auditentry is append-only: UPDATE refused'); END""",
    """CREATE TRIGGER audit_entry_no_delete BEFORE DELETE ON audit_auditentry
       BEGIN SELECT RAISE(ABORT, 'audit_auditentry is append-only: DELETE refused'); END""",
]
SQLITE_REVERSE = [
    "DROP TRIGGER IF EXISTS audit_entry_no_update",
    "DROP TRIGGER IF EXISTS audit_entry_no_delete",
]


def forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_FORWARD, params=None)
    elif vendor == "sqlite":
        for statement in SQLITE_FORWARD:
            schema_editor.execute(statement, params=None)


def reverse(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    statements = [PG_REVERSE] if vendor == "postgresql" else SQLITE_REVERSE if vendor == "sqlite" else []
    for statement in statements:
        schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [("audit", "0001_initial")]
    operations = [migrations.RunPython(forward, reverse)]
