"""Verifying the audit log: the chain re-read, the tree recomputed, and both held against the signed evidence.

audit.services writes; this module only reads (and, when everything
verified, records that it did). The evidence it holds the log against:
- the tree's latest signed checkpoint (audit.tree), its signature checked
  with the log's key history (audit.keys);
- every checkpoint in the checkpoint log, the copy outside the database
  (audit.checkpoint_log);
- the independent witness's latest cosigned checkpoint (audit.cosign);
- the retired signed chain heads, stored and from a copy of their old file
  (audit.legacy_heads), for the entries they covered.
The hash chain itself is re-read entry by entry (or from the last
verification with --incremental).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from django.conf import settings
from toolguard_verify.merkle import leaf_hash, node_hash
from toolguard_verify.note import NoteError, parse_checkpoint
from toolguard_verify.receipt import HASHED_FIELDS, LogKey, LogKeys, VerificationError, verify_checkpoint

from audit import tree
from audit.checkpoint_log import (
    checkpoint_log_is_webhook,
    checkpoint_log_latest,
    checkpoint_log_read,
    checkpoint_log_target,
)
from audit.cosign import (
    Cosigned,
    WitnessUnusable,
    cosigned_stored,
    witness_configured,
    witness_latest,
    witness_submit_latest,
)
from audit.keys import key_history, public_key
from audit.legacy_heads import SignedHead, heads_read, heads_stored
from audit.models import AuditCheckpoint, AuditEntry, AuditHead
from audit.services import GENESIS_HASH, entry_hash


@dataclass(frozen=True)
class ChainBreak:
    entry_id: int
    reason: str


def audit_chain_verify(
    *, after_id: int = 0, prev_hash: str | None = None, batch: int = 5000
) -> tuple[ChainBreak | None, int, str]:
    """Walk the chain from after_id; return (first break or None, last id, last hash)."""
    walk = _chain_walk(after_id=after_id, prev_hash=prev_hash, heads=[], batch=batch)
    return walk.broken, walk.last_id, walk.last_hash


@dataclass
class _Walk:
    broken: ChainBreak | None
    last_id: int
    last_hash: str
    walked: int
    heads_matched: int = 0


def _chain_walk(
    *, after_id: int, prev_hash: str | None, heads: Sequence[SignedHead], batch: int, counted: int | None = None
) -> _Walk:
    """Walk entries after after_id in id order, checking every link and hash, and every witnessed head met.

    `heads` are the retired signed heads after after_id, oldest first. A
    head whose entry is gone names a deletion; a head whose hash differs names
    a rewrite whose later hashes were recomputed (the chain alone cannot see
    that); heads past the chain's end name a truncation. `counted`, when the
    walk starts at the first entry, checks each head's entry count too.
    """
    if prev_hash is None:
        prev_hash = GENESIS_HASH
        if after_id:
            prev_hash = AuditEntry.objects.values_list("hash", flat=True).get(id=after_id)
    walk = _Walk(broken=None, last_id=after_id, last_hash=prev_hash, walked=0)
    pending = sorted(heads, key=lambda head: head.entry_id)
    # The last entry a witnessed head proved: a rewrite found at a later head began after it.
    proven = after_id
    fields = ("id", "prev_hash", "hash", *HASHED_FIELDS)
    while True:
        rows = list(AuditEntry.objects.filter(id__gt=walk.last_id).order_by("id").values(*fields)[:batch])
        for row in rows:
            while pending and pending[0].entry_id < row["id"]:
                head = pending[0]
                walk.broken = ChainBreak(
                    head.entry_id, f"entry is missing, deleted: a signed head of {head.time} names it"
                )
                return walk
            if row["prev_hash"] != walk.last_hash:
                walk.broken = ChainBreak(row["id"], "prev_hash does not match the previous entry")
                return walk
            if entry_hash(row, row["prev_hash"]) != row["hash"]:
                walk.broken = ChainBreak(row["id"], "hash does not match the entry's contents")
                return walk
            walk.last_hash, walk.last_id = row["hash"], row["id"]
            walk.walked += 1
            matched = False
            while pending and pending[0].entry_id == row["id"]:
                head = pending.pop(0)
                total = None if counted is None else counted + walk.walked
                if head.entry_hash != row["hash"]:
                    walk.broken = ChainBreak(
                        proven + 1,
                        f"rewritten and re-hashed: entry {head.entry_id}'s hash differs from the head signed at "
                        f"{head.time}; the first changed entry is between {proven + 1} and {head.entry_id}",
                    )
                    return walk
                if total is not None and total != head.entries:
                    walk.broken = ChainBreak(
                        proven + 1,
                        f"entries deleted: {total} entries up to entry {head.entry_id}, the head signed at "
                        f"{head.time} counted {head.entries}; between entries {proven + 1} and {head.entry_id}",
                    )
                    return walk
                matched = True
                walk.heads_matched += 1
            if matched:
                proven = row["id"]
        if len(rows) < batch:
            break
    if pending:
        head = pending[-1]
        walk.broken = ChainBreak(
            walk.last_id + 1,
            f"entries {walk.last_id + 1} to {head.entry_id} are missing, deleted or truncated: there is "
            f"the head signed at {head.time} over {head.entries} entries, the chain ends at entry {walk.last_id}",
        )
    return walk


class CheckpointRefused(Exception):
    """The stored checkpoint cannot be trusted as a starting point."""


def checkpoint_signature(entry_id: int, entry_hash: str) -> str:
    """HMAC-SHA256 over (entry id, entry hash), or "" when no key is configured."""
    key = settings.TOOLGUARD_AUDIT_HMAC_KEY
    if not key:
        return ""
    return hmac.new(key.encode(), f"{entry_id}:{entry_hash}".encode(), hashlib.sha256).hexdigest()


def audit_checkpoint_latest() -> AuditCheckpoint | None:
    """The newest checkpoint, refused if its signature or its entry does not match."""
    checkpoint = AuditCheckpoint.objects.order_by("-id").first()
    if checkpoint is None:
        return None
    expected = checkpoint_signature(checkpoint.entry_id, checkpoint.entry_hash)
    if expected and not hmac.compare_digest(expected, checkpoint.signature):
        raise CheckpointRefused(
            f"audit checkpoint {checkpoint.id} (entry {checkpoint.entry_id}) signature does not match; "
            "verify without --incremental"
        )
    stored = AuditEntry.objects.filter(id=checkpoint.entry_id).values_list("hash", flat=True).first()
    if stored != checkpoint.entry_hash:
        raise CheckpointRefused(
            f"audit checkpoint {checkpoint.id} names entry {checkpoint.entry_id}, "
            "whose hash is no longer the one verified; verify without --incremental"
        )
    return checkpoint


class PrefixRoots:
    """The RFC 9162 root of every prefix of the log, as the leaves stream past (O(log n) memory).

    The right edge of complete subtrees is kept as in audit.tree.tree_append;
    the root of the leaves so far folds that edge from its smallest subtree up.
    """

    def __init__(self) -> None:
        self.size = 0
        self._edge: dict[int, bytes] = {}

    def add(self, leaf: bytes) -> None:
        current, level = leaf, 0
        while self.size >> level & 1:
            current = node_hash(self._edge.pop(level), current)
            level += 1
        self._edge[level] = current
        self.size += 1

    def root(self) -> bytes:
        folded: bytes | None = None
        for level in sorted(self._edge):
            folded = self._edge[level] if folded is None else node_hash(self._edge[level], folded)
        assert folded is not None, "no leaves"
        return folded


def _leaves(batch: int) -> Iterator[bytes]:
    after = 0
    while True:
        rows = list(AuditEntry.objects.filter(id__gt=after).order_by("id").values_list("id", "hash")[:batch])
        for _, digest in rows:
            yield leaf_hash(bytes.fromhex(digest))
        if len(rows) < batch:
            return
        after = rows[-1][0]


def log_keys_trusted() -> tuple[LogKeys | None, list[Ed25519PublicKey]]:
    """The keys checkpoints are checked with, and every key of the history (for the retired heads).

    Anchored in the key this shell trusts (audit.keys.public_key): the
    stored history is believed only if it holds that key and each rotation
    is signed by both its keys. (None, []) without any key.
    """
    anchor = public_key()
    if anchor is None:
        return None, []
    history = key_history(anchor)
    if history is None:
        return LogKey(anchor), [anchor]
    return history, [span.public_key for span in history.spans]


@dataclass(frozen=True)
class LogCheck:
    """What verify_audit found about the tree: `broken` names truncation or rewrite, `checked` says what it did."""

    entries: int
    checked: str
    broken: str = ""


def _against(what: str, size: int, root: bytes, roots: dict[int, bytes], entries: int) -> str:
    """'' when the log's first `size` leaves hash to `root`, else the truncation or rewrite, named."""
    if entries < size:
        return f"truncated: {what} {size} entries, log has {entries}"
    if roots[size] != root:
        return f"rewritten: the log's first {size} entries no longer hash to the root {what} at that size"
    return ""


