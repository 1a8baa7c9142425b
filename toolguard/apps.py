from django.apps import AppConfig


class ToolguardConfig(AppConfig):
    name = "toolguard"
    verbose_name = "Tool execution"

    def ready(self) -> None:
        from toolguard.api import schema  # noqa: F401  (registers the OpenAPI auth scheme)
        from toolguard.catalog import catalogs_load

        # Every family's catalog and TOOLGUARD_TOOL_CATALOG, loaded once: validators
        # and policies compile here, so a broken entry stops the process, not a request.
        catalogs_load()
