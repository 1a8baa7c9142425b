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
from typing import Any, TypeVar

from django.db import connection, models
from django.db.models import Field
from django.db.models.expressions import Col

M = TypeVar("M", bound=models.Model)


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


def select_rows(model: type[M], **equals: Any) -> list[M]:
    """The rows of `model` whose named fields equal the given values (a list, set
    or tuple: any of them), every column read, with the statement written once
    per model and shape.

    What `Model.objects.filter(...)` reads on the hot path, without composing
    the query on every call (the compile cost more than the round trip):
    each value goes through its field's `get_db_prep_value`, each column
    through the converters the ORM would apply, so the instances are the ones
    the ORM would build. No ordering: for lookups on unique keys.
    """
    shape = tuple(
        (name, len(value) if isinstance(value, (list, set, tuple)) else None) for name, value in equals.items()
    )
    sql, keys, converters = _select_statement(model, shape)
    params: list[Any] = []
    for (name, many), key in zip(shape, keys, strict=True):
        values = equals[name] if many is not None else [equals[name]]
        params.extend(key.get_db_prep_value(value, connection, prepared=False) for value in values)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    names = [field.attname for field in model._meta.concrete_fields]
    found = []
    for row in rows:
        values = list(row)
        for index, column, column_converters in converters:
            for convert in column_converters:
                values[index] = convert(values[index], column, connection)
        found.append(model.from_db(connection.alias, names, values))
    return found


@functools.cache
def _select_statement(
    model: type[models.Model], shape: tuple[tuple[str, int | None], ...]
) -> tuple[str, tuple[Field[Any, Any], ...], tuple[tuple[int, Col, tuple[Any, ...]], ...]]:
    meta = model._meta
    quote = connection.ops.quote_name
    fields = meta.concrete_fields
    keys = tuple(_concrete_field(model, name) for name, _ in shape)
    conditions = []
    for (_, many), key in zip(shape, keys, strict=True):
        column = quote(str(key.column))
        if many is None:
            conditions.append(f"{column} = %s")
        elif many == 0:
            conditions.append("1 = 0")
        else:
            conditions.append(f"{column} IN ({', '.join(['%s'] * many)})")
    columns = ", ".join(quote(str(field.column)) for field in fields)
    # Names come from the model's own metadata; every value is a parameter.
    sql = f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {' AND '.join(conditions)}"  # noqa: S608
    # The converters the ORM's compiler applies to each column it reads
    # (JSON text to objects, SQLite's text to datetimes and UUIDs...).
    converters = []
    for index, field in enumerate(fields):
        col = field.get_col(meta.db_table)
        found = tuple(connection.ops.get_db_converters(col) + col.get_db_converters(connection))
        if found:
            converters.append((index, col, found))
    return sql, keys, tuple(converters)
