"""Shapes of the tool-execution API, for validation and the OpenAPI document."""

from __future__ import annotations

from rest_framework import serializers

from toolguard.api.formats import SESSION_ID


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    details = serializers.JSONField(allow_null=True)


class ErrorResponseSerializer(serializers.Serializer):
    error = ErrorSerializer()


class ToolCallInputSerializer(serializers.Serializer):
    """Documentation only: the body is parsed by api.formats, which knows the three shapes."""

    session_id = serializers.RegexField(
        SESSION_ID.pattern, max_length=128, help_text="The agent conversation this call belongs to"
    )
    id = serializers.CharField(required=False, max_length=128, help_text="The provider's tool call id")
    name = serializers.CharField(required=False, max_length=64, help_text="Native and Anthropic shapes: the tool name")
    arguments = serializers.JSONField(required=False, help_text="Native shape: the arguments object")
    type = serializers.ChoiceField(choices=["function", "tool_use"], required=False)
    function = serializers.JSONField(required=False, help_text='OpenAI shape: {"name", "arguments": "<json>"}')
    input = serializers.JSONField(required=False, help_text="Anthropic shape: the arguments object")


class ToolCallOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    tool_call_id = serializers.CharField(allow_blank=True)
    tool = serializers.CharField()
    status = serializers.ChoiceField(
        choices=[
            "completed",
            "pending_approval",
            "rejected",
            "expired",
            "invalid",
            "blocked",
            "failed",
            "denied",
            "quarantined",
            "dispatching",
        ]
    )
    result = serializers.JSONField(allow_null=True)
    error = ErrorSerializer(allow_null=True)
    approval_id = serializers.UUIDField(allow_null=True)
    replayed = serializers.BooleanField()
    arguments_mismatch = serializers.BooleanField()
    tool_message = serializers.JSONField()


class ToolExportSerializer(serializers.Serializer):
    tools = serializers.ListField(child=serializers.JSONField())
    format = serializers.CharField()