def _signed(note: str, keys: LogKeys | None, what: str) -> str:
    """'' when the note verifies with the log's keys (or there are none to check with), else why not."""
    if keys is None:
        return ""
    try:
        verify_checkpoint(note, keys, settings.TOOLGUARD_LOG_ORIGIN)
    except VerificationError as exc:
        return f"{what} does not verify: {exc}"
    return ""


def _logged(path: str) -> tuple[list[tuple[int, str, int, bytes]], str]:
    """The checkpoint log's checkpoints as (line, note, size, root) and what was read (a webhook cannot be)."""
    target = path or checkpoint_log_target()
    if checkpoint_log_is_webhook(target) and not path:
        return [], f"the checkpoint log is a webhook ({target}): pass --checkpoint-log FILE, a copy of what it received"
    logged = []
    for item in checkpoint_log_read(target):
        try:
            parsed = parse_checkpoint(item.note)
        except NoteError as exc:
            raise VerificationError(f"checkpoint log {target} line {item.line}: {exc}") from None
        logged.append((item.line, item.note, parsed.size, parsed.root_hash))
    return logged, f"checkpoint log {target}"


def log_check(*, batch: int = 5000, checkpoint_log_path: str = "") -> LogCheck:
    """Recompute the tree from the entries themselves and hold it against every signed checkpoint there is.

    The tree's stored nodes are not trusted here: the roots are recomputed
    from every entry's hash, so deleting entries together with their nodes,
    or re-hashing a rewritten history into new nodes, changes them. Every
    checkpoint is first checked with the key that signed it (the key history
    names which key signs which sizes).
    """
    keys, _ = log_keys_trusted()
    witnessed: Cosigned | None = None
    witness_note = "no witness configured (TOOLGUARD_WITNESS_URL)"
    if witness_configured():
        try:
            witnessed = witness_latest()
            witness_note = (
                f"the witness's latest cosigned checkpoint (size {witnessed.size}, from {witnessed.source})"
                if witnessed
                else f"the witness {settings.TOOLGUARD_WITNESS_URL}, which has cosigned nothing yet"
            )
        except WitnessUnusable as exc:
            stored = cosigned_stored()
            if stored is None:
                raise
            # The database's copy, said so: the database owner could have removed newer ones.
            witnessed = Cosigned(stored.size, bytes(stored.root_hash), stored.checkpoint, "the database's copy")
            witness_note = f"the witness's cosigned checkpoint at size {stored.size} as stored here ({exc})"
    logged, log_note = _logged(checkpoint_log_path)
    checkpoint = tree.checkpoint_latest()
    problems = []
    if checkpoint is not None:
        problems.append(_signed(checkpoint.note, keys, f"the latest checkpoint (size {checkpoint.size})"))
    for line, note, size, _ in logged:
        problems.append(_signed(note, keys, f"{log_note} line {line} (size {size})"))
    wanted = {size for _, _, size, _ in logged}
    wanted |= {size for size in (witnessed.size if witnessed else 0, checkpoint.size if checkpoint else 0) if size}
    roots = PrefixRoots()
    at: dict[int, bytes] = {}
    for leaf in _leaves(batch):
        roots.add(leaf)
        if roots.size in wanted:
            at[roots.size] = roots.root()
    entries = roots.size
    if witnessed is not None:
        problems.append(_against("witnessed", witnessed.size, witnessed.root_hash, at, entries))
    if checkpoint is not None:
        problems.append(_against("checkpointed", checkpoint.size, checkpoint.root_hash, at, entries))
    intact_up_to = 0
    for line, _, size, root in sorted(logged, key=lambda item: item[2]):
        found = _against(f"logged (line {line})", size, root, at, entries)
        if found:
            where = f"; the last logged size that still matches is {intact_up_to}" if intact_up_to else ""
            problems.append(f"{found} in the {log_note}{where}")
            break
        intact_up_to = size
    stored_size = tree.tree_size()
    if not any(problems) and entries and stored_size != entries:
        problems.append(f"rewritten: the stored tree holds {stored_size} leaves, the log has {entries} entries")
    elif not any(problems) and entries and tree.root_hash(entries) != roots.root():
        problems.append(f"rewritten: the stored tree's root at size {entries} is not the entries' root")
    broken = next((problem for problem in problems if problem), "")
    against = (
        f"checkpoint at size {checkpoint.size} signed {checkpoint.created_at.astimezone(UTC):%Y-%m-%dT%H:%M:%SZ}"
        if checkpoint
        else "no signed checkpoint yet"
    )
    logged_note = f"{len(logged)} checkpoints of the {log_note}" if logged else f"the {log_note} (empty)"
    if log_note.startswith("the checkpoint log is a webhook"):
        logged_note = log_note
    checked = (
        f"tree of {entries} entries recomputed from the entries, against the {against}, {logged_note} and "
        f"{witness_note}"
    )
    if keys is None:
        checked += "; no public key, so no signature was checked (pass --public-key)"
    return LogCheck(entries=entries, checked=checked, broken=broken)


