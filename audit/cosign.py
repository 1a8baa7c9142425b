"""The witness: an independent server that cosigns the log's checkpoints; the log is checked against what it cosigned.

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
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import quote

import httpx
from django.conf import settings
from django.utils import timezone
from toolguard_verify.cosignature import verify_cosignature
from toolguard_verify.note import NoteError, add_signatures, parse_checkpoint, parse_vkey
from toolguard_verify.receipt import LogKey, LogKeys, VerificationError, verify_checkpoint

from audit import tree
from audit.alerts import alert_raise
from audit.keys import key_history, public_key
from audit.models import Alert, WitnessCosignature

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
    origin = settings.TOOLGUARD_LOG_ORIGIN
    anchor = public_key()
    if anchor is not None:
        # After a rotation the cosigned checkpoint may be the outgoing key's: the history says which key signs it.
        keys: LogKeys = key_history(anchor) or LogKey(anchor)
        try:
            verify_checkpoint(note, keys, origin)
        except VerificationError as exc:
            raise WitnessUnusable(f"{where}: the cosigned checkpoint is not signed by this log's key: {exc}") from None
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
