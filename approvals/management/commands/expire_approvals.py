from typing import Any

from django.core.management.base import BaseCommand

from approvals.services import approvals_expire


class Command(BaseCommand):
    help = "Expire every pending approval request past its deadline."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"expired {approvals_expire()} approval requests")
