"""toolguard settings: one module, configured from the environment.

The embedded default (no environment at all) is SQLite with Django's database
cache and django-q2's ORM broker, so `make run` works anywhere. Production sets
DATABASE_URL (PostgreSQL) and REDIS_URL.
"""

import ipaddress
import os
import re
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (true/false), got {raw!r}")


def envint(name: str, default: int, *, minimum: int = 0) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {raw!r}") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be >= {minimum}, got {value}")
    return value


def envlist(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = envbool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG and os.environ.get("TOOLGUARD_REQUIRE_SECRET_KEY"):
        raise ImproperlyConfigured("SECRET_KEY must be set in production")
    # A fixed development key keeps sessions valid across restarts of the
    # embedded default; production always sets SECRET_KEY.
    SECRET_KEY = "toolguard-development-key-not-for-production-use-0123456789"  # noqa: S105
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_q",
    "axes",
    "django_otp",
    "django_otp.plugins.otp_totp",
    # toolguard's own apps, in the layers pyproject.toml declares (docs/architecture.md):
    # each imports only from the apps below it.
    "toolguard",
    "staff",
    "outbox",
    "approvals",
    "detection",
    "people",
    "audit",
    "core",
    # Tool families: each registers its tools through its own catalog and imports only core.
    "banking",
    "support",
    # HTTP and MCP tools that live elsewhere, guarded in place.
    "upstream",
    # The demo bank that `make run` seeds.
    "demo",
]

MIDDLEWARE = [
    # First: an agent's traceparent is the parent of everything its request does (absent when tracing is off).
    "core.tracing.TraceContextMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Serves the vendored assets under gunicorn too: no CDN, no separate web server needed.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "toolguard.middleware.ContentSecurityPolicyMiddleware",
    "toolguard.middleware.NoStoreMiddleware",
    # Last: turns a sign-in lockout flagged during the request into the 429 answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "toolguard.urls"
WSGI_APPLICATION = "toolguard.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "staff.context.person",
                "staff.context.sign_in",
                "toolguard.signing.audit_signing",
            ],
            # `|visible` on every page without a {% load %}: stored strings show hidden characters.
            "builtins": ["core.templatetags.display"],
        },
    },
]


def database_config(url: str, *, name: str) -> dict[str, Any]:
    """One DATABASES entry from a URL; a PostgreSQL URL may name several hosts (topology: several).

    `postgres://u:p@db1:5432,db2:5432/toolguard?target_session_attrs=read-write`
    is libpq's multi-host form: it tries each host in turn and keeps the one
    that takes writes, so after a failover the next connection finds the new
    primary. dj-database-url keeps one host only, so the hosts and ports are
    passed to libpq as its own comma-separated lists.
    """
    conn_max_age = envint("DB_CONN_MAX_AGE", 60)
    hosts_url = re.fullmatch(r"(postgres(?:ql)?://)(?:([^@/]*)@)?([^/?]*,[^/?]*)(/[^?]*)?(\?.*)?", url)
    if hosts_url is None:
        try:
            return dict(dj_database_url.parse(url, conn_max_age=conn_max_age))
        except ValueError as exc:
            raise ImproperlyConfigured(f"{name} is not a database URL: {exc}") from None
    scheme, userinfo, netlocs, path, query = hosts_url.groups()
    single = f"{scheme}{userinfo + '@' if userinfo else ''}placeholder{path or '/'}{query or ''}"
    config = dict(dj_database_url.parse(single, conn_max_age=conn_max_age))
    hosts, ports = [], []
    for netloc in netlocs.split(","):
        host, _, port = netloc.rpartition(":") if re.search(r":\d+$", netloc) else (netloc, "", "5432")
        if not host or not port.isdigit():
            raise ImproperlyConfigured(f"{name} names a host without a name or with a bad port: {netloc!r}")
        hosts.append(host)
        ports.append(port)
    config["HOST"], config["PORT"] = ",".join(hosts), ",".join(ports)
    return config


