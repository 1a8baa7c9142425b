"""What the MCP tasks tests share: the 2026-07-28 request envelope and the Tasks extension's schema."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import mcp.types as mt
from jsonschema import Draft202012Validator
from mcp.types.methods import validate_server_result

MODERN = "2026-07-28"
TASKS = "io.modelcontextprotocol/tasks"
# schemas/README.md says where it comes from.
SCHEMA = Path(__file__).parent / "schemas" / "ext-tasks-2026-07-28.schema.json"


def envelope(*, tasks: bool = True, session: str | None = None) -> dict[str, Any]:
    """A 2026-07-28 request's `_meta`: its version and capabilities, with or without the tasks extension."""
    capabilities: dict[str, Any] = {"extensions": {TASKS: {}}} if tasks else {}
    meta: dict[str, Any] = {
        mt.PROTOCOL_VERSION_META_KEY: MODERN,
        mt.CLIENT_CAPABILITIES_META_KEY: capabilities,
        mt.CLIENT_INFO_META_KEY: {"name": "tasks-test", "version": "1"},
    }
    if session is not None:
        meta["toolguard/session"] = session
    return meta


def message(request_id: int, method: str, params: dict[str, Any] | None = None, **envelope_args: Any) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": method,
        "params": {**(params or {}), "_meta": envelope(**envelope_args)},
    }


def headers(method: str, params: dict[str, Any] | None = None) -> dict[str, str]:
    """The routing headers a 2026-07-28 client sends: version, method, and the name it acts on."""
    sent = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method}
    params = params or {}
    if method == "tools/call":
        sent["Mcp-Name"] = params["name"]
    elif method.startswith("tasks/"):
        sent["Mcp-Name"] = params["taskId"]
    return sent


@cache
def _definitions() -> dict[str, Any]:
    return json.loads(SCHEMA.read_text())


def conforms(definition: str, value: dict[str, Any]) -> None:
    """Raise unless `value` is a `definition` of the Tasks extension's 2026-07-28 schema."""
    schema = _definitions()
    Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"}
    ).validate(value)
    if definition == "GetTaskResult" and value["status"] == "completed":
        # The extension types `result` as any object; it is the call's own result, so the core revision's.
        validate_server_result("tools/call", MODERN, value["result"])
