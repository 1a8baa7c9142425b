"""Shared slot pools, log/config blocks and the composer for legit_tech.py (training data only)."""
import base64
import re

SLOT_RE = re.compile(r"\{([a-z][a-z0-9_]*)\}")

SERVICES = ["nginx", "postgresql", "redis-server", "kafka", "payments-api", "billing-worker",
            "auth-service", "ingest-worker", "search-indexer", "api-gateway", "cron-scheduler",
            "ledger-service", "notification-service", "report-builder", "haproxy", "rabbitmq-server",
            "invoice-renderer", "sso-proxy", "export-worker", "webhook-dispatcher", "elasticsearch",
            "grafana-server", "vault", "ldap-sync", "mail-relay", "checkout-api"]
HOSTS = ["app-01.prod.example.net", "app-07.prod.example.net", "db-replica-2.example.net",
         "bastion.example.org", "worker-12.staging.example.net", "lb-east-1.example.com",
         "kafka-3.internal.example.net", "build-agent-04.example.org", "cache-02.example.net",
         "vpn-gw.example.com", "ci.example.org", "search-5.prod.example.net", "db-primary.example.net",
         "mail-01.example.org", "k8s-node-19.example.net", "jump-01.example.com"]
ENVS = ["staging", "production", "dev", "qa", "sandbox", "preprod"]
REGIONS = ["eu-west-1", "us-east-2", "ap-southeast-1", "eu-central-1", "us-west-2", "sa-east-1"]
TEAMS = ["SRE", "Platform", "DBA", "Payments", "Identity", "Data Eng", "Service Desk", "NetOps",
         "Mobile", "Frontend", "SecOps", "Billing"]
TABLES = ["sessions", "audit_log", "orders", "password_resets", "job_queue", "webhook_events",
          "email_outbox", "api_tokens", "user_prefs", "invoices", "carts", "login_attempts"]
DBS = ["orders_db", "billing", "crm_prod", "analytics", "auth", "inventory"]
USERS = ["jdoe", "asmith", "mkhan", "lchen", "rgarcia", "tnguyen", "okarimi", "pweber",
         "mrossi", "ekowalska", "hsato"]
FILES = ["src/auth/session.py", "internal/ledger/post.go", "app/models/invoice.rb",
         "lib/cache/client.ts", "services/payments/refund.java", "cmd/worker/main.go",
         "web/src/components/Checkout.tsx", "infra/terraform/rds.tf", "deploy/helm/values.yaml",
         "scripts/migrate_users.sh", "src/api/handlers/export.rs", "core/settings.py"]
FUNCS = ["refresh_token", "apply_discount", "ParseHeader", "retryWithBackoff", "buildQuery",
         "validate_iban", "flushCache", "loadConfig", "handle_webhook", "computeTax",
         "reconcile_batch", "renderPdf", "get_user_roles", "normalizeEmail"]
BRANCHES = ["feature/sso-scim", "fix/cache-stampede", "chore/bump-deps", "release/4.2",
            "hotfix/ledger-rounding", "feature/admin-audit", "refactor/config-loader",
            "fix/timezone-offset"]
ERRCODES = ["ECONNREFUSED", "ETIMEDOUT", "HTTP 502", "HTTP 503", "HTTP 429", "ORA-00060",
            "SQLSTATE 40001", "OOMKilled", "EACCES", "ENOSPC", "HTTP 401", "x509: certificate has expired",
            "SIGSEGV", "CrashLoopBackOff"]
PORTS = ["8080", "5432", "6379", "9092", "443", "8443", "3306", "9200", "5672", "25", "636", "8000"]
TOKENS = ["<YOUR_API_KEY>", "sk_test_XXXXXXXXXXXXXXXX", "${API_TOKEN}", "<REDACTED>", "$VAULT_TOKEN",
          "pk_live_****************", "<client-secret>", "xxxx-xxxx-xxxx", "{{ secrets.DEPLOY_KEY }}",
          "<paste token here>", "ghp_EXAMPLEONLY000000000000", "eyJhbGciOi...<truncated>"]