POSTGRESQL_ENGINE = "core.postgresql"
DATABASE_URL = os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'var' / 'toolguard.sqlite3'}"
DATABASES = {"default": database_config(DATABASE_URL, name="DATABASE_URL")}
# The value windows' covering indexes (INCLUDE) speed up PostgreSQL only;
# SQLite, the embedded default, keeps the same key columns without them.
SILENCED_SYSTEM_CHECKS = ["models.W040"]
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    DATABASES["default"]["OPTIONS"] = {
        # IMMEDIATE takes the write lock at BEGIN, so two writers never
        # deadlock upgrading a read lock; WAL lets readers run alongside.
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # A file, not memory, so live-server tests can share it with child processes.
    db_file = Path(DATABASES["default"]["NAME"])
    DATABASES["default"]["TEST"] = {"NAME": str(db_file.with_name(f"test_{db_file.name}"))}
elif DATABASES["default"]["ENGINE"] not in ("django.db.backends.postgresql",):
    raise ImproperlyConfigured("DATABASE_URL must be a sqlite:// or postgres:// URL")
else:
    # Django's own backend, with a health check that costs no round trip (core/postgresql/base.py).
    DATABASES["default"]["ENGINE"] = POSTGRESQL_ENGINE
    options = DATABASES["default"].setdefault("OPTIONS", {})
    # A persistent connection that died with its server (restart, failover) is
    # noticed at the start of the next request and replaced, instead of failing it.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # A host that does not answer is given up on quickly: libpq tries the next
    # one, and a request with none left answers 503 database_unavailable.
    options.setdefault("connect_timeout", envint("DB_CONNECT_TIMEOUT", 3, minimum=1))
# Compliance search and exports read from this standby when set (core.replica);
# nothing that decides, writes or checks idempotency ever does.
DATABASE_REPLICA_URL = os.environ.get("DATABASE_REPLICA_URL", "")
if DATABASE_REPLICA_URL:
    if DATABASES["default"]["ENGINE"] != POSTGRESQL_ENGINE:
        raise ImproperlyConfigured("DATABASE_REPLICA_URL needs a PostgreSQL DATABASE_URL")
    DATABASES["replica"] = database_config(DATABASE_REPLICA_URL, name="DATABASE_REPLICA_URL")
    if DATABASES["replica"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_REPLICA_URL must be a postgres:// URL")
    DATABASES["replica"]["ENGINE"] = POSTGRESQL_ENGINE
    DATABASES["replica"]["CONN_HEALTH_CHECKS"] = True
    DATABASES["replica"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 2)
    # Tests never create a database for the standby: it is the primary's copy.
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DATABASE_ROUTERS = ["core.replica.ReplicaRouter"]

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # Seconds a Redis connect or command may take before the call answers 503:
    # above Redis's slowest answer on a busy host, far below a client's patience.
    REDIS_SOCKET_TIMEOUT = float(os.environ.get("REDIS_SOCKET_TIMEOUT", "") or 0.5)
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "CLIENT_CLASS": "django_redis.client.DefaultClient",
                # Fail fast: an unreachable store must turn into a clean 503,
                # not a request hanging until the load balancer gives up.
                "SOCKET_CONNECT_TIMEOUT": REDIS_SOCKET_TIMEOUT,
                "SOCKET_TIMEOUT": REDIS_SOCKET_TIMEOUT,
            },
            "KEY_PREFIX": "toolguard",
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "toolguard_cache",
            "KEY_PREFIX": "toolguard",
        }
    }

Q_CLUSTER: dict[str, object] = {
    "name": "toolguard",
    "workers": envint("Q_WORKERS", 2, minimum=1),
    "timeout": 60,
    "retry": 120,
    "catch_up": False,
    "label": "Background tasks",
}
if REDIS_URL:
    Q_CLUSTER["django_redis"] = "default"
else:
    Q_CLUSTER["orm"] = "default"
Q_CLUSTER["sync"] = envbool("Q_SYNC", False)

# Sign-in limits (toolguard/signin.py): the axes backend refuses a locked
# account before the password is even checked, for the form and HTTP Basic.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "toolguard.signin.SignInAttemptHandler"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username"]
AXES_USERNAME_CALLABLE = "toolguard.signin.normalized_username"
AXES_CLIENT_IP_CALLABLE = "core.addresses.client_address"
AXES_FAILURE_LIMIT = "toolguard.signin.failure_limit"
AXES_COOLOFF_TIME = "toolguard.signin.cool_off"
AXES_LOCKOUT_CALLABLE = "toolguard.signin.lockout_response"
# A guesser who keeps trying does not keep the owner locked out for ever.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# A success does not wipe the counters: they include other addresses' failures
# (the per-username count), which one person's sign-in must not clear.
AXES_RESET_ON_SUCCESS = False
AXES_SENSITIVE_PARAMETERS = ["password"]
AXES_VERBOSE = False

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

# Staff sign-in with the company's OpenID Connect provider (people/oidc.py,
# docs/operations.md "Staff sign-in with OpenID Connect"): on when OIDC_ISSUER
# is set. Endpoints come from the issuer's discovery document, fetched when
# first needed and cached; mozilla-django-oidc does the code flow.
OIDC_ISSUER = os.environ.get("OIDC_ISSUER", "").strip().rstrip("/")
OIDC_ENABLED = bool(OIDC_ISSUER)
# Each OIDC_* setting that is wrong stops start-up with one line naming it and an
# example (manage.py and wsgi.py print an ImproperlyConfigured as that line).
_OIDC_EXAMPLES = {
    "OIDC_ISSUER": "OIDC_ISSUER=https://login.bank.example/realms/staff",
    "OIDC_CLIENT_ID": "OIDC_CLIENT_ID=toolguard",
    "OIDC_SCOPES": "OIDC_SCOPES=openid,email,profile,groups",
    "OIDC_ROLE_GROUPS": "OIDC_ROLE_GROUPS=reviewer=tg-reviewers,compliance=tg-compliance",
    "OIDC_POST_LOGOUT_REDIRECT_URI": "OIDC_POST_LOGOUT_REDIRECT_URI=https://toolguard.bank.example/accounts/login/",
    "OIDC_RENEW_SECONDS": "OIDC_RENEW_SECONDS=900",
    "OIDC_TIMEOUT_SECONDS": "OIDC_TIMEOUT_SECONDS=10",
    "OIDC_LINK_EXISTING_ACCOUNTS": "OIDC_LINK_EXISTING_ACCOUNTS=false",
}


