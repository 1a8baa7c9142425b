"""The bank and the agents' records in the admin.

Customers are edited here (a family's own records, such as the bank's
accounts, in that family's admin); agent keys are revoked
(not edited) with the admin action, which writes the audit entry like the
Agent keys page; tool calls and sessions are records, so read-only.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse

from core.admin import ReadOnlyAdmin
from core.models import AgentKey, AgentSession, Customer, ExchangeRate, RateProposal, ToolCall
from core.rate_control import RateControlError, band_percent, plain, rate_confirm, rate_withdraw, rates_submit
from core.rates import RateRow, RateValueError, rate_day_parse, rate_text_parse, rates_audit
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


class ExchangeRateForm(forms.ModelForm):
    """The admin's rate form: the same strict reading as `load_rates` (ASCII digits, a day at most one ahead)."""

    class Meta:
        model = ExchangeRate
        fields = ("currency", "as_of", "rate", "source")

    def clean_rate(self) -> Any:
        raw = str(self.data.get(self.add_prefix("rate"), ""))
        try:
            return rate_text_parse(raw)
        except RateValueError as exc:
            raise forms.ValidationError(f"{exc.code}: {exc}", code=exc.code) from None

    def clean_as_of(self) -> Any:
        if "as_of" not in self.fields:  # a change keeps its day
            return self.instance.as_of
        try:
            return rate_day_parse(str(self.data.get(self.add_prefix("as_of"), "")))
        except RateValueError as exc:
            raise forms.ValidationError(f"{exc.code}: {exc}", code=exc.code) from None


@admin.register(ExchangeRate)
class ExchangeRateAdmin(admin.ModelAdmin):
    """Rates are settings an administrator keeps: every change is audited, as it moves every limit.

    A rate outside TOOLGUARD_RATE_BAND_PERCENT of its currency's recent rates
    (or a currency's first) is not saved here: it becomes a *Rate proposal* that
    another person confirms (core.rate_control). `manage.py load_rates` loads a
    CSV of them the same way.
    """

    form = ExchangeRateForm
    list_display = ("currency", "as_of", "rate", "source", "created_at")
    list_filter = ("currency",)
    search_fields = ("currency", "source")
    date_hierarchy = "as_of"
    readonly_fields = ("created_at",)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        # A change is a new rate for the same day; another day or currency is another rate.
        return ("currency", "as_of", "created_at") if obj is not None else ("created_at",)

    def save_model(self, request: HttpRequest, obj: ExchangeRate, form: Any, change: bool) -> None:
        obj.currency = obj.currency.strip().upper()
        actor, kind = person_actor(signed_in_person(request))
        done = rates_submit([RateRow(obj.currency, obj.as_of, obj.rate, obj.source)], actor=actor, actor_type=kind)
        if done.pending:
            proposal = done.pending[0]
            obj._rate_proposal = proposal  # type: ignore[attr-defined]
            obj.pk = (
                ExchangeRate.objects.filter(currency=obj.currency, as_of=obj.as_of).values_list("pk", flat=True).first()
            )
            return
        saved = ExchangeRate.objects.get(currency=obj.currency, as_of=obj.as_of)
        obj.pk, obj.created_at = saved.pk, saved.created_at

    def log_addition(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        if getattr(obj, "_rate_proposal", None) is not None:
            return None  # nothing was added: the audit log has the proposal
        return super().log_addition(request, obj, message)

    def log_change(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        if getattr(obj, "_rate_proposal", None) is not None:
            return None
        return super().log_change(request, obj, message)

    def response_add(self, request: HttpRequest, obj: ExchangeRate, post_url_continue: str | None = None) -> Any:
        return self._pending_response(request, obj) or super().response_add(request, obj, post_url_continue)

    def response_change(self, request: HttpRequest, obj: ExchangeRate) -> Any:
        return self._pending_response(request, obj) or super().response_change(request, obj)

    def _pending_response(self, request: HttpRequest, obj: ExchangeRate) -> HttpResponseRedirect | None:
        proposal = getattr(obj, "_rate_proposal", None)
        if proposal is None:
            return None
        messages.warning(
            request,
            f"Not in force yet (rate_pending_confirmation): {proposal.currency} {plain(proposal.rate)} from "
            f"{proposal.as_of} is outside "
            f"{band_percent()} % of its recent rates (or its currency's first): calls keep the rate in force "
            f"until another person confirms it.",
        )
        return HttpResponseRedirect(reverse("admin:core_rateproposal_changelist"))

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


@admin.register(RateProposal)
class RateProposalAdmin(ReadOnlyAdmin):
    """Rates waiting for a second person: confirmed (by anyone but their proposer) or withdrawn with an action."""

    list_display = ("id", "currency", "as_of", "rate", "reference_rate", "proposed_by", "status", "decided_by")
    list_filter = ("status", "currency")
    actions = ["confirm", "withdraw"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Actions need change permission; the fields stay read-only (no form saves them).
        return bool(request.user.has_perm("core.change_exchangerate"))

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return [field.name for field in RateProposal._meta.fields]

    @admin.action(description="Confirm the selected rates (as the second person)")
    def confirm(self, request: HttpRequest, queryset: QuerySet[RateProposal]) -> None:
        self._decide(request, queryset, rate_confirm, "confirmed and in force")

    @admin.action(description="Withdraw the selected rates")
    def withdraw(self, request: HttpRequest, queryset: QuerySet[RateProposal]) -> None:
        self._decide(request, queryset, rate_withdraw, "withdrawn")

    def _decide(self, request: HttpRequest, queryset: QuerySet[RateProposal], decide: Any, verb: str) -> None:
        actor, kind = person_actor(signed_in_person(request))
        done = 0
        for proposal in queryset.order_by("id"):
            try:
                decide(proposal.pk, actor=actor, actor_type=kind)
                done += 1
            except RateControlError as exc:
                messages.error(request, f"Refused ({exc.code}): {exc}")
        if done:
            messages.success(request, f"{done} rate(s) {verb}.")
