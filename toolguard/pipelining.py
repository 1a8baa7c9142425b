"""Several statements in one round trip to PostgreSQL, with the same code on SQLite.

psycopg's pipeline mode sends statements without waiting for their results;
the results come back together when one is fetched or the block ends. So
writes (no result needed) and the read that follows them cost one round trip.

A statement whose row count matters must not run inside the block: psycopg
knows a row count only once the results are back, and Django reads it right
after UPDATE and DELETE (a `save()` of an existing row, `update()`), so
inside a pipeline it would read -1. Only INSERTs of new rows, SELECTs and
statements whose results are fetched belong in here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.models import QuerySet


@contextmanager
def pipelined() -> Iterator[None]:
    """One round trip for the statements inside, on PostgreSQL; plain statements elsewhere.

    A statement's error (a unique key taken by a racing call) surfaces when the
    results come back, as Django's own exception (IntegrityError...).
    """
    if connection.vendor != "postgresql":
        yield
        return
    connection.ensure_connection()
    with connection.wrap_database_errors, connection.connection.pipeline():
        yield


def send_without_result(queryset: QuerySet) -> None:  # type: ignore[type-arg]
    """Run a query for its effect alone (a row lock), without waiting for its rows.

    Inside `pipelined()` it joins the next round trip instead of taking its own.
    """
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