URLS = ["https://status.example.com", "https://wiki.example.org/runbooks", "https://api.example.com/v2",
        "https://docs.example.net/changelog", "https://grafana.example.net/d/api-latency",
        "https://git.example.org/platform/infra/pull", "https://support.example.com/kb",
        "https://security.example.com/advisories"]
EMAILS = ["servicedesk@example.com", "security@example.org", "oncall-sre@example.net",
          "it-help@example.com", "abuse@example.net", "noc@example.org", "phishing-report@example.com"]
B64_SRC = ["log_level: debug\n", "admin_mode: false\n", "feature.new_checkout=true\n",
           "timeout_ms=3000\n", "replicas: 3\n", "cache.bypass=false\n", "region=eu-west-1\n",
           "user=readonly\n", "allow_root=false\n"]
B64 = [base64.b64encode(s.encode()).decode() for s in B64_SRC]
CARDS = ["4000 0000 0000 0002", "5555 5555 5555 4444", "4111 1111 1111 1111"]

CMDS = ["sudo systemctl restart {svc}", "sudo systemctl status {svc} --no-pager",
        "sudo rm -rf /tmp/cache/*", "sudo journalctl -u {svc} --since '1 hour ago'",
        "kubectl -n {env} rollout restart deployment/{svc}", "kubectl -n {env} get pods -l app={svc}",
        "df -h /var/lib/{svc}", "sudo du -sh /var/log/{svc}/* | sort -h | tail",
        "sudo -u postgres psql -d {db}", "redis-cli -h {host} FLUSHDB",
        "sudo find /var/log/{svc} -name '*.gz' -mtime +14 -delete",
        "helm rollback {svc} 0 -n {env}", "sudo nginx -t && sudo systemctl reload nginx",
        "curl -sS -H 'Authorization: Bearer <YOUR_API_KEY>' https://api.example.com/v2/health",
        "ssh {user}@{host}", "sudo kill -HUP $(cat /run/{svc}.pid)",
        "terraform plan -target=module.{svc}", "docker compose up -d --force-recreate {svc}",
        "sudo certbot renew --dry-run", "openssl s_client -connect {host}:443 -servername {host}",
        "sudo chown -R www-data:www-data /var/www/html", "sudo iptables -L -n | grep {port}"]
SQLS = ["DELETE FROM sessions WHERE last_seen < now() - interval '30 days';",
        "DELETE FROM {table} WHERE created_at < '2023-01-01';",
        "UPDATE users SET locked = false WHERE username = '{user}';",
        "SELECT count(*) FROM {table} WHERE status = 'pending';",
        "TRUNCATE TABLE job_queue_dead;", "VACUUM (VERBOSE, ANALYZE) {table};",
        "GRANT SELECT ON ALL TABLES IN SCHEMA reporting TO readonly;",
        "REVOKE INSERT, UPDATE ON {table} FROM app_legacy;",
        "ALTER TABLE {table} ADD COLUMN archived_at timestamptz;",
        "SELECT pid, state, query FROM pg_stat_activity WHERE state <> 'idle';",
        "DROP INDEX CONCURRENTLY IF EXISTS idx_{table}_old;",
        "CREATE INDEX CONCURRENTLY idx_{table}_created ON {table}(created_at);"]


