from django.apps import AppConfig


class ToolguardConfig(AppConfig):
    name = "toolguard"
    verbose_name = "Tool execution API"

    def ready(self) -> None:
        from toolguard.api import schema  # noqa: F401  (registers the OpenAPI auth scheme)
        from toolguard.mcp import checks  # noqa: F401  (registers the OAuth resource server's checks)
