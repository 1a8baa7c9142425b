"""A CommitFlight's round trips, counted on the wire: BEGIN rides with the first wait, COMMIT with the last writes.

The test database's connection goes through the counting forwarder
(topology/delayproxy.py, no delay), which counts flights: what a client sends
after it last heard back, one round trip each. The flights are the
transactions' own (committed, outside any test transaction), on rows with
names of their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction

from core.models import Customer
from core.pipelining import CommitFlight, checked_refusal, insert_rows, pipelined, select_rows, update_checked
from tests.conftest import requires_postgres
from tests.live import unique
from topology.delayproxy import Forwarder, forwarder

pytestmark = [pytest.mark.live]


@pytest.fixture
def wire(django_db_blocker: Any) -> Iterator[Forwarder]:
    """The default connection, through the forwarder, outside any test transaction."""
    requires_postgres()
    settings = connection.settings_dict
    saved = settings["HOST"], settings["PORT"]
    with django_db_blocker.unblock(), forwarder(f"{saved[0] or '127.0.0.1'}:{saved[1] or 5432}", 0.0) as proxy:
        connection.close()
        settings["HOST"], settings["PORT"] = "127.0.0.1", str(proxy.port)
        try:
            connection.ensure_connection()
            yield proxy
        finally:
            connection.close()
            settings["HOST"], settings["PORT"] = saved


@contextmanager
def counted(proxy: Forwarder) -> Iterator[dict[str, int]]:
    found: dict[str, int] = {}
    proxy.reset()
    yield found
    stats = proxy.stats()
    found["round_trips"], found["waits"] = stats["flights"], stats["waits"]


def customer(name: str = "") -> Customer:
    return Customer(external_id=unique("flight-"), name=name or "flight")


def test_a_read_then_writes_make_two_round_trips(wire: Forwarder) -> None:
    known = customer()
    known.save()
    new, other = customer(), customer()
    committed: list[bool] = []
    with counted(wire) as trips, CommitFlight() as flight:
        # BEGIN goes out with the read.
        (found,) = select_rows(Customer, id=known.id)
        with pipelined():
            insert_rows([new])
        flight.start()
        insert_rows([other])
        transaction.on_commit(lambda: committed.append(True))
    # The writes go out with the COMMIT.
    assert trips["round_trips"] == trips["waits"] == 2, trips
    assert found.external_id == known.external_id
    assert Customer.objects.filter(external_id__in=[new.external_id, other.external_id]).count() == 2
    assert committed == [True]


def test_a_flight_of_writes_alone_is_one_round_trip(wire: Forwarder) -> None:
    rows = [customer(), customer()]
    with counted(wire) as trips, CommitFlight() as flight:
        flight.start()
        insert_rows(rows)
    assert trips["round_trips"] == trips["waits"] == 1, trips
    assert Customer.objects.filter(external_id__in=[row.external_id for row in rows]).count() == 2


def test_a_statement_outside_the_pipelined_parts_waits_for_its_row_count(wire: Forwarder) -> None:
    """An ORM update reads its row count as it would without a pipeline: one round trip of its own."""
    known = customer()
    known.save()
    with counted(wire) as trips, CommitFlight():
        changed = Customer.objects.filter(id=known.id).update(name="renamed")
        missed = Customer.objects.filter(id=-1).update(name="renamed")
    assert (changed, missed) == (1, 0)
    # BEGIN with the first update, the second alone, the COMMIT.
    assert trips["round_trips"] == trips["waits"] == 3, trips
    assert Customer.objects.get(id=known.id).name == "renamed"


def test_a_checked_write_that_changes_nothing_rolls_the_flight_back_and_says_why(wire: Forwarder) -> None:
    kept = customer()
    refusal = RuntimeError("nothing there to change")
    committed: list[bool] = []
    with counted(wire) as trips, pytest.raises(DatabaseError) as failed, CommitFlight() as flight:
        flight.start()
        insert_rows([kept])
        update_checked(
            Customer.objects.filter(id=-1), count=1, code="flight_probe", refusal=lambda: refusal, name="nobody"
        )
        transaction.on_commit(lambda: committed.append(True))
    assert checked_refusal(failed.value) is refusal
    # Sent with the COMMIT, refused there; the ROLLBACK that follows is the error's own round trip.
    # Counted as the client's waits: PostgreSQL sends a pipeline's error as soon as it occurs, so
    # on a busy host it can arrive while the client is still writing the COMMIT, which the flight
    # count would then take for a round trip of its own (the client waits only at the Sync).
    assert trips["waits"] == 2, trips
    assert not Customer.objects.filter(external_id=kept.external_id).exists()
    assert committed == []
    # The connection is as Django left it, and the next flight commits.
    assert connection.connection.autocommit is True and connection.get_autocommit()
    again = customer()
    with CommitFlight() as flight:
        flight.start()
        insert_rows([again])
    assert Customer.objects.filter(external_id=again.external_id).exists()


def test_an_exception_inside_a_flight_rolls_back_in_the_same_round_trip(wire: Forwarder) -> None:
    lost = customer()
    with counted(wire) as trips, pytest.raises(ZeroDivisionError), CommitFlight() as flight:
        flight.start()
        insert_rows([lost])
        _ = 1 / 0
    assert trips["round_trips"] == trips["waits"] == 1, trips
    assert not Customer.objects.filter(external_id=lost.external_id).exists()
    assert connection.connection.autocommit is True and not connection.in_atomic_block
