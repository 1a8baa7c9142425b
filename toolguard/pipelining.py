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
            cursor.execute(sql, _insert_params(row, fields))
            _mark_saved(row)


def _insert_params(row: models.Model, fields: Sequence[Field[Any, Any]]) -> list[Any]:
    # The same values Model.save(force_insert=True) sends: each field's pre_save, then its database form.
    return [field.get_db_prep_save(field.pre_save(row, True), connection) for field in fields]


def _mark_saved(row: models.Model) -> None:
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


def send_insert_returning_pk(row: models.Model) -> None:
    """INSERT one new row and set its generated primary key, with the statement written once per model.

    Inside the caller's `pipelined()` block the id comes back with the
    statements sent before it, in the same round trip.
    """
    sql, fields = _insert_statement(type(row), include_pk=False)
    pk = type(row)._meta.pk
    assert pk is not None
    with connection.cursor() as cursor:
        params = _insert_params(row, fields)
        if connection.features.can_return_columns_from_insert:
            cursor.execute(f"{sql} RETURNING {connection.ops.quote_name(str(pk.column))}", params)
            row.pk = cursor.fetchone()[0]
        else:
            cursor.execute(sql, params)
            row.pk = cursor.lastrowid
    _mark_saved(row)


def send_update(model: type[models.Model], *, where: str, equals: Any, values: dict[str, Any]) -> None:
    """UPDATE ... SET <values> WHERE <where> = <equals>, without reading the row count.

    What `QuerySet.filter(...).update(...)` sends, with the statement written
    once per model and set of fields instead of compiled on every call: for
    the rows a call settles, whose count nobody reads, so it may travel in a
    `pipelined()` block.
    """
    sql, fields, key = _update_statement(model, tuple(values), where)
    params = [field.get_db_prep_save(values[field.name], connection) for field in fields]
    params.append(key.get_db_prep_value(equals, connection, prepared=False))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


@functools.cache
def _update_statement(
    model: type[models.Model], names: tuple[str, ...], where: str
) -> tuple[str, tuple[Field[Any, Any], ...], Field[Any, Any]]:
    meta = model._meta
    quote = connection.ops.quote_name
    fields = tuple(_concrete_field(model, name) for name in names)
    key = _concrete_field(model, where)
    assignments = ", ".join(f"{quote(str(field.column))} = %s" for field in fields)
    # Names come from the model's own metadata; every value is a parameter.
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(str(key.column))} = %s"  # noqa: S608
    return sql, fields, key


def _concrete_field(model: type[models.Model], name: str) -> Field[Any, Any]:
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or not field.concrete:
        raise ValueError(f"{model.__name__}.{name} is not a column")
    return field
