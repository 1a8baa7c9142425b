"""Money for people: integer cents shown the way a bank statement shows them."""

from __future__ import annotations

from django import template

from core.rates import reporting_currency

register = template.Library()

SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


@register.filter
def cents(value: object, currency: str = "") -> str:
    """2000000 → "$20,000.00"; integer arithmetic only, never a float.

    An unknown currency is shown by its code ("1,000.00 CHF"), no currency
    as the reporting currency (the limits' own); anything that is not a whole
    number of cents is shown as it is rather than guessed at.
    """
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return str(value)
    try:
        amount = int(value)  # type: ignore[call-overload]  # templates pass anything; what int() refuses is caught below
    except (TypeError, ValueError):
        return str(value)
    if isinstance(value, float) and value != amount:
        return str(value)
    sign = "-" if amount < 0 else ""
    units, rest = divmod(abs(amount), 100)
    number = f"{units:,}.{rest:02d}"
    code = (currency or reporting_currency()).upper()
    symbol = SYMBOLS.get(code)
    if symbol is None:
        return f"{sign}{number} {code}"
    return f"{sign}{symbol}{number}"
