"""The versions of the tools discovered upstream (MCP servers), kept so a change is seen, audited and accepted."""

from __future__ import annotations

from django.db import models


class UpstreamToolVersion(models.Model):
    """Each announcement an upstream has made for a tool (inputSchema, description, annotations).

    A new announcement is a new version. A version whose schema or description
    differs from the last accepted one waits for an operator (`accepted_at`
    null) and the tool is withheld meanwhile; the first version of a tool, and
    one that changes only the upstream's hints, are accepted when recorded.
    """

    name = models.CharField(max_length=64)
    version = models.PositiveIntegerField()
    schema_sha256 = models.CharField(max_length=64)
    input_schema = models.JSONField()
    # What else the upstream said: {"description", "annotations"}; empty on versions recorded before it was kept.
    announcement = models.JSONField(default=dict)
    announcement_sha256 = models.CharField(max_length=64, blank=True)
    source = models.CharField(max_length=300)
    discovered_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.CharField(max_length=150, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["name", "version"], name="upstream_tool_version_unique")]

    def __str__(self) -> str:
        return f"{self.name} v{self.version}"
