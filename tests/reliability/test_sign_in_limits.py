"""Sign-in limits: per normalized account and per (account, address); HTTP Basic too.

Before: HTTP Basic took unlimited wrong passwords; the form counted per
address (five mistakes by one person locked out everyone behind the same
proxy) and per raw username ("rev " and full-width names got fresh counters).
"""

from __future__ import annotations

import base64
import ipaddress
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import Bank

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"


def sign_in(username: str, password: str, *, address: str = "203.0.113.7", forwarded: str = "") -> int:
    extra = {"REMOTE_ADDR": address}
    if forwarded:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    response = Client().post("/accounts/login/", {"username": username, "password": password}, **extra)
    return int(response.status_code)


def basic(username: str, password: str, *, address: str = "203.0.113.7") -> Any:
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    return APIClient().get("/api/v1/approvals", HTTP_AUTHORIZATION=f"Basic {token}", REMOTE_ADDR=address)


@pytest.fixture(autouse=True)
def limits(settings: Any) -> None:
    settings.TOOLGUARD_LOGIN_ATTEMPTS = 5
    settings.TOOLGUARD_LOGIN_ATTEMPTS_PER_USER = 20
    settings.TOOLGUARD_TRUSTED_PROXIES = []


def test_http_basic_locks_after_the_limit_and_then_refuses_the_right_password(bank: Bank) -> None:
    codes = [basic("rev", "wrong").status_code for _ in range(5)]
    assert codes == [401, 401, 401, 401, 429]
    locked = basic("rev", PASSWORD)
    assert locked.status_code == 429
    assert locked.json()["error"]["code"] == "too_many_attempts"
    assert int(locked["Retry-After"]) > 0


def test_http_basic_with_the_right_password_works_below_the_limit(bank: Bank) -> None:
    for _ in range(3):
        assert basic("rev", "wrong").status_code == 401
    assert basic("rev", PASSWORD).status_code == 200


def test_the_form_lockout_refuses_the_right_password(bank: Bank) -> None:
    assert [sign_in("rev", "wrong") for _ in range(5)] == [200, 200, 200, 200, 429]
    assert sign_in("rev", PASSWORD) == 429


def test_one_persons_mistakes_do_not_lock_out_others_behind_the_same_address(bank: Bank) -> None:
    for _ in range(5):
        sign_in("rev", "wrong", address="198.51.100.1")
    assert sign_in("rev2", PASSWORD, address="198.51.100.1") == 302
    assert basic("comp", PASSWORD, address="198.51.100.1").status_code == 403  # signed in; not a reviewer


def test_the_owner_elsewhere_is_not_locked_by_a_guesser_at_one_address(bank: Bank) -> None:
    for _ in range(5):
        sign_in("rev", "wrong", address="198.51.100.1")
    assert sign_in("rev", PASSWORD, address="198.51.100.1") == 429
    assert sign_in("rev", PASSWORD, address="192.0.2.44") == 302


def test_guesses_spread_over_many_addresses_meet_the_per_account_limit(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_LOGIN_ATTEMPTS_PER_USER = 6
    for n in range(6):
        sign_in("rev", "wrong", address=f"198.51.100.{n + 10}")
    assert sign_in("rev", PASSWORD, address="192.0.2.99") == 429
    assert basic("rev", PASSWORD, address="192.0.2.98").status_code == 429
    assert sign_in("rev2", PASSWORD, address="192.0.2.99") == 302


@pytest.mark.parametrize("spelling", ["rev ", " REV", "ｒｅｖ", "Rev\t"])
def test_spellings_of_one_name_share_one_counter(bank: Bank, spelling: str) -> None:
    for _ in range(4):
        sign_in(spelling, "wrong")
    assert sign_in("rev", "wrong") == 429
    assert sign_in("rev", PASSWORD) == 429


def test_the_form_and_http_basic_share_the_counters(bank: Bank) -> None:
    for _ in range(3):
        sign_in("rev", "wrong")
    assert basic("rev", "wrong").status_code == 401
    assert basic("rev", "wrong").status_code == 429
    assert sign_in("rev", PASSWORD) == 429


def test_x_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy(bank: Bank) -> None:
    # A guesser rotating the header gets no fresh counter.
    for n in range(5):
        sign_in("rev", "wrong", address="198.51.100.1", forwarded=f"192.0.2.{n}")
    assert sign_in("rev", PASSWORD, address="198.51.100.1", forwarded="192.0.2.200") == 429


def test_behind_a_trusted_proxy_each_client_address_counts_on_its_own(bank: Bank, settings: Any) -> None:
    settings.TOOLGUARD_TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/8")]
    for _ in range(5):
        sign_in("rev", "wrong", address="10.0.0.2", forwarded="198.51.100.1, 10.0.0.9")
    assert sign_in("rev", PASSWORD, address="10.0.0.2", forwarded="198.51.100.1") == 429
    # A forged left end changes nothing: the proxy appended the real client on the right.
    assert sign_in("rev", PASSWORD, address="10.0.0.2", forwarded="192.0.2.5, 198.51.100.1") == 429
    # The same proxy, another client: its own counter.
    assert sign_in("rev", PASSWORD, address="10.0.0.2", forwarded="192.0.2.5") == 302


def test_the_owners_sign_in_does_not_unlock_the_guessers_address(bank: Bank) -> None:
    for _ in range(5):
        sign_in("rev", "wrong", address="198.51.100.1")
    assert sign_in("rev", PASSWORD, address="192.0.2.44") == 302
    assert sign_in("rev", PASSWORD, address="198.51.100.1") == 429
