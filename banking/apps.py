from pathlib import Path

from django.apps import AppConfig


class BankingConfig(AppConfig):
    name = "banking"
    verbose_name = "Demo bank"
    default_auto_field = "django.db.models.BigAutoField"
    # transfer_funds, check_balance, list_transactions and their policy.
    tool_catalog = Path(__file__).resolve().parent / "catalog.yaml"
    # The unguarded transfer bench/pipeline.py compares against (TOOLGUARD_BENCH_ENDPOINTS only).
    bench_urls = "banking.bench_urls"
