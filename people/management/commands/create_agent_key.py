from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.models import Customer
from people.credentials import agent_key_issue


class Command(BaseCommand):
    help = "Issue an agent key for a customer; the key is shown once and stored hashed."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--customer", required=True, help="customer id, e.g. user-123")
        parser.add_argument("--tools", default="", help="comma-separated tool names (default: all)")
        parser.add_argument("--name", default="", help="a label for the key")

    def handle(self, *args: Any, **options: Any) -> None:
        customer = Customer.objects.filter(external_id=options["customer"]).first()
        if customer is None:
            raise CommandError(f"no customer {options['customer']!r}")
        tools = [t.strip() for t in options["tools"].split(",") if t.strip()] or None
        try:
            key, raw = agent_key_issue(customer=customer, tools=tools, name=options["name"])
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(raw)
        self.stderr.write(f"issued {key.label} for tools {', '.join(key.allowed_tools)}")
