"""Arguments made storable: secret-shaped text masked in free-text fields.

Identifier fields are left alone: they are checked against a strict shape,
and masking one would make two different idempotency keys or accounts equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.secret_shapes import mask_secrets


def mask_storable_secrets(arguments: dict[str, Any], field_kinds: Mapping[str, str]) -> dict[str, Any]:
    return {
        name: value if field_kinds.get(name) == "identifier" else mask_secrets(value)
        for name, value in arguments.items()
    }
