"""Upgrading a database written before banking became a plug-in keeps every row.

A database at the old schema (transfer-specific approval columns, the bank's
models in toolguard) is filled with a held transfer, then migrated: the
tables stay where they were and the approval now refers to its transfer
generically.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.db import connection

from tests.conftest import requires_postgres
from tests.live import ROOT, child_env

pytestmark = pytest.mark.live


@pytest.fixture
def old_database(django_db_setup: Any) -> Iterator[str]:
    requires_postgres()
    base = connection.settings_dict
    name = f"{base['NAME']}_upgrade_{uuid.uuid4().hex[:8]}"
    admin = (
        f"postgresql://{base.get('USER') or 'postgres'}@{base.get('HOST') or '127.0.0.1'}:{base.get('PORT') or 5432}"
    )
    with psycopg.connect(f"{admin}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{admin}/{name}"
    finally:
        with psycopg.connect(f"{admin}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def migrate(url: str, *target: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", *target, "-v0"],
        cwd=ROOT,
        env=child_env(DATABASE_URL=url),
        check=True,
        capture_output=True,
        timeout=300,
    )


def test_a_held_transfer_survives_the_upgrade(old_database: str) -> None:
    migrate(old_database, "approvals", "0002")
    transfer_id, call_id, approval_id = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    arguments = {
        "from_account": "chk",
        "to_account": "ext",
        "amount": 800_000,
        "currency": "USD",
        "idempotency_key": "k",
    }
    with psycopg.connect(old_database) as conn:
        customer = conn.execute(
            "INSERT INTO toolguard_customer (external_id, name) VALUES ('c1', 'C') RETURNING id"
        ).fetchone()[0]
        key = conn.execute(
            "INSERT INTO toolguard_agentkey (customer_id, name, prefix, key_hash, allowed_tools, created_at)"
            " VALUES (%s, '', 'p1', 'h', '[]', now() - interval '40 days') RETURNING id",
            [customer],
        ).fetchone()[0]
        source, destination = (
            conn.execute(
                "INSERT INTO toolguard_account (number, customer_id, currency, balance_cents, is_active)"
                " VALUES (%s, %s, 'USD', %s, true) RETURNING id",
                [number, customer, balance],
            ).fetchone()[0]
            for number, balance in (("chk", 5_000_000), ("ext", 0))
        )
        conn.execute(
            "INSERT INTO toolguard_transfer (id, customer_id, session_id, from_account_id, to_account_id, amount_cents,"
            " currency, memo, status, failure_reason, created_at) VALUES (%s, %s, 's', %s, %s, 800000, 'USD', '',"
            " 'pending_approval', '', now())",
            [transfer_id, customer, source, destination],
        )
        response = {"status": "pending_approval", "result": {"transfer_id": str(transfer_id)}, "replayed": False}
        conn.execute(
            "INSERT INTO toolguard_toolcall (id, customer_id, agent_key_id, session_id, tool, tool_call_id, provider,"
            " status, http_status, arguments, response, idempotency_key, created_at, duration_ms) VALUES"
            " (%s, %s, %s, 's', 'transfer_funds', 'c', 'native', 'pending_approval', 202, %s, %s, 'k', now(), 1)",
            [call_id, customer, key, json.dumps(arguments), json.dumps(response)],
        )
        conn.execute(
            "INSERT INTO approvals_approvalrequest (id, customer_id, tool, tool_call_id, transfer_id, session_id,"
            " requested_by, arguments, arguments_hash, amount_cents, currency, rules, risk_flags,"
            " sanitizer_modifications, required_approvals, status, version, failure_reason, created_at, expires_at)"
            " VALUES (%s, %s, 'transfer_funds', %s, %s, 's', 'agent:c1:p1', %s, 'h', 800000, 'USD',"
            " '[\"new_payee\"]', '[]', '[]', 1, 'pending', 1, '', now(), now() + interval '1 hour')",
            [approval_id, customer, call_id, transfer_id, json.dumps(arguments)],
        )

    migrate(old_database)

    with psycopg.connect(old_database) as conn:
        held_ref, value, currency, beneficiary, summary, agent_key = conn.execute(
            "SELECT held_ref, value_cents, currency, beneficiary, summary, agent_key_id"
            " FROM approvals_approvalrequest WHERE id = %s",
            [approval_id],
        ).fetchone()
        assert (held_ref, value, currency, beneficiary, agent_key) == (str(transfer_id), 800_000, "USD", "ext", key)
        assert summary["title"] == "transfer_funds of 8,000.00 USD"
        assert {"label": "To account", "value": "ext"} in summary["fields"]
        # The bank's tables and rows stay where they were; banking owns them now.
        assert conn.execute("SELECT count(*) FROM toolguard_account").fetchone()[0] == 2
        assert conn.execute("SELECT status FROM toolguard_transfer").fetchone()[0] == "pending_approval"
        # The held transfer counts in the value windows from the first call after the upgrade.
        entry = conn.execute(
            "SELECT value_cents, status, beneficiary, tool_call_id FROM toolguard_valueentry"
        ).fetchall()
        assert entry == [(800_000, "pending", "ext", call_id)]
        # An existing customer is as old as its first key, not zero days.
        age = conn.execute("SELECT now() - created_at FROM toolguard_customer").fetchone()[0]
        assert age.days >= 39
