// A real OpenID Connect provider for toolguard's tests: the npm package
// oidc-provider (written and kept by others), configured from one JSON file.
//
//   node tests/idp/provider.mjs CONFIG.json
//
// CONFIG.json:
//   {
//     "port": 9400,                          // 0: any free port (printed)
//     "issuer": "http://127.0.0.1:9400",     // default from the port
//     "accounts_file": "/tmp/accounts.json", // re-read on every lookup, so a
//                                            // test can change groups live
//     "clients": [{ "client_id": "...", "client_secret": "...",
//                   "redirect_uris": ["..."],
//                   "post_logout_redirect_uris": ["..."] }],  // optional
//     "resource_scopes": ["tools:*"],        // scopes a resource server grants
//     "acr_values": ["urn:toolguard:pwd", "urn:toolguard:mfa"]
//   }
//
// accounts file: { "alice": { "password": "pw", "otp": "123456",
//                  "claims": { "email": "...", "groups": ["..."], "customer": "..." } } }
//
// Sign-in is a plain HTML form (login, password, optional one-time code) that
// Chromium and an HTTP client can both drive. A password alone signs in with
// acr "urn:toolguard:pwd", amr ["pwd"]; the account's one-time code as well
// gives acr "urn:toolguard:mfa", amr ["pwd", "otp"].
import fs from 'node:fs';
import http from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import Provider, { errors } from 'oidc-provider';

const configPath = process.argv[2];
if (!configPath) {
  console.error('usage: node provider.mjs CONFIG.json');
  process.exit(2);
}
const config = JSON.parse(fs.readFileSync(configPath, 'utf8'));
const ACR_PWD = 'urn:toolguard:pwd';
const ACR_MFA = 'urn:toolguard:mfa';

function readAccounts() {
  return JSON.parse(fs.readFileSync(config.accounts_file, 'utf8'));
}

// Resource servers allow the configured scopes and every `tools:<name>` a
// client has asked for, so an MCP client may ask for any one tool.
const toolScopes = new Set(config.resource_scopes || ['tools:*']);

function rememberToolScopes(scope) {
  for (const s of String(scope || '').split(' ')) {
    if (s.startsWith('tools:')) toolScopes.add(s);
  }
}

// Fresh signing keys per run: nothing secret is committed.
function keys() {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  return {
    keys: [
      { ...rsa.export({ format: 'jwk' }), kid: 'rs256-1', alg: 'RS256', use: 'sig' },
      { ...ec.export({ format: 'jwk' }), kid: 'es256-1', alg: 'ES256', use: 'sig' },
    ],
  };
}

const html = (s) => String(s).replace(/[&<>"']/g, (c) => ({
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
}[c]));

function page(title, body) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${html(title)}</title></head>`
    + `<body><h1>${html(title)}</h1>${body}</body></html>`;
}

function loginForm(uid, params, error) {
  return page('Test provider sign-in', `
${error ? `<p id="error" role="alert">${html(error)}</p>` : ''}
<form method="post" action="/interaction/${html(uid)}/login" autocomplete="off">
  <label>Login <input name="login" id="login" required value="${html(params.login_hint || '')}"></label>
  <label>Password <input name="password" id="password" type="password" required></label>
  <label>One-time code <input name="otp" id="otp" inputmode="numeric"></label>
  <button type="submit" id="sign-in">Sign in</button>
</form>
<p><a href="/interaction/${html(uid)}/abort">Cancel</a></p>`);
}

function consentForm(uid, client, details) {
  const scopes = [...(details.missingOIDCScope || [])];
  for (const [res, s] of Object.entries(details.missingResourceScopes || {})) {
    scopes.push(`${res}: ${s.join(' ')}`);
  }
  return page('Test provider consent', `
<p>${html(client.clientName || client.clientId)} asks for: <span id="scopes">${html(scopes.join(', '))}</span></p>
<form method="post" action="/interaction/${html(uid)}/confirm">
  <button type="submit" id="allow">Allow</button>
