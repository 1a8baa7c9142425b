"""Staff sign-in with a real OpenID Connect provider (npm oidc-provider, tests/idp),
through Django's test client: the code flow, roles from groups on every sign-in
and renewal, refusals with their codes, ID token checks, password sign-in off,
the provider's fresh authentication as the step-up factor, role changes in the
audit log, people linked by (issuer, sub), and sign-out at the provider."""

from __future__ import annotations

import base64
import json
import time
from typing import Any
from urllib.parse import urlparse

import httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from django.contrib.auth.models import User
from django.core.exceptions import SuspiciousOperation
from django.test import Client, override_settings

from audit.models import AuditEntry
from people import oidc
from people.models import OidcIdentity, PersonalToken
from people.roles import COMPLIANCE_GROUP, KEY_ADMINS_GROUP, REVIEWERS_GROUP
from people.stepup import factor_fresh
from tests.idp import OIDCProvider
from tests.live import unique
from tests.people.oidc_flow import CALLBACK, MFA, SIGNED_OUT, _query, person, sign_in

pytestmark = [pytest.mark.django_db]


def groups_of(username: str) -> set[str]:
    return set(User.objects.get(username__iexact=username).groups.values_list("name", flat=True))


def test_sign_in_page_links_to_the_provider(oidc_on: OIDCProvider) -> None:
    page = Client().get("/accounts/login/?next=/review/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Sign in with Example SSO" in html
    assert 'href="/oidc/authenticate/?next=/review/"' in html
    assert 'name="password"' in html  # local passwords stay on unless turned off


def test_sign_in_creates_the_person_with_the_roles_of_their_groups(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers", "tg-key-admins", "unrelated"])
    client = Client()
    start = client.get("/oidc/authenticate/", {"next": "/review/"})
    authorize = start["Location"]
    assert authorize.startswith(oidc_on.discovery()["authorization_endpoint"])
    for param in ("code_challenge=", "code_challenge_method=S256", "nonce=", "state="):
        assert param in authorize
    back = sign_in(client, oidc_on, account)
    assert back.status_code == 302 and back["Location"] == "/review/"
    username = f"{account}@bank.example"
    assert groups_of(username) == {REVIEWERS_GROUP, KEY_ADMINS_GROUP}
    user = User.objects.get(username=username)
    assert not user.has_usable_password() and not user.is_staff
    assert client.get("/review/").status_code == 200


def test_roles_follow_the_groups_at_every_sign_in(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers", "tg-staff"])
    sign_in(Client(), oidc_on, account)
    username = f"{account}@bank.example"
    assert groups_of(username) == {REVIEWERS_GROUP}
    assert User.objects.get(username=username).is_staff
    oidc_on.set_groups(account, ["tg-compliance"])
    sign_in(Client(), oidc_on, account)
    assert groups_of(username) == {COMPLIANCE_GROUP}
    assert not User.objects.get(username=username).is_staff


def test_no_mapped_group_no_access(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["marketing"])
    client = Client()
    back = sign_in(client, oidc_on, account)
    assert back["Location"] == "/accounts/login/?error=oidc_no_role"
    assert "_auth_user_id" not in client.session
    page = client.get(back["Location"])
    assert "gives you no role in toolguard" in page.content.decode()
    assert client.get("/review/").status_code == 302  # to the sign-in page


def test_renewal_rereads_the_groups_and_removes_a_role(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers", "tg-compliance"])
    client = Client()
    jar = httpx.Client(timeout=30)
    sign_in(client, oidc_on, account, jar=jar)
    username = f"{account}@bank.example"
    assert client.get("/review/").status_code == 200
    oidc_on.set_groups(account, ["tg-compliance"])
    # Within OIDC_RENEW_SECONDS the session keeps its roles...
    assert client.get("/review/").status_code == 200
    # ...past it, the next request goes back to the provider first.
    session = client.session
    session[oidc.SESSION_RENEW_AT] = time.time() - 1
    session.save()
    api = client.post("/review/", {})
    assert api.status_code == 401
    assert json.loads(api.content)["error"]["code"] == "oidc_renewal_required"
    renew = client.get("/review/")
    assert renew.status_code == 302 and renew["Location"].startswith("/oidc/authenticate/?")
    start = client.get(renew["Location"])
    assert "prompt=none" in start["Location"]
    # The provider still knows the person: no page, straight back with a code.
    back = oidc_on.login(start["Location"], account, stop_at=CALLBACK, client=jar)
    parsed = urlparse(back)
    done = client.get(parsed.path, dict(_query(parsed.query)))
    assert done.status_code == 302 and done["Location"] == "/review/"
    assert groups_of(username) == {COMPLIANCE_GROUP}
    assert client.get("/review/").status_code == 403


def test_renewal_signs_out_whom_the_provider_no_longer_knows(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers"])
    client = Client()
    sign_in(client, oidc_on, account)
    session = client.session
    session[oidc.SESSION_RENEW_AT] = time.time() - 1
    session.save()
    start = client.get(client.get("/review/")["Location"])
    # A browser without the provider's session cookie: prompt=none answers login_required.
    back = oidc_on.login(start["Location"], account, stop_at=CALLBACK)
    assert "error=login_required" in back
    parsed = urlparse(back)
    done = client.get(parsed.path, dict(_query(parsed.query)))
    assert done["Location"] == "/accounts/login/?error=oidc_renewal_required"
    assert "_auth_user_id" not in client.session


def test_unknown_state_is_refused(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers"])
    client = Client()
    start = client.get("/oidc/authenticate/")
    back = oidc_on.login(start["Location"], account, stop_at=CALLBACK)
    parsed = urlparse(back)
    # Another browser (no such state in its session) brings the code.
    stranger = Client()
    refused = stranger.get(parsed.path, dict(_query(parsed.query)))
    assert refused["Location"] == "/accounts/login/?error=oidc_state_mismatch"
    assert "_auth_user_id" not in stranger.session
    # And the same answer twice is refused the second time.
    assert client.get(parsed.path, dict(_query(parsed.query))).status_code == 302
    again = client.get(parsed.path, dict(_query(parsed.query)))
    assert again["Location"] == "/accounts/login/?error=oidc_state_mismatch"


def _token_for(idp: OIDCProvider, client_id: str, secret: str, account: str, nonce: str) -> str:
    import base64 as b64
    import hashlib
    import secrets
    from urllib.parse import urlencode

    verifier = secrets.token_urlsafe(48)
    challenge = b64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    doc = idp.discovery()
    params = {
        "client_id": client_id,
        "response_type": "code",
        "redirect_uri": CALLBACK,
        "scope": "openid email groups",
        "state": "s",
        "nonce": nonce,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    back = idp.login(f"{doc['authorization_endpoint']}?{urlencode(params)}", account, stop_at=CALLBACK)
    code = dict(_query(urlparse(back).query))["code"]
    response = httpx.post(
        doc["token_endpoint"],
        data={"grant_type": "authorization_code", "code": code, "redirect_uri": CALLBACK, "code_verifier": verifier},
        auth=(client_id, secret),
        timeout=30,
    )
    return str(response.json()["id_token"])


def test_id_token_for_another_client_is_refused(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers"])
    backend = oidc.RoleMappingOIDCBackend()
    good = _token_for(oidc_on, "toolguard", "tg-secret", account, "n1")
    assert backend.verify_token(good, nonce="n1")["sub"] == account
    with pytest.raises(SuspiciousOperation, match=r"(?i)nonce"):
        backend.verify_token(good, nonce="another")
    other = _token_for(oidc_on, "other-app", "other-secret", account, "n1")
    with pytest.raises(SuspiciousOperation, match=r"(?i)audience"):
        backend.verify_token(other, nonce="n1")


def test_tampered_or_foreign_id_tokens_are_refused(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["marketing"])
    backend = oidc.RoleMappingOIDCBackend()
    good = _token_for(oidc_on, "toolguard", "tg-secret", account, "n1")
    header, payload, signature = good.split(".")
    claims = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    claims["groups"] = ["tg-reviewers"]
    forged = base64.urlsafe_b64encode(json.dumps(claims).encode()).rstrip(b"=").decode()
    with pytest.raises(SuspiciousOperation, match="refused"):
        backend.verify_token(f"{header}.{forged}.{signature}", nonce="n1")
    # Signed by a key the provider does not publish, under the provider's own kid.
    kid = jwt.get_unverified_header(good)["kid"]
    own_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    foreign = jwt.encode(claims, own_key, algorithm="RS256", headers={"kid": kid})
    with pytest.raises(SuspiciousOperation):
        backend.verify_token(foreign, nonce="n1")
    # No signature at all.
    unsigned = jwt.encode(claims, None, algorithm="none", headers={"kid": kid})
    with pytest.raises(SuspiciousOperation):
        backend.verify_token(unsigned, nonce="n1")


def test_local_login_off_hides_and_refuses_the_password_form(oidc_on: OIDCProvider, bank: Any) -> None:
    with override_settings(TOOLGUARD_LOCAL_LOGIN=False):
        client = Client()
        html = client.get("/accounts/login/").content.decode()
        assert "Sign in with Example SSO" in html
        assert 'name="password"' not in html
        refused = client.post("/accounts/login/", {"username": bank.reviewer.username, "password": "pw"})
        assert refused.status_code == 403
        assert json.loads(refused.content)["error"]["code"] == "local_login_disabled"
        basic = client.get(
            "/api/v1/approvals",
            HTTP_AUTHORIZATION="Basic " + base64.b64encode(f"{bank.reviewer.username}:pw".encode()).decode(),
        )
        assert basic.status_code == 401
        assert basic.json()["error"]["code"] == "local_login_disabled"


def test_provider_step_up_needs_a_fresh_authentication_with_the_named_factor(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers"])
    client = Client()
    jar = httpx.Client(timeout=30)
    start = client.get("/oidc/authenticate/")
    back = urlparse(oidc_on.login(start["Location"], account, stop_at=CALLBACK, client=jar))
    client.get(back.path, dict(_query(back.query)))
    user = User.objects.get(username=f"{account}@bank.example")

    def step_up(**login: Any) -> Any:
        begin = client.get("/oidc/step-up/", {"next": "/account/security/"})
        assert "prompt=login" in begin["Location"] and "max_age=0" in begin["Location"]
        assert f"acr_values={MFA.replace(':', '%3A')}" in begin["Location"]
        # The provider asks again although it knows the person (jar keeps its session).
        answer = urlparse(oidc_on.login(begin["Location"], account, stop_at=CALLBACK, client=jar, **login))
        return client.get(answer.path, dict(_query(answer.query)))

    def fresh() -> bool:
        request = type("R", (), {"user": user, "session": client.session})()
        return factor_fresh(request)

    # A password alone is not the factor the setting names.
    refused = step_up()
    assert refused["Location"] == "/account/security/"
    assert not fresh()
    assert AuditEntry.objects.filter(action="second_factor_checked", result="failure", actor__contains=account).exists()
    # Password and one-time code: acr mfa, amr otp.
    done = step_up(otp="246810")
    assert done["Location"] == "/account/security/"
    assert fresh()
    entry = AuditEntry.objects.filter(action="second_factor_checked", result="success", actor__contains=account).get()
    assert entry.details["factor"] == "oidc" and entry.details["acr"] == MFA
    # The fresh check lets a personal token be minted without a TOTP code.
    minted = client.post("/account/security/tokens/", {"name": "script"})
    assert minted.status_code in (200, 302)
    assert PersonalToken.objects.filter(user=user, name="script").exists()


# -- role changes are audited ----------------------------------------------------


def role_entries(username: str) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action="roles_changed", actor__endswith=f":{username}").order_by("id"))


def test_every_sign_in_that_changes_roles_writes_one_audit_entry(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers", "tg-staff"])
    username = f"{account}@bank.example"
    sign_in(Client(), oidc_on, account)
    [first] = role_entries(username)
    assert first.actor == f"reviewer:{username}" and first.actor_type == "reviewer"
    assert first.result == "success"
    assert first.details == {
        "source": "oidc",
        "issuer": oidc_on.issuer,
        "subject": account,
        "added": ["reviewer", "staff"],
        "removed": [],
    }
    # The same groups again: nothing changes, nothing is written.
    sign_in(Client(), oidc_on, account)
    assert len(role_entries(username)) == 1
    oidc_on.set_groups(account, ["tg-compliance", "tg-staff"])
    sign_in(Client(), oidc_on, account)
    second = role_entries(username)[1]
    assert second.actor == f"compliance:{username}"
    assert (second.details["added"], second.details["removed"]) == (["compliance"], ["reviewer"])
    # Every group gone: the roles are taken away (audited) and the person is refused.
    oidc_on.set_groups(account, ["marketing"])
    refused = sign_in(Client(), oidc_on, account)
    assert refused["Location"] == "/accounts/login/?error=oidc_no_role"
    third = role_entries(username)[2]
    assert (third.details["added"], third.details["removed"]) == ([], ["compliance", "staff"])
    assert len(role_entries(username)) == 3


def test_a_renewal_that_removes_a_role_is_audited(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers", "tg-compliance"])
    username = f"{account}@bank.example"
    client = Client()
    jar = httpx.Client(timeout=30)
    sign_in(client, oidc_on, account, jar=jar)
    oidc_on.set_groups(account, ["tg-compliance"])
    session = client.session
    session[oidc.SESSION_RENEW_AT] = time.time() - 1
    session.save()
    start = client.get(client.get("/review/")["Location"])
    assert "prompt=none" in start["Location"]
    back = urlparse(oidc_on.login(start["Location"], account, stop_at=CALLBACK, client=jar))
    client.get(back.path, dict(_query(back.query)))
    entries = role_entries(username)
    assert [(e.details["added"], e.details["removed"]) for e in entries] == [
        (["compliance", "reviewer"], []),
        ([], ["reviewer"]),
    ]


# -- people are linked by (issuer, sub) ------------------------------------------


def test_a_changed_email_at_the_provider_signs_in_the_same_person(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers"])
    client = Client()
    sign_in(client, oidc_on, account)
    user = User.objects.get(username=f"{account}@bank.example")
    identity = OidcIdentity.objects.get(user=user)
    assert (identity.issuer, identity.subject) == (oidc_on.issuer, account)
    # The provider renames the address; the next sign-in is still this person.
    oidc_on.set_claims(account, email=f"{account}.renamed@bank.example")
    again = Client()
    assert sign_in(again, oidc_on, account)["Location"] == "/review/"
    assert again.session["_auth_user_id"] == str(user.pk)
    user.refresh_from_db()
    assert user.email == f"{account}.renamed@bank.example"
    assert user.username == f"{account}@bank.example"  # the name in the audit log stays
    assert OidcIdentity.objects.filter(issuer=oidc_on.issuer, subject=account).count() == 1
    assert User.objects.filter(email__iexact=f"{account}.renamed@bank.example").count() == 1


def test_a_first_sign_in_never_takes_over_an_account_with_the_same_email(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers"])
    local = User.objects.create_user(unique("local-"), email=f"{account}@BANK.example", password="local-pw")
    client = Client()
    refused = sign_in(client, oidc_on, account)
    assert refused["Location"] == "/accounts/login/?error=oidc_account_conflict"
    assert "_auth_user_id" not in client.session
    assert "already exists and is not linked" in client.get(refused["Location"]).content.decode()
    assert not OidcIdentity.objects.filter(subject=account).exists()
    assert not local.groups.exists() and role_entries(local.username) == []
    # Someone else at the provider who is given the address of a person already
    # linked is refused too: an email never finds a person.
    first = person(oidc_on, ["tg-reviewers"])
    sign_in(Client(), oidc_on, first)
    impostor = person(oidc_on, ["tg-reviewers"])
    oidc_on.set_claims(impostor, email=f"{first}@bank.example")
    assert sign_in(Client(), oidc_on, impostor)["Location"] == "/accounts/login/?error=oidc_account_conflict"


def test_linking_an_existing_account_is_a_setting(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers"])
    local = User.objects.create_user(unique("local-"), email=f"{account}@bank.example", password="local-pw")
    with override_settings(OIDC_LINK_EXISTING_ACCOUNTS=True):
        # Not on an address the provider has not verified (with the email as
        # username that is refused before: here the username is the subject).
        oidc_on.set_claims(account, email_verified=False)
        client = Client()
        with override_settings(OIDC_USERNAME_CLAIM="sub"):
            refused = sign_in(client, oidc_on, account)
        assert refused["Location"] == "/accounts/login/?error=oidc_account_conflict"
        assert "_auth_user_id" not in client.session
        oidc_on.set_claims(account, email_verified=True)
        client = Client()
        assert sign_in(client, oidc_on, account)["Location"] == "/review/"
    assert client.session["_auth_user_id"] == str(local.pk)
    assert OidcIdentity.objects.get(issuer=oidc_on.issuer, subject=account).user == local
    assert groups_of(local.username) == {REVIEWERS_GROUP}


def test_a_username_taken_by_a_local_account_is_made_unique(oidc_on: OIDCProvider) -> None:
    name = unique("pat-")
    local = User.objects.create_user(name, email="pat.local@bank.example", password="local-pw")
    account = unique("staff-")
    oidc_on.add_account(account, email=f"{account}@bank.example", groups=["tg-reviewers"], preferred_username=name)
    with override_settings(OIDC_USERNAME_CLAIM="preferred_username"):
        client = Client()
        assert sign_in(client, oidc_on, account)["Location"] == "/review/"
    user = OidcIdentity.objects.get(issuer=oidc_on.issuer, subject=account).user
    assert user.pk != local.pk and user.username == f"{name}-2"
    assert client.session["_auth_user_id"] == str(user.pk)
    assert not local.groups.exists()


# -- sign-out at the provider ----------------------------------------------------


def provider_asks_for_login(client: Client, idp: OIDCProvider, jar: httpx.Client) -> bool:
    """Start a sign-in and follow the provider's redirects with its cookies: True when it shows its sign-in form."""
    url = client.get("/oidc/authenticate/")["Location"]
    for _ in range(10):
        if not url.startswith(idp.issuer):
            return False  # straight back to toolguard: the provider still knew the person
        response = jar.get(url)
        if not response.is_redirect:
            return 'name="password"' in response.text
        url = httpx.URL(url).join(response.headers["location"]).__str__()
    raise AssertionError("too many redirects")


def test_sign_out_ends_the_session_at_the_provider(oidc_on: OIDCProvider) -> None:
    account = person(oidc_on, ["tg-reviewers"])
    client = Client()
    jar = httpx.Client(timeout=30)
    sign_in(client, oidc_on, account, jar=jar)
    assert not provider_asks_for_login(client, oidc_on, jar)  # the provider remembers the person

    out = client.post("/accounts/logout/")
    assert "_auth_user_id" not in client.session
    assert out.status_code == 302
    location = out["Location"]
    end_session = oidc_on.discovery()["end_session_endpoint"]
    assert location.startswith(end_session + "?")
    params = dict(_query(urlparse(location).query))
    assert params["post_logout_redirect_uri"] == SIGNED_OUT and params["client_id"] == "toolguard"
    hint = jwt.decode(params["id_token_hint"], options={"verify_signature": False})
    assert hint["sub"] == account and hint["iss"] == oidc_on.issuer
    # The provider confirms, signs the person out and sends the browser back here.
    assert oidc_on.logout(location, client=jar) == SIGNED_OUT
    assert provider_asks_for_login(Client(), oidc_on, jar)


def test_sign_out_of_a_password_session_stays_here(oidc_on: OIDCProvider, bank: Any) -> None:
    client = Client()
    client.force_login(bank.reviewer)
    out = client.post("/accounts/logout/")
    assert out.status_code == 302 and out["Location"] == "/accounts/login/"
    assert "_auth_user_id" not in client.session
