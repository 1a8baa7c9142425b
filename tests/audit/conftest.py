"""The migrated template database the tamper, witness and export tests copy (tests/audit/test_tamper.py)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.db import connection
from psycopg import sql

from tests.conftest import requires_postgres
from tests.live import ROOT, child_env

ADMIN_DSN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"


def _admin(statement: sql.Composable) -> None:
    with psycopg.connect(ADMIN_DSN, autocommit=True) as admin:
        admin.execute(statement)


@pytest.fixture(scope="session")
def template(django_db_setup: Any, django_db_blocker: Any) -> Iterator[str]:
    """A migrated, empty database that each test copies (CREATE DATABASE ... TEMPLATE).

    One per test process, for every module that copies it: no test writes to the
    template itself, only to its own copy, and migrating takes a Django start and
    the whole schema each time.
    """
    requires_postgres()
    with django_db_blocker.unblock():
        name = f"{connection.settings_dict['NAME']}_tamper_template"
    _admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    _admin(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    env = child_env(DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{name}")
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
    yield name
    _admin(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
