"""Serializer fields that read JSON as JSON."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class JSONIntegerField(serializers.IntegerField):
    """An integer that arrived as a JSON integer: DRF's own also takes "7", 7.0 and 1e2."""

    default_error_messages = {"invalid": "must be a JSON integer"}

    def to_internal_value(self, data: Any) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return int(super().to_internal_value(data))
