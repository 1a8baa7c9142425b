"""The independent witness: every checkpoint goes to it, and the log is checked against what it cosigned.

The witness (`python -m toolguard_verify.witness`, or any C2SP tlog-witness
server) holds the newest checkpoint it cosigned outside toolguard's
database, and cosigns a new one only with a consistency proof from that one.
So once it has cosigned a tree of N entries, no history that drops or
changes any of those N entries can be cosigned again, and `verify_audit`,
comparing the log with the witness's latest cosigned checkpoint, names it:
"truncated" when the log is shorter than N, "rewritten" when its first N
entries no longer hash to the cosigned root.

Submission: after a checkpoint (`witness_submit_latest`, run by the worker
every minute and by a successful verify_audit), the newest checkpoint is
sent with the consistency proof from the size the witness last cosigned. A
refusal (4xx) or an unreachable witness raises an alert and is retried at
the next submission; nothing is lost, since the next submission proves
consistency from the same cosigned size.
"""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, timedelta
from typing import Any
from urllib.parse import quote

import httpx
from django.conf import settings
from django.utils import timezone
from toolguard_verify.cosignature import verify_cosignature
from toolguard_verify.merkle import leaf_hash, node_hash
from toolguard_verify.note import NoteError, add_signatures, parse_checkpoint, parse_vkey, verify_note

from audit import tree
from audit.alerts import alert_raise
from audit.models import Alert, AuditEntry, WitnessCosignature
from audit.witness import public_key

logger = logging.getLogger(__name__)

# A witness answers in milliseconds; a slow one must not hold the worker.
WITNESS_TIMEOUT_SECONDS = 10
# One alert per witness and rule in this window: the worker retries every minute.
ALERT_WINDOW = timedelta(hours=1)
SIZE_CONTENT_TYPE = "text/x.tlog.size"


class WitnessUnusable(Exception):
    """The witness is configured but cannot be used: unreachable, refusing, or answering what does not verify."""


@dataclass(frozen=True)
class Cosigned:
    """A checkpoint the witness cosigned: its size and root, and the note with the cosignature."""

    size: int
    root_hash: bytes
    checkpoint: str
    source: str  # where it was read: the witness itself, or the copy in the database


def witness_configured() -> bool:
    return bool(settings.TOOLGUARD_WITNESS_URL)


def _witness_key() -> tuple[str, Any]:
    try:
        parsed = parse_vkey(settings.TOOLGUARD_WITNESS_KEY)
    except NoteError as exc:
        raise WitnessUnusable(f"TOOLGUARD_WITNESS_KEY is not the witness's verifier key: {exc}") from None
    return parsed.name, parsed.public_key


def _cosigned_checkpoint(note: str, *, where: str) -> Cosigned:
    """A cosigned note checked twice over: the log's signature and the witness's cosignature."""
    name, key = _witness_key()
    if verify_cosignature(note, name, key) is None:
        raise WitnessUnusable(f"{where}: the checkpoint carries no valid cosignature by the witness {name}")
    log_key = public_key()
    origin = settings.TOOLGUARD_LOG_ORIGIN
    if log_key is not None and not verify_note(note, origin, log_key):
        raise WitnessUnusable(f"{where}: the cosigned checkpoint is not signed by this log's key ({origin})")
    parsed = parse_checkpoint(note)
    if parsed.origin != origin:
        raise WitnessUnusable(f"{where}: the cosigned checkpoint is for origin {parsed.origin!r}, not {origin!r}")
    return Cosigned(parsed.size, parsed.root_hash, note, where)


def cosigned_stored() -> WitnessCosignature | None:
    return WitnessCosignature.objects.order_by("-size", "-id").first()


def _alert(rule: str, message: str, **details: Any) -> None:
    url = settings.TOOLGUARD_WITNESS_URL
    logger.warning("audit witness %s: %s", url, message)
    alert_raise(
        rule=rule,
        severity=Alert.Severity.CRITICAL,
        subject=f"witness:{url}",
        window=ALERT_WINDOW,
        details={"witness": url, "message": message, **details},
    )


def _b64(value: bytes) -> str:
    return base64.b64encode(value).decode()


def _post(old: int, checkpoint: tree.Checkpoint) -> httpx.Response:
    """C2SP tlog-witness add-checkpoint: `old N`, the consistency proof lines, an empty line, the note."""
    proof = tree.consistency_path(old, checkpoint.size) if 0 < old < checkpoint.size else []
    body = f"old {old}\n" + "".join(f"{_b64(node)}\n" for node in proof) + "\n" + checkpoint.note
    return httpx.post(
        f"{settings.TOOLGUARD_WITNESS_URL}/add-checkpoint",
        content=body.encode(),
        headers={"Content-Type": "text/plain; charset=utf-8"},
        timeout=WITNESS_TIMEOUT_SECONDS,
    )


