"""A real OpenID Connect provider for tests: the npm package oidc-provider run by
node (tests/idp/provider.mjs), so toolguard's sign-in and OAuth code meet a peer
that no one here wrote.

    with oidc_provider(clients=[...], accounts={...}) as idp:
        idp.issuer                      # http://127.0.0.1:<port>
        idp.set_groups("alice", ["tg-reviewers"])   # seen at the next lookup
        code_url = idp.login(authorize_url, "alice", "pw")   # plain HTTP

The provider's node_modules are installed from the committed lockfile
(``npm ci``) the first time they are missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import httpx

HERE = Path(__file__).resolve().parent
_install_lock = threading.Lock()

DEFAULT_PASSWORD = "correct horse battery staple"
DEFAULT_OTP = "246810"


class ProviderUnavailable(RuntimeError):
    """node/npm missing or the provider did not start."""


def ensure_installed() -> None:
    """npm ci once, from the committed package-lock.json."""
    with _install_lock:
        if (HERE / "node_modules" / "oidc-provider" / "package.json").exists():
            return
        npm = shutil.which("npm")
        if npm is None:
            raise ProviderUnavailable("npm is not installed")
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--prefix", str(HERE)],
            check=True,
            capture_output=True,
            timeout=600,
        )


class _Forms(HTMLParser):
    """The forms of a page: action, method and their named inputs."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append({"action": a.get("action", ""), "method": a.get("method", "get"), "fields": {}})
        elif tag == "input" and self.forms and a.get("name"):
            self.forms[-1]["fields"][a["name"]] = a.get("value", "")


def _forms(html: str) -> list[dict[str, Any]]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


class LoginFailed(AssertionError):
    def __init__(self, message: str, response: httpx.Response) -> None:
        super().__init__(message)
        self.response = response


