"""Every alert setting documented in docs/audit.md is read from the environment and changes what the rules do."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest

from tests.live import ROOT, child_env

# variable -> (a value unlike the default, the scenario it changes)
CHANGED_BY = {
    "TOOLGUARD_ALERT_INJECTION_BLOCKS": ("2", "injection_blocks"),
    "TOOLGUARD_ALERT_INJECTION_WINDOW_SECONDS": ("30", "injection_window"),
    "TOOLGUARD_ALERT_REPEAT_WINDOW_SECONDS": ("30", "repeat_window"),
    "TOOLGUARD_ALERT_MISMATCH_WINDOW_SECONDS": ("30", "mismatch_window"),
    "TOOLGUARD_ALERT_BACKLOG": ("1", "backlog"),
    "TOOLGUARD_APPROVAL_SLA_SECONDS": ("60", "approval_sla"),
    "TOOLGUARD_ALERT_BACKLOG_WINDOW_SECONDS": ("60", "backlog_window"),
}


CHILD = (
    "import sys, django; django.setup(); "
    "from tests.audit.alert_scenarios import run_rolled_back; print(run_rolled_back(sys.argv[1]))"
)


def documented_alert_variables() -> set[str]:
    text = (ROOT / "docs/audit.md").read_text()
    section = text.split("## Alerts", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`(TOOLGUARD_(?:ALERT_\w+|APPROVAL_SLA_SECONDS))`", section)) - {
        "TOOLGUARD_ALERT_WEBHOOK_URL"
    }


def test_each_documented_alert_variable_has_a_scenario() -> None:
    assert documented_alert_variables() == set(CHANGED_BY)


def alerts_raised(scenario: str, **environment: str) -> int:
    """Run the scenario in a child process (rolled back) with this environment; the alerts it raised."""
    child = subprocess.run(
        [sys.executable, "-c", CHILD, scenario],
        cwd=ROOT,
        env=child_env(DJANGO_SETTINGS_MODULE="toolguard.settings", PYTHONPATH=str(ROOT), **environment),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == 0, child.stderr[-2000:]
    return int(child.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("variable", sorted(CHANGED_BY))
def test_setting_the_variable_changes_what_the_rule_does(variable: str, django_db_setup: Any) -> None:
    value, scenario = CHANGED_BY[variable]
    # Both runs in child processes, so no test transaction holds SQLite's write lock.
    default = alerts_raised(scenario)
    assert alerts_raised(scenario, **{variable: value}) != default, (variable, default)


def test_no_setting_is_read_with_a_fallback_default_outside_settings_py() -> None:
    fallback = re.compile(r"getattr\(\s*settings\s*,")
    offenders = [
        path.relative_to(ROOT).as_posix()
        for path in ROOT.glob("**/*.py")
        if not path.relative_to(ROOT).as_posix().startswith(".venv/")
        and path.name != "test_settings.py"
        and fallback.search(path.read_text())
    ]
    assert offenders == []
