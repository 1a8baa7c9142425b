"""OpenAPI description of agent-key authentication."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class AgentKeyScheme(OpenApiAuthenticationExtension):
    target_class = "toolguard.api.auth.AgentKeyAuthentication"
    name = "agentKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "bearer", "description": "An agent key: tg_<prefix>_<secret>"}
