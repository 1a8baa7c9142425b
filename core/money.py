"""Money for reviewers: integer cents as a statement shows them, never a float."""

from __future__ import annotations

SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


def money_format(cents: int, currency: str) -> str:
    """800000, "USD" -> "$8,000.00 USD"."""
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    code = currency.upper()
    return f"{sign}{SYMBOLS.get(code, '')}{units:,}.{rest:02d} {code}".strip()
