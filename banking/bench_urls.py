"""Mounted under /bench/ only with TOOLGUARD_BENCH_ENDPOINTS=true (see toolguard/urls.py)."""

from django.urls import path

from banking import bench_views

urlpatterns = [
    path("bare-transfer", bench_views.BareTransferView.as_view(), name="bench-bare-transfer"),
]
