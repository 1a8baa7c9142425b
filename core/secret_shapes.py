"""Secret-shaped text: credentials an agent may paste into a memo or a reason.

A model that has seen a key in its context can be talked into writing it
anywhere. Whatever toolguard stores (tool arguments, transfers, approvals,
audit details) passes through `mask_secrets` first, so a key pasted into a
memo is never shown on a review page, returned by the API or handed to
another customer's agent. docs/threat-model.md lists these shapes.

Each shape has an id, a pattern and examples it must mask
(tests/detection/test_secret_masking.py runs them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

MASK = "[redacted]"


@dataclass(frozen=True)
class SecretShape:
    id: str
    description: str
    pattern: re.Pattern[str]
    examples: tuple[str, ...]


def _shape(id: str, description: str, pattern: str, *examples: str) -> SecretShape:
    return SecretShape(id, description, re.compile(pattern), examples)


SECRET_SHAPES: tuple[SecretShape, ...] = (
    _shape(
        "toolguard_agent_key",
        "toolguard agent key: tg_<12 hex>_<secret>",
        r"tg_[0-9a-f]{12}_[A-Za-z0-9_-]{16,}",
        "tg_0123456789ab_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0",
    ),
    _shape(
        "toolguard_personal_token",
        "toolguard personal API token: tgp_<secret>",
        r"tgp_[A-Za-z0-9_-]{16,}",
        "tgp_3JfKq9_x8LmN2pQrStUvWxYz01",
    ),
    _shape(
        "bearer_credential",
        "an Authorization value: Bearer followed by a credential of 8 or more characters",
        r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]{8,}",
        "Authorization: Bearer abcdef0123456789",
        "bearer abcdefghijkl",
    ),
    _shape(
        "basic_credential",
        "an Authorization value: Basic followed by base64 (with a digit or symbol, so prose is left alone)",
        r"(?i)\bbasic\s+(?=[A-Za-z]*[0-9+/=])[A-Za-z0-9+/]{8,}={0,2}",
        "Authorization: Basic dXNlcjpwYXNzd29yZA==",
    ),
    _shape(
        "provider_api_key",
        "OpenAI / Anthropic style key: sk-... (sk-proj-, sk-ant-)",
        r"\bsk-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_-]{20,}",
        "sk-proj-abcdefghijklmnopqrstuvwx0123",
        "sk-ant-api03-abcdefghijklmnopqrstuvwxyz",
    ),
    _shape(
        "stripe_key",
        "Stripe secret or restricted key",
        r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}",
        "sk_live_51Habcdefghijklmnop",
    ),
    _shape(
        "github_token",
        "GitHub token (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_)",
        r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})",
        "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnop",
    ),
    _shape(
        "aws_access_key_id",
        "AWS access key id",
        r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
        "AKIAIOSFODNN7EXAMPLE",
    ),
    _shape(
        "google_api_key",
        "Google API key",
        r"\bAIza[0-9A-Za-z_-]{35}",
        "AIzaSyA-abcdefghijklmnopqrstuvwxyz01234",
    ),
    _shape(
        "slack_token",
        "Slack token",
        r"\bxox[abposr]-[A-Za-z0-9-]{10,}",
        "xoxb-123456789012-abcdefghijkl",
    ),
    _shape(
        "jwt",
        "JSON Web Token (three base64url parts, the first two JSON objects)",
        r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop",
    ),
    _shape(
        "private_key_block",
        "PEM private key",
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)",
        "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----",
    ),
    _shape(
        "url_password",
        "a password inside a URL (scheme://user:password@host)",
        r"(?<=://)[^\s:/@]+:[^\s/@]+(?=@)",
        "postgres://app:s3cret-pass@db.internal/bank",
    ),
)


def mask_secrets_in_text(text: str) -> str:
    """The text with every secret-shaped part replaced by [redacted]."""
    for shape in SECRET_SHAPES:
        text = shape.pattern.sub(MASK, text)
    return text


def mask_secrets(value: Any) -> Any:
    """Every string in a JSON-like value masked, at any depth (keys and structure kept)."""
    if isinstance(value, dict):
        return {key: mask_secrets(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [mask_secrets(item) for item in value]
    if isinstance(value, str):
        return mask_secrets_in_text(value)
    return value
