"""System checks for the audit log's evidence: retired settings, the witness and the checkpoint log."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register

from audit.checkpoint_log import checkpoint_log_is_webhook

# The signed-head witness file's settings: nothing reads them since checkpoints are the only signed evidence.
RETIRED_SETTINGS = ("TOOLGUARD_AUDIT_WITNESS", "TOOLGUARD_AUDIT_WITNESS_SECONDS", "TOOLGUARD_AUDIT_WITNESS_ENTRIES")


@register(Tags.security)
def retired_witness_settings_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """A deployment still naming the signed-head file would believe it is being written: say it is not."""
    named = [name for name in RETIRED_SETTINGS if os.environ.get(name)]
    if not named:
        return []
    return [
        Warning(
            f"{', '.join(named)} {'is' if len(named) == 1 else 'are'} retired: signed chain heads are no longer "
            "written; the signed checkpoints are copied to TOOLGUARD_AUDIT_CHECKPOINT_LOG instead",
            hint="set TOOLGUARD_AUDIT_CHECKPOINT_LOG (a file the database owner cannot write, or an https URL) and "
            "unset the old names; keep the old file: `verify_audit --signed-heads FILE` still checks it",
            id="audit.W001",
        )
    ]


@register(Tags.security, deploy=True)
def witness_deploy_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    found: list[CheckMessage] = []
    if settings.TOOLGUARD_WITNESS_URL and not settings.TOOLGUARD_WITNESS_KEY:
        found.append(
            Error(
                "TOOLGUARD_WITNESS_URL is set without TOOLGUARD_WITNESS_KEY: the witness's cosignatures cannot "
                "be checked",
                hint="set TOOLGUARD_WITNESS_KEY to the witness's verifier key (its witness.vkey)",
                id="audit.E001",
            )
        )
    if not settings.TOOLGUARD_WITNESS_URL:
        found.append(
            Warning(
                "no witness (TOOLGUARD_WITNESS_URL): only the checkpoint log, outside the database, shows a "
                "truncated or rewritten audit log; nobody independent has cosigned its checkpoints",
                hint="run a C2SP tlog-witness (python -m toolguard_verify.witness) and set TOOLGUARD_WITNESS_URL "
                "and TOOLGUARD_WITNESS_KEY",
                id="audit.W002",
            )
        )
    target = str(settings.TOOLGUARD_AUDIT_CHECKPOINT_LOG)
    if not checkpoint_log_is_webhook(target) and Path(target).resolve().is_relative_to(Path(settings.BASE_DIR)):
        found.append(
            Warning(
                f"the checkpoint log {target} is inside the application's own directory: whoever can change the "
                "application's files can change the copy meant to catch them",
                hint="set TOOLGUARD_AUDIT_CHECKPOINT_LOG to storage the database owner and the app hosts' "
                "operators cannot rewrite (append-only storage, another host's https endpoint)",
                id="audit.W003",
            )
        )
    return found