def _oidc_refuse(name: str, problem: str) -> ImproperlyConfigured:
    return ImproperlyConfigured(f"{name} {problem}; for example {_OIDC_EXAMPLES[name]}")


def _oidc_url(name: str, raw: str) -> str:
    if raw and not re.fullmatch(r"https?://[^/\s?#]+[^\s?#]*", raw):
        raise _oidc_refuse(name, f"must be an http(s) URL, got {raw!r}")
    return raw


def _oidc_setting(name: str, read: Any) -> Any:
    try:
        return read()
    except ImproperlyConfigured as exc:
        raise ImproperlyConfigured(f"{exc}; for example {_OIDC_EXAMPLES[name]}") from None


_oidc_url("OIDC_ISSUER", OIDC_ISSUER)
OIDC_RP_CLIENT_ID = os.environ.get("OIDC_CLIENT_ID", "").strip()
OIDC_RP_CLIENT_SECRET = os.environ.get("OIDC_CLIENT_SECRET", "")
_oidc_scopes = envlist("OIDC_SCOPES", ["openid", "email", "profile", "groups"])
if OIDC_ENABLED and "openid" not in _oidc_scopes:
    raise _oidc_refuse("OIDC_SCOPES", f"must include openid, got {','.join(_oidc_scopes)!r}")
OIDC_RP_SCOPES = " ".join(_oidc_scopes)
OIDC_GROUPS_CLAIM = os.environ.get("OIDC_GROUPS_CLAIM", "") or "groups"
OIDC_USERNAME_CLAIM = os.environ.get("OIDC_USERNAME_CLAIM", "") or "email"
OIDC_PROVIDER_NAME = os.environ.get("OIDC_PROVIDER_NAME", "") or "single sign-on"
OIDC_RENEW_SECONDS = _oidc_setting("OIDC_RENEW_SECONDS", lambda: envint("OIDC_RENEW_SECONDS", 900, minimum=1))
OIDC_STEP_UP_ACR = os.environ.get("OIDC_STEP_UP_ACR", "").strip()
OIDC_STEP_UP_AMR = envlist("OIDC_STEP_UP_AMR", [])
OIDC_TIMEOUT = _oidc_setting("OIDC_TIMEOUT_SECONDS", lambda: envint("OIDC_TIMEOUT_SECONDS", 10, minimum=1))
# People are found by the provider's (issuer, sub). A first sign-in with the email
# of an existing account (as its email or username) is refused (oidc_account_conflict)
# unless this links that account (only with email_verified true).
OIDC_LINK_EXISTING_ACCOUNTS = _oidc_setting(
    "OIDC_LINK_EXISTING_ACCOUNTS", lambda: envbool("OIDC_LINK_EXISTING_ACCOUNTS", False)
)
# RP-initiated logout: where the provider sends the browser after signing out
# (registered at the provider as a post-logout redirect URI); empty: the
# absolute URL of LOGOUT_REDIRECT_URL on the host the person used.
OIDC_POST_LOGOUT_REDIRECT_URI = _oidc_url(
    "OIDC_POST_LOGOUT_REDIRECT_URI", os.environ.get("OIDC_POST_LOGOUT_REDIRECT_URI", "").strip()
)
OIDC_ROLES = ("reviewer", "compliance", "key_admin", "staff")


def _oidc_role_groups(raw: str) -> dict[str, str]:
    """`reviewer=tg-reviewers,compliance=tg-compliance` -> {role: provider group}. No default mapping."""
    mapping: dict[str, str] = {}
    for item in (part.strip() for part in raw.split(",")):
        if not item:
            continue
        role, sep, group = (x.strip() for x in item.partition("="))
        if not sep or not group:
            raise _oidc_refuse("OIDC_ROLE_GROUPS", f"takes role=group pairs, and {item!r} is not one")
        if role not in OIDC_ROLES:
            raise _oidc_refuse("OIDC_ROLE_GROUPS", f"names an unknown role {role!r} (roles: {', '.join(OIDC_ROLES)})")
        if role in mapping:
            raise _oidc_refuse("OIDC_ROLE_GROUPS", f"names the role {role!r} twice")
        mapping[role] = group
    return mapping


