from django.apps import AppConfig


class BenchgenConfig(AppConfig):
    """Synthetic audit traffic for bench/audit.py. Installed only with TOOLGUARD_BENCH_APPS=1, never in production."""

    name = "benchgen"
    default_auto_field = "django.db.models.BigAutoField"
