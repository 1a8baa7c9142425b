from django.apps import AppConfig


class OutboxConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "outbox"
    verbose_name = "Outbox: exactly once past toolguard"
    # The unguarded outbox bench/upstream.py compares against (TOOLGUARD_BENCH_ENDPOINTS only).
    bench_urls = "outbox.bench_urls"

    def ready(self) -> None:
        from core.registries import held_dispatcher_register
        from outbox.services import dispatch_approved

        # Approving a held call of a dispatching tool queues its send here; approvals
        # sits below this app and reaches it through core.registries.HeldDispatcher.
        held_dispatcher_register(dispatch_approved)