OIDC_ROLE_GROUPS = _oidc_role_groups(os.environ.get("OIDC_ROLE_GROUPS", ""))
if OIDC_ENABLED:
    if not OIDC_RP_CLIENT_ID:
        raise _oidc_refuse("OIDC_CLIENT_ID", "must be set with OIDC_ISSUER (toolguard's client at the provider)")
    if not OIDC_ROLE_GROUPS:
        raise _oidc_refuse(
            "OIDC_ROLE_GROUPS",
            "must be set with OIDC_ISSUER: it names the provider group of each role, and there is no default mapping",
        )
    AUTHENTICATION_BACKENDS.append("people.oidc.RoleMappingOIDCBackend")
    # Right after authentication: roles past their renewal are never used.
    _after_auth = MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1
    MIDDLEWARE.insert(_after_auth, "people.oidc.RoleRenewalMiddleware")
# The code flow as OAuth 2.1 has it: PKCE (S256), state and nonce on every request.
OIDC_USE_PKCE = True
OIDC_USE_NONCE = True
OIDC_AUTHENTICATION_CALLBACK_URL = "oidc_callback"
# The password form; false hides it and refuses its POSTs (the provider only).
TOOLGUARD_LOCAL_LOGIN = envbool("TOOLGUARD_LOCAL_LOGIN", True)
if not TOOLGUARD_LOCAL_LOGIN and not OIDC_ENABLED:
    raise ImproperlyConfigured("TOOLGUARD_LOCAL_LOGIN=false needs OIDC_ISSUER: nobody could sign in")

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Without collectstatic (make run, tests) WhiteNoise finds files where they live.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "toolguard@localhost")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "people.auth.LimitedBasicAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # Duplicate keys, NaN and deep nesting refused; bodies over TOOLGUARD_MAX_BODY_BYTES answer 413.
    "DEFAULT_PARSER_CLASSES": ["toolguard.api.parsers.StrictJSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "toolguard.api.errors.api_exception_handler",
    "DEFAULT_THROTTLE_CLASSES": ["toolguard.throttling.AgentKeyRateThrottle"],
    "UNAUTHENTICATED_USER": None,
    # `format` is a query parameter of /api/v1/tools (the provider shape).
    "URL_FORMAT_OVERRIDE": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "toolguard API",
    "DESCRIPTION": "Guarded tool execution for LLM agents: validation, sanitization, "
    "idempotency, human approval and a tamper-evident audit trail.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several components have a `status` field with its own choices: each set is named once.
    "ENUM_NAME_OVERRIDES": {"ApprovalStatusEnum": "approvals.models.ApprovalRequest.Status"},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "toolguard.api.schema.postprocess_error_responses",
    ],
}

# Security headers. Cookies are Secure unless DEBUG (browsers treat
# http://localhost as secure, so local development still signs in);
# SECURE_COOKIES=false is for a plain-HTTP test server only.
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", SECURE_HSTS_SECONDS > 0)
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", SECURE_HSTS_SECONDS > 0)
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", False)
# Behind a TLS-terminating load balancer that sets X-Forwarded-Proto.
if envbool("SECURE_PROXY_SSL", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The exemption lets the load balancer probe health over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]

# toolguard policy, all amounts in integer cents of the reporting currency:
# values in other currencies are converted through the exchange rates an
# administrator keeps (core.rates); a rate older than the max age is no rate.
TOOLGUARD_REPORTING_CURRENCY = os.environ.get("TOOLGUARD_REPORTING_CURRENCY", "USD").strip().upper() or "USD"
if not re.fullmatch(r"[A-Z]{3}", TOOLGUARD_REPORTING_CURRENCY):
    raise ImproperlyConfigured("TOOLGUARD_REPORTING_CURRENCY must be a three-letter currency code such as USD")
