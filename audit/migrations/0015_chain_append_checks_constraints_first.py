"""audit_chain_append checks the transaction's deferred constraints before it takes the chain's lock.

Django's foreign keys are DEFERRABLE INITIALLY DEFERRED on PostgreSQL: their
checks run at COMMIT, each taking a KEY SHARE lock on the referenced row. A
transaction that appended to the chain and then, at COMMIT, waited for an
account row another transaction held FOR UPDATE (a reviewer executing an
approved transfer, itself waiting for the chain's lock) deadlocked. Checking
them first keeps the lock order docs/threat-model.md states: the chain's
lock is the last one a transaction takes, and nothing waits while holding it.
"""

import importlib

from django.db import migrations

_previous = importlib.import_module("audit.migrations.0013_chain_append_function")
_LOCK = "    PERFORM pg_advisory_xact_lock(7243180526);\n"
assert _previous.CREATE.count(_LOCK) == 1
CREATE = _previous.CREATE.replace(
    _LOCK,
    "    -- Deferred foreign-key checks now, while no shared lock is held: at COMMIT they\n"
    "    -- would wait for rows other writers hold while this one holds the chain.\n"
    "    SET CONSTRAINTS ALL IMMEDIATE;\n" + _LOCK,
)


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(_previous.CREATE, params=None)


class Migration(migrations.Migration):
    dependencies = [("audit", "0014_audit_entries_in_chain_order")]

    operations = [migrations.RunPython(forwards, backwards)]
