"""The RFC 9162 Merkle tree over the audit log, and its signed checkpoints.

Leaf *i* is the *i*-th entry in id order; its data is the entry's `hash` (32
bytes), so its leaf hash is SHA-256(0x00 || hash). The tree is stored as the
hash of every complete, power-of-two-aligned subtree (`TreeNode`, keyed
`level << 48 | index`): appending n leaves adds about 2n rows, none ever
changes, and any root or proof is computed from O(log n) stored hashes read
in one query, never from the leaves.

The tree is kept off the chain lock, so appending costs what it did before
the tree: after an append commits, a timer in the writing process integrates
every new entry within TOOLGUARD_AUDIT_MMD_SECONDS, in one batch, under a
lock of its own (`tree_integrate`). Committed entries are always a prefix of
the log in id order (ids are drawn under the chain lock, held until commit),
so the integrator only ever appends. Whoever reads the tree's size, an
entry's leaf or makes a checkpoint integrates first, so a reader never sees
an entry that is committed but not yet a leaf. Checkpoints (C2SP
tlog-checkpoint signed notes, key name = origin) are signed with the audit
signing key when the last is TOOLGUARD_CHECKPOINT_SECONDS old, by the same
timer and by the worker every minute.

The hashing itself is toolguard_verify.merkle's, the same code that checks
proofs offline.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from toolguard_verify.merkle import leaf_hash, node_hash
from toolguard_verify.note import b64, checkpoint_body, sign_note

from audit.models import TREE_LEVEL_SHIFT, AuditEntry, TreeCheckpoint, TreeNode
from audit.witness import signing_key

logger = logging.getLogger(__name__)

# Leaf keys are below this (level 0); every interior node's key is above it.
LEAF_KEY_LIMIT = 1 << TREE_LEVEL_SHIFT
NODE_TABLE = "audit_treenode"
# Any fixed 64-bit number (not the chain's): the advisory lock integrators take turns on.
TREE_LOCK_ID = 7_243_180_527
_LAST_LEAF_SQL = f"SELECT id, entry_id FROM {NODE_TABLE} WHERE id < {LEAF_KEY_LIMIT} ORDER BY id DESC LIMIT 1"  # noqa: S608


class TreeError(Exception):
    """A size or index outside the tree."""


def node_key(level: int, index: int) -> int:
    return (level << TREE_LEVEL_SHIFT) | index


def entry_leaf_hash(entry: AuditEntry) -> bytes:
    """SHA-256(0x00 || the entry's 32-byte hash): the entry's leaf in the tree."""
    return leaf_hash(bytes.fromhex(entry.hash))


# --- appending (pure: the chain insert and the builder share it) ---------------------------


def frontier_keys(size: int) -> list[int]:
    """The keys of the complete subtrees along the right edge of a tree of `size` leaves, highest first.

    One per set bit of size: those are the left siblings the next leaves pair with.
    """
    return [node_key(level, (size >> level) - 1) for level in reversed(range(size.bit_length())) if size >> level & 1]


def tree_append(size: int, frontier: dict[int, bytes], leaves: Iterable[bytes]) -> list[tuple[int, bytes]]:
    """The (key, hash) rows that appending these leaf hashes to a tree of `size` leaves adds.

    `frontier` maps each level of frontier_keys(size) to that node's hash; it
    is updated in place to the new tree's right edge.
    """
    rows: list[tuple[int, bytes]] = []
    index = size
    for leaf in leaves:
        rows.append((index, leaf))
        current, level = leaf, 0
        # While this subtree is a right child, it completes its parent.
        while index >> level & 1:
            current = node_hash(frontier.pop(level), current)
            level += 1
            rows.append((node_key(level, index >> level), current))
        frontier[level] = current
        index += 1
    return rows


def frontier_from_rows(size: int, rows: Iterable[tuple[int, bytes]]) -> dict[int, bytes]:
    """The frontier as tree_append wants it, from the rows of frontier_keys(size); refuses a gap."""
    by_key = {key: bytes(value) for key, value in rows}
    frontier = {}
    for key in frontier_keys(size):
        if key not in by_key:
            raise TreeError(f"the audit tree of {size} leaves lacks its node {key >> TREE_LEVEL_SHIFT}/{key}")
        frontier[key >> TREE_LEVEL_SHIFT] = by_key[key]
    return frontier


# --- reading -------------------------------------------------------------------------------


def _integrated() -> tuple[int, int]:
    """(leaves in the tree, the id of the entry in the last leaf; 0 when empty), as stored."""
    with connection.cursor() as cursor:
        cursor.execute(_LAST_LEAF_SQL)
        last = cursor.fetchone()
    return (0, 0) if last is None else (last[0] + 1, last[1])


def tree_size() -> int:
    """Leaves in the tree: every entry this connection can see, integrated first if need be."""
    tree_integrate()
    return _integrated()[0]


def leaf_index(entry_id: int) -> int | None:
    """The entry's leaf index, or None when there is no such entry."""
    index = TreeNode.objects.filter(entry_id=entry_id).values_list("id", flat=True).first()
    if index is None and tree_integrate():
        index = TreeNode.objects.filter(entry_id=entry_id).values_list("id", flat=True).first()
    return index


def _nodes(keys: set[int]) -> dict[int, bytes]:
    """Stored hashes by key, in one query."""
    if not keys:
        return {}
    ordered = sorted(keys)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"SELECT id, hash FROM {NODE_TABLE} WHERE id = ANY(%s)", [ordered])  # noqa: S608
        else:
            marks = ", ".join(["%s"] * len(ordered))
            cursor.execute(f"SELECT id, hash FROM {NODE_TABLE} WHERE id IN ({marks})", ordered)  # noqa: S608
        found = {key: bytes(value) for key, value in cursor.fetchall()}
    if len(found) != len(ordered):
        missing = sorted(set(ordered) - set(found))
        raise TreeError(f"the audit tree lacks nodes {missing[:5]}: run manage.py audit_tree_build")
    return found