class WitnessDeclined(Exception):
    """The witness did not cosign: `rule` is the alert rule it raises, `details` the alert's details."""

    def __init__(self, rule: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.rule, self.message, self.details = rule, message, details


def witness_submit(checkpoint: tree.Checkpoint) -> WitnessCosignature | None:
    """Submit one checkpoint; store and return the cosignature, or raise the alert and return None."""
    try:
        return witness_cosign(checkpoint)
    except WitnessDeclined as exc:
        witness_declined(exc)
        return None


def witness_declined(declined: WitnessDeclined) -> None:
    """The alert for a checkpoint the witness did not cosign (retried at the next submission)."""
    _alert(declined.rule, declined.message, **declined.details)


def witness_cosign(checkpoint: tree.Checkpoint) -> WitnessCosignature:
    """Submit one checkpoint and store the cosignature; WitnessDeclined says why not.

    The proof starts at the size the witness last cosigned for us. When the
    witness holds another size (409 with its size: our copy is behind, or was
    lost), the proof is made again from its size, once. A checkpoint smaller
    than, or of the same size but another root than, what was witnessed is
    not even sent: the log was truncated or rewritten.
    """
    stored = cosigned_stored()
    old = stored.size if stored is not None else 0
    if stored is not None and stored.size > checkpoint.size:
        raise WitnessDeclined(
            Alert.Rule.WITNESS_REFUSED,
            f"truncated: witnessed {stored.size} entries, this checkpoint has {checkpoint.size}; not submitted",
            witnessed=stored.size,
            size=checkpoint.size,
        )
    if stored is not None and stored.size == checkpoint.size:
        if bytes(stored.root_hash) == checkpoint.root_hash:
            return stored  # nothing new for it
        raise WitnessDeclined(
            Alert.Rule.WITNESS_REFUSED,
            f"rewritten: the checkpoint at size {checkpoint.size} has another root than the one witnessed",
            size=checkpoint.size,
        )
    try:
        response = _post(old, checkpoint)
        if response.status_code == 409 and response.headers.get("content-type", "").startswith(SIZE_CONTENT_TYPE):
            known = int(response.text.strip() or 0)
            if known > checkpoint.size:
                raise WitnessDeclined(
                    Alert.Rule.WITNESS_REFUSED,
                    f"truncated: witnessed {known} entries, this checkpoint has {checkpoint.size}",
                    witnessed=known,
                    size=checkpoint.size,
                )
            response = _post(known, checkpoint)
    except (httpx.HTTPError, OSError, ValueError) as exc:
        raise WitnessDeclined(
            Alert.Rule.WITNESS_UNREACHABLE, f"could not submit the checkpoint at size {checkpoint.size}: {exc}"
        ) from None
    if response.status_code != 200:
        rule = Alert.Rule.WITNESS_REFUSED if 400 <= response.status_code < 500 else Alert.Rule.WITNESS_UNREACHABLE
        raise WitnessDeclined(
            rule,
            f"the witness answered {response.status_code} to the checkpoint at size {checkpoint.size}: "
            f"{response.text.strip()[:300]}",
            status=response.status_code,
            size=checkpoint.size,
        )
    try:
        cosigned = _cosigned_checkpoint(add_signatures(checkpoint.note, response.text), where="the witness's answer")
    except (WitnessUnusable, NoteError) as exc:
        raise WitnessDeclined(Alert.Rule.WITNESS_REFUSED, str(exc), size=checkpoint.size) from None
    name, _ = _witness_key()
    return WitnessCosignature.objects.create(
        size=cosigned.size,
        root_hash=cosigned.root_hash,
        checkpoint=cosigned.checkpoint,
        witness=name,
        cosigned_at=timezone.now(),
    )


def witness_submit_latest() -> int | None:
    """django-q2 task, every minute: submit the newest checkpoint if the witness has not cosigned it; its size."""
    if not witness_configured():
        return None
    latest = tree.checkpoint_latest()
    if latest is None:
        return None
    cosigned = witness_submit(latest)
    return cosigned.size if cosigned is not None else None


def witness_latest() -> Cosigned | None:
    """The witness's latest cosigned checkpoint for this log, asked of the witness itself.

    Raises WitnessUnusable when it cannot be reached or what it answers does
    not verify; None when it has cosigned nothing for this log yet.
    """
    url = f"{settings.TOOLGUARD_WITNESS_URL}/latest?origin={quote(settings.TOOLGUARD_LOG_ORIGIN, safe='')}"
    try:
        response = httpx.get(url, timeout=WITNESS_TIMEOUT_SECONDS)
    except httpx.HTTPError as exc:
        raise WitnessUnusable(f"the witness {settings.TOOLGUARD_WITNESS_URL} cannot be reached: {exc}") from None
    if response.status_code == 404:
        return None
    if response.status_code != 200:
        raise WitnessUnusable(f"the witness answered {response.status_code}: {response.text.strip()[:200]}")
    try:
        note = json.loads(response.text)["checkpoint"]
    except (ValueError, KeyError, TypeError):
        raise WitnessUnusable("the witness's latest checkpoint is not the JSON it should be") from None
    return _cosigned_checkpoint(note, where=f"the witness {settings.TOOLGUARD_WITNESS_URL}")


# --- checking the log ----------------------------------------------------------------------


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


def log_check(*, batch: int = 5000) -> LogCheck:
    """Recompute the tree from the entries themselves and hold it against the checkpoints and the witness.

    The tree's stored nodes are not trusted here: the roots are recomputed
    from every entry's hash, so deleting entries together with their nodes,
    or re-hashing a rewritten history into new nodes, changes them.
    """
    witnessed: Cosigned | None = None
    witness_note = "no witness configured (TOOLGUARD_WITNESS_URL), so a truncation since the last checkpoint "
    witness_note += "would not be seen"
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
    checkpoint = tree.checkpoint_latest()
    wanted = {size for size in (witnessed.size if witnessed else 0, checkpoint.size if checkpoint else 0) if size}
    roots = PrefixRoots()
    at: dict[int, bytes] = {}
    for leaf in _leaves(batch):
        roots.add(leaf)
        if roots.size in wanted:
            at[roots.size] = roots.root()
    entries = roots.size
    problems = []
    if witnessed is not None:
        problems.append(_against("witnessed", witnessed.size, witnessed.root_hash, at, entries))
    if checkpoint is not None:
        problems.append(_against("checkpointed", checkpoint.size, checkpoint.root_hash, at, entries))
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
    checked = f"tree of {entries} entries recomputed from the entries, against the {against} and {witness_note}"
    return LogCheck(entries=entries, checked=checked, broken=broken)
