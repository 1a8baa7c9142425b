"""docs/operations.md documents every environment variable toolguard reads."""

from __future__ import annotations

import re

from tests.live import ROOT

READERS = ["toolguard/settings.py", "toolguard/gunicorn_conf.py", "core/metrics.py"]
# os.environ.get("NAME"...), envint("NAME"...), envbool(...), envlist(...)
ENV_READ = re.compile(r"""(?:environ\.get|environ\[|env(?:int|bool|list))\(?\s*["']([A-Z][A-Z0-9_]+)["']""")


def test_every_environment_variable_is_in_the_operations_settings_table() -> None:
    read = {name for path in READERS for name in ENV_READ.findall((ROOT / path).read_text())}
    assert {"DATABASE_URL", "REDIS_URL", "GUNICORN_WORKERS", "TOOLGUARD_AGENT_RATE"} <= read, read
    settings_section = (ROOT / "docs/operations.md").read_text().split("## Settings", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"`([A-Z][A-Z0-9_]+)`", settings_section))
    assert read - documented == set(), f"undocumented settings: {sorted(read - documented)}"
