"""Statements written once per model (core/pipelining.py) write what the ORM would."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.utils import timezone

from banking.models import Account
from core.models import AgentKey, IdempotencyRecord, ToolCall
from core.pipelining import pipelined, select_rows, send_insert_returning_pk, send_inserts, send_update
from tests.conftest import Bank


def _tool_call(bank: Bank) -> ToolCall:
    return ToolCall(
        id=uuid.uuid4(),
        customer=bank.alice,
        agent_key=AgentKey.objects.filter(customer=bank.alice).first(),
        session_id="s-1",
        tool="transfer_funds",
        provider="native",
        status="dispatching",
        http_status=202,
        response={"status": "dispatching"},
    )


def test_it_inserts_a_row_and_sets_its_generated_id(bank: Bank) -> None:
    call = _tool_call(bank)
    record = IdempotencyRecord(
        customer=bank.alice,
        tool="transfer_funds",
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


def test_it_updates_by_key_with_json_and_foreign_keys(bank: Bank) -> None:
    first, second = _tool_call(bank), _tool_call(bank)
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


def test_it_reads_the_rows_the_orm_would_build(bank: Bank) -> None:
    call = _tool_call(bank)
    call.save()
    expires = timezone.now() + timedelta(hours=1)
    record = IdempotencyRecord.objects.create(
        customer=bank.alice,
        tool="transfer_funds",
        key="k-read",
        arguments_hash="h",
        outcome={"status": "completed", "result": {"amount": 5}},
        tool_call=call,
        expires_at=expires,
    )
    other = _tool_call(bank)
    other.save()
    IdempotencyRecord.objects.create(
        customer=bank.alice,
        tool="transfer_funds",
        key="k-other",
        arguments_hash="h",
        outcome={},
        tool_call=other,
        expires_at=expires,
    )
    (found,) = select_rows(IdempotencyRecord, customer_id=bank.alice.id, tool="transfer_funds", key="k-read")
    orm = IdempotencyRecord.objects.get(pk=record.pk)
    # Every column converted as the ORM converts it: JSON, datetimes, UUID foreign keys.
    for field in IdempotencyRecord._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(orm, field.attname), field.name
    assert found.outcome == {"status": "completed", "result": {"amount": 5}}
    assert found.tool_call_id == call.id and found.expires_at == expires
    assert not found._state.adding  # a stored row: saving it again updates, as for the ORM's
    assert select_rows(IdempotencyRecord, customer_id=bank.alice.id, tool="transfer_funds", key="missing") == []


def test_it_reads_any_of_several_values(bank: Bank) -> None:
    numbers = {account.number for account in Account.objects.filter(customer=bank.alice)[:2]}
    assert {account.number for account in select_rows(Account, number=numbers)} == numbers
    # Each size is a statement of its own; one value alone and none at all also work.
    (one,) = select_rows(Account, number=[sorted(numbers)[0]])
    assert one.balance_cents == Account.objects.get(number=one.number).balance_cents
    assert select_rows(Account, number=[]) == []
    with pytest.raises(ValueError, match="is not a column"):
        select_rows(type(bank.alice), accounts=1)  # a reverse relation, not a column
