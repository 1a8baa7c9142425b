"""The status tool is one tool: the same name and arguments in the MCP server, every tool list and the client."""

from __future__ import annotations

from typing import Any

import mcp.types as mt
from anthropic.types import ToolParam
from google.genai import types as genai
from openai.types.chat import ChatCompletionFunctionToolParam
from openai.types.responses import FunctionToolParam
from pydantic import TypeAdapter

import toolguard_client
from core.tools import all_tools
from toolguard.api.exports import STATUS_TOOL, STATUS_TOOL_SCHEMA, exported_tools, status_tool_export
from toolguard.mcp import server


def test_one_name_everywhere() -> None:
    assert STATUS_TOOL == server.STATUS_TOOL == toolguard_client.STATUS_TOOL == "get_tool_call_status"


def test_each_shape_takes_the_status_tool_as_its_sdk_types_it() -> None:
    TypeAdapter(ChatCompletionFunctionToolParam).validate_python(status_tool_export("openai"))
    strict = status_tool_export("openai", strict=True)["function"]
    assert strict["strict"] is True and strict["parameters"]["additionalProperties"] is False
    TypeAdapter(FunctionToolParam).validate_python(status_tool_export("responses", strict=True))
    TypeAdapter(ToolParam).validate_python(status_tool_export("anthropic"))
    genai.FunctionDeclaration.model_validate(status_tool_export("gemini"))
    as_mcp = mt.Tool.model_validate(status_tool_export("mcp"))
    assert as_mcp.input_schema == STATUS_TOOL_SCHEMA and as_mcp.annotations and as_mcp.annotations.read_only_hint
    assert status_tool_export("native")["changes_state"] is False


def test_a_registered_tool_of_that_name_is_listed_once() -> None:
    tools = list(all_tools())
    assert [t.get("name") for t in exported_tools(tools, "anthropic")][-1] == STATUS_TOOL

    class Named:
        def __init__(self, tool: Any) -> None:
            self.__dict__.update(vars(tool))
            self.name = STATUS_TOOL

    clash = [*tools, Named(tools[0])]
    listed = [t["name"] for t in exported_tools(clash, "anthropic")]  # type: ignore[arg-type]
    assert listed.count(STATUS_TOOL) == 1
