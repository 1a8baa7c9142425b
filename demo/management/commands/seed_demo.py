import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from demo.services import demo_bank_seed
from people.demo import enrol_demo_factors


def credential_lines(credentials: dict[str, Any]) -> list[str]:
    """One labelled line per credential, for a person to read (the JSON is for scripts)."""
    rows: list[tuple[str, str]] = []
    for customer in credentials["customers"]:
        rows.append((f"agent key, customer {customer['id']}", customer["agent_key"]))
    for person in credentials["reviewers"] + credentials["compliance"]:
        rows.append((f"password, {person['username']}", person["password"]))
        if person.get("totp_secret"):
            rows.append((f"TOTP secret, {person['username']}", person["totp_secret"]))
    width = max(len(label) for label, _ in rows) + 1
    return [f"  {label + ':':<{width}} {value}" for label, value in rows]


class Command(BaseCommand):
    help = "Create the demo bank if missing and print fresh credentials."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--json", action="store_true", help="print the credentials as JSON")
        parser.add_argument(
            "--json-file", default="", help="also write the credentials as JSON to this file (make run, make demo)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        credentials = demo_bank_seed()
        # Reviewers get a known TOTP secret, so scripts and tests can pass step-up.
        reviewers = get_user_model().objects.filter(username__in=[r["username"] for r in credentials["reviewers"]])
        factors = enrol_demo_factors(list(reviewers))
        for reviewer in credentials["reviewers"]:
            reviewer["totp_secret"] = factors[reviewer["username"]]
        if options["json_file"]:
            Path(options["json_file"]).write_text(json.dumps(credentials, indent=2) + "\n")
        if options["json"]:
            self.stdout.write(json.dumps(credentials))
            return
        where = f" (also in {options['json_file']})" if options["json_file"] else ""
        self.stdout.write(f"Demo credentials{where}:")
        for line in credential_lines(credentials):
            self.stdout.write(line)
