"""toolguard-verify: check toolguard audit receipts, exports, checkpoints and witness cosignatures offline.

Each command prints one line: `verified: ...` (exit 0) or `FAILED: ...`
(exit 1). `--json` prints one JSON object instead. Usage errors exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from toolguard_verify.cosignature import verify_cosignature
from toolguard_verify.export import verify_export_file
from toolguard_verify.merkle import verify_consistency
from toolguard_verify.note import NoteError, b64, b64decode_strict, parse_checkpoint, parse_vkey
from toolguard_verify.receipt import (
    HASHED_FIELDS,
    LogKey,
    LogKeys,
    VerificationError,
    log_keys,
    verify_checkpoint,
    verify_receipt,
)


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise VerificationError(f"cannot read {path}: {exc}") from None


def _json_file(path: str) -> Any:
    try:
        return json.loads(_read(path))
    except json.JSONDecodeError as exc:
        raise VerificationError(f"{path} is not JSON: {exc.msg} at line {exc.lineno}") from None


def _checkpoint_text(path: str) -> str:
    """A checkpoint note file, or a JSON object carrying one under "checkpoint" (the API's and the witness's)."""
    text = _read(path)
    if text.lstrip().startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            raise VerificationError(f"{path} is neither a checkpoint note nor JSON") from None
        if not isinstance(value, dict) or not isinstance(value.get("checkpoint"), str):
            raise VerificationError(f'{path} has no "checkpoint" note')
        return str(value["checkpoint"])
    return text


def _keys(args: argparse.Namespace) -> LogKeys:
    """--key, and with --key-history the log's key history anchored in it (checkpoints across rotations)."""
    key = LogKey.load(args.key)
    if getattr(args, "key_history", None):
        return log_keys(key, _json_file(args.key_history))
    return key


