from django.apps import AppConfig


class StaffConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "staff"
    verbose_name = "Staff: tokens, second factors, incident work"

    def ready(self) -> None:
        from staff import schema  # noqa: F401  (registers the OpenAPI auth scheme)
