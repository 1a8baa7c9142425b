"""audit_chain_append: the chain's append as one statement inside PostgreSQL.

Takes the chain's advisory lock (the one every writer of every customer
shares), reads the head, links and hashes each entry and inserts them, in
one statement; the caller sends its COMMIT in the same round trip
(core.pipelining.CommitFlight), so the lock is held for no network wait.

The hash is SHA-256 of `{"entry":<body>,"prev_hash":"<prev>"}` in UTF-8, where
<body> is the entry's canonical JSON as audit.services.entry_body writes it
from the fields toolguard_verify.receipt.HASHED_FIELDS names: the body is
made once, in Python, before the lock, and only the link is made here.
PostgreSQL's own sha256() (11 and later) does it: no extension is needed.
SQLite keeps the Python path (audit.services), which gives the same hashes
(tests/audit/test_chain_function.py).
"""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION audit_chain_append(
    bodies text[],
    p_timestamp timestamptz[],
    p_actor varchar[],
    p_actor_type varchar[],
    p_customer varchar[],
    p_action varchar[],
    p_result varchar[],
    p_tool varchar[],
    p_tool_call_id varchar[],
    p_session_id varchar[],
    p_idempotency_key varchar[],
    p_approval_id varchar[],
    p_details jsonb[],
    p_duration_ms double precision[],
    p_operation_hash varchar[]
) RETURNS TABLE (id bigint, prev_hash varchar, hash varchar)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
    head varchar;
    prevs varchar[] := '{}';
    hashes varchar[] := '{}';
BEGIN
    -- Two writers reading the same head would fork the chain: appends take
    -- turns on this lock until their transaction ends.
    PERFORM pg_advisory_xact_lock(7243180526);
    -- A new statement in a volatile function, so a new snapshot: under READ
    -- COMMITTED it sees the head the previous holder committed.
    SELECT e.hash INTO head FROM audit_auditentry e ORDER BY e.id DESC LIMIT 1;
    head := coalesce(head, repeat('0', 64));
    FOR i IN 1 .. coalesce(array_length(bodies, 1), 0) LOOP
        prevs := prevs || head;
        head := encode(sha256(convert_to('{"entry":' || bodies[i] || ',"prev_hash":"' || head || '"}', 'UTF8')), 'hex');
        hashes := hashes || head;
    END LOOP;
    -- Rows go in array order, so ids rise in chain order.
    RETURN QUERY
    INSERT INTO audit_auditentry AS e (
        "timestamp", actor, actor_type, customer, action, result, tool, tool_call_id, session_id,
        idempotency_key, approval_id, details, duration_ms, operation_hash, prev_hash, hash
    )
    SELECT * FROM unnest(
        p_timestamp, p_actor, p_actor_type, p_customer, p_action, p_result, p_tool, p_tool_call_id,
        p_session_id, p_idempotency_key, p_approval_id, p_details, p_duration_ms, p_operation_hash, prevs, hashes
    )
    RETURNING e.id, e.prev_hash, e.hash;
END
$$;
"""
DROP = (
    "DROP FUNCTION IF EXISTS audit_chain_append(text[], timestamptz[], varchar[], varchar[], varchar[], varchar[], "
    "varchar[], varchar[], varchar[], varchar[], varchar[], varchar[], jsonb[], double precision[], varchar[]);"
)


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE, params=None)


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


class Migration(migrations.Migration):
    dependencies = [("audit", "0012_siem_cursor")]

    operations = [migrations.RunPython(forwards, backwards)]
