from django.apps import apps
from django.conf import settings
from django.contrib import admin
from django.contrib.auth.decorators import login_required
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.permissions import IsAuthenticated

from approvals import api as approvals_api
from staff import audit_api, oidc_views, receipt_api
from toolguard import pages, replay_views, views
from toolguard.api import views as api
from toolguard.api.auth import AGENT_FIRST
from toolguard.mcp.oauth import protected_resource_metadata
from toolguard.mcp.views import mcp_endpoint


class SchemaView(SpectacularAPIView):
    """The OpenAPI document, for anyone holding credentials: agents and people."""

    authentication_classes = AGENT_FIRST
    permission_classes = [IsAuthenticated]


api_v1 = [
    path("tool-calls", api.ToolCallCreateView.as_view(), name="tool-call-create"),
    path("tool-calls/<uuid:tool_call_id>", api.ToolCallDetailView.as_view(), name="tool-call-detail"),
    path("tools", api.ToolListView.as_view(), name="tool-list"),
    path("approvals", approvals_api.ApprovalListView.as_view(), name="approval-list"),
    path("approvals/<uuid:approval_id>", approvals_api.ApprovalDetailView.as_view(), name="approval-detail"),
    path(
        "approvals/<uuid:approval_id>/decision",
        approvals_api.ApprovalDecisionView.as_view(),
        name="approval-decision",
    ),
    path("audit", audit_api.AuditListView.as_view(), name="audit-list"),
    path("audit/export", audit_api.AuditExportView.as_view(), name="audit-export"),
    path("audit/alerts", audit_api.AlertListView.as_view(), name="audit-alert-list"),
    path("audit/checkpoint", audit_api.CheckpointView.as_view(), name="audit-checkpoint"),
    path("audit/consistency", audit_api.ConsistencyProofView.as_view(), name="audit-consistency"),
    path("audit/<int:entry_id>/proof", audit_api.InclusionProofView.as_view(), name="audit-inclusion-proof"),
    path("audit/<int:entry_id>/receipt", receipt_api.ReceiptView.as_view(), name="audit-receipt"),
]

handler400 = "toolguard.api.errors.bad_request"
handler404 = "toolguard.api.errors.page_not_found"
handler500 = "toolguard.api.errors.server_error"

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", login_required(SpectacularSwaggerView.as_view(url_name="schema")), name="swagger-ui"),
    path("mcp", mcp_endpoint, name="mcp"),
    # RFC 9728: at the root, and with the resource's path appended, where clients look first.
    path(".well-known/oauth-protected-resource", protected_resource_metadata, name="oauth-protected-resource"),
    path(".well-known/oauth-protected-resource/mcp", protected_resource_metadata),
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    path("metrics", views.metrics_view, name="metrics"),
    path("accounts/login/", oidc_views.SignInView.as_view(), name="login"),
    # Staff sign-in with the OpenID Connect provider (off unless OIDC_ISSUER is set).
    path("oidc/authenticate/", oidc_views.authenticate, name="oidc_authenticate"),
    path("oidc/callback/", oidc_views.callback, name="oidc_callback"),
    path("oidc/step-up/", oidc_views.step_up, name="oidc_step_up"),
    path("accounts/logout/", oidc_views.SignOutView.as_view(), name="logout"),
    path("review/", include("approvals.urls")),
    # A compliance page, under /audit/ with the others; its service is the pipeline's policy stage.
    path("audit/policy-replay/", replay_views.policy_replay_page, name="policy-replay"),
    path("audit/", include("staff.audit_urls")),
    path("account/", include("staff.urls")),
    path("admin/", admin.site.urls),
    path("", login_required(pages.home), name="home"),
]

if settings.TOOLGUARD_BENCH_ENDPOINTS:
    # Only for the benchmarks: a family's unguarded baselines (bench/pipeline.py's
    # bare transfer), named by its AppConfig so the core imports no family.
    for config in apps.get_app_configs():
        bench_urls = getattr(config, "bench_urls", None)
        if bench_urls:
            urlpatterns.append(path("bench/", include(bench_urls)))
