"""The bank and the agents' records in the admin.

Customers are edited here (a family's own records, such as the bank's
accounts, in that family's admin); agent keys are revoked
(not edited) with the admin action, which writes the audit entry like the
Agent keys page; tool calls and sessions are records, so read-only.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from core.admin import ReadOnlyAdmin
from core.models import AgentKey, AgentSession, Customer, ExchangeRate, ToolCall
from core.rates import RateRow, rates_audit, values_convert_waiting
from people.roles import person_actor, signed_in_person
from staff.incidents import IncidentRefused, agent_key_revoke


@admin.register(Customer)
class CustomerAdmin(admin.ModelAdmin):
    list_display = ("external_id", "name", "user")
    search_fields = ("external_id", "name")


@admin.register(AgentKey)
class AgentKeyAdmin(ReadOnlyAdmin):
    list_display = ("label", "name", "customer", "created_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("prefix", "customer__external_id")
    actions = ["revoke"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Actions need change permission; the fields stay read-only (no form saves them).
        return bool(request.user.is_superuser)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [field.name for field in AgentKey._meta.fields]

    @admin.action(description="Revoke the selected keys")
    def revoke(self, request: HttpRequest, queryset: QuerySet[AgentKey]) -> None:
        actor = signed_in_person(request)
        done = 0
        for key in queryset:
            try:
                agent_key_revoke(key_id=key.pk, actor=actor, note="revoked in the admin")
                done += 1
            except IncidentRefused:
                pass
        messages.success(request, f"{done} key(s) revoked.")


@admin.register(AgentSession)
class AgentSessionAdmin(ReadOnlyAdmin):
    list_display = ("customer", "session_id", "injection_blocks", "quarantined_at", "released_at", "released_by")
    list_filter = ("quarantined_at",)
    search_fields = ("session_id", "customer__external_id")


@admin.register(ToolCall)
class ToolCallAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "customer", "tool", "status", "session_id", "idempotency_key")
    # Statuses from their choices (core.enums), not a DISTINCT over every call ever made.
    list_filter = (("status", admin.ChoicesFieldListFilter), "tool")
    search_fields = ("=id", "=session_id", "=idempotency_key")
    show_full_result_count = False


@admin.register(ExchangeRate)
class ExchangeRateAdmin(admin.ModelAdmin):
    """Rates are settings an administrator keeps: every change is audited, as it moves every limit.

    `manage.py load_rates` loads a CSV of them the same way.
    """

    list_display = ("currency", "as_of", "rate", "source", "created_at")
    list_filter = ("currency",)
    search_fields = ("currency", "source")
    date_hierarchy = "as_of"
    readonly_fields = ("created_at",)

    def save_model(self, request: HttpRequest, obj: ExchangeRate, form: Any, change: bool) -> None:
        obj.currency = obj.currency.strip().upper()
        super().save_model(request, obj, form, change)
        values_convert_waiting()
        self._audit(request, obj, deleted=False)

    def delete_model(self, request: HttpRequest, obj: ExchangeRate) -> None:
        super().delete_model(request, obj)
        self._audit(request, obj, deleted=True)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[ExchangeRate]) -> None:
        rates = list(queryset)
        super().delete_queryset(request, queryset)
        for rate in rates:
            self._audit(request, rate, deleted=True)

    def _audit(self, request: HttpRequest, rate: ExchangeRate, *, deleted: bool) -> None:
        actor, kind = person_actor(signed_in_person(request))
        row = RateRow(rate.currency, rate.as_of, rate.rate, rate.source)
        rates_audit([row], actor=actor, actor_type=kind, deleted=deleted)
