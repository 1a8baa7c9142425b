from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "Audit trail"

    def ready(self) -> None:
        from audit.services import audit_append
        from core.registries import audit_writer_register

        # The one chain writer, for the families that reach it through core (core.events.audit_record).
        audit_writer_register(audit_append)

        from audit.siem import SiemMetrics
        from core import metrics

        # /metrics reads each SIEM destination's lag from its cursor at scrape time (core/metrics.py).
        if not any(isinstance(c, SiemMetrics) for c in metrics.scrape_time_collectors):
            metrics.scrape_time_collectors.append(SiemMetrics())

        # Registers the audit log's system checks (retired settings, the witness, the checkpoint log).
        from audit import checks  # noqa: F401
