"""Tool definitions as each provider expects them, all from the one registered schema.

`strict=True` (OpenAI Chat and Responses) rewrites the schema the way strict
mode demands: every property required, the optional ones nullable, no extra
properties. A strict-mode model then sends null for an optional field it does
not use, and api.formats reads that null as absent before validation, so the
registered schema stays the only one calls are checked against.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from core.tools import Tool

EXPORT_FORMATS = ("native", "openai", "responses", "anthropic", "gemini", "mcp")
STRICT_FORMATS = ("openai", "responses")

# Keywords OpenAI's strict mode refuses. Dropping them from the export loses
# nothing: toolguard validates every call against the full schema anyway.
_STRICT_UNSUPPORTED = frozenset({"minLength", "maxLength", "minProperties", "maxProperties", "$schema"})
# The part of JSON Schema a Gemini function declaration's `parameters` takes.
_GEMINI_KEYWORDS = frozenset(
    {
        "type",
        "format",
        "description",
        "nullable",
        "enum",
        "properties",
        "required",
        "items",
        "minItems",
        "maxItems",
        "minimum",
        "maximum",
        "minLength",
        "maxLength",
        "pattern",
        "anyOf",
        "title",
        "default",
    }
)


# The status tool: how a model told "ask for its status later" asks. The same
# name and arguments as the MCP server's (toolguard.mcp.server.STATUS_TOOL), so
# a held call's note reads the same in every shape. It reads one call of the
# caller's own key and changes nothing; a registered tool of the same name wins.
STATUS_TOOL = "get_tool_call_status"
STATUS_TOOL_DESCRIPTION = (
    "The current outcome of a call toolguard held for approval (or whose outcome was not "
    "known yet): pass the call_id its pending result gave."
)
STATUS_TOOL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"call_id": {"type": "string", "description": "toolguard's id of the held call"}},
    "required": ["call_id"],
    "additionalProperties": False,
}


def exported_tools(tools: Iterable[Tool], fmt: str, *, strict: bool = False) -> list[dict[str, Any]]:
    """A tool list as `fmt` expects it: `tools`, then the status tool."""
    tools = list(tools)
    out = [tool_export(tool, fmt, strict=strict) for tool in tools]
    if all(tool.name != STATUS_TOOL for tool in tools):
        out.append(status_tool_export(fmt, strict=strict))
    return out


def status_tool_export(fmt: str, *, strict: bool = False) -> dict[str, Any]:
    """The status tool as `fmt` expects it."""
    return _export(
        fmt,
        name=STATUS_TOOL,
        description=STATUS_TOOL_DESCRIPTION,
        schema=STATUS_TOOL_SCHEMA,
        changes_state=False,
        version="1",
        strict=strict,
    )


def tool_export(tool: Tool, fmt: str, *, strict: bool = False) -> dict[str, Any]:
    """The tool as `fmt` expects it; `strict` applies to the OpenAI formats only."""
    return _export(
        fmt,
        name=tool.name,
        description=tool.description,
        schema=tool.schema,
        changes_state=tool.changes_state,
        version=tool.version,
        strict=strict,
    )


def _export(
    fmt: str,
    *,
    name: str,
    description: str,
    schema: dict[str, Any],
    changes_state: bool,
    version: str,
    strict: bool,
) -> dict[str, Any]:
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"format must be one of {', '.join(EXPORT_FORMATS)}")
    parameters = strict_schema(schema) if strict and fmt in STRICT_FORMATS else schema
    if fmt == "openai":
        function: dict[str, Any] = {"name": name, "description": description, "parameters": parameters}
        if strict:
            function["strict"] = True
        return {"type": "function", "function": function}
    if fmt == "responses":
        return {
            "type": "function",
            "name": name,
            "description": description,
            "parameters": parameters,
            "strict": strict,
        }
    if fmt == "anthropic":
        return {"name": name, "description": description, "input_schema": schema}
    if fmt == "gemini":
        return {"name": name, "description": description, "parameters": gemini_schema(schema)}
    if fmt == "mcp":
        return {
            "name": name,
            "description": description,
            "inputSchema": schema,
            "annotations": {"readOnlyHint": not changes_state, "idempotentHint": True},
        }
    return {
        "name": name,
        "description": description,
        "parameters": schema,
        "changes_state": changes_state,
        "version": version,
    }


def strict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` as OpenAI strict mode accepts it: all properties required, optional ones nullable."""
    out = {key: copy.deepcopy(value) for key, value in schema.items() if key not in _STRICT_UNSUPPORTED}
    if out.get("type") == "object" or "properties" in out:
        properties = out.get("properties", {})
        required = set(out.get("required", ()))
        out["properties"] = {
            name: strict_schema(sub) if name in required else _nullable(strict_schema(sub))
            for name, sub in properties.items()
        }
        out["required"] = list(properties)
        out["additionalProperties"] = False
    if isinstance(out.get("items"), dict):
        out["items"] = strict_schema(out["items"])
    return out


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    kind = schema.get("type")
    if isinstance(kind, str) and kind != "null":
        schema["type"] = [kind, "null"]
    elif isinstance(kind, list) and "null" not in kind:
        schema["type"] = [*kind, "null"]
    elif kind is None:
        return {"anyOf": [schema, {"type": "null"}]}
    if "enum" in schema and None not in schema["enum"]:
        schema["enum"] = [*schema["enum"], None]
    return schema


def gemini_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` cut to the subset Gemini's function declarations take (no additionalProperties, $defs...)."""
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key not in _GEMINI_KEYWORDS:
            continue
        if key == "properties":
            out[key] = {name: gemini_schema(sub) for name, sub in value.items()}
        elif key == "items" and isinstance(value, dict):
            out[key] = gemini_schema(value)
        elif key == "anyOf":
            out[key] = [gemini_schema(sub) for sub in value]
        elif key == "type" and isinstance(value, list):
            # Gemini has one type and a `nullable` flag instead of a type list.
            kinds = [kind for kind in value if kind != "null"]
            out["type"] = kinds[0] if kinds else "null"
            if "null" in value:
                out["nullable"] = True
        else:
            out[key] = copy.deepcopy(value)
    return out
