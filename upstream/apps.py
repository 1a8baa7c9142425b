from django.apps import AppConfig


class UpstreamConfig(AppConfig):
    name = "upstream"
    label = "upstream"
    verbose_name = "Upstream tools"
    # Catalog entries with `upstream: {http: ...}` or `upstream: {mcp: {url, tool}}`.
    executor_factories = {
        "http": "upstream.executors.http_executor_factory",
        "mcp": "upstream.executors.mcp_executor_factory",
    }
    # How the outbox sends a dispatching call of each kind (core.tools.transport_send).
    transports = {
        "http": "upstream.transport.attempt_send",
        "mcp": "upstream.transport.attempt_send",
    }
    # Catalog entries with `upstream: {mcp: {url, prefix}}`: every tool of that server.
    source_factories = {"mcp": "upstream.mcp.mcp_catalog_source"}

    def ready(self) -> None:
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
