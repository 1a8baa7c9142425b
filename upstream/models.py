"""The versions of the tools discovered upstream (MCP servers), kept so a schema change is seen and audited."""

from __future__ import annotations

from django.db import models


class UpstreamToolVersion(models.Model):
    """Each input schema an upstream has announced for a tool: a new schema is a new version."""

    name = models.CharField(max_length=64)
    version = models.PositiveIntegerField()
    schema_sha256 = models.CharField(max_length=64)
    input_schema = models.JSONField()
    source = models.CharField(max_length=300)
    discovered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["name", "version"], name="upstream_tool_version_unique")]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"
