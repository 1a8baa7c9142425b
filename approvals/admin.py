"""Approval requests in the admin, read-only: decisions go through the reviewer pages and the API."""

from __future__ import annotations

from django.contrib import admin

from approvals.models import ApprovalDecision, ApprovalRequest
from core.admin import ReadOnlyAdmin


@admin.register(ApprovalRequest)
class ApprovalRequestAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "tool", "customer", "session_id", "status", "required_approvals")
    list_filter = ("status", "tool")
    search_fields = ("=id", "=session_id", "customer__external_id")


@admin.register(ApprovalDecision)
class ApprovalDecisionAdmin(ReadOnlyAdmin):
    list_display = ("approval", "reviewer_label", "decision", "reason_code", "created_at")
