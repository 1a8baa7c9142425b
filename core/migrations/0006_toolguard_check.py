"""toolguard_check(ok, code): a statement that must succeed says so in the database (PostgreSQL only).

A write sent with its COMMIT in one round trip (core.pipelining.CommitFlight)
cannot be read back before the COMMIT; when it must have done something (a
transfer moved both rows), its statement ends in this check, whose failure
aborts the transaction, so the COMMIT rolls back instead of committing half.
The error's message is "toolguard_check:<code>" (core.pipelining.checked_refusal).
"""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION toolguard_check(ok boolean, code text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
    IF ok IS NOT TRUE THEN
        RAISE EXCEPTION 'toolguard_check:%', code USING ERRCODE = 'P0001';
    END IF;
    RETURN true;
END
$$;
"""
DROP = "DROP FUNCTION IF EXISTS toolguard_check(boolean, text);"


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("core", "0005_agentkey_principal_name")]

    operations = [migrations.RunPython(forwards, backwards)]
