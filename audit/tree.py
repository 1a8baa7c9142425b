"""The RFC 9162 Merkle tree over the audit log, and its signed checkpoints.

Leaf *i* is the *i*-th entry in id order; its data is the entry's `hash` (32
bytes), so its leaf hash is SHA-256(0x00 || hash). The tree is stored as the
hash of every complete, power-of-two-aligned subtree (`TreeNode`, keyed
`level << 48 | index`): appending n leaves adds about 2n rows, none ever
changes, and any root or proof is computed from O(log n) stored hashes read
in one query, never from the leaves.

The tree is kept off the chain lock, so appending costs what it did before
the tree: one process for the whole deployment, the integrator
(`Integrator`, `manage.py audit_integrator`, started by gunicorn's master),
integrates every new entry in one batch every half
TOOLGUARD_AUDIT_MMD_SECONDS, on its own persistent connection, under a lock
of its own (`tree_integrate`), and signs a checkpoint of what it added. Web
workers do none of it. Committed entries are always a prefix of the log in id
order (ids are drawn under the chain lock, held until commit), so the
integrator only ever appends. Whoever reads the tree's size, an entry's leaf
or makes a checkpoint integrates first, so a reader never sees an entry that
is committed but not yet a leaf. Checkpoints (C2SP tlog-checkpoint signed
notes, key name = origin) are signed with the log's current signing key
(audit.keys: a key rotated out signs nothing) by the integrator's round and,
as a backstop, by the django-q2 worker every minute when the last is
TOOLGUARD_CHECKPOINT_SECONDS old; the worker also copies the latest to the
checkpoint log outside the database (audit.checkpoint_log).

The hashing itself is toolguard_verify.merkle's, the same code that checks
proofs offline.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from toolguard_verify.merkle import leaf_hash, node_hash
from toolguard_verify.note import b64, checkpoint_body, sign_note

from audit.keys import SigningKeyError, signing_key, signing_key_current
from audit.models import TREE_LEVEL_SHIFT, AuditEntry, TreeCheckpoint, TreeNode

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
    # The log's current key only: one rotated out (or never the log's) raises, and nothing is signed.
    key = signing_key_current()
    if key is None:
        raise TreeError("no TOOLGUARD_AUDIT_SIGNING_KEY: checkpoints cannot be signed")
    origin = settings.TOOLGUARD_LOG_ORIGIN
    return sign_note(checkpoint_body(origin, size, root), origin, key)


def checkpoint_make() -> Checkpoint | None:
    """Sign and store a checkpoint of the current tree if it grew since the last one; return the latest.

    Without a signing key nothing is signed (the embedded default) and the
    latest stored checkpoint, if any, is returned.
    """
    if signing_key() is None:
        return checkpoint_latest()
    size = tree_size()
    with transaction.atomic():
        if connection.vendor == "postgresql":
            # The tree's lock: a key rotation (audit.keys) records the outgoing key's last size under
            # it, so no checkpoint is signed with that key past its range while it does.
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [TREE_LOCK_ID])
        latest = checkpoint_latest()
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


# --- the integrator: one process for the whole deployment ----------------------------------

# Any fixed 64-bit number, neither the chain's nor TREE_LOCK_ID: held for its whole life,
# on its own connection, by the one integrator that works; the others wait for it.
INTEGRATOR_LOCK_ID = 7_243_180_528
# Integrators without a signing key elect among themselves under the next number: one that
# cannot sign must never keep one that can from signing (a host started without the key, or a
# tool's server beside the deployment's). Both kinds then integrate; the tree's own lock
# (TREE_LOCK_ID) makes them take turns, and the second finds the work done.
KEYLESS_INTEGRATOR_LOCK_ID = INTEGRATOR_LOCK_ID + 1
# How often a waiting integrator asks whether the working one is gone.
INTEGRATOR_STANDBY_SECONDS = 1.0
APPLICATION_NAME = "toolguard-audit-integrator"


def integrator_interval() -> float:
    """Seconds between two rounds: half the MMD, so an entry waits at most that plus a round."""
    return max(float(settings.TOOLGUARD_AUDIT_MMD_SECONDS) / 2, 0.05)


def integrate_round() -> int:
    """Integrate every new entry in one batch, then sign what no checkpoint covers yet; return the leaves added.

    A checkpoint is made whenever the tree holds leaves the latest does not:
    whoever integrated them (this round, or a reader that integrated first),
    they are signed within this round. Idle, a round is three index probes.
    """
    added = tree_integrate()
    if signing_key() is not None:
        latest = TreeCheckpoint.objects.order_by("-size").values_list("size", flat=True).first() or 0
        if _integrated()[0] > latest:
            checkpoint_make()
            _witness_submit()
    return added


class Integrator:
    """`manage.py audit_integrator`: the deployment's one tree integrator, on one persistent connection.

    Web workers neither integrate nor open connections for the tree (they did,
    each from its own timer: about four new connections a second on four
    workers). gunicorn's master starts one of these beside its workers
    (toolguard/gunicorn_conf.py); with several app hosts each has one, and on
    PostgreSQL a session advisory lock lets one work while the others stand
    by on their idle connection and take over within
    INTEGRATOR_STANDBY_SECONDS of its going (its lock goes with its
    connection). SQLite has one host and one master, so one integrator.
    Rounds come every integrator_interval(): an entry is a leaf, and in a
    signed checkpoint, half the MMD after its commit plus the round's work.
    """

    def __init__(self, *, parent: int | None = None) -> None:
        self.stop = threading.Event()
        self.parent = parent
        self.leading = False
        self.key_error_said = -60.0

    def _lead(self) -> bool:
        if self.leading or connection.vendor != "postgresql":
            self.leading = True
            return True
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('application_name', %s, false)", [APPLICATION_NAME])
            lock = INTEGRATOR_LOCK_ID if signing_key() is not None else KEYLESS_INTEGRATOR_LOCK_ID
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [lock])
            self.leading = bool(cursor.fetchone()[0])
        return self.leading

    def orphaned(self) -> bool:
        return self.parent is not None and os.getppid() != self.parent

    def run(self) -> None:
        while not self.stop.is_set() and not self.orphaned():
            wait = integrator_interval()
            try:
                if self._lead():
                    integrate_round()
                else:
                    wait = INTEGRATOR_STANDBY_SECONDS
            except SigningKeyError as exc:
                # The key was rotated out (or is not the log's): the tree still grows, nothing is
                # signed until the new key is configured; said once a minute, not every round.
                now = time.monotonic()
                if now - self.key_error_said >= 60:
                    logger.error("audit checkpoints are not being signed: %s", exc)
                    self.key_error_said = now
            except Exception:
                logger.exception("could not integrate the audit tree or make a checkpoint")
                # A broken connection takes the lock with it: connect again, then ask for it again.
                self.leading = False
                connection.close()
                wait = INTEGRATOR_STANDBY_SECONDS
            self.stop.wait(wait)
        connection.close()


def checkpoint_scheduled() -> int | None:
    """django-q2 task, every minute: integrate, a checkpoint when one is due, and the latest into the
    checkpoint log outside the database (audit.checkpoint_log); the latest size, or None."""
    from audit.checkpoint_log import checkpoint_log_latest

    tree_integrate()
    checkpoint_when_due()
    checkpoint_log_latest()
    latest = checkpoint_latest()
    return latest.size if latest else None


def _witness_submit() -> None:
    """A new checkpoint goes to the witness at once (audit.cosign), not only with the worker's minute."""
    from audit.cosign import witness_submit_latest

    witness_submit_latest()


def b64_hashes(hashes: Iterable[bytes]) -> list[str]:
    return [b64(value) for value in hashes]