def _split(n: int) -> int:
    """The largest power of two below n (n > 1), where RFC 9162 splits D[n]."""
    return 1 << ((n - 1).bit_length() - 1)


Getter = Callable[[int], bytes]


def _subtree(start: int, end: int, get: Getter) -> bytes:
    """MTH(D[start:end]) from the complete aligned subtrees it is made of.

    Every range the RFC's recursions ask for starts at a multiple of the
    largest power of two not above its length, so its left part is always a
    stored node and only the right edge is hashed here (O(log n) hashes).
    """
    n = end - start
    if n & (n - 1) == 0 and start % n == 0:
        return get(node_key(n.bit_length() - 1, start // n))
    k = _split(n)
    return node_hash(_subtree(start, start + k, get), _subtree(start + k, end, get))


def _inclusion(index: int, start: int, end: int, get: Getter) -> list[bytes]:
    """RFC 9162 2.1.3.1 PATH(m, D[start:end]), m = index - start, nearest sibling first."""
    n = end - start
    if n == 1:
        return []
    k = _split(n)
    if index - start < k:
        return [*_inclusion(index, start, start + k, get), _subtree(start + k, end, get)]
    return [*_inclusion(index, start + k, end, get), _subtree(start, start + k, get)]


def _consistency(old: int, start: int, end: int, complete: bool, get: Getter) -> list[bytes]:
    """RFC 9162 2.1.4.1 SUBPROOF(m, D[start:end], b), m = old - start."""
    n, m = end - start, old - start
    if m == n:
        return [] if complete else [_subtree(start, end, get)]
    k = _split(n)
    if m <= k:
        return [*_consistency(old, start, start + k, complete, get), _subtree(start + k, end, get)]
    return [*_consistency(old, start + k, end, False, get), _subtree(start, start + k, get)]


def _computed(compute: Callable[[Getter], list[bytes]]) -> list[bytes]:
    """Run a computation twice: once to learn which stored nodes it reads, then over those, fetched in one query."""
    wanted: set[int] = set()

    def record(key: int) -> bytes:
        wanted.add(key)
        return b""

    compute(record)
    nodes = _nodes(wanted)
    return compute(nodes.__getitem__)


def _check_size(size: int) -> None:
    if size < 1:
        raise TreeError(f"tree size {size}: must be at least 1")


def root_hash(size: int) -> bytes:
    """The root of the tree's first `size` leaves (size >= 1)."""
    _check_size(size)
    return _computed(lambda get: [_subtree(0, size, get)])[0]


def inclusion_path(index: int, size: int) -> list[bytes]:
    """RFC 9162 inclusion proof of leaf `index` in the tree of `size` leaves."""
    _check_size(size)
    if not 0 <= index < size:
        raise TreeError(f"leaf {index} is not in a tree of {size} leaves")
    return _computed(lambda get: _inclusion(index, 0, size, get))


def consistency_path(old: int, new: int) -> list[bytes]:
    """RFC 9162 consistency proof from the tree of `old` leaves to that of `new` (1 <= old <= new)."""
    _check_size(old)
    if old > new:
        raise TreeError(f"tree size {old} is larger than {new}")
    if old == new:
        return []
    return _computed(lambda get: _consistency(old, 0, new, True, get))


# --- building (an upgraded database) -------------------------------------------------------


def tree_integrate(*, batch: int = 20_000) -> int:
    """Make a leaf of every entry the tree does not hold yet, in id order; return how many.

    Cheap when there is nothing new (one index probe on each table). Takes
    the tree's own lock, never the chain's, so appends do not wait for it;
    two integrators take turns and the second finds the work done. Plain
    SQL, so migration 0010 can run it on an upgraded database whatever the
    models later become.
    """
    size, after = _integrated()
    with connection.cursor() as cursor:
        cursor.execute("SELECT MAX(id) FROM audit_auditentry")
        top = cursor.fetchone()[0]
    if top is None or top <= after:
        return 0
    added = 0
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [TREE_LOCK_ID])
        size, after = _integrated()  # what an integrator before us added
        frontier = frontier_from_rows(size, _nodes(set(frontier_keys(size))).items())
        while True:
            cursor.execute("SELECT id, hash FROM audit_auditentry WHERE id > %s ORDER BY id LIMIT %s", [after, batch])
            entries = cursor.fetchall()
            if not entries:
                break
            rows = tree_append(size, frontier, (leaf_hash(bytes.fromhex(digest)) for _, digest in entries))
            entry_of = {size + n: entry_id for n, (entry_id, _) in enumerate(entries)}
            if connection.vendor == "postgresql":
                cursor.execute(
                    f"INSERT INTO {NODE_TABLE} (id, hash, entry_id) "  # noqa: S608
                    "SELECT * FROM unnest(%s::bigint[], %s::bytea[], %s::bigint[])",
                    [[key for key, _ in rows], [value for _, value in rows], [entry_of.get(key) for key, _ in rows]],
                )
            else:
                cursor.executemany(
                    f"INSERT INTO {NODE_TABLE} (id, hash, entry_id) VALUES (%s, %s, %s)",  # noqa: S608
                    [(key, value, entry_of.get(key)) for key, value in rows],
                )
            size += len(entries)
            added += len(entries)
            after = entries[-1][0]
    return added


def tree_build() -> int:
    """Migration 0010 and `manage.py audit_tree_build`: every entry the tree lacks, now."""
    return tree_integrate()


# --- checkpoints ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Checkpoint:
    size: int
    root_hash: bytes
    note: str  # the whole signed note
    created_at: datetime


def _checkpoint(row: TreeCheckpoint | None) -> Checkpoint | None:
    if row is None:
        return None
    return Checkpoint(size=row.size, root_hash=bytes(row.root_hash), note=row.note, created_at=row.created_at)


def checkpoint_latest() -> Checkpoint | None:
    """The checkpoint of the largest tree signed so far."""
    return _checkpoint(TreeCheckpoint.objects.order_by("-size").first())


def checkpoint_at(size: int) -> Checkpoint | None:
    return _checkpoint(TreeCheckpoint.objects.filter(size=size).first())


def checkpoint_note(size: int, root: bytes) -> str:
    """The C2SP tlog-checkpoint signed note: origin, size, base64 root; signed under the origin."""
    key = signing_key()
    if key is None:
        raise TreeError("no TOOLGUARD_AUDIT_SIGNING_KEY: checkpoints cannot be signed")
    origin = settings.TOOLGUARD_LOG_ORIGIN
    return sign_note(checkpoint_body(origin, size, root), origin, key)


def checkpoint_make() -> Checkpoint | None:
    """Sign and store a checkpoint of the current tree if it grew since the last one; return the latest.

    Without a signing key nothing is signed (the embedded default) and the
    latest stored checkpoint, if any, is returned.
    """
    latest = checkpoint_latest()
    if signing_key() is None:
        return latest
    size = tree_size()
    if size == 0 or (latest is not None and latest.size >= size):
        return latest
    if latest is not None and root_hash(latest.size) != latest.root_hash:
        # The tree no longer extends what was signed: its nodes were rewritten
        # (the tables refuse it, so by someone who switched the refusal off).
        # Signing now would make the rewrite official: nothing is signed again
        # until a person looks (verify_audit names it).
        logger.error("audit tree at size %s no longer matches its signed checkpoint: not signing", latest.size)
        raise TreeError(f"the tree no longer matches the checkpoint of size {latest.size}: rewritten, not signed")
    root = root_hash(size)
    # Two processes may sign the same size at once: the same root, so either row will do.
    TreeCheckpoint.objects.bulk_create(
        [TreeCheckpoint(size=size, root_hash=root, note=checkpoint_note(size, root), created_at=timezone.now())],
        ignore_conflicts=True,
    )
    return checkpoint_latest()


_timer: threading.Timer | None = None
_state = threading.Lock()


def checkpoint_when_due() -> float | None:
    """Make a checkpoint if the last one is old enough (the MMD, or TOOLGUARD_CHECKPOINT_SECONDS if
    shorter); return the seconds until the next is due.

    None when nothing is left to sign (no key, or the tree is in the latest checkpoint).
    """
    if signing_key() is None:
        return None
    # The maximum merge delay binds: an entry is in a signed checkpoint MMD after its commit
    # (checkpoints then come at least that often while entries arrive, and never less often
    # than TOOLGUARD_CHECKPOINT_SECONDS).
    every = min(settings.TOOLGUARD_CHECKPOINT_SECONDS, settings.TOOLGUARD_AUDIT_MMD_SECONDS)
    latest = checkpoint_latest()
    age = every if latest is None else (timezone.now() - latest.created_at).total_seconds()
    if age >= every:
        latest = checkpoint_make()
        age = 0.0
    if latest is not None and latest.size >= tree_size():
        return None
    # Clamped: a checkpoint stamped by a host whose clock runs ahead must not push the next one further out.
    return min(max(every - age, 0.0), float(every))


def tree_after_commit() -> None:
    """After an append commits: make sure this process's timer will integrate it. Costs the append nothing else.

    One timer per process: appends in the meantime find it set. So an entry
    is a leaf, and in a signed checkpoint, TOOLGUARD_AUDIT_MMD_SECONDS after
    its commit (plus the round's own work) while the process that wrote it
    runs: at most one checkpoint per writing process and MMD. The worker's
    schedule covers a process that stops.
    """
    _timer_arm(float(settings.TOOLGUARD_AUDIT_MMD_SECONDS))


def _timer_arm(delay: float) -> None:
    global _timer
    with _state:
        if _timer is not None and _timer.is_alive():
            return
        _timer = threading.Timer(delay, _timer_fire)
        _timer.daemon = True
        _timer.start()


def _timer_fire() -> None:
    global _timer
    with _state:
        _timer = None  # an append committed from now on arms the next round
    try:
        # What this round integrates is signed now, however fresh another process's
        # checkpoint is: that is what bounds an entry's wait by the MMD. Appends
        # committed from here on arm the next round.
        tree_integrate()
        checkpoint_make()
        _witness_submit()
    except Exception:
        logger.exception("could not integrate the audit tree or make a checkpoint")
    finally:
        connection.close()  # this thread's own connection


def checkpoint_scheduled() -> int | None:
    """django-q2 task, every minute: integrate, then a checkpoint when one is due; the latest size, or None."""
    tree_integrate()
    checkpoint_when_due()
    latest = checkpoint_latest()
    return latest.size if latest else None


def _witness_submit() -> None:
    """A new checkpoint goes to the witness at once (audit.cosign), not only with the worker's minute."""
    from audit.cosign import witness_submit_latest

    witness_submit_latest()


def timer_stop() -> None:
    """Cancel this process's timer and wait out a round in progress (tests, before the database goes)."""
    global _timer
    with _state:
        timer, _timer = _timer, None
    if timer is not None:
        timer.cancel()
        if timer.is_alive():
            timer.join(timeout=30)


def b64_hashes(hashes: Iterable[bytes]) -> list[str]:
    return [b64(value) for value in hashes]
