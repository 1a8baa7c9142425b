from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.apps import AppConfig

if TYPE_CHECKING:
    from core.catalog import ExecutorFactory, SourceFactory


class UpstreamConfig(AppConfig):
    name = "upstream"
    label = "upstream"
    verbose_name = "Upstream tools"

    def executor_factories(self) -> Mapping[str, ExecutorFactory]:
        """Catalog entries `upstream: {http: ...}` or `upstream: {mcp: {url, tool}}` (core.catalog.UpstreamKinds)."""
        from upstream.executors import http_executor_factory, mcp_executor_factory

        return {"http": http_executor_factory, "mcp": mcp_executor_factory}

    def source_factories(self) -> Mapping[str, SourceFactory]:
        """Catalog entries with `upstream: {mcp: {url, prefix}}`: every tool of that server."""
        from upstream.mcp import mcp_catalog_source

        return {"mcp": mcp_catalog_source}

    def ready(self) -> None:
        from core.tools import transport_register
        from upstream.transport import attempt_send

        # How the outbox sends a dispatching call of each kind (core.tools.transport_send).
        transport_register("http", attempt_send)
        transport_register("mcp", attempt_send)

        # Modules that register upstream tools (HTTP APIs, MCP servers) are
        # imported once the models are ready; an MCP upstream that is down
        # is logged and left for `manage.py tools_sync`, never a failed start.
        from importlib import import_module

        from django.conf import settings

        for module in settings.TOOLGUARD_UPSTREAM_MODULES:
            import_module(module)

        # A schema tools_sync recorded since is loaded before the next request runs.
        from django.core.signals import request_started

        from upstream.generation import registry_refresh

        request_started.connect(registry_refresh, dispatch_uid="upstream.registry_refresh")