class OIDCProvider:
    def __init__(
        self,
        *,
        clients: list[dict[str, Any]] | None = None,
        accounts: dict[str, dict[str, Any]] | None = None,
        resource_scopes: list[str] | None = None,
        port: int = 0,
        startup_timeout: float = 90.0,
    ) -> None:
        self._dir = Path(tempfile.mkdtemp(prefix="tg-idp-"))
        self.accounts_file = self._dir / "accounts.json"
        self._accounts: dict[str, dict[str, Any]] = {}
        for name, spec in (accounts or {}).items():
            self._accounts[name] = _account(name, spec)
        self._write_accounts()
        config = {
            "port": port,
            "accounts_file": str(self.accounts_file),
            "clients": clients or [],
            "resource_scopes": resource_scopes or ["tools:*"],
        }
        config_file = self._dir / "config.json"
        config_file.write_text(json.dumps(config))
        ensure_installed()
        node = shutil.which("node")
        if node is None:
            raise ProviderUnavailable("node is not installed")
        self._stderr = open(self._dir / "stderr.log", "w+b")  # closed in stop()
        self.proc = subprocess.Popen(
            [node, str(HERE / "provider.mjs"), str(config_file)],
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
        )
        ready = self._read_ready(startup_timeout)
        self.issuer: str = ready["issuer"]
        self.port: int = ready["port"]
        self._wait_discovery(startup_timeout)

    # -- lifecycle -----------------------------------------------------------

    def _read_ready(self, timeout: float) -> dict[str, Any]:
        result: dict[str, Any] = {}

        def read() -> None:
            assert self.proc.stdout is not None
            line = self.proc.stdout.readline()
            if line:
                result.update(json.loads(line))

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(timeout)
        if not result.get("ready"):
            self.stop()
            raise ProviderUnavailable(f"oidc-provider did not start: {self.logs()}")
        return result

    def _wait_discovery(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        url = self.discovery_url
        last: Exception | None = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                if httpx.get(url, timeout=5).status_code == 200:
                    return
            except httpx.HTTPError as exc:
                last = exc
            time.sleep(0.2)
        self.stop()
        raise ProviderUnavailable(f"no discovery at {url} ({last}): {self.logs()}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        if not self._stderr.closed:
            self._stderr.close()

    def logs(self) -> str:
        try:
            return (self._dir / "stderr.log").read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def cleanup(self) -> None:
        self.stop()
        shutil.rmtree(self._dir, ignore_errors=True)

    # -- accounts ------------------------------------------------------------

    def _write_accounts(self) -> None:
        # Write then rename: node never reads half a file.
        tmp = self.accounts_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(self._accounts))
        os.replace(tmp, self.accounts_file)

    def add_account(self, name: str, **spec: Any) -> None:
        self._accounts[name] = _account(name, spec)
        self._write_accounts()

    def set_groups(self, account: str, groups: list[str]) -> None:
        self._accounts[account]["claims"]["groups"] = list(groups)
        self._write_accounts()

    def set_claims(self, account: str, **claims: Any) -> None:
        self._accounts[account]["claims"].update(claims)
        self._write_accounts()

    # -- endpoints -----------------------------------------------------------

    @property
    def discovery_url(self) -> str:
        return f"{self.issuer}/.well-known/openid-configuration"

    def discovery(self) -> dict[str, Any]:
        return dict(httpx.get(self.discovery_url, timeout=10).json())

    # -- driving the browser flow over plain HTTP ----------------------------

    def login(
        self,
        authorize_url: str,
        login: str,
        password: str | None = None,
        *,
        otp: str | None = None,
        client: httpx.Client | None = None,
        stop_at: str | None = None,
    ) -> str:
        """Follow an authorization URL through sign-in and consent like a
        browser, returning the URL the provider finally redirects to (the
        client's redirect URI with ``code`` and ``state``), without following it.

        ``client`` keeps the provider's cookies between calls (a second
        authorization then skips the sign-in the provider remembers).
        ``stop_at`` is the prefix of the redirect URI; by default any URL off
        the provider ends the walk. Raises LoginFailed when the provider
        refuses the credentials or shows an error page."""
        own = client is None
        http = client or httpx.Client(timeout=30)
        try:
            url = authorize_url
            for _ in range(20):
                if not url.startswith(self.issuer) or (stop_at and url.startswith(stop_at)):
                    return url
                response = http.get(url)
                if response.is_redirect:
                    url = urljoin(url, response.headers["location"])
                    continue
                if response.status_code != 200:
                    raise LoginFailed(f"provider answered {response.status_code}: {response.text[:500]}", response)
                forms = _forms(response.text)
                if not forms:
                    raise LoginFailed(f"provider page has no form: {response.text[:500]}", response)
                form = forms[0]
                fields = dict(form["fields"])
                if "password" in fields:
                    fields.update(
                        login=login,
                        password=password if password is not None else self._accounts[login]["password"],
                        otp=otp or "",
                    )
                post = http.post(urljoin(url, form["action"]), data=fields)
                if post.status_code == 401:
                    raise LoginFailed("provider refused the credentials", post)
                if not post.is_redirect:
                    raise LoginFailed(f"provider answered {post.status_code}: {post.text[:500]}", post)
                url = urljoin(url, post.headers["location"])
            raise LoginFailed("too many redirects", response)
        finally:
            if own:
                http.close()

    def logout(self, end_session_url: str, *, client: httpx.Client) -> str:
        """Follow an RP-initiated logout URL like a browser: confirm on the
        provider's page ("Yes, sign me out") and return where the provider
        sends the browser afterwards (the post_logout_redirect_uri), unfollowed."""
        page = client.get(end_session_url)
        if page.status_code != 200:
            raise LoginFailed(f"provider answered {page.status_code}: {page.text[:500]}", page)
        forms = _forms(page.text)
        if not forms:
            raise LoginFailed(f"provider's sign-out page has no form: {page.text[:500]}", page)
        fields = {**forms[0]["fields"], "logout": "yes"}
        post = client.post(urljoin(end_session_url, forms[0]["action"]), data=fields)
        url = end_session_url
        for _ in range(5):
            if not post.is_redirect:
                raise LoginFailed(f"provider answered {post.status_code}: {post.text[:500]}", post)
            url = urljoin(url, post.headers["location"])
            if not url.startswith(self.issuer):
                return url
            post = client.get(url)
        raise LoginFailed("too many redirects", post)


def _account(name: str, spec: dict[str, Any]) -> dict[str, Any]:
    claims = dict(spec.get("claims", {}))
    for key in ("email", "groups", "customer", "name", "preferred_username"):
        if key in spec:
            claims[key] = spec[key]
    claims.setdefault("email", f"{name}@example.com")
    claims.setdefault("groups", [])
    return {
        "password": spec.get("password", DEFAULT_PASSWORD),
        "otp": spec.get("otp", DEFAULT_OTP),
        "claims": claims,
    }


def code_from(redirect_url: str) -> str:
    match = re.search(r"[?&]code=([^&]+)", redirect_url)
    if not match:
        raise AssertionError(f"no code in {redirect_url}")
    return match.group(1)


@contextmanager
def oidc_provider(**kwargs: Any) -> Iterator[OIDCProvider]:
    """Start the provider (npm ci first if needed); stop it afterwards."""
    idp = OIDCProvider(**kwargs)
    try:
        yield idp
    finally:
        idp.cleanup()