TOOLGUARD_RATE_MAX_AGE_DAYS = envint("TOOLGUARD_RATE_MAX_AGE_DAYS", 7, minimum=0)
# A loaded rate more than this many percent away from its currency's rates of the
# last week (or its first rate) waits for a second person to confirm it (core.rate_control).
TOOLGUARD_RATE_BAND_PERCENT = envint("TOOLGUARD_RATE_BAND_PERCENT", 10, minimum=0)
TOOLGUARD_APPROVAL_THRESHOLD_CENTS = envint("TOOLGUARD_APPROVAL_THRESHOLD_CENTS", 1_000_000)
TOOLGUARD_SESSION_LIMIT_CENTS = envint("TOOLGUARD_SESSION_LIMIT_CENTS", 1_000_000)
TOOLGUARD_DUAL_APPROVAL_CENTS = envint("TOOLGUARD_DUAL_APPROVAL_CENTS", 5_000_000)
TOOLGUARD_APPROVAL_TTL_SECONDS = envint("TOOLGUARD_APPROVAL_TTL_SECONDS", 3600, minimum=1)
TOOLGUARD_IDEMPOTENCY_TTL_SECONDS = envint("TOOLGUARD_IDEMPOTENCY_TTL_SECONDS", 86_400, minimum=1)
TOOLGUARD_IDEMPOTENCY_LOCK_SECONDS = envint("TOOLGUARD_IDEMPOTENCY_LOCK_SECONDS", 30, minimum=1)
TOOLGUARD_QUARANTINE_BLOCKS = envint("TOOLGUARD_QUARANTINE_BLOCKS", 3, minimum=1)
# Approving more than this asks a reviewer for their second factor again when
# the last check is older than the max age.
TOOLGUARD_STEP_UP_CENTS = envint("TOOLGUARD_STEP_UP_CENTS", 1_000_000, minimum=0)
TOOLGUARD_STEP_UP_MAX_AGE_SECONDS = envint("TOOLGUARD_STEP_UP_MAX_AGE_SECONDS", 300, minimum=1)
# Separation of duties: whoever issued, rotated or was shown an agent key's
# secret may not decide that key's requests for this long (people.duties).
TOOLGUARD_DUTY_WINDOW_SECONDS = envint("TOOLGUARD_DUTY_WINDOW_SECONDS", 30 * 24 * 3600, minimum=1)
# Reviewer cases (approvals.selectors): requests of one session or agent key at
# most this far apart are linked, and no case holds more than CASE_MAX requests
# (a larger group is split by time), so each can be decided in a minute.
TOOLGUARD_CASE_GAP_SECONDS = envint("TOOLGUARD_CASE_GAP_SECONDS", 900, minimum=1)
TOOLGUARD_CASE_MAX = envint("TOOLGUARD_CASE_MAX", 10, minimum=1)
# The issuer name authenticator apps show next to the code.
OTP_TOTP_ISSUER = "toolguard"
# How long an agent key or session row may be served from Redis. Revocation,
# quarantine and release invalidate at once; this bounds any other change (0: no cache).
TOOLGUARD_PRINCIPAL_CACHE_SECONDS = envint("TOOLGUARD_PRINCIPAL_CACHE_SECONDS", 1)
# Value windows (per customer, agent key, beneficiary) and key quarantine count over this span.
TOOLGUARD_VALUE_WINDOW_SECONDS = envint("TOOLGUARD_VALUE_WINDOW_SECONDS", 86_400, minimum=1)
# Extra tool catalogs (YAML), comma-separated; later files replace entries of the same name.
TOOLGUARD_TOOL_CATALOG = envlist("TOOLGUARD_TOOL_CATALOG", [])
TOOLGUARD_APPROVAL_WEBHOOK_URL = os.environ.get("TOOLGUARD_APPROVAL_WEBHOOK_URL", "")
TOOLGUARD_ALERT_WEBHOOK_URL = os.environ.get("TOOLGUARD_ALERT_WEBHOOK_URL", "")
TOOLGUARD_AUDIT_HMAC_KEY = os.environ.get("TOOLGUARD_AUDIT_HMAC_KEY", "")
# Audit alert rules (docs/audit.md#alerts): thresholds and dedup windows.
TOOLGUARD_ALERT_BACKLOG = envint("TOOLGUARD_ALERT_BACKLOG", 50, minimum=1)
TOOLGUARD_APPROVAL_SLA_SECONDS = envint("TOOLGUARD_APPROVAL_SLA_SECONDS", 900, minimum=1)
TOOLGUARD_ALERT_INJECTION_BLOCKS = envint("TOOLGUARD_ALERT_INJECTION_BLOCKS", 3, minimum=1)
TOOLGUARD_ALERT_INJECTION_WINDOW_SECONDS = envint("TOOLGUARD_ALERT_INJECTION_WINDOW_SECONDS", 600, minimum=1)
TOOLGUARD_ALERT_REPEAT_WINDOW_SECONDS = envint("TOOLGUARD_ALERT_REPEAT_WINDOW_SECONDS", 600, minimum=1)
TOOLGUARD_ALERT_MISMATCH_WINDOW_SECONDS = envint("TOOLGUARD_ALERT_MISMATCH_WINDOW_SECONDS", 600, minimum=1)
TOOLGUARD_ALERT_BACKLOG_WINDOW_SECONDS = envint("TOOLGUARD_ALERT_BACKLOG_WINDOW_SECONDS", 900, minimum=1)
# The Merkle tree's checkpoints are the signed evidence (docs/audit.md#tamper-evidence). The
# embedded default (no DATABASE_URL) makes its own key under var/ on first run
# and prints its public half (toolguard/embedded_key.py); a deployment names its
# key. Set but empty, nothing is signed: readiness and every page say so, and
# with TOOLGUARD_REQUIRE_SECRET_KEY (production) the servers refuse to start.
_AUDIT_SIGNING_KEY_SET = os.environ.get("TOOLGUARD_AUDIT_SIGNING_KEY")
TOOLGUARD_AUDIT_SIGNING_KEY = _AUDIT_SIGNING_KEY_SET or ""
if _AUDIT_SIGNING_KEY_SET is None and not os.environ.get("DATABASE_URL"):
    from toolguard.embedded_key import embedded_signing_key

    TOOLGUARD_AUDIT_SIGNING_KEY = embedded_signing_key(BASE_DIR / "var")
