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

import functools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import connection, models
from django.db.models import Field


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


def insert_rows(rows: Sequence[models.Model]) -> None:
    """INSERT new rows whose ids are set already or not needed, in one round trip.

    The same parameters as `Model.save(force_insert=True)` (each field's
    `pre_save` and `get_db_prep_save`), but each model's statement is written
    once per process instead of compiled for every row: on the guarded path
    that compilation cost more than the round trips it shares. No RETURNING,
    so nothing waits for a result; a unique key taken by a racing call
    surfaces at the end of the block as Django's IntegrityError.
    """
    with pipelined():
        send_inserts(rows)


def send_inserts(rows: Sequence[models.Model]) -> None:
    """The INSERTs of `insert_rows`, inside the caller's own `pipelined()` block
    (a nested block would cost a round trip of its own)."""
    with connection.cursor() as cursor:
        for row in rows:
            sql, fields = _insert_statement(type(row), include_pk=row.pk is not None)
            cursor.execute(sql, [field.get_db_prep_save(field.pre_save(row, True), connection) for field in fields])
            row._state.adding = False
            row._state.db = connection.alias


@functools.cache
def _insert_statement(model: type[models.Model], *, include_pk: bool) -> tuple[str, tuple[Field[Any, Any], ...]]:
    meta = model._meta
    fields = tuple(f for f in meta.local_concrete_fields if include_pk or f is not meta.auto_field)
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(field.column)) for field in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    # Names come from the model's own metadata; every value is a parameter.
    return f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({placeholders})", fields  # noqa: S608