def cmd_receipt(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    receipt = _json_file(args.file)
    if not isinstance(receipt, dict):
        raise VerificationError(f"{args.file} is not a receipt object")
    result = verify_receipt(receipt, _keys(args), args.origin, None if args.leaf_only else HASHED_FIELDS)
    # What a receipt proves is its leaf hash at its leaf index; an entry's id
    # is not among the fields its hash covers (the summary says so). Whoever
    # kept an answer's audit reference checks that the receipt proves the
    # leaf hash the answer carried, not merely some leaf.
    if args.leaf_hash is not None and args.leaf_hash.strip() != b64(result.leaf_hash):
        raise VerificationError(
            f"the receipt proves leaf {result.leaf_index} with leaf hash {b64(result.leaf_hash)}, "
            f"not the leaf hash {args.leaf_hash.strip()} asked about: it is the receipt of another entry"
        )
    cp = result.checkpoint.checkpoint
    line = result.summary()
    claimed = f"verified: entry {result.entry_id}: "
    if line.startswith(claimed):
        # Never "verified: entry 999999" for an id no hash covers (issue 36): the id is named as a label.
        line = (
            f"verified: entry {result.entry_id} (its id is toolguard's label, not covered by its hash): "
            + line[len(claimed) :]
        )
    return line, {
        "entry_id": result.entry_id,
        # The id is the receipt's word: no hash covers it.
        "entry_id_verified": False,
        "leaf_index": result.leaf_index,
        "leaf_hash": b64(result.leaf_hash),
        "tree_size": cp.size,
        "origin": cp.origin,
        "fields_checked": result.fields_checked,
    }


def cmd_export(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    fields = None if args.leaf_only else HASHED_FIELDS
    result = verify_export_file(args.file, _keys(args), args.origin, fields)
    cp = result.checkpoint.checkpoint
    return result.summary(), {
        "rows": result.rows,
        "leaf_indexes": result.leaf_indexes,
        "filter": result.export_filter,
        "tree_size": cp.size,
        "origin": cp.origin,
    }


def _proof(path: str, old_size: int, new_size: int) -> list[bytes]:
    """A consistency proof: the API's {"from", "to", "consistency_path"} JSON, or one base64 hash per line."""
    text = _read(path)
    if text.lstrip().startswith("{"):
        value = _json_file(path)
        if not isinstance(value, dict) or not isinstance(value.get("consistency_path"), list):
            raise VerificationError(f"{path} has no consistency_path")
        if (value.get("from"), value.get("to")) != (old_size, new_size):
            raise VerificationError(
                f"the proof is from size {value.get('from')} to {value.get('to')}, "
                f"the checkpoints are {old_size} and {new_size}"
            )
        lines = value["consistency_path"]
    else:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
    try:
        proof = [b64decode_strict(line, "a consistency proof hash") if isinstance(line, str) else b"" for line in lines]
    except NoteError as exc:
        raise VerificationError(str(exc)) from None
    if any(len(value) != 32 for value in proof):
        raise VerificationError("the consistency proof holds a value that is not a 32-byte hash")
    return proof


def cmd_checkpoints(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    key = _keys(args)
    old = verify_checkpoint(_checkpoint_text(args.old), key, args.origin)
    new = verify_checkpoint(_checkpoint_text(args.new), key, args.origin or old.checkpoint.origin)
    a, b = old.checkpoint, new.checkpoint
    if a.size > b.size:
        raise VerificationError(f"the old checkpoint ({a.size}) is larger than the new one ({b.size})")
    proof = _proof(args.proof, a.size, b.size)
    if not verify_consistency(a.size, b.size, a.root_hash, b.root_hash, proof):
        raise VerificationError(
            f"the log at size {b.size} does not extend the log at size {a.size}: the consistency proof fails "
            "(history was rewritten, or the proof is not for these checkpoints)"
        )
    hashes = f"{len(proof)} hash" if len(proof) == 1 else f"{len(proof)} hashes"
    line = (
        f"verified: {b.origin} at tree size {b.size} extends tree size {a.size} (consistency proof of {hashes}); "
        + (
            f"both checkpoints signed by {new.key_name} key {new.key_id.hex()}"
            if old.key_id == new.key_id
            else f"signed by {old.key_name} keys {old.key_id.hex()} and {new.key_id.hex()} (a rotation between them)"
        )
    )
    return line, {"origin": b.origin, "old_size": a.size, "new_size": b.size}


def cmd_cosignature(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    text = _checkpoint_text(args.checkpoint)
    try:
        witness = parse_vkey(args.witness_key)
    except NoteError as exc:
        raise VerificationError(f"witness key: {exc}") from None
    log_part = ""
    if args.key:
        verified = verify_checkpoint(text, _keys(args), args.origin)
        log_part = f"; log signature by {verified.key_name} key {verified.key_id.hex()} verified"
    try:
        checkpoint = parse_checkpoint(text)
    except NoteError as exc:
        raise VerificationError(f"checkpoint is malformed: {exc}") from None
    cosigned = verify_cosignature(text, witness.name, witness.public_key)
    if cosigned is None:
        raise VerificationError(
            f"no valid cosignature by witness {witness.name} (key id {witness.key_id.hex()}) "
            f"on {checkpoint.origin} at tree size {checkpoint.size}"
        )
    line = (
        f"verified: witness {witness.name} (key id {witness.key_id.hex()}) cosigned {checkpoint.origin} "
        f"at tree size {checkpoint.size} at unix time {cosigned.timestamp}{log_part}"
    )
    return line, {
        "witness": witness.name,
        "origin": checkpoint.origin,
        "tree_size": checkpoint.size,
        "timestamp": cosigned.timestamp,
    }


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="toolguard-verify",
        description="Check toolguard audit receipts, exports, checkpoints and witness cosignatures offline.",
    )
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, run: Callable[[argparse.Namespace], tuple[str, dict[str, Any]]], text: str) -> Any:
        sub = commands.add_parser(name, help=text, description=text)
        sub.set_defaults(run=run)
        sub.add_argument("--json", action="store_true", help="print one JSON object instead of one line")
        return sub

    key_help = "the log's public key: a PEM Ed25519 public key file, or a vkey (<name>+<key id>+<key>)"
    history_help = (
        "the log's key history (JSON, from `manage.py audit_key_rotate` or GET /api/v1/audit/keys): checkpoints "
        "signed by any of its keys verify, each only within its tree sizes; --key must be one of its keys"
    )
    receipt = command("receipt", cmd_receipt, "Check an audit entry's receipt against its signed checkpoint.")
    receipt.add_argument("file")
    receipt.add_argument("--key", required=True, help=key_help)
    receipt.add_argument("--key-history", help=history_help)
    receipt.add_argument("--origin", help="the log origin the checkpoint must name")
    receipt.add_argument("--leaf-only", action="store_true", help="take the entry's hash as given; do not rehash")
    receipt.add_argument(
        "--leaf-hash",
        help="fail unless the receipt proves this leaf hash (base64: the leaf_hash of an answer's audit reference)",
    )

    export = command(
        "export", cmd_export, "Check a verifiable export (JSON lines or CSV), every row and the signed row list."
    )
    export.add_argument("file")
    export.add_argument("--key", required=True, help=key_help)
    export.add_argument("--key-history", help=history_help)
    export.add_argument("--origin", help="the log origin the checkpoint must name")
    export.add_argument("--leaf-only", action="store_true", help="take each entry's hash as given; do not rehash")

    checkpoints = command("checkpoints", cmd_checkpoints, "Check that a newer checkpoint extends an older one.")
    checkpoints.add_argument("old")
    checkpoints.add_argument("new")
    checkpoints.add_argument("--key", required=True, help=key_help)
    checkpoints.add_argument("--key-history", help=history_help)
    checkpoints.add_argument("--proof", required=True, help="consistency proof: the API's JSON, or base64 lines")
    checkpoints.add_argument("--origin", help="the log origin both checkpoints must name")

    cosignature = command("cosignature", cmd_cosignature, "Check a witness's cosignature on a checkpoint.")
    cosignature.add_argument("checkpoint")
    cosignature.add_argument("--witness-key", required=True, help="the witness's vkey (type 0x04)")
    cosignature.add_argument("--key", help="also check the log's own signature with this key")
    cosignature.add_argument("--key-history", help=history_help)
    cosignature.add_argument("--origin", help="the log origin the checkpoint must name")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        line, details = args.run(args)
    except VerificationError as exc:
        if args.json:
            print(json.dumps({"verified": False, "message": str(exc), "problems": exc.problems}))
        else:
            print(f"FAILED: {exc}")
        return 1
    if args.json:
        print(json.dumps({"verified": True, "message": line, **details}))
    else:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
