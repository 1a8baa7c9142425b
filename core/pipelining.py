"""Several statements in one round trip to PostgreSQL, with the same code on SQLite.

psycopg's pipeline mode sends statements without waiting for their results.
Here a block costs one round trip per fetch inside it, and one at its end only
when something was sent after the last fetch: a fetch sends a Sync with
everything before it (psycopg's own pipeline sends a flush request and then
waits again for the Sync at the block's end: two round trips where one does),
a nested block is the same flight as the block around it, and a block that
ends right after a fetch waits for nothing more. So writes (no result needed)
and the read that follows them cost one round trip.

`CommitFlight` keeps a block open across the transaction's COMMIT: what is
sent after it starts goes out with the COMMIT, in one round trip, so locks
taken there (the account rows, the audit chain's) are held for no network
wait at all.

A statement whose row count matters must not run inside the block: psycopg
knows a row count only once the results are back, and Django reads it right
after UPDATE and DELETE (a `save()` of an existing row, `update()`), so
inside a pipeline it would read -1. Only INSERTs of new rows, SELECTs and
statements whose results are fetched belong in here.
"""

from __future__ import annotations

import functools
import types
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections, models
from django.db.models import Field
from django.db.models.expressions import Col

M = TypeVar("M", bound=models.Model)


class _Commands(deque[Any]):
    """psycopg's queue of commands to send, remembering whether the last one queued was a Sync."""

    def __init__(self, sync: Callable[[], Any]) -> None:
        super().__init__()
        self._sync = sync
        self.synced = True

    def append(self, command: Any) -> None:
        self.synced = command == self._sync
        super().append(command)


class _Pipeline(psycopg.Pipeline):
    """psycopg's pipeline, one round trip per wait (psycopg 3.3's internals; tests/core/test_pipelining.py).

    - A fetch sends a Sync with what is pending, not a flush request, so the
      block's end finds the server answered and in a clean state.
    - The block's end, and a sync (psycopg syncs before a connection setting
      changes), send nothing when nothing was sent since the last Sync.
    - A nested block joins the one around it (psycopg syncs at its start).
    """

    command_queue: _Commands  # type: ignore[assignment]

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        super().__init__(conn)
        self.command_queue = _Commands(self.pgconn.pipeline_sync)

    def _fetch_gen(self, *, flush: bool) -> Any:
        if flush and not self.command_queue.synced:
            self._enqueue_sync()
            yield from self._communicate_gen()
            flush = False
        yield from super()._fetch_gen(flush=flush)

    def _enter_gen(self) -> Any:
        if self.level == 0:
            yield from super()._enter_gen()
        else:
            self.level += 1

    def _answered(self) -> bool:
        """The server has answered everything sent, up to a Sync after the last statement."""
        return self.command_queue.synced and not self.command_queue and not self.result_queue

    def _exit_gen(self) -> Any:
        if self.level > 1:
            return  # the outer block's wait covers this one's statements
        if self._answered():
            return
        yield from super()._exit_gen()

    def _sync_gen(self) -> Any:
        # psycopg syncs before it changes a connection setting (Django's atomic block
        # turns autocommit back on right after its COMMIT): a Sync answered already
        # would cost a round trip of its own for nothing.
        if self._answered():
            return
        yield from super()._sync_gen()


def _start_query_unsynced(conn: psycopg.Connection[Any]) -> Any:
    """psycopg's `_start_query`, without the Sync it sends after BEGIN in pipeline mode.

    psycopg waits for BEGIN alone so that the connection knows it is in a
    transaction before the next statement. Sent with the statement that
    follows it, the connection reports a command in progress until the
    answers (and the Sync, which _Pipeline sends with every fetch) are back,
    so no second BEGIN is queued meanwhile: BEGIN rides with the first
    statement instead of costing a round trip of its own.
    """
    if conn._autocommit or conn.pgconn.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        return
    yield from conn._exec_command(conn._get_tx_start_command())
    if conn._pipeline is not None and not isinstance(conn._pipeline, _Pipeline):
        yield from conn._pipeline._sync_gen()


@contextmanager
def pipelined() -> Iterator[None]:
    """One round trip for the statements inside (one per fetch), on PostgreSQL; plain statements elsewhere.

    A statement's error (a unique key taken by a racing call) surfaces when the
    results come back, as Django's own exception (IntegrityError...): at the
    next fetch, the end of the outermost block, or the COMMIT it rides with.
    """
    if connection.vendor != "postgresql":
        yield
        return
    connection.ensure_connection()
    conn = connection.connection
    with conn.lock:
        pipeline = conn._pipeline
        if pipeline is None:
            pipeline = conn._pipeline = _Pipeline(conn)
        if "_start_query" not in conn.__dict__:
            conn._start_query = types.MethodType(_start_query_unsynced, conn)  # type: ignore[method-assign]
    try:
        with connection.wrap_database_errors, pipeline:
            yield
    finally:
        if pipeline.level == 0:
            with conn.lock:
                conn._pipeline = None


