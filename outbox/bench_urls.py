"""Mounted under /bench/ only with TOOLGUARD_BENCH_ENDPOINTS=true (see toolguard/urls.py)."""

from django.urls import path

from outbox import bench_views

urlpatterns = [
    path("bare-outbox", bench_views.BareOutboxView.as_view(), name="bench-bare-outbox"),
]
