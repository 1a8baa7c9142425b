"""Compliance pages under /audit/."""

from django.urls import path  # noqa: F401

app_name = "audit"
urlpatterns: list = []
