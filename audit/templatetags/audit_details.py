"""The details column of the entry tables: what happened at a glance, never a payload.

Scalars are shown (codes, counts, labels), cut short; nested values (call
arguments, results) are named by their keys only, so a memo or a note an
attacker wrote is read on the entry's own page, deliberately, not in a list.
"""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()

SCALAR_MAX = 60


@register.filter
def details_summary(details: Any) -> str:
    if not isinstance(details, dict):
        return ""
    parts = []
    for key in sorted(details):
        value = details[key]
        if isinstance(value, dict):
            parts.append(f"{key}: {{{', '.join(sorted(str(k) for k in value))}}}")
        elif isinstance(value, list):
            parts.append(f"{key}: {len(value)} item{'s' if len(value) != 1 else ''}")
        else:
            text = str(value)
            parts.append(f"{key}={text if len(text) <= SCALAR_MAX else text[: SCALAR_MAX - 1] + '…'}")
    return "; ".join(parts)