</form>
<p><a href="/interaction/${html(uid)}/abort">Cancel</a></p>`);
}

async function readForm(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

async function main() {
  const port = Number(config.port || 0);
  const server = http.createServer();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = server.address().port;
  const issuer = config.issuer || `http://127.0.0.1:${actualPort}`;

  const provider = new Provider(issuer, {
    clients: config.clients || [],
    jwks: keys(),
    cookies: { keys: ['toolguard-test-idp-cookie-key'] },
    // `groups` is asked for by scope and must reach the ID token itself.
    conformIdTokenClaims: false,
    claims: {
      // acr, amr and auth_time in every ID token: a relying party checks a
      // step-up against them without asking for them by name.
      openid: ['sub', 'acr', 'amr', 'auth_time'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      groups: ['groups'],
      customer: ['customer'],
    },
    // The resource scopes too: a client registering dynamically names the
    // scopes it will ask for (the MCP SDK does), and registration accepts
    // only scopes the provider knows.
    scopes: ['openid', 'offline_access', 'email', 'profile', 'groups', 'customer', ...toolScopes],
    acrValues: config.acr_values || [ACR_PWD, ACR_MFA],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      claimsParameter: { enabled: true },
      introspection: { enabled: true },
      // RP-initiated logout (end_session_endpoint): a plain confirmation page
      // (the default loads web fonts) that Chromium and an HTTP client can submit.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = page('Test provider sign-out', `${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-yes">Yes, sign me out</button>
<button type="submit" form="op.logoutForm" id="logout-no">No, stay signed in</button>`);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = page('Signed out at the test provider', '<p id="signed-out">You are signed out.</p>');
        },
      },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (ctx, client, oneOf) => oneOf,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (ctx, resourceIndicator) => {
          rememberToolScopes(ctx.oidc.params?.scope);
          return {
            scope: [...toolScopes].join(' '),
            audience: resourceIndicator,
            accessTokenTTL: 3600,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    extraTokenClaims: async (ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = readAccounts()[token.accountId];
      const customer = account?.claims?.customer;
      return customer === undefined ? undefined : { customer };
    },
    findAccount: async (ctx, id) => {
      const account = readAccounts()[id];
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          // Read again here: groups changed since sign-in show at renewal.
          const now = readAccounts()[id] || account;
          return { sub: id, email_verified: true, ...now.claims };
        },
      };
    },
    interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Provider error', `<pre id="error">${html(JSON.stringify(out))}</pre>`);
    },
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, AuthorizationCode: 120, IdToken: 3600, AccessToken: 3600 },
  });
  provider.proxy = false;
  const callback = provider.callback();

  async function interaction(req, res, uid, action) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, page('Error', 'interaction mismatch'));
    const { prompt, params } = details;
    if (req.method === 'GET' && !action) {
      if (prompt.name === 'login') return send(res, 200, loginForm(uid, params));
      const client = await provider.Client.find(params.client_id);
      return send(res, 200, consentForm(uid, client, prompt.details));
    }
    if (action === 'abort') {
      return provider.interactionFinished(req, res, {
        error: 'access_denied', error_description: 'End-User aborted interaction',
      }, { mergeWithLastSubmission: false });
    }
    if (req.method === 'POST' && action === 'login') {
      const form = await readForm(req);
      const login = form.get('login') || '';
      const account = readAccounts()[login];
      if (!account || account.password !== form.get('password')) {
        return send(res, 401, loginForm(uid, params, 'Wrong login or password'));
      }
      const otp = form.get('otp') || '';
      let acr = ACR_PWD;
      let amr = ['pwd'];
      if (otp) {
        if (!account.otp || account.otp !== otp) {
          return send(res, 401, loginForm(uid, params, 'Wrong one-time code'));
        }
        acr = ACR_MFA;
        amr = ['pwd', 'otp'];
      }
      return provider.interactionFinished(req, res, {
        login: { accountId: login, acr, amr, remember: true },
      }, { mergeWithLastSubmission: false });
    }
    if (req.method === 'POST' && action === 'confirm') {
      if (prompt.name !== 'consent') return send(res, 400, page('Error', 'no consent pending'));
      const { grantId, session } = details;
      const grant = grantId
        ? await provider.Grant.find(grantId)
        : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
      const d = prompt.details;
      if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(' '));
      if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
      for (const [indicator, scope] of Object.entries(d.missingResourceScopes || {})) {
        grant.addResourceScope(indicator, scope.join(' '));
      }
      return provider.interactionFinished(req, res, {
        consent: { grantId: await grant.save() },
      }, { mergeWithLastSubmission: true });
    }
    return send(res, 405, page('Error', 'method not allowed'));
  }

  server.on('request', async (req, res) => {
    const m = /^\/interaction\/([^/?]+)(?:\/(login|confirm|abort))?(?:\?.*)?$/.exec(req.url);
    if (!m) return callback(req, res);
    try {
      await interaction(req, res, m[1], m[2]);
    } catch (err) {
      if (err instanceof errors.SessionNotFound) {
        return send(res, 400, page('Error', 'interaction expired'));
      }
      console.error(err);
      if (!res.headersSent) send(res, 500, page('Error', html(err.message)));
    }
  });

  // One line on stdout for whoever started us: where we are.
  console.log(JSON.stringify({ ready: true, issuer, port: actualPort }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
