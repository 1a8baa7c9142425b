from django.apps import AppConfig


class PeopleConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "people"
    verbose_name = "People: roles, second factors, personal tokens, credentials"

    def ready(self) -> None:
        # Registers the checks, the OpenAPI auth scheme and the revocation of a deactivated person's tokens.
        from people import checks, schema, signals  # noqa: F401
