from pathlib import Path

from django.apps import AppConfig


class SupportConfig(AppConfig):
    name = "support"
    verbose_name = "Customer support"
    default_auto_field = "django.db.models.BigAutoField"
    # refund_order and send_customer_email and their policy.
    tool_catalog = Path(__file__).resolve().parent / "catalog.yaml"