TOOLGUARD_AUDIT_PUBLIC_KEY = os.environ.get("TOOLGUARD_AUDIT_PUBLIC_KEY", "")
# The checkpoint log (docs/audit.md#the-checkpoint-log): the signed checkpoints copied
# outside the database every minute, a file appended to or an http(s) webhook. Put it
# where the database owner cannot write. (The signed-head witness file and its
# TOOLGUARD_AUDIT_WITNESS* settings are retired: `manage.py check` names them if set.)
TOOLGUARD_AUDIT_CHECKPOINT_LOG = os.environ.get("TOOLGUARD_AUDIT_CHECKPOINT_LOG", "") or str(
    BASE_DIR / "var" / "audit-checkpoints.jsonl"
)
# The Merkle tree's signed checkpoints (docs/audit.md#merkle-tree-and-checkpoints): the
# origin line and key name of every checkpoint note, and how old the latest may get.
TOOLGUARD_LOG_ORIGIN = os.environ.get("TOOLGUARD_LOG_ORIGIN", "toolguard.example/audit")
TOOLGUARD_CHECKPOINT_SECONDS = envint("TOOLGUARD_CHECKPOINT_SECONDS", 5, minimum=1)
# The Merkle tree's maximum merge delay: an entry is a leaf at most this long after its commit.
TOOLGUARD_AUDIT_MMD_SECONDS = envint("TOOLGUARD_AUDIT_MMD_SECONDS", 1, minimum=0)
# The independent witness (docs/audit.md#the-witness): a C2SP tlog-witness server
# every checkpoint is submitted to, and its verifier key (<name>+<key id>+<key>)
# to check its cosignatures. Unset: no witness, and verify_audit says so.
TOOLGUARD_WITNESS_URL = os.environ.get("TOOLGUARD_WITNESS_URL", "").rstrip("/")
TOOLGUARD_WITNESS_KEY = os.environ.get("TOOLGUARD_WITNESS_KEY", "")
# Audit entries to a SIEM (docs/operations.md#audit-events-to-a-siem): the worker
# streams every entry, in id order from a stored cursor, to a syslog collector
# (RFC 5424 over TCP, octet-counted) and/or an HTTP collector (JSON lines). Both off by default.
TOOLGUARD_SIEM_SYSLOG = os.environ.get("TOOLGUARD_SIEM_SYSLOG", "").strip()
if TOOLGUARD_SIEM_SYSLOG and not re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):[0-9]{1,5}", TOOLGUARD_SIEM_SYSLOG):
    raise ImproperlyConfigured(f"TOOLGUARD_SIEM_SYSLOG must be host:port, got {TOOLGUARD_SIEM_SYSLOG!r}")
TOOLGUARD_SIEM_SYSLOG_TLS = envbool("TOOLGUARD_SIEM_SYSLOG_TLS", False)
TOOLGUARD_SIEM_SYSLOG_CA_FILE = os.environ.get("TOOLGUARD_SIEM_SYSLOG_CA_FILE", "")
if TOOLGUARD_SIEM_SYSLOG_CA_FILE and not Path(TOOLGUARD_SIEM_SYSLOG_CA_FILE).is_file():
    raise ImproperlyConfigured(f"TOOLGUARD_SIEM_SYSLOG_CA_FILE is not a file: {TOOLGUARD_SIEM_SYSLOG_CA_FILE!r}")
TOOLGUARD_SIEM_HTTP_URL = os.environ.get("TOOLGUARD_SIEM_HTTP_URL", "").strip()
if TOOLGUARD_SIEM_HTTP_URL and not re.match(r"https?://[^/\s]+", TOOLGUARD_SIEM_HTTP_URL):
    raise ImproperlyConfigured(f"TOOLGUARD_SIEM_HTTP_URL must be an http(s) URL, got {TOOLGUARD_SIEM_HTTP_URL!r}")
