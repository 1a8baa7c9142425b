from django.apps import AppConfig


class ToolguardConfig(AppConfig):
    name = "toolguard"
    verbose_name = "Tool execution"

    def ready(self) -> None:
        # Registering the tools compiles every validator once, at start-up,
        # so a bad schema stops the process instead of a request.
        from toolguard.api import schema  # noqa: F401  (registers the OpenAPI auth scheme)
        from toolguard.tools import banking  # noqa: F401
