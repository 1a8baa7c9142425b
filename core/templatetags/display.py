"""`{{ value|visible }}`: every stored string a page shows goes through this (see core.display)."""

from __future__ import annotations

from typing import Any

from django import template

from core.display import mark_invisible

register = template.Library()


@register.filter
def visible(value: Any) -> str:
    # The result is plain text, autoescaped by the template like any other.
    return mark_invisible(value)


@register.filter
def visible_lines(value: Any) -> str:
    """The same for multi-line blocks: line breaks stay line breaks."""
    return mark_invisible(value, keep_newlines=True)
