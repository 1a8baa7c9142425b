import os
import sys

from django.core.wsgi import get_wsgi_application

from toolguard.drain import BodyDrainMiddleware
from toolguard.signing import unsigned_notice

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toolguard.settings")
try:
    django_application = get_wsgi_application()
except Exception as exc:
    from django.core.exceptions import ImproperlyConfigured

    from core.catalog import CatalogError

    if isinstance(exc, ImproperlyConfigured) and not isinstance(exc, CatalogError):
        # A setting the environment got wrong: one line (the setting, the problem, an example).
        sys.stderr.write(f"toolguard: ImproperlyConfigured: {exc}\n")
        sys.exit(2)
    if not isinstance(exc, CatalogError):
        raise
    # One line for the catalog's author (file, line, tool, rule, problem), then the
    # server stops: a broken catalog must never serve.
    sys.stderr.write(f"toolguard: {exc}\n")
    sys.exit(2)
if notice := unsigned_notice():
    from django.conf import settings

    if not settings.DEBUG and os.environ.get("TOOLGUARD_REQUIRE_SECRET_KEY"):
        # Production (docs/operations.md): a log that signs nothing must not serve.
        sys.stderr.write(f"toolguard: refusing to start: {notice}\n")
        sys.exit(2)
    sys.stderr.write(f"toolguard: {notice}\n")
# A refused body is read to its end after the answer, so the client sees the answer, not a reset.
application = BodyDrainMiddleware(django_application)
