"""Several statements in one round trip to PostgreSQL, with the same code on SQLite.

Only psycopg's public API: pipeline mode (`Connection.pipeline()`,
`Pipeline.sync()`), autocommit, and statements; tests/test_architecture.py
fails on any private psycopg name. Everything the round trips need is here,
behind `CommitFlight` and `pipelined()`: callers (the executor, the tool
families) never see a database vendor.

In pipeline mode psycopg sends a statement without waiting for its answer.
An answer is waited for when it is read (a fetch sends a flush request and
brings back everything sent before it) or at a Sync, which the end of a
pipeline always sends. So a block costs one round trip per read inside it
and one at its end.

`CommitFlight` is one transaction as one pipeline, from BEGIN to COMMIT:

    with CommitFlight() as flight:
        ...reads: each fetch one round trip, BEGIN goes out with the first...
        with pipelined():
            ...writes whose answers nobody reads: sent, not waited for...
        flight.start()
        ...from here everything is sent with the COMMIT...

psycopg waits for a BEGIN of its own making before the next statement (and
a pipeline's end, or a change of a connection setting inside one, costs a
Sync each). So the flight begins the transaction itself: psycopg's
connection is in autocommit mode for the flight's length, and BEGIN and
COMMIT are statements in the pipeline like any other. Django's atomic block
around it keeps its meaning (savepoints, `on_commit`, rollback on error);
its own COMMIT then finds the transaction over and sends nothing.

A statement sent outside `pipelined()` and before `start()` waits for its
answer (a Sync right after it) as it would without a pipeline, so a row
count Django reads after UPDATE and DELETE (`save()` of an existing row,
`update()`) is right. Inside `pipelined()` or after `start()` a statement's
row count is unknown until the answers come back, so only INSERTs of new
rows, reads, and writes checked in the database (`update_checked`) belong
there. A statement's error then surfaces at the next wait, as Django's own
exception (IntegrityError...): the next read, the next waiting statement,
or the COMMIT.
"""

from __future__ import annotations

import dataclasses
import functools
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from typing import Any, TypeVar

import psycopg
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections, models, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, QuerySet
from django.db.models.expressions import Col

M = TypeVar("M", bound=models.Model)


@dataclasses.dataclass
class _Wire:
    """This thread's connection: its open pipeline, and whether what is sent now may go without waiting."""

    pipeline: psycopg.Pipeline | None = None
    riding: bool = False
    # What `update_checked` statements that failed in the database refuse with, by check code.
    refusals: dict[str, Callable[[], Exception]] = dataclasses.field(default_factory=dict)


_WIRES: weakref.WeakKeyDictionary[BaseDatabaseWrapper, _Wire] = weakref.WeakKeyDictionary()


def _wire() -> _Wire:
    # This thread's connection (not the proxy `connection`, which every thread shares).
    wrapper = connections[DEFAULT_DB_ALIAS]
    wire = _WIRES.get(wrapper)
    if wire is None:
        wire = _WIRES[wrapper] = _Wire()
    return wire


@contextmanager
def pipelined() -> Iterator[None]:
    """What is sent inside goes out without waiting for its answer, on PostgreSQL; plain statements elsewhere.

    Inside a `CommitFlight` the statements go with the flight's next wait.
    Elsewhere the block is a pipeline of its own, whose end waits for
    everything sent in it (one round trip, plus one per read inside).
    """
    if connection.vendor != "postgresql":
        yield
        return
    wire = _wire()
    if wire.pipeline is not None:
        riding, wire.riding = wire.riding, True
        try:
            yield
        finally:
            wire.riding = riding
        return
    connection.ensure_connection()
    with connection.wrap_database_errors, connection.connection.pipeline() as pipeline:
        wire.pipeline, wire.riding = pipeline, True
        try:
            yield
        finally:
            wire.pipeline, wire.riding = None, False


def in_pipeline() -> bool:
    """Whether a statement sent now goes without waiting (its answer comes with a later wait)."""
    if connection.vendor != "postgresql":
        return False
    wire = _wire()
    return wire.pipeline is not None and wire.riding


