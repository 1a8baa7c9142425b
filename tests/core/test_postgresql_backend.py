"""The PostgreSQL backend's health check (core/postgresql/base.py): no round trip for a healthy
idle connection, and a connection whose server ended it is seen as unusable before it fails a request.

On the wire (a guarded call's round trips, a killed backend under gunicorn):
tests/toolguard/test_round_trips_live.py.
"""

from __future__ import annotations

import select
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection, connections

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db]


@pytest.fixture
def own() -> Iterator[Any]:
    """A connection of its own (outside the test's transaction), as a request's persistent one."""
    wrapper = connections.create_connection("default")
    wrapper.ensure_connection()
    try:
        yield wrapper
    finally:
        wrapper.close()


def last_statement(pid: int) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", [pid])
        row = cursor.fetchone()
    assert row is not None, f"backend {pid} is gone"
    return str(row[0])


def test_a_healthy_idle_connection_is_usable_without_a_statement(own: Any) -> None:
    with own.cursor() as cursor:
        cursor.execute("SELECT 'marker-before-the-check'")
    pid = own.connection.info.backend_pid
    for _ in range(3):
        assert own.is_usable()
    assert last_statement(pid) == "SELECT 'marker-before-the-check'"


def test_a_connection_its_server_ended_is_unusable(own: Any) -> None:
    pid = own.connection.info.backend_pid
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
        assert cursor.fetchone() == (True,)
    # The server's goodbye reaches the idle socket.
    readable: list[int] = []
    deadline = time.monotonic() + 30
    while not readable and time.monotonic() < deadline:
        readable, _, _ = select.select([own.connection.fileno()], [], [], 0.5)
    assert readable, "the terminated backend's socket never became readable"
    assert not own.is_usable()
    # The next request: its first statement finds a new connection, not the dead one.
    own.close_if_unusable_or_obsolete()  # Django's request_started
    with own.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
    assert own.connection.info.backend_pid != pid


def test_a_closed_connection_is_unusable(own: Any) -> None:
    own.connection.close()
    assert not own.is_usable()
