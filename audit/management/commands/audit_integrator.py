"""Run the deployment's one audit tree integrator until stopped (gunicorn's master starts it; audit.tree.Integrator)."""

from __future__ import annotations

import signal
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from audit.tree import Integrator


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--parent", type=int, default=None, help="stop once this process (gunicorn's master) is gone"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        integrator = Integrator(parent=options["parent"])

        def stop(signum: int, frame: object) -> None:
            integrator.stop.set()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        integrator.run()
