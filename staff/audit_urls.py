"""Compliance pages under /audit/."""

from django.urls import path, register_converter

from staff import audit_views as views


class StoredTextConverter:
    """Any non-empty stored value, newlines and slashes included.

    Timelines link identifiers an agent chose. Django's `str` and `path`
    converters cannot reverse a value holding a newline, so a stored value
    like that would make every page linking it fail; this one reverses
    whatever is stored (the URL percent-encodes it) and the view checks it.
    """

    regex = "(?s:.+)"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: object) -> str:
        return str(value)


register_converter(StoredTextConverter, "stored")

app_name = "audit"
urlpatterns = [
    path("", views.search, name="search"),
    path("entries/<int:entry_id>/", views.entry_detail, name="entry"),
    path("entries/<int:entry_id>/receipt/", views.entry_receipt, name="entry_receipt"),
    path("tool-calls/<stored:tool_call_id>/", views.tool_call_timeline, name="tool-call"),
    path("sessions/<stored:session_id>/", views.session_timeline, name="session"),
    path("approvals/<stored:approval_id>/", views.approval_timeline, name="approval"),
    path("alerts/", views.alerts, name="alerts"),
    path("alerts/<int:alert_id>/triage/", views.alert_triage, name="alert_triage"),
    path("quarantines/", views.quarantines, name="quarantines"),
    path("quarantines/sessions/<int:session_pk>/release/", views.quarantine_release, name="quarantine_release"),
    path("quarantines/keys/<int:key_pk>/release/", views.quarantined_key_release, name="quarantine_key_release"),
    path("keys/", views.agent_keys, name="keys"),
    path("keys/<int:key_id>/revoke/", views.agent_key_revoke, name="key_revoke"),
    path("keys/<int:key_id>/rotate/", views.agent_key_rotate, name="key_rotate"),
]
