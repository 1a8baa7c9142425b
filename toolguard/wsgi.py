import os

from django.core.wsgi import get_wsgi_application

from toolguard.drain import BodyDrainMiddleware

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toolguard.settings")
# A refused body is read to its end after the answer, so the client sees the answer, not a reset.
application = BodyDrainMiddleware(get_wsgi_application())