def in_pipeline() -> bool:
    """Whether statements sent now go out without waiting (inside `pipelined()` on PostgreSQL)."""
    return (
        connection.vendor == "postgresql"
        and connection.connection is not None
        and bool(connection.connection._pipeline)
    )


class CommitFlight:
    """From `start()` to the COMMIT of the transaction it is started in: one round trip.

        with CommitFlight() as flight:
            with transaction.atomic():
                ...reads, each fetch one round trip...
                flight.start()
                ...writes: they go out with the COMMIT...

    Started, it is a `pipelined()` block that stays open until the atomic
    block has committed (or rolled back), so the COMMIT is queued behind the
    writes and one Sync sends them all. Nothing sent after `start()` may need
    its row count (see the module's docstring); a statement that must
    succeed says so in the database (`send_checked`), where a failure aborts
    the transaction instead of being read back before the COMMIT.
    """

    def __init__(self) -> None:
        self._block: Any = None

    def __enter__(self) -> CommitFlight:
        return self

    def start(self) -> None:
        """Send what follows with the COMMIT; nothing to do on SQLite, or inside a caller's
        transaction (the block ending here is a savepoint, whose failure the caller must
        see at its end, not at a COMMIT that is not this block's)."""
        if self._block is None and len(connection.atomic_blocks) == 1:
            self._block = pipelined()
            self._block.__enter__()

    @property
    def started(self) -> bool:
        return self._block is not None

    def __exit__(self, *exc: Any) -> None:
        block, self._block = self._block, None
        if block is not None:
            block.__exit__(*exc)


# What the database function toolguard_check (core migration) raises: "toolguard_check:<code>".
CHECK_PREFIX = "toolguard_check:"


def send_checked(sql: str, params: dict[str, Any], *, code: str, refusal: Callable[[], Exception]) -> None:
    """Send a statement that fails in the database when it did not do what it must.

    The statement ends with `toolguard_check(<condition>, %(check)s)`, and
    `code` is passed as `check`. Inside a `CommitFlight` nothing is read back
    before the COMMIT: a failed check aborts the transaction, the COMMIT rolls
    back, and `checked_refusal` turns the error into `refusal()`, called
    after the rollback (so it reads committed rows to say why).
    """
    _refusals()[code] = refusal
    with connection.cursor() as cursor:
        cursor.execute(sql, {**params, "check": code})


def checked_refusal(exc: DatabaseError) -> Exception | None:
    """The refusal of the `send_checked` statement that failed, or None for any other error."""
    refusals = _refusals()
    message = str(exc)
    for code in list(refusals):
        if f"{CHECK_PREFIX}{code}" in message:
            return refusals.pop(code)()
    return None


def _refusals() -> dict[str, Callable[[], Exception]]:
    # This thread's connection (not the proxy `connection`, which every thread shares).
    wrapper = connections[DEFAULT_DB_ALIAS]
    found: dict[str, Callable[[], Exception]] = wrapper.__dict__.setdefault("_toolguard_refusals", {})
    return found


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
    return select_rows_sent(model, **equals)()


def select_rows_sent(model: type[M], **equals: Any) -> Callable[[], list[M]]:
    """`select_rows`, sent now and read when the returned function is called.

    Inside a `pipelined()` block the statement goes out at once and its rows
    come back with the next fetch of any statement: a read whose answer is
    needed only after another read costs no round trip of its own.
    """
    shape = tuple(
        (name, len(value) if isinstance(value, (list, set, tuple)) else None) for name, value in equals.items()
    )
    sql, keys, converters = _select_statement(model, shape)
    params: list[Any] = []
    for (name, many), key in zip(shape, keys, strict=True):
        values = equals[name] if many is not None else [equals[name]]
        params.extend(key.get_db_prep_value(value, connection, prepared=False) for value in values)
    cursor = connection.cursor()
    cursor.execute(sql, params)

    def rows() -> list[M]:
        try:
            fetched = cursor.fetchall()
        finally:
            cursor.close()
        names = [field.attname for field in model._meta.concrete_fields]
        found = []
        for row in fetched:
            values = list(row)
            for index, column, column_converters in converters:
                for convert in column_converters:
                    values[index] = convert(values[index], column, connection)
            found.append(model.from_db(connection.alias, names, values))
        return found

    return rows


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
