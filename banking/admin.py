"""The demo bank's accounts and payees in the admin; transfers are records, so read-only."""

from __future__ import annotations

from django.contrib import admin

from banking.models import Account, Payee, Transfer
from core.admin import ReadOnlyAdmin


@admin.register(Account)
class AccountAdmin(admin.ModelAdmin):
    list_display = ("number", "customer", "currency", "balance_cents", "is_active")
    search_fields = ("number", "customer__external_id")


@admin.register(Payee)
class PayeeAdmin(admin.ModelAdmin):
    list_display = ("customer", "account", "label", "created_at")


@admin.register(Transfer)
class TransferAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "customer", "from_account", "to_account", "amount_cents", "status")
    list_filter = ("status",)
    show_full_result_count = False
