"""A deactivated person's personal API tokens are revoked with the deactivation, whoever deactivates them."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from people.credentials import personal_tokens_revoke_all


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="people.tokens_of_the_deactivated")
def tokens_of_the_deactivated(sender: Any, instance: Any, created: bool = False, **kwargs: Any) -> None:
    # The token check already refuses an inactive person; revoking makes it last
    # (reactivating the account does not bring the tokens back) and audits it.
    if not created and not instance.is_active:
        personal_tokens_revoke_all(user=instance, reason="deactivated")
