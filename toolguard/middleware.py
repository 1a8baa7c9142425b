"""Response headers every page carries."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

# Pages load only what toolguard serves itself: no CDN, no inline script.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "frame-ancestors 'none'; form-action 'self'; base-uri 'self'; object-src 'none'"
)
# Swagger UI boots from one inline script of drf-spectacular's template.
DOCS_POLICY = PAGE_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            policy = DOCS_POLICY if request.path.startswith("/api/docs/") else PAGE_POLICY
            response.setdefault("Content-Security-Policy", policy)
        return response


class NoStoreMiddleware:
    """Pages and API answers carry personal data (names, accounts, audit trails): no cache may keep them.

    Static files are served before this runs (WhiteNoise) and keep their own
    long-lived headers; a response that set its own Cache-Control keeps it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            response["Cache-Control"] = "no-store"
        return response
