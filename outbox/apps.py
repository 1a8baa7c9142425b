from django.apps import AppConfig


class OutboxConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "outbox"
    verbose_name = "Outbox: exactly once past toolguard"
    # The unguarded outbox bench/upstream.py compares against (TOOLGUARD_BENCH_ENDPOINTS only).
    bench_urls = "outbox.bench_urls"
