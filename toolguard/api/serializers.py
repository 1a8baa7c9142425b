"""Shapes of the tool-execution API, for validation and the OpenAPI document."""

from __future__ import annotations

from rest_framework import serializers

from audit.serializers import AuditReferenceSerializer
from core.api import ErrorSerializer
from core.enums import ToolCallStatus
from toolguard.api.formats import SESSION_ID


class ToolCallInputSerializer(serializers.Serializer):
    """Documentation only: the body is parsed by api.formats, which knows the six shapes and the batches.

    One call: `session_id` plus the fields of one shape. A batch: `session_id`
    plus `message` (an OpenAI Chat, Anthropic, LangChain or Gemini assistant
    message) or `items` (an OpenAI Responses output list).
    """

    session_id = serializers.RegexField(
        SESSION_ID.pattern, max_length=128, help_text="The agent conversation this call belongs to"
    )
    id = serializers.CharField(required=False, max_length=128, help_text="The provider's tool call id")
    name = serializers.CharField(
        required=False, max_length=64, help_text="Native, Responses, Anthropic and LangChain shapes: the tool name"
    )
    arguments = serializers.JSONField(
        required=False, help_text="Native shape: the arguments object; Responses: the arguments as a JSON string"
    )
    type = serializers.ChoiceField(choices=["function", "function_call", "tool_use", "tool_call"], required=False)
    function = serializers.JSONField(required=False, help_text='OpenAI Chat shape: {"name", "arguments": "<json>"}')
    call_id = serializers.CharField(required=False, max_length=128, help_text="Responses shape: the call id")
    input = serializers.JSONField(required=False, help_text="Anthropic shape: the arguments object")
    args = serializers.JSONField(required=False, help_text="LangChain shape: the arguments object")
    functionCall = serializers.JSONField(required=False, help_text='Gemini shape: {"id", "name", "args"}')
    message = serializers.JSONField(
        required=False, help_text="Batch: a whole assistant message (Chat, Anthropic, LangChain or Gemini)"
    )
    items = serializers.JSONField(required=False, help_text="Batch: an OpenAI Responses output item list")


class ToolCallOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField(
        allow_null=True,
        help_text="toolguard's id of the call (for get_tool_call_status, of the call asked about); "
        "null only when get_tool_call_status named no call of this key",
    )
    tool_call_id = serializers.CharField(allow_blank=True)
    tool = serializers.CharField()
    status = serializers.ChoiceField(choices=ToolCallStatus.values)
    result = serializers.JSONField(allow_null=True)
    error = ErrorSerializer(allow_null=True)
    approval_id = serializers.UUIDField(allow_null=True)
    replayed = serializers.BooleanField()
    arguments_mismatch = serializers.BooleanField()
    tool_message = serializers.JSONField()
    audit = AuditReferenceSerializer(
        allow_null=True,
        help_text="The audit entry recording this outcome; keep it: its receipt proves the entry is in the log",
    )
    http_status = serializers.IntegerField(
        required=False, help_text="In a batch only: the HTTP status this call alone would have been answered with"
    )


class BatchOutputSerializer(serializers.Serializer):
    results = ToolCallOutputSerializer(many=True)
    tool_messages = serializers.ListField(
        child=serializers.JSONField(),
        help_text="Append these to the conversation: one tool message (Chat, LangChain) or item (Responses) per "
        "call; one user message with every tool_result (Anthropic) or functionResponse (Gemini)",
    )


class ToolExportSerializer(serializers.Serializer):
    tools = serializers.ListField(child=serializers.JSONField())
    format = serializers.CharField()
