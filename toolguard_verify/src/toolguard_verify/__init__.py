"""Offline verification of toolguard's audit log: RFC 9162 Merkle proofs, C2SP checkpoints and cosignatures.

Standalone: it needs only `cryptography`, and nothing of toolguard itself.
"""

from toolguard_verify.cosignature import sign_cosignature, verify_cosignature
from toolguard_verify.export import export_header, export_row, verify_export
from toolguard_verify.keys import KeyHistory, KeyHistoryError
from toolguard_verify.merkle import (
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    node_hash,
    root_hash,
    verify_consistency,
    verify_inclusion,
)
from toolguard_verify.note import Checkpoint, key_id, parse_checkpoint, parse_vkey, sign_note, verify_note, vkey
from toolguard_verify.receipt import LogKey, VerificationError, entry_hash, verify_receipt

__version__ = "0.1.0"

__all__ = [
    "Checkpoint",
    "KeyHistory",
    "KeyHistoryError",
    "LogKey",
    "VerificationError",
    "consistency_proof",
    "entry_hash",
    "export_header",
    "export_row",
    "inclusion_proof",
    "key_id",
    "leaf_hash",
    "node_hash",
    "parse_checkpoint",
    "parse_vkey",
    "root_hash",
    "sign_cosignature",
    "sign_note",
    "verify_consistency",
    "verify_cosignature",
    "verify_export",
    "verify_inclusion",
    "verify_note",
    "verify_receipt",
    "vkey",
]
