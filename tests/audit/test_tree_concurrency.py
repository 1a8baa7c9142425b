"""Concurrent writers keep the Merkle tree whole: every committed entry is its own leaf, in id order.

Like test_concurrency, the appends commit from separate connections, so this
runs outside the `db` fixture's transaction; the tree and the log cannot be
emptied afterwards (by design), so it checks the whole tree as it stands.
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

from django.db import connection

from audit import tree
from audit.models import AuditEntry, TreeNode
from audit.services import audit_append
from tests.audit.entries import event
from toolguard_verify import merkle

THREADS = 6
APPENDS = 30


def test_concurrent_writers_keep_the_tree_whole(django_db_setup: Any, django_db_blocker: Any) -> None:
    marker = f"tree-conc-{uuid.uuid4().hex[:10]}"
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def writer(n: int) -> None:
        try:
            start.wait()
            for i in range(APPENDS):
                # One to three entries an append, so appends complete subtrees at every alignment.
                audit_append([event(session_id=marker, tool_call_id=f"{n}-{i}-{k}") for k in range(1 + (n + i) % 3)])
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
        rows = list(AuditEntry.objects.order_by("id").values_list("id", "hash"))
        leaves = [merkle.leaf_hash(bytes.fromhex(digest)) for _, digest in rows]
        size = tree.tree_size()
        assert size == len(rows)
        # Leaf i is the i-th entry in id order, and names it.
        stored = dict(TreeNode.objects.filter(id__lt=tree.LEAF_KEY_LIMIT).values_list("id", "entry_id"))
        assert stored == {index: entry_id for index, (entry_id, _) in enumerate(rows)}
        assert tree.root_hash(size) == merkle.root_hash(leaves)
        for index in range(0, size, max(size // 50, 1)):
            path = tree.inclusion_path(index, size)
            assert merkle.verify_inclusion(leaves[index], index, size, path, merkle.root_hash(leaves))
        for old in range(1, size, max(size // 50, 1)):
            assert merkle.verify_consistency(
                old, size, merkle.root_hash(leaves[:old]), merkle.root_hash(leaves), tree.consistency_path(old, size)
            )
        connection.close()
