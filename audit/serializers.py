from __future__ import annotations

from rest_framework import serializers

from audit.models import AuditEntry

ENTRY_FIELDS = [
    "id",
    "timestamp",
    "actor",
    "actor_type",
    "customer",
    "action",
    "result",
    "tool",
    "tool_call_id",
    "session_id",
    "idempotency_key",
    "approval_id",
    "details",
    "duration_ms",
    # Covered by the hash when set: exported entries can be re-verified outside toolguard.
    "operation_hash",
    "prev_hash",
    "hash",
]


class AuditEntrySerializer(serializers.ModelSerializer):
    class Meta:
        model = AuditEntry
        fields = ENTRY_FIELDS


class AuditPageSerializer(serializers.Serializer):
    results = AuditEntrySerializer(many=True)
    next_cursor = serializers.CharField(allow_null=True)
    previous_cursor = serializers.CharField(allow_null=True)