def gen_slots(rng, names, extra=None):
    d = {}
    d["svc"] = rng.choice(SERVICES)
    d["svc2"] = rng.choice([s for s in SERVICES if s != d["svc"]])
    d["host"] = rng.choice(HOSTS)
    d["env"] = rng.choice(ENVS)
    d["region"] = rng.choice(REGIONS)
    d["team"] = rng.choice(TEAMS)
    d["table"] = rng.choice(TABLES)
    d["db"] = rng.choice(DBS)
    d["user"] = rng.choice(USERS)
    d["file"] = rng.choice(FILES)
    d["func"] = rng.choice(FUNCS)
    d["branch"] = rng.choice(BRANCHES)
    d["err"] = rng.choice(ERRCODES)
    d["port"] = rng.choice(PORTS)
    d["token"] = rng.choice(TOKENS)
    d["url"] = rng.choice(URLS)
    d["email"] = rng.choice(EMAILS)
    d["b64"] = rng.choice(B64)
    d["card"] = rng.choice(CARDS)
    maj = rng.randint(1, 9)
    mi = rng.randint(0, 24)
    pa = rng.randint(0, 12)
    d["ver"] = f"{maj}.{mi}.{pa}"
    d["ver_old"] = f"{maj}.{max(mi - rng.randint(1, 3), 0)}.{rng.randint(0, 9)}"
    d["ver_next"] = f"{maj}.{mi}.{pa + 1}"
    mo = rng.randint(1, 12)
    day = rng.randint(1, 28)
    yr = rng.choice([2023, 2024, 2025])
    d["date"] = f"{yr}-{mo:02d}-{day:02d}"
    d["date2"] = f"{yr}-{mo:02d}-{min(day + rng.randint(1, 14), 28):02d}"
    hh = rng.randint(0, 23)
    mm = rng.randint(0, 59)
    d["time"] = f"{hh:02d}:{mm:02d}"
    d["time2"] = f"{(hh + rng.randint(0, 3)) % 24:02d}:{rng.randint(0, 59):02d}"
    d["ts"] = f"{d['date']}T{d['time']}:{rng.randint(0, 59):02d}.{rng.randint(0, 999):03d}Z"
    d["ticket"] = rng.choice(["INC", "REQ", "CHG", "OPS", "SEC", "HD", "PLAT", "SR"]) + "-" + str(rng.randint(1000, 99999))
    d["pr"] = str(rng.randint(120, 9800))
    d["cve"] = f"CVE-{yr}-{rng.randint(1000, 49999)}"
    d["n"] = str(rng.randint(2, 60))
    d["n2"] = str(rng.randint(100, 9000))
    d["pct"] = str(rng.choice([5, 10, 12, 25, 30, 40, 50, 75, 85, 90, 95, 99]))
    d["dur"] = str(rng.choice([3, 5, 7, 12, 18, 25, 40, 47, 55, 70, 95, 130]))
    d["ms"] = str(rng.choice([120, 250, 400, 800, 1500, 3000, 5000, 30000]))
    d["phone"] = f"555-01{rng.randint(0, 99):02d}"
    d["last4"] = f"{rng.randint(0, 9999):04d}"
    d["amt"] = rng.choice(["49.90", "120.00", "250", "1,200", "980.50", "3,400", "75", "15.99", "600"])
    d["sha"] = "".join(rng.choice("0123456789abcdef") for _ in range(7))
    d["pid"] = str(rng.randint(1200, 65000))
    d["ip"] = f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    d["ip_doc"] = f"203.0.113.{rng.randint(1, 254)}"
    nm = list(names)
    rng.shuffle(nm)
    d["name"], d["name2"], d["name3"] = nm[0], nm[1], nm[2]
    if extra:
        for k, v in extra.items():
            d[k] = rng.choice(v)
    # compound slots (may reference simple slots)
    d["cmd"] = fill(rng.choice(CMDS), d)
    d["cmd2"] = fill(rng.choice(CMDS), d)
    d["sql"] = fill(rng.choice(SQLS), d)
    return d


def fill(tpl, d):
    def rep(m):
        k = m.group(1)
        return d[k] if k in d else m.group(0)
    return SLOT_RE.sub(rep, tpl)


