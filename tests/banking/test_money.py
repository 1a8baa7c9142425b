"""Money movement: a conditional UPDATE per account row in id order, the last writes of the tool, refusals that move nothing."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from banking.models import Account, Transfer
from tests.conftest import Bank, make_bank, requires_postgres, transfer_call
from tests.live import bearer, gunicorn, unique


def post(client: Any, body: Any) -> Any:
    return client.post("/api/v1/tool-calls", body, format="json")


@pytest.mark.django_db
def test_it_moves_money_row_by_row_in_id_order_late_in_the_transaction(bank: Bank, alice: Any) -> None:
    post(alice, transfer_call(key="warm", amount=1_000, session="s"))  # the session row exists from here
    with CaptureQueriesContext(connection) as captured:
        assert post(alice, transfer_call(key="k1", amount=12_345, session="s")).status_code == 200
    sql = [q["sql"] for q in captured.captured_queries]
    writes = [i for i, s in enumerate(sql) if s.lstrip().upper().startswith(("INSERT", "UPDATE", "WITH"))]
    moves = [i for i in writes if "toolguard_account" in sql[i] and "balance_cents" in sql[i]]
    # One conditional UPDATE per account row, one right after the other, the lower id first:
    # two opposite transfers lock the pair in the same order.
    assert len(moves) == 2 and writes.index(moves[1]) == writes.index(moves[0]) + 1, sql
    moved = [int(re.findall(r'"toolguard_account"\."id" = (\d+)', sql[i])[0]) for i in moves]
    accounts = {a.number: a.id for a in Account.objects.filter(number__in=["checking", "savings"])}
    assert moved == sorted(accounts.values()), (moved, accounts)
    after_the_move = {sql[i].split('"')[1] for i in writes if i > moves[-1] and "audit_auditentry" not in sql[i]}
    # After the account rows are locked: only the call's own rows (one pipelined
    # round trip: its value entry's running totals among them) and the audit
    # chain, whose shared lock must come last of all.
    own_rows = {"toolguard_toolcall", "toolguard_idempotencyrecord", "toolguard_valueentry", "core_valuetotal"}
    assert after_the_move <= own_rows, sql
    assert "toolguard_transfer" in sql[writes[writes.index(moves[0]) - 1]]
    assert bank.balance("checking") == 5_000_000 - 1_000 - 12_345


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("closed", "to", "code"),
    [
        ("savings", "savings", "account_closed"),
        ("", "euro", "currency_mismatch"),
        ("", "savings", "insufficient_funds"),
    ],
)
def test_a_refused_move_changes_no_balance_and_leaves_no_transfer(
    bank: Bank, alice: Any, closed: str, to: str, code: str
) -> None:
    if closed:
        Account.objects.filter(number=closed).update(is_active=False)
    if code == "insufficient_funds":
        Account.objects.filter(number="checking").update(balance_cents=999)
    before = {a.number: a.balance_cents for a in Account.objects.all()}
    response = post(alice, transfer_call(key="k1", amount=1_000, to=to))
    assert (response.status_code, response.json()["error"]["code"]) == (422, code)
    assert {a.number: a.balance_cents for a in Account.objects.all()} == before
    assert not Transfer.objects.exists()


@pytest.mark.live
def test_opposite_transfers_on_one_pair_race_without_deadlock_or_loss(
    django_db_setup: Any, django_db_blocker: Any
) -> None:
    """Both directions at once on one account pair, a new session per call, through four workers."""
    requires_postgres()
    sfx = unique("-")
    with django_db_blocker.unblock():
        bank = make_bank(sfx)
        total = bank.balance(f"checking{sfx}") + bank.balance(f"savings{sfx}")
    calls = [
        transfer_call(
            key=f"race-{n}",
            amount=1_000 + n,
            source=f"checking{sfx}" if n % 2 else f"savings{sfx}",
            to=f"savings{sfx}" if n % 2 else f"checking{sfx}",
            session=f"race{sfx}-{n}",
        )
        for n in range(40)
    ]
    with gunicorn(workers=4) as server, ThreadPoolExecutor(max_workers=16) as pool:
        responses = list(
            pool.map(
                lambda call: httpx.post(
                    f"{server.url}/api/v1/tool-calls", json=call, headers=bearer(bank.alice_key), timeout=60
                ),
                calls,
            )
        )
    assert [r.status_code for r in responses] == [200] * len(calls), [r.text for r in responses if r.status_code != 200]
    with django_db_blocker.unblock():
        assert bank.balance(f"checking{sfx}") + bank.balance(f"savings{sfx}") == total
        assert Transfer.objects.filter(session_id__startswith=f"race{sfx}-").count() == len(calls)
        expected = 5_000_000 - sum(1_000 + n for n in range(1, 40, 2)) + sum(1_000 + n for n in range(0, 40, 2))
        assert bank.balance(f"checking{sfx}") == expected
