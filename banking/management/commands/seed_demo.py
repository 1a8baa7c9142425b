import json
from typing import Any

from django.core.management.base import BaseCommand

from banking.services import demo_bank_seed


class Command(BaseCommand):
    help = "Create the demo bank if missing and print fresh credentials."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--json", action="store_true", help="print the credentials as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        credentials = demo_bank_seed()
        if options["json"]:
            self.stdout.write(json.dumps(credentials))
            return
        for customer in credentials["customers"]:
            self.stdout.write(f"customer {customer['id']}: agent key {customer['agent_key']}")
        for person in credentials["reviewers"] + credentials["compliance"]:
            self.stdout.write(f"{person['username']}: password {person['password']}")
