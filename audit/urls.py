"""Compliance pages under /audit/."""

from django.urls import path

from audit import views

app_name = "audit"
urlpatterns = [
    path("", views.search, name="search"),
    path("entries/<int:entry_id>/", views.entry_detail, name="entry"),
    path("tool-calls/<str:tool_call_id>/", views.tool_call_timeline, name="tool-call"),
    path("sessions/<path:session_id>/", views.session_timeline, name="session"),
    path("approvals/<str:approval_id>/", views.approval_timeline, name="approval"),
    path("alerts/", views.alerts, name="alerts"),
    path("alerts/<int:alert_id>/triage/", views.alert_triage, name="alert_triage"),
    path("quarantines/", views.quarantines, name="quarantines"),
    path("quarantines/sessions/<int:session_pk>/release/", views.quarantine_release, name="quarantine_release"),
    path("quarantines/keys/<int:key_pk>/release/", views.quarantined_key_release, name="quarantine_key_release"),
    path("keys/", views.agent_keys, name="keys"),
    path("keys/<int:key_id>/revoke/", views.agent_key_revoke, name="key_revoke"),
    path("keys/<int:key_id>/rotate/", views.agent_key_rotate, name="key_rotate"),
]
