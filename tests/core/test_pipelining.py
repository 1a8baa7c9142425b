"""core/pipelining.py: statements written once per model write what the ORM would; checked writes; flights.

The round trips themselves are counted on the wire in test_pipelining_live.py.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.db import DatabaseError, connection, transaction
from django.utils import timezone

from core.models import AgentKey, Customer, IdempotencyRecord, ToolCall
from core.pipelining import (
    CommitFlight,
    checked_refusal,
    insert_rows,
    pipelined,
    select_rows,
    send_insert_returning_pk,
    send_inserts,
    send_update,
    update_checked,
)
from tests.conftest import Principals
from tests.family import CREDIT_TOOL


def _tool_call(principals: Principals) -> ToolCall:
    return ToolCall(
        id=uuid.uuid4(),
        customer=principals.alice,
        agent_key=AgentKey.objects.filter(customer=principals.alice).first(),
        session_id="s-1",
        tool=CREDIT_TOOL,
        provider="native",
        status="dispatching",
        http_status=202,
        response={"status": "dispatching"},
    )


def test_it_inserts_a_row_and_sets_its_generated_id(principals: Principals) -> None:
    call = _tool_call(principals)
    record = IdempotencyRecord(
        customer=principals.alice,
        tool=CREDIT_TOOL,
        key="k-1",
        arguments_hash="h",
        outcome={"status": "dispatching"},
        tool_call=call,
        expires_at=timezone.now() + timedelta(hours=1),
    )
    with pipelined():
        send_inserts([call])
        send_insert_returning_pk(record)
    assert isinstance(record.pk, int)
    stored = IdempotencyRecord.objects.get(pk=record.pk)
    assert (stored.key, stored.tool_call_id, stored.outcome) == ("k-1", call.id, {"status": "dispatching"})
    assert stored.created_at is not None  # auto_now_add applied, as save() would


def test_it_updates_by_key_with_json_and_foreign_keys(principals: Principals) -> None:
    first, second = _tool_call(principals), _tool_call(principals)
    with pipelined():
        send_inserts([first, second])
        send_update(
            ToolCall,
            where="id",
            equals=first.id,
            values={"status": "completed", "http_status": 200, "response": {"result": {"ok": True}}},
        )
    assert ToolCall.objects.values_list("status", "http_status", "response").get(id=first.id) == (
        "completed",
        200,
        {"result": {"ok": True}},
    )
    # Only the row named: the other keeps what it had.
    assert ToolCall.objects.get(id=second.id).status == "dispatching"


def test_it_refuses_a_name_that_is_no_column() -> None:
    with pytest.raises(ValueError, match="is not a column"):
        send_update(ToolCall, where="id", equals=uuid.uuid4(), values={"dispatch": None})


def test_it_reads_the_rows_the_orm_would_build(principals: Principals) -> None:
    call = _tool_call(principals)
    call.save()
    expires = timezone.now() + timedelta(hours=1)
    record = IdempotencyRecord.objects.create(
        customer=principals.alice,
        tool=CREDIT_TOOL,
        key="k-read",
        arguments_hash="h",
        outcome={"status": "completed", "result": {"amount": 5}},
        tool_call=call,
        expires_at=expires,
    )
    other = _tool_call(principals)
    other.save()
    IdempotencyRecord.objects.create(
        customer=principals.alice,
        tool=CREDIT_TOOL,
        key="k-other",
        arguments_hash="h",
        outcome={},
        tool_call=other,
        expires_at=expires,
    )
    (found,) = select_rows(IdempotencyRecord, customer_id=principals.alice.id, tool=CREDIT_TOOL, key="k-read")
    orm = IdempotencyRecord.objects.get(pk=record.pk)
    # Every column converted as the ORM converts it: JSON, datetimes, UUID foreign keys.
    for field in IdempotencyRecord._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(orm, field.attname), field.name
    assert found.outcome == {"status": "completed", "result": {"amount": 5}}
    assert found.tool_call_id == call.id and found.expires_at == expires
    assert not found._state.adding  # a stored row: saving it again updates, as for the ORM's
    assert select_rows(IdempotencyRecord, customer_id=principals.alice.id, tool=CREDIT_TOOL, key="missing") == []


def test_it_reads_any_of_several_values(principals: Principals) -> None:
    AgentKey.objects.issue(customer=principals.alice, allowed_tools=[CREDIT_TOOL])
    prefixes = {key.prefix for key in AgentKey.objects.filter(customer=principals.alice)[:2]}
    assert len(prefixes) == 2
    assert {key.prefix for key in select_rows(AgentKey, prefix=prefixes)} == prefixes
    # Each size is a statement of its own; one value alone and none at all also work.
    (one,) = select_rows(AgentKey, prefix=[sorted(prefixes)[0]])
    assert one.allowed_tools == AgentKey.objects.get(prefix=one.prefix).allowed_tools
    assert select_rows(AgentKey, prefix=[]) == []
    with pytest.raises(ValueError, match="is not a column"):
        select_rows(type(principals.alice), agent_keys=1)  # a reverse relation, not a column


def test_a_checked_update_refuses_a_write_that_changed_another_number_of_rows(principals: Principals) -> None:
    refusal = RuntimeError("nothing there to change")

    def nobody() -> None:
        update_checked(Customer.objects.filter(id=-1), count=1, code="probe", refusal=lambda: refusal, name="x")

    # Its answer read at once (a statement that waits, or SQLite): refused there.
    with pytest.raises(RuntimeError) as raised:
        nobody()
    assert raised.value is refusal
    # Sent without waiting: PostgreSQL checks the count in the database and the error says which
    # refusal it is; SQLite reads the count at once.
    try:
        with transaction.atomic(), pipelined():  # a savepoint: the failure undoes only it
            nobody()
    except DatabaseError as exc:
        assert connection.vendor == "postgresql" and checked_refusal(exc) is refusal
    except RuntimeError as exc:
        assert connection.vendor != "postgresql" and exc is refusal
    else:
        pytest.fail("a write that changed no row was not refused")
    # A write that changed what it must passes, either way.
    alice = Customer.objects.filter(id=principals.alice.id)
    update_checked(alice, count=1, code="probe", refusal=lambda: refusal, name="Alice A.")
    with pipelined():
        update_checked(alice, count=1, code="probe", refusal=lambda: refusal, name="Alice B.")
    assert alice.get().name == "Alice B."


def test_a_flight_inside_a_transaction_is_a_savepoint_of_it(db: None) -> None:
    lost, kept = Customer(external_id="flight-lost", name="x"), Customer(external_id="flight-kept", name="y")
    with pytest.raises(ZeroDivisionError), CommitFlight() as flight:
        flight.start()
        insert_rows([lost])
        _ = 1 / 0
    with CommitFlight() as flight:
        flight.start()
        insert_rows([kept])
    assert list(Customer.objects.filter(external_id__startswith="flight-").values_list("external_id", flat=True)) == [
        "flight-kept"
    ]
