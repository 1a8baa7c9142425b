from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "Audit trail"
    # The one chain writer, for apps that reach it through core (core.events.audit_record).
    audit_writer = "audit.services.audit_append"
