from __future__ import annotations

from rest_framework import serializers

from audit.models import AuditEntry
from audit.services import HASHED_FIELDS

# Every hashed field plus the chain links: exported entries can be re-verified outside toolguard.
ENTRY_FIELDS = ["id", *HASHED_FIELDS, "prev_hash", "hash"]


class AuditEntrySerializer(serializers.ModelSerializer):
    class Meta:
        model = AuditEntry
        fields = ENTRY_FIELDS


class AuditReferenceSerializer(serializers.Serializer):
    """The entry that recorded an answer: ask GET /api/v1/audit/<entry_id>/receipt for its receipt."""

    entry_id = serializers.IntegerField()
    leaf_hash = serializers.CharField(help_text="base64 of SHA-256(0x00 || the entry's hash): its Merkle leaf")


class AuditPageSerializer(serializers.Serializer):
    results = AuditEntrySerializer(many=True)
    next_cursor = serializers.CharField(allow_null=True)
    previous_cursor = serializers.CharField(allow_null=True)