TOOLGUARD_SIEM_HTTP_TOKEN = os.environ.get("TOOLGUARD_SIEM_HTTP_TOKEN", "")
TOOLGUARD_SIEM_MAX_LAG_SECONDS = envint("TOOLGUARD_SIEM_MAX_LAG_SECONDS", 300, minimum=1)
TOOLGUARD_SIEM_BATCH = envint("TOOLGUARD_SIEM_BATCH", 500, minimum=1)
TOOLGUARD_SIEM_TIMEOUT_SECONDS = envint("TOOLGUARD_SIEM_TIMEOUT_SECONDS", 10, minimum=1)
TOOLGUARD_SIEM_RETRY_SECONDS = envint("TOOLGUARD_SIEM_RETRY_SECONDS", 10, minimum=1)
TOOLGUARD_SIEM_RETRY_MAX_SECONDS = envint("TOOLGUARD_SIEM_RETRY_MAX_SECONDS", 600, minimum=1)
# How long after an append commits its process ships it to the SIEM collectors (audit.siem:
# appends in the meantime go in the same round); the worker's minute schedule is the backstop.
TOOLGUARD_SIEM_SHIP_DELAY_MS = envint("TOOLGUARD_SIEM_SHIP_DELAY_MS", 200)
# Unauthenticated requests: one audit entry per source address and minute, and
# at most this many answered per address and minute before 429.
TOOLGUARD_UNAUTHENTICATED_RATE = envint("TOOLGUARD_UNAUTHENTICATED_RATE", 60, minimum=1)
TOOLGUARD_METRICS_TOKEN = os.environ.get("TOOLGUARD_METRICS_TOKEN", "")
TOOLGUARD_AGENT_RATE = os.environ.get("TOOLGUARD_AGENT_RATE", "1200/min")
# /mcp as an OAuth 2.1 protected resource (off while no issuer is trusted): access
# tokens are JWTs signed by one of these issuers (keys from their discovery
# documents), for this audience, acting for the customer their claim names.
TOOLGUARD_OAUTH_ISSUERS = envlist("TOOLGUARD_OAUTH_ISSUERS", [])
# toolguard's public /mcp URL: the audience every access token must name. Required
# with TOOLGUARD_OAUTH_ISSUERS: the audience never follows a request's Host header.
TOOLGUARD_RESOURCE_URI = os.environ.get("TOOLGUARD_RESOURCE_URI", "").strip()
# The longest an access token may still have to live (its exp at most this far ahead).
TOOLGUARD_OAUTH_MAX_TOKEN_SECONDS = envint("TOOLGUARD_OAUTH_MAX_TOKEN_SECONDS", 86_400, minimum=60)
TOOLGUARD_OAUTH_CUSTOMER_CLAIM = os.environ.get("TOOLGUARD_OAUTH_CUSTOMER_CLAIM", "").strip() or "customer"
# How long an issuer's signing keys are used before they are fetched again, and
# how often at most a token naming an unknown key may cause a fetch.
TOOLGUARD_OAUTH_JWKS_SECONDS = envint("TOOLGUARD_OAUTH_JWKS_SECONDS", 600, minimum=1)
TOOLGUARD_OAUTH_JWKS_REFRESH_SECONDS = envint("TOOLGUARD_OAUTH_JWKS_REFRESH_SECONDS", 10, minimum=0)
for _issuer in TOOLGUARD_OAUTH_ISSUERS:
    if not re.fullmatch(r"https?://[^\s?#]+", _issuer):
        raise ImproperlyConfigured(f"TOOLGUARD_OAUTH_ISSUERS: {_issuer!r} is not an http(s) issuer URL")
if TOOLGUARD_OAUTH_ISSUERS and not TOOLGUARD_RESOURCE_URI:
    raise ImproperlyConfigured("TOOLGUARD_OAUTH_ISSUERS needs TOOLGUARD_RESOURCE_URI (toolguard's public /mcp URL)")
if TOOLGUARD_RESOURCE_URI and not re.fullmatch(r"https?://[^\s#]+", TOOLGUARD_RESOURCE_URI):
    raise ImproperlyConfigured(
        f"TOOLGUARD_RESOURCE_URI must be an absolute http(s) URL, got {TOOLGUARD_RESOURCE_URI!r}"
    )
if not re.fullmatch(r"[1-9][0-9]*/(s|sec|m|min|h|hour)", TOOLGUARD_AGENT_RATE):
    raise ImproperlyConfigured(f"TOOLGUARD_AGENT_RATE must look like 600/min, got {TOOLGUARD_AGENT_RATE!r}")
TOOLGUARD_LOGIN_ATTEMPTS = envint("TOOLGUARD_LOGIN_ATTEMPTS", 5, minimum=1)
TOOLGUARD_LOGIN_WINDOW_SECONDS = envint("TOOLGUARD_LOGIN_WINDOW_SECONDS", 300, minimum=1)
# Upstream tools: how long the worker keeps re-sending a call whose outcome is
# unknown before it pages someone, the first backoff step, and the modules
# that register upstream tools at start-up.
TOOLGUARD_UPSTREAM_GIVE_UP_SECONDS = envint("TOOLGUARD_UPSTREAM_GIVE_UP_SECONDS", 3600, minimum=1)
TOOLGUARD_UPSTREAM_RETRY_SECONDS = envint("TOOLGUARD_UPSTREAM_RETRY_SECONDS", 2, minimum=1)
TOOLGUARD_UPSTREAM_MODULES = envlist("TOOLGUARD_UPSTREAM_MODULES", [])
# The sanitizer's model stage (docs/detection.md): an ONNX classifier asked
# about free text the rules let through.  Unset = "cascade" (the character
# n-gram model in detection/sanitizer/model/ clears, the semantic stage on
# multilingual-e5-small decides the rest, at its own trained threshold;
# docs/detection.md, "The semantic stage"), "shipped" (the n-gram model alone,
# at TOOLGUARD_INJECTION_THRESHOLD), "shipped+reader" (the same behind its
# business reader), a path to a model in that format, or an explicit empty
# value / "off" to switch the stage off.
TOOLGUARD_INJECTION_MODEL = os.environ.get("TOOLGUARD_INJECTION_MODEL", "cascade").strip()
if TOOLGUARD_INJECTION_MODEL.lower() == "off":
    TOOLGUARD_INJECTION_MODEL = ""
