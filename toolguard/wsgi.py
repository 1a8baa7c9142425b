import os
import sys

from django.core.wsgi import get_wsgi_application

from toolguard.drain import BodyDrainMiddleware

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toolguard.settings")
try:
    django_application = get_wsgi_application()
except Exception as exc:
    from core.catalog import CatalogError

    if not isinstance(exc, CatalogError):
        raise
    # One line for the catalog's author (file, line, tool, rule, problem), then the
    # server stops: a broken catalog must never serve.
    sys.stderr.write(f"toolguard: {exc}\n")
    sys.exit(2)
# A refused body is read to its end after the answer, so the client sees the answer, not a reset.
application = BodyDrainMiddleware(django_application)
