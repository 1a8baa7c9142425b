"""Upgrading a database written before the apps were layered keeps every row where it was.

Customers, keys, sessions, tool calls, idempotency records and value entries
moved from toolguard to core, personal tokens from staff to people, the
outbox's rows from upstream to outbox: state only. A database at the old
schema is filled, migrated, and read back through the new models.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid

import psycopg
import pytest

from tests.banking.test_migrations import migrate, old_database  # noqa: F401  (the fixture)
from tests.live import ROOT, child_env

pytestmark = pytest.mark.live

BEFORE_THE_MOVE = [
    ("toolguard", "0006_value_windows_covering"),
    ("staff", "0001_initial"),
    ("upstream", "0002_reconcile_schedule"),
    ("approvals", "0005_drop_transfer_columns"),
    ("audit", "0009_actor_search_indexes"),
]


def orm(url: str, code: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=child_env(DATABASE_URL=url),
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.stdout.strip().splitlines()[-1]  # after the shell's own banner


def test_rows_stay_and_the_new_apps_read_them(old_database: str) -> None:  # noqa: F811
    for app, name in BEFORE_THE_MOVE:
        migrate(old_database, app, name)
    call_id, dispatch_id = uuid.uuid4(), uuid.uuid4()
    with psycopg.connect(old_database) as conn:
        customer = conn.execute(
            "INSERT INTO toolguard_customer (external_id, name, created_at) VALUES ('c1', 'C', now()) RETURNING id"
        ).fetchone()[0]
        key = conn.execute(
            "INSERT INTO toolguard_agentkey (customer_id, name, prefix, key_hash, allowed_tools, created_at, released_by)"
            " VALUES (%s, '', 'p1', 'h', '[]', now(), '') RETURNING id",
            [customer],
        ).fetchone()[0]
        conn.execute(
            "INSERT INTO toolguard_toolcall (id, customer_id, agent_key_id, session_id, tool, tool_call_id, provider,"
            " status, http_status, arguments, response, idempotency_key, created_at, duration_ms) VALUES"
            " (%s, %s, %s, 's', 'orders_refund', 'c', 'native', 'dispatching', 202, '{}', %s, 'k', now(), 1)",
            [call_id, customer, key, json.dumps({"status": "dispatching"})],
        )
        conn.execute(
            "INSERT INTO upstream_dispatch (id, tool_call_id, customer_id, tool, session_id, idempotency_key, kind,"
            " target, body, upstream_key, results, state, attempts, next_attempt_at, last_error, created_at)"
            " VALUES (%s, %s, %s, 'orders_refund', 's', 'k', 'http', '{}', '{}', 'u', 'mark', 'dispatching', 1,"
            " now(), '', now())",
            [dispatch_id, call_id, customer],
        )
        user = conn.execute(
            "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email, is_staff,"
            " is_active, date_joined) VALUES ('!', false, 'rev', '', '', '', false, true, now()) RETURNING id"
        ).fetchone()[0]
        conn.execute(
            "INSERT INTO staff_personaltoken (user_id, name, prefix, key_hash, created_at)"
            " VALUES (%s, 'script', 'tp1', 'h', now())",
            [user],
        )
        # A deployment from before the move has the reconciler scheduled under its old path.
        conn.execute(
            "UPDATE django_q_schedule SET func = 'toolguard.upstream.tasks.reconcile_upstream_dispatches'"
            " WHERE name = 'reconcile-upstream-dispatches'"
        )

    migrate(old_database)

    read = orm(
        old_database,
        "from core.models import ToolCall; from outbox.models import Dispatch; from people.models import PersonalToken;"
        "c = ToolCall.objects.get(); d = Dispatch.objects.get();"
        "print(c.customer.external_id, c.agent_key.prefix, d.tool_call_id == c.id, PersonalToken.objects.get().label)",
    )
    assert read == "c1 p1 True tgp_tp1"
    with psycopg.connect(old_database) as conn:
        labels = dict(
            conn.execute(
                "SELECT model, app_label FROM django_content_type"
                " WHERE model IN ('toolcall', 'customer', 'personaltoken', 'dispatch')"
            ).fetchall()
        )
        func = conn.execute(
            "SELECT func FROM django_q_schedule WHERE name = 'reconcile-upstream-dispatches'"
        ).fetchone()[0]
    # Permissions and admin history follow the models.
    assert labels == {"toolcall": "core", "customer": "core", "personaltoken": "people", "dispatch": "outbox"}
    assert func == "outbox.tasks.reconcile_upstream_dispatches"