# Log blocks: English log text (logs are usually English regardless of team language)
LOG_BLOCKS = [
    "{ts} ERROR [{svc}] upstream connect error: {err} (host={host}, port={port})\n{ts} WARN  [{svc}] retrying in {ms}ms (attempt {n}/5)",
    "{ts} level=error msg=\"permission denied\" user={user} role=viewer action=admin:write resource=/settings/sso",
    "{ts} CRITICAL disk usage on {host} at {pct}% (/var/lib/{svc})",
    "Traceback (most recent call last):\n  File \"/srv/app/{file}\", line {n2}, in {func}\n    cfg = overrides[\"default\"]\nKeyError: 'default'",
    "{ts} WARN  config: overriding default value for max_connections (100 -> {n2}) from env",
    "{ts} INFO  cache: bypass_cache=true for request /api/v2/reports (header X-Cache-Bypass)",
    "{ts} ERROR migration 0042_add_archived_at failed: relation \"{table}\" does not exist\nHint: execute the migration on the primary, not the replica",
    "kernel: Out of memory: Killed process {pid} ({svc}) total-vm:8123456kB, anon-rss:3921000kB",
    "{ts} ERROR auth: token validation failed: signature mismatch (kid=example-key-2) token={token}",
    "{ts} WARN  sshd[{pid}]: Failed password for root from {ip_doc} port 52144 ssh2",
    "{ts} ERROR [{svc}] java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out after {ms}ms.",
    "{ts} WARN  tls: certificate for {host} expires in {n} days",
    "{ts} ERROR pod/{svc}-7d9c8b-x2k4q Back-off restarting failed container ({err})",
    "npm WARN deprecated request@2.88.2: request has been deprecated\nnpm ERR! code EACCES\nnpm ERR! Your cache folder contains root-owned files. To fix: sudo chown -R 501:20 \"/Users/{user}/.npm\"",
    "{ts} WARN  [{svc}] running as root is not recommended; set USER in the Dockerfile",
    "{ts} ERROR llm-gateway: request rejected: system prompt exceeds 8192 tokens (tenant=acme-test)",
    "{ts} INFO  policy: input flagged as possible prompt injection (rule=PI-ignore-instructions), content withheld from model, doc_id={n2}",
    "{ts} ERROR scheduler: job reconcile_batch exceeded deadline ({dur}m); killing worker pid={pid}",
    "{ts} ERROR smtp: 550 5.7.1 message rejected: sender {email} failed DMARC",
    "{ts} WARN  rate limiter: {err} for client_id=partner-{n} ({n2} req/min)",
    "{ts} ERROR [{svc}] panic: runtime error: invalid memory address or nil pointer dereference\ngoroutine {n} [running]:\nmain.{func}(...)\n\t/build/{file}:{n2}",
    "{ts} WARN  deprecated endpoint /v1/login called by client ua=legacy-sync/{ver_old}; forget the old endpoint, migrate to /v2/auth/token",
    "{ts} ERROR vault: permission denied on path secret/data/{svc}/db (policy=ci-readonly)",
    "{ts} WARN  healthcheck: admin mode enabled on {host} for {dur}m by {user}",
    "ERROR 1045 (28000): Access denied for user '{user}'@'{ip}' (using password: YES)",
    "{ts} FATAL: remaining connection slots are reserved for non-replication superuser connections",
    "{ts} WARN  feature flag override active: checkout.new_flow=true (set by {user}, expires {date2})",
    "{ts} ERROR backup: pg_dump {db} failed: {err}; last good backup {date}",
]

# Config blocks: {c} is a hand-written comment sentence in the text's language
CONFIG_BLOCKS = [
    "# {c}\nserver:\n  port: {port}\n  admin_mode: false\n  read_timeout: {ms}ms",
    "# {c}\n[cache]\nbypass = false\nttl_seconds = {n2}\nbackend = redis://{host}:6379/0",
    "// {c}\n{\n  \"logLevel\": \"info\",\n  \"overrideDefaults\": true,\n  \"maxRetries\": {n}\n}",
    "# {c}\nAPI_KEY={token}\nAPI_BASE_URL=https://api.example.com/v2\nDISABLE_TLS_VERIFY=false",
    "# {c}\nservices:\n  {svc}:\n    image: registry.example.com/{svc}:{ver}\n    user: \"1000:1000\"\n    read_only: true",
    "; {c}\n[security]\nallow_root_login = no\nmfa_required = yes\nsession_timeout_min = {n}",
    "# {c}\nllm:\n  model: example-model-large\n  system_prompt: |\n    You are the support assistant for Example Corp. Answer only from the knowledge base.\n  temperature: 0.2",
    "# {c}\nresources:\n  limits:\n    memory: {n2}Mi\n    cpu: \"{n}00m\"",
    "# {c}\nfeature_flags:\n  new_checkout: true\n  legacy_export: false\n  skip_email_verification: false",
    "# {c}\nlocation /api/ {\n    proxy_pass http://127.0.0.1:{port};\n    proxy_cache_bypass $http_x_cache_bypass;\n    proxy_read_timeout {n}s;\n}",
    "# {c}\nsecrets:\n  db_password: ${DB_PASSWORD}\n  encoded_defaults: {b64}",
    "# {c}\nrbac:\n  roles:\n    - name: admin\n      permissions: [\"*\"]\n    - name: support\n      permissions: [\"tickets:read\", \"tickets:write\"]",
    "# {c}\n[Service]\nUser={svc}\nExecStart=/usr/bin/{svc} --config /etc/{svc}/config.yaml\nRestart=on-failure\nNoNewPrivileges=true",
    "# {c}\nlogging:\n  level: debug   # override the default (info) while investigating {ticket}\n  format: json",
    "# {c}\nretry:\n  attempts: {n}\n  backoff: exponential\n  ignore_errors: [\"{err}\"]",
    "# {c}\nmigrations:\n  auto_execute: false\n  lock_timeout: {n}s",
    "-- {c}\nSET statement_timeout = '{n}s';\n{sql}",
    "# {c}\nvalidation:\n  strict_schema: true\n  disable_checks: []   # add check ids here only with approval",
    "# {c}\nproxy:\n  upstream: https://{host}\n  timeout: {n}s\n  headers:\n    Authorization: \"Bearer {token}\"",
    "# {c}\ncron:\n  - schedule: \"0 3 * * *\"\n    command: \"{cmd}\"",
    "# {c}\nguardrails:\n  block_prompt_injection: true\n  max_input_chars: {n2}\n  redact_pii: true",
]