@dataclass(frozen=True)
class VerifyResult:
    broken: ChainBreak | None
    start_id: int
    last_id: int
    entries: int
    checkpoint: AuditCheckpoint | None
    # The retired signed heads: how many matched, and what was read.
    heads: str = ""
    heads_matched: int = 0
    # The tree recomputed from the entries, against every signed checkpoint (log_check).
    log: LogCheck | None = None


def _signed_heads(keys: Sequence[Ed25519PublicKey], path: str) -> tuple[list[SignedHead], str]:
    """The retired signed heads (stored, and from a copy of their old file) and what was read."""
    if not keys:
        if path or AuditHead.objects.exists():
            return [], "retired signed heads not checked: no public key (pass --public-key)"
        return [], ""
    heads = heads_stored(keys)
    what = [f"{len(heads)} stored"] if heads else []
    if path:
        from_file = heads_read(path, keys)
        heads += from_file
        what.append(f"{len(from_file)} from {path}")
    return heads, f"retired signed heads ({', '.join(what)})" if heads else ""


def audit_verify(
    *, incremental: bool = False, checkpoint_log_path: str = "", signed_heads_path: str = "", batch: int = 5000
) -> VerifyResult:
    """Re-read the chain and recompute the tree against the signed evidence; on success record it.

    By default every entry is re-read from the first. `incremental` starts
    the chain at the last verification's checkpoint and trusts what came
    before it (the result's start_id says where); the tree is recomputed
    from every entry either way, so a rewrite before that point, hashes
    recomputed or not, still fails against the signed checkpoints. On
    success the run records its chain checkpoint, signs the tree's
    checkpoint, logs it outside the database and takes it to the witness.
    """
    _, history_keys = log_keys_trusted()
    heads, heads_note = _signed_heads(history_keys, signed_heads_path)
    start_id, prev_hash = 0, GENESIS_HASH
    counted: int | None = 0
    if incremental:
        latest = audit_checkpoint_latest()
        if latest is not None:
            start_id, prev_hash, counted = latest.entry_id, latest.entry_hash, None
            at_start = [head for head in heads if head.entry_id == start_id]
            if any(head.entry_hash != prev_hash for head in at_start):
                raise CheckpointRefused(
                    f"audit checkpoint {latest.id} (entry {start_id}) does not match a signed head; "
                    "verify without --incremental"
                )
    walk = _chain_walk(
        after_id=start_id,
        prev_hash=prev_hash,
        heads=[head for head in heads if head.entry_id > start_id],
        batch=batch,
        counted=counted,
    )
    # The tree recomputed from the entries, against every signed checkpoint: whatever the chain
    # found, a truncation or rewrite is named as such too.
    log = log_check(batch=batch, checkpoint_log_path=checkpoint_log_path)
    # A truncated or rewritten log is never signed again: no checkpoint, nothing logged or witnessed.
    intact = walk.broken is None and not log.broken
    checkpoint = None
    if walk.walked and intact:
        checkpoint = AuditCheckpoint.objects.create(
            entry_id=walk.last_id,
            entry_hash=walk.last_hash,
            entries_verified=walk.walked,
            full=not incremental,
            signature=checkpoint_signature(walk.last_id, walk.last_hash),
        )
    if intact:
        # The tree as verified: checkpointed, logged outside the database and taken to the witness.
        tree.checkpoint_make()
        checkpoint_log_latest()
        witness_submit_latest()
    return VerifyResult(
        broken=walk.broken,
        start_id=start_id,
        last_id=walk.last_id,
        entries=walk.walked,
        checkpoint=checkpoint,
        heads=heads_note,
        heads_matched=walk.heads_matched,
        log=log,
    )
