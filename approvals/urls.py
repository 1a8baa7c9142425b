"""Reviewer pages under /review/."""

from django.urls import URLPattern, path

from approvals import views

app_name = "review"
urlpatterns: list[URLPattern] = [
    path("", views.queue, name="queue"),
    path("rows/", views.queue_rows, name="queue_rows"),
    path("<uuid:approval_id>/", views.detail, name="detail"),
    path("<uuid:approval_id>/decision/", views.decide, name="decide"),
    path("<uuid:approval_id>/receipts/<int:entry_id>/", views.decision_receipt, name="receipt"),
    path("<uuid:approval_id>/release-session/", views.release_session, name="release_session"),
    path("cases/<uuid:approval_id>/", views.case_detail, name="case"),
    path("cases/<uuid:approval_id>/decision/", views.case_decide_view, name="case_decide"),
]
