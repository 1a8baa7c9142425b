from django.apps import AppConfig


class OutboxConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "outbox"
    verbose_name = "Outbox: exactly once past toolguard"
    # The unguarded outbox bench/upstream.py compares against (TOOLGUARD_BENCH_ENDPOINTS only).
    bench_urls = "outbox.bench_urls"
    # Approving a held call of a dispatching tool queues its send here
    # (approvals reaches it through core.tools.app_hook: it sits below this app).
    held_dispatch = "outbox.services.dispatch_approved"
