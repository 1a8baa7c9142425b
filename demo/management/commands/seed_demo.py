import json
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from demo.services import demo_bank_seed
from people.demo import enrol_demo_factors


class Command(BaseCommand):
    help = "Create the demo bank if missing and print fresh credentials."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--json", action="store_true", help="print the credentials as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        credentials = demo_bank_seed()
        # Reviewers get a known TOTP secret, so scripts and tests can pass step-up.
        reviewers = get_user_model().objects.filter(username__in=[r["username"] for r in credentials["reviewers"]])
        factors = enrol_demo_factors(list(reviewers))
        for reviewer in credentials["reviewers"]:
            reviewer["totp_secret"] = factors[reviewer["username"]]
        if options["json"]:
            self.stdout.write(json.dumps(credentials))
            return
        for customer in credentials["customers"]:
            self.stdout.write(f"customer {customer['id']}: agent key {customer['agent_key']}")
        for person in credentials["reviewers"] + credentials["compliance"]:
            self.stdout.write(f"{person['username']}: password {person['password']}")
