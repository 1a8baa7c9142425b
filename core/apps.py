from django.apps import AppConfig


class CoreConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "core"
    verbose_name = "Tool execution: principals, tool calls, idempotency, value windows"

    def ready(self) -> None:
        from core.catalog import catalogs_load

        # Every family's catalog and TOOLGUARD_TOOL_CATALOG, loaded once: validators
        # and policies compile here, so a broken entry stops the process, not a request.
        catalogs_load()

        from core.tracing import tracing_setup

        # Each process (gunicorn worker, qcluster) sets up its own exporter; nothing when tracing is off.
        tracing_setup()
