from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "Audit trail"
    # The one chain writer, for apps that reach it through core (core.events.audit_record).
    audit_writer = "audit.services.audit_append"

    def ready(self) -> None:
        from audit.siem import SiemMetrics
        from core import metrics

        # /metrics reads each SIEM destination's lag from its cursor at scrape time (core/metrics.py).
        if not any(isinstance(c, SiemMetrics) for c in metrics.scrape_time_collectors):
            metrics.scrape_time_collectors.append(SiemMetrics())