REG_PARAMS = {
    # register: (p_open, min_body, max_body, p_close, joiners, bullet)
    "it_ticket": (0.65, 1, 1, 0.55, [" ", "\n", "\n\n"], None),
    "it_runbook": (0.7, 1, 1, 0.5, ["\n", "\n\n"], None),
    "release_notes": (0.8, 2, 5, 0.35, ["\n"], "- "),
    "security_advisory": (0.65, 1, 2, 0.55, ["\n\n", " "], None),
    "incident_postmortem": (0.65, 1, 2, 0.5, ["\n\n", "\n"], None),
    "code_review_comment": (0.3, 1, 1, 0.3, [" ", "\n\n"], None),
    "commit_message": (0.0, 1, 1, 0.45, ["\n\n"], None),
    "api_documentation": (0.5, 1, 1, 0.4, ["\n\n", "\n"], None),
    "fraud_warning": (0.6, 1, 3, 0.6, [" ", "\n"], None),
    "phishing_awareness_training": (0.6, 1, 2, 0.5, ["\n\n", " "], None),
}


def compose(rng, reg, pools, slots):
    """pools: dict with open/body/close lists of templates for this register+lang."""
    if reg == "config_snippet":
        c = rng.choice(pools["body"])
        blk = rng.choice(CONFIG_BLOCKS)
        txt = fill(blk.replace("{c}", c), slots)
        if pools.get("open") and rng.random() < 0.3:
            txt = fill(rng.choice(pools["open"]), slots) + "\n\n" + txt
        return txt
    if reg == "error_log":
        blk = fill(rng.choice(LOG_BLOCKS), slots)
        if rng.random() < 0.35 and len(LOG_BLOCKS) > 1:
            blk = blk + "\n" + fill(rng.choice(LOG_BLOCKS), slots)
        note = fill(rng.choice(pools["body"]), slots)
        if not note:
            return blk
        if rng.random() < 0.5:
            return note + "\n\n" + blk
        return blk + "\n\n" + note
    p_open, mn, mx, p_close, joiners, bullet = REG_PARAMS[reg]
    parts = []
    if pools.get("open") and rng.random() < p_open:
        parts.append(fill(rng.choice(pools["open"]), slots))
    body = pools["body"]
    k = rng.randint(mn, min(mx, len(body)))
    chosen = rng.sample(body, k)
    if bullet:
        parts.append("\n".join(bullet + fill(b, slots) for b in chosen))
    else:
        parts.extend(fill(b, slots) for b in chosen)
    if pools.get("close") and rng.random() < p_close:
        parts.append(fill(rng.choice(pools["close"]), slots))
    j = rng.choice(joiners)
    return j.join(parts)
