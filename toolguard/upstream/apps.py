from django.apps import AppConfig


class UpstreamConfig(AppConfig):
    name = "toolguard.upstream"
    label = "upstream"
    verbose_name = "Upstream tools"

    def ready(self) -> None:
        # Modules that register upstream tools (HTTP APIs, MCP servers) are
        # imported once the models are ready; an MCP upstream that is down
        # is logged and left for `manage.py tools_sync`, never a failed start.
        from importlib import import_module

        from django.conf import settings

        for module in settings.TOOLGUARD_UPSTREAM_MODULES:
            import_module(module)