class CommitFlight:
    """One transaction (a Django atomic block) sent as one pipeline, its COMMIT with the statements before it.

    See the module's docstring. Inside a caller's transaction it is a plain
    atomic block (a savepoint): its end is not a COMMIT to send anything
    with, and a failure must show at its end, not at a COMMIT that is not
    its own. SQLite: a plain atomic block.
    """

    def __init__(self) -> None:
        self._stack = ExitStack()
        self._wire: _Wire | None = None

    def __enter__(self) -> CommitFlight:
        own = connection.vendor == "postgresql" and not connection.in_atomic_block and _wire().pipeline is None
        if own:
            # Before anything is queued: a connection the server ended is replaced now, not mid-flight.
            connection.close_if_health_check_failed()
        with ExitStack() as stack:
            stack.enter_context(transaction.atomic())
            if own:
                stack.enter_context(self._transaction())
            self._stack = stack.pop_all()
        return self

    def __exit__(self, *exc: Any) -> None:
        # Never swallows an exception: an atomic block and the flight's pipeline only pass them on.
        self._stack.__exit__(*exc)

    def start(self) -> None:
        """Send everything that follows with the COMMIT (nothing to do inside a caller's transaction, or on SQLite)."""
        if self._wire is not None:
            self._wire.riding = True

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        raw = connection.connection
        wire = _wire()
        # The flight sends BEGIN itself, with what follows it: psycopg would wait for a BEGIN of its own.
        raw.autocommit = True
        try:
            with (
                connection.wrap_database_errors,
                raw.pipeline() as pipeline,
                connection.execute_wrapper(_wait_unless_riding),
            ):
                wire.pipeline, wire.riding = pipeline, False
                raw.execute("BEGIN")
                self._wire = wire
                try:
                    yield
                except BaseException:
                    with suppress(psycopg.Error):
                        raw.execute("ROLLBACK")
                    raise
                # Django's atomic block rolls back when told of an error that was caught inside it: so does the flight.
                raw.execute("ROLLBACK" if connection.needs_rollback else "COMMIT")
        finally:
            self._wire = None
            wire.pipeline, wire.riding = None, False
            if raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                # An error stopped the pipeline before its COMMIT or ROLLBACK ran. A connection
                # that cannot roll back either is closed by Django's own rollback, which follows.
                with suppress(psycopg.Error):
                    raw.rollback()
            with suppress(psycopg.Error):
                raw.autocommit = False


def _wait_unless_riding(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
    """A flight's statement outside `pipelined()` and before `start()` waits for its answer, as without a pipeline."""
    result = execute(sql, params, many, context)
    wire = _wire()
    if not wire.riding and wire.pipeline is not None:
        with connection.wrap_database_errors:
            wire.pipeline.sync()
    return result


# What the database function toolguard_check (core migration) raises: "toolguard_check:<code>".
CHECK_PREFIX = "toolguard_check:"
_CHECKED_UPDATE = "WITH changed AS ({update} RETURNING 1) SELECT toolguard_check(count(*) = %s, %s) FROM changed"


def update_checked(
    rows: QuerySet[Any], *, count: int, code: str, refusal: Callable[[], Exception], **values: Any
) -> None:
    """`rows.update(**values)`, which must change exactly `count` rows, else the write is refused.

    Where the answer can be read now (SQLite, or a statement that waits) the
    row count is read and `refusal()` raised at once. Sent without waiting
    (`pipelined()`, a started flight) the statement checks its own count in
    the database (toolguard_check): a write that changed another number of
    rows aborts the transaction, and `checked_refusal` turns the error into
    `refusal()`, called after the rollback (so it reads committed rows to say why).
    """
    if not in_pipeline():
        if rows.update(**values) != count:
            raise refusal()
        return
    _wire().refusals[code] = refusal

    def checked(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        return execute(_CHECKED_UPDATE.format(update=sql), (*params, count, code), many, context)

    with connection.execute_wrapper(checked):
        rows.update(**values)


def checked_refusal(exc: DatabaseError) -> Exception | None:
    """The refusal of the `update_checked` statement that failed, or None for any other error."""
    refusals = _wire().refusals
    message = str(exc)
    for code in list(refusals):
        if f"{CHECK_PREFIX}{code}" in message:
            return refusals.pop(code)()
    return None


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
