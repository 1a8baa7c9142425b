"""How a held call reads to a person: a title and labelled fields, for every tool.

A catalog entry may say it (`describe:`); a family's handler may say it in
code; otherwise it is drawn from the schema: the tool's title or description,
each argument under its schema `title` (or its name made readable), and the
value's amount as money in the value's currency. The same summary is stored
with the approval and shown on every page and in the webhook.

    describe:
      title: "Refund {value} on order {args.order_id}"
      fields: {order_id: Order, amount_cents: Amount, reason: Reason}

Placeholders are `{args.<name>}` (a declared argument) and `{value}` (the
amount as money); nothing else is read, and an unknown name stops start-up.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ImproperlyConfigured

from core.money import money_format

if TYPE_CHECKING:
    from core.policy import Value, ValueSpec
    from core.tools import Tool

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
HIDDEN = frozenset({"idempotency_key"})


@dataclass(frozen=True)
class DescribeSpec:
    title: str
    labels: Mapping[str, str]

    @classmethod
    def compile(cls, *, tool: str, spec: object, schema: Mapping[str, Any]) -> DescribeSpec | None:
        if spec is None:
            return None
        if not isinstance(spec, Mapping) or set(spec) - {"title", "fields"}:
            raise ImproperlyConfigured(f"tool {tool!r}: describe must be a mapping of title and fields")
        title = spec.get("title", "")
        labels = spec.get("fields") or {}
        if not isinstance(title, str) or not isinstance(labels, Mapping):
            raise ImproperlyConfigured(f"tool {tool!r}: describe.title must be text and describe.fields a mapping")
        declared = set((schema.get("properties") or {}).keys())
        for name in PLACEHOLDER.findall(title):
            if name != "value" and not (name.startswith("args.") and name[5:] in declared):
                raise ImproperlyConfigured(
                    f"tool {tool!r}: describe.title reads {{{name}}}; it may read {{value}} and {{args.<name>}} "
                    f"of a declared argument ({', '.join(sorted(declared)) or 'none declared'})"
                )
        unknown = set(labels) - declared
        if unknown:
            raise ImproperlyConfigured(f"tool {tool!r}: describe.fields names undeclared argument(s) {sorted(unknown)}")
        return cls(title=title, labels={str(k): str(v) for k, v in labels.items()})


def tool_describe(tool: Tool, arguments: dict[str, Any], value: Value | None) -> dict[str, Any]:
    """{"title", "fields": [{"label", "value"}]} for the reviewer: catalog, then the handler's own, then the schema."""
    from core.tools import ToolHandler

    if tool.describe is not None:
        return _from_spec(tool, tool.describe, arguments, value)
    if type(tool.handler).describe is not ToolHandler.describe:
        return tool.handler.describe(arguments)
    return _from_schema(tool, arguments, value)


def _money(value: Value | None) -> str:
    """The value as a statement shows it; a value without a currency is in the reporting currency."""
    if value is None:
        return ""
    from core.rates import reporting_currency

    return money_format(value.amount_cents, value.currency or reporting_currency())


def _amount_argument(spec: ValueSpec | None) -> str:
    """The argument the value's amount is read from, when it is one plainly (`args.amount_cents`)."""
    if spec is None:
        return ""
    match = re.fullmatch(r"\s*args\.([A-Za-z_][A-Za-z0-9_]*)\s*", spec.amount.source)
    return match.group(1) if match else ""


def _shown(name: str, raw: Any, tool: Tool, value: Value | None) -> str:
    if value is not None and name == _amount_argument(tool.value):
        return _money(value)
    if isinstance(raw, str):
        return raw
    return json.dumps(raw, ensure_ascii=False, sort_keys=True)


def _label(name: str, schema: Mapping[str, Any]) -> str:
    title = schema.get("title")
    if isinstance(title, str) and title.strip():
        return title.strip()
    words = name.removesuffix("_cents").replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else name


def _from_spec(tool: Tool, spec: DescribeSpec, arguments: dict[str, Any], value: Value | None) -> dict[str, Any]:
    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == "value":
            return _money(value)
        raw = arguments.get(name[5:], "")
        return _shown(name[5:], raw, tool, value)

    properties = tool.schema.get("properties") or {}
    order = list(spec.labels) or [name for name in properties if name not in HIDDEN]
    fields = [
        {
            "label": spec.labels.get(name) or _label(name, properties.get(name) or {}),
            "value": _shown(name, arguments[name], tool, value),
        }
        for name in order
        if name in arguments
    ]
    return {"title": PLACEHOLDER.sub(fill, spec.title) or _default_title(tool, value), "fields": fields}


def _default_title(tool: Tool, value: Value | None) -> str:
    title = tool.schema.get("title")
    if not (isinstance(title, str) and title.strip()):
        first = tool.description.strip().split(". ")[0].rstrip(".")
        title = first or tool.name.replace("_", " ").capitalize()
    return f"{title.strip()}: {_money(value)}" if value is not None else title.strip()


def _from_schema(tool: Tool, arguments: dict[str, Any], value: Value | None) -> dict[str, Any]:
    properties = tool.schema.get("properties") or {}
    # Declared arguments in the schema's order, then any others (an open schema).
    order = [name for name in properties if name in arguments] + sorted(set(arguments) - set(properties))
    fields = [
        {"label": _label(name, properties.get(name) or {}), "value": _shown(name, arguments[name], tool, value)}
        for name in order
        if name not in HIDDEN
    ]
    return {"title": _default_title(tool, value), "fields": fields}
