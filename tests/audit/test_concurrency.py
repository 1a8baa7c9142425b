"""Concurrent writers take turns on the chain: it never forks and loses nothing.

The appends must really commit from separate connections, so this test runs
outside the `db` fixture's transaction, with names unique to the run (the
audit table cannot be emptied afterwards, by design).
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

from django.db import connection
from django.db.models import Count

from audit.models import AuditEntry
from audit.services import audit_append
from audit.verify import audit_chain_verify
from tests.audit.entries import event

THREADS = 8
APPENDS = 50


def test_concurrent_writers_never_fork_the_chain(django_db_setup: Any, django_db_blocker: Any) -> None:
    marker = f"conc-{uuid.uuid4().hex[:10]}"
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def writer(n: int) -> None:
        try:
            start.wait()
            for i in range(APPENDS):
                # Autocommit: each append is its own transaction, as in production.
                audit_append(
                    [
                        event(session_id=marker, tool_call_id=f"{n}-{i}"),
                        event("transfer_initiated", session_id=marker, tool_call_id=f"{n}-{i}"),
                    ]
                )
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)
        finally:
            connection.close()

    with django_db_blocker.unblock():
        threads = [threading.Thread(target=writer, args=(n,)) for n in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        assert AuditEntry.objects.filter(session_id=marker).count() == THREADS * APPENDS * 2
        broken, _, _ = audit_chain_verify()
        assert broken is None, broken
        # A fork is two entries naming the same predecessor.
        forks = AuditEntry.objects.values("prev_hash").annotate(n=Count("id")).filter(n__gt=1)
        assert not forks.exists()
        # One append's entries are contiguous in the chain: nobody wrote between them.
        rows = list(AuditEntry.objects.filter(session_id=marker).order_by("id").values_list("id", "tool_call_id"))
        for (first_id, first_call), (second_id, second_call) in zip(rows[::2], rows[1::2], strict=True):
            assert first_call == second_call and second_id == first_id + 1
        connection.close()