if (
    TOOLGUARD_INJECTION_MODEL not in ("", "cascade", "shipped", "shipped+reader")
    and not Path(TOOLGUARD_INJECTION_MODEL).is_file()
):
    raise ImproperlyConfigured(f"TOOLGUARD_INJECTION_MODEL is not a file: {TOOLGUARD_INJECTION_MODEL!r}")
# OpenTelemetry traces of guarded calls (docs/operations.md, "Tracing with
# OpenTelemetry"), on when an OTLP endpoint is named. The SDK reads the other
# standard OTEL_* variables itself; these are the ones that decide whether it runs.
OTEL_SERVICE_NAME = os.environ.get("OTEL_SERVICE_NAME", "").strip() or "toolguard"
_OTEL_EXPORTER = os.environ.get("OTEL_TRACES_EXPORTER", "").strip().lower() or "otlp"
if _OTEL_EXPORTER not in ("otlp", "none"):
    raise ImproperlyConfigured(f"OTEL_TRACES_EXPORTER must be otlp or none, got {_OTEL_EXPORTER!r}")
_OTEL_PROTOCOL = (
    os.environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") or os.environ.get("OTEL_EXPORTER_OTLP_PROTOCOL") or ""
).strip()
if _OTEL_PROTOCOL not in ("", "http/protobuf"):
    raise ImproperlyConfigured(
        f"OTEL_EXPORTER_OTLP_PROTOCOL: toolguard exports http/protobuf only, got {_OTEL_PROTOCOL!r}"
    )
TOOLGUARD_TRACING = (
    bool(os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"))
    and _OTEL_EXPORTER == "otlp"
    and not envbool("OTEL_SDK_DISABLED", False)
)
# Argument values in spans: off, since a trace store is read more widely than the audit log.
TOOLGUARD_TRACE_ARGUMENTS = envbool("TOOLGUARD_TRACE_ARGUMENTS", False)
# The agent's baggage keys carried to upstreams; none by default (its tracestate never is).
TOOLGUARD_TRACE_BAGGAGE_KEYS = envlist("TOOLGUARD_TRACE_BAGGAGE_KEYS", [])
_threshold = os.environ.get("TOOLGUARD_INJECTION_THRESHOLD") or "0.8"
try:
    TOOLGUARD_INJECTION_THRESHOLD = float(_threshold)
except ValueError:
    raise ImproperlyConfigured(f"TOOLGUARD_INJECTION_THRESHOLD must be a number, got {_threshold!r}") from None
if not 0.0 < TOOLGUARD_INJECTION_THRESHOLD <= 1.0:
    raise ImproperlyConfigured(f"TOOLGUARD_INJECTION_THRESHOLD must be in (0, 1], got {_threshold!r}")
# What a model finding does: hold (a state-changing call waits for a
# reviewer), block (refused like a rule), log (audited only).
TOOLGUARD_MODEL_ACTION = os.environ.get("TOOLGUARD_MODEL_ACTION") or "hold"
if TOOLGUARD_MODEL_ACTION not in ("hold", "block", "log"):
    raise ImproperlyConfigured(f"TOOLGUARD_MODEL_ACTION must be hold, block or log, got {TOOLGUARD_MODEL_ACTION!r}")
# From any address: a guesser spread over many addresses still meets a limit.
TOOLGUARD_LOGIN_ATTEMPTS_PER_USER = envint("TOOLGUARD_LOGIN_ATTEMPTS_PER_USER", 20, minimum=1)


def _networks(name: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    try:
        return [ipaddress.ip_network(item, strict=False) for item in envlist(name, [])]
    except ValueError as exc:
        raise ImproperlyConfigured(
            f"{name} must be a comma-separated list of addresses or CIDR networks: {exc}"
        ) from None


# Reverse proxies whose X-Forwarded-For names the client (sign-in limits count per client address).
TOOLGUARD_TRUSTED_PROXIES = _networks("TOOLGUARD_TRUSTED_PROXIES")
# The largest API request body accepted (413 request_too_large above it).
TOOLGUARD_MAX_BODY_BYTES = envint("TOOLGUARD_MAX_BODY_BYTES", 1_048_576, minimum=1024)
# Mounts an unguarded transfer endpoint for the pipeline benchmark; never in production.
TOOLGUARD_BENCH_ENDPOINTS = envbool("TOOLGUARD_BENCH_ENDPOINTS", False)
# Installs benchgen (the synthetic audit generator behind bench/audit.py); never in production.
TOOLGUARD_BENCH_APPS = envbool("TOOLGUARD_BENCH_APPS", False)
if TOOLGUARD_BENCH_APPS:
    INSTALLED_APPS.append("benchgen")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # HTTP clients log every request to an upstream at INFO, and the MCP client
    # every stream reconnect: one line per tool call is noise, so they speak
    # only of problems (LOG_LEVEL=DEBUG on the root does not lift these).
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
        "httpx": {"level": "WARNING"},
        "httpx2": {"level": "WARNING"},
        "httpcore": {"level": "WARNING"},
        "mcp.client": {"level": "WARNING"},
    },
}
