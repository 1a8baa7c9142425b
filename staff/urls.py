"""A person's own settings under /account/."""

from django.urls import URLPattern, path

from staff import views

app_name = "staff"
urlpatterns: list[URLPattern] = [
    path("security/", views.security, name="security"),
    path("security/factor/enrol/", views.factor_enrol, name="factor_enrol"),
    path("security/factor/confirm/", views.factor_confirm, name="factor_confirm"),
    path("security/tokens/", views.token_create, name="token_create"),
    path("security/tokens/<int:token_id>/revoke/", views.token_revoke, name="token_revoke"),
]
