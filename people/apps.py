from django.apps import AppConfig


class PeopleConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "people"
    verbose_name = "People: roles, second factors, personal tokens, credentials"

    def ready(self) -> None:
        from people import checks, schema  # noqa: F401  (registers the deploy checks and the OpenAPI auth scheme)
