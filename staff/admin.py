from __future__ import annotations

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from people.models import PersonalToken
from staff.models import AlertTriage


@admin.register(PersonalToken)
class PersonalTokenAdmin(ReadOnlyAdmin):
    list_display = ("label", "name", "user", "created_at", "last_used_at", "revoked_at")
    exclude = ("key_hash",)


@admin.register(AlertTriage)
class AlertTriageAdmin(ReadOnlyAdmin):
    list_display = ("alert", "status", "assignee", "updated_by", "updated_at")
