import { SCOPES } from '../../auth/scopes.js';
import type { AuthorizedClient } from '../../oauth/grants.js';
import { SCOPE_DESCRIPTIONS } from '../../oauth/scopes.js';
import type { ApiKeyRecord } from '../../store/api-keys.js';
import type { User } from '../../store/users.js';
import { html, type SafeHtml } from '../page.js';

const when = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16));

/** The sign-in form: one of the holder's API keys. */
export function signInView(csrf: string, error?: string): SafeHtml {
  return html`<main>
<h1>Proxima connector and API settings</h1>
<p>Sign in with one of your API keys to manage your keys, the apps connected to your account, and to see your credit usage.</p>
${error ? html`<p class="error" role="alert">${error}</p>` : html``}
<form method="post" action="/account/sign-in">
<input type="hidden" name="csrf" value="${csrf}">
<label for="api_key">API key</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" spellcheck="false">
<button type="submit">Sign in</button>
</form>
</main>`;
}

export interface DashboardModel {
  user: User;
  csrf: string;
  keys: ApiKeyRecord[];
  clients: AuthorizedClient[];
  chart: SafeHtml;
  usage: { used: number; remaining: number | null; limit: number | null; resetAt: string | null; windowDays: number };
  /** The scopes of the key this session signed in with: the most a key made here may hold. */
  heldScopes: readonly string[];
  /** A key just created: its secret, shown this once. */
  created?: { name: string; secret: string };
  notice?: string;
  error?: string;
}

function keysTable(m: DashboardModel): SafeHtml {
  const rows = m.keys.map(
    (k) => html`<tr>
<td>${k.name}</td><td><code>${k.keyPrefix}</code></td><td>${k.scopes.join(', ')}</td><td>${when(k.createdAt)}</td><td>${when(k.lastUsedAt)}</td>
<td>${
      k.revokedAt !== null
        ? html`revoked ${when(k.revokedAt)}`
        : html`<form method="post" action="/account/keys/${k.keyId}/revoke"><input type="hidden" name="csrf" value="${m.csrf}"><button type="submit">Revoke</button></form>`
    }</td></tr>`,
  );
  return html`<table id="keys"><thead><tr><th>Name</th><th>Prefix</th><th>Scopes</th><th>Created</th><th>Last used</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}

function clientsTable(m: DashboardModel): SafeHtml {
  if (m.clients.length === 0) return html`<p class="muted" id="clients">No app is connected.</p>`;
  const rows = m.clients.map(
    (
      c,
    ) => html`<tr><td>${c.clientName}</td><td>${c.redirectHosts.join(', ')}</td><td>${c.scopes.join(', ')}</td><td>${c.grantedAt.slice(0, 16).replace('T', ' ')}</td>
<td><form method="post" action="/account/clients/${encodeURIComponent(c.clientId)}/revoke"><input type="hidden" name="csrf" value="${m.csrf}"><button type="submit">Disconnect</button></form></td></tr>`,
  );
  return html`<table id="clients"><thead><tr><th>App</th><th>Returns to</th><th>Scopes</th><th>Connected</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The signed-in settings page. */
export function dashboardView(m: DashboardModel): SafeHtml {
  const scopeBoxes = SCOPES.filter((s) => m.heldScopes.includes(s)).map(
    (s) =>
      html`<label><input type="checkbox" name="scopes" value="${s}"> <code>${s}</code> <span class="muted">${SCOPE_DESCRIPTIONS[s] ?? 'Resolve contacts for delegates (REST only)'}</span></label><br>`,
  );
  const notHeld = SCOPES.filter((s) => !m.heldScopes.includes(s));
  const u = m.usage;
  return html`<main>
<h1>Proxima connector and API settings</h1>
<p>Signed in as <strong>${m.user.name ?? m.user.userId}</strong> (<code>${m.user.userId}</code>), tier <strong>${m.user.tier}</strong>.</p>
<form method="post" action="/account/sign-out"><input type="hidden" name="csrf" value="${m.csrf}"><button type="submit">Sign out</button></form>
${m.notice ? html`<p role="status">${m.notice}</p>` : html``}
${m.error ? html`<p class="error" role="alert">${m.error}</p>` : html``}
${
  m.created
    ? html`<section id="new-key"><h2>New key: ${m.created.name}</h2><p>Copy it now: it is shown only this once.</p><p class="secret">${m.created.secret}</p></section>`
    : html``
}
<h2>Credit usage</h2>
<p id="usage-summary">${u.used} credits used in the last ${u.windowDays} days${u.limit === null ? '' : html` of ${u.limit}; ${u.remaining} remaining`}${u.resetAt ? html`; credits start returning ${u.resetAt.slice(0, 10)}` : ''}.</p>
${m.chart}
<h2>API keys</h2>
${keysTable(m)}
<h3>Create a key</h3>
<form method="post" action="/account/keys">
<input type="hidden" name="csrf" value="${m.csrf}">
<label for="name">Name</label> <input type="text" id="name" name="name" maxlength="100">
<p>Scopes:</p>
${scopeBoxes}
${notHeld.length ? html`<p class="muted" id="scopes-not-held">The key you signed in with lacks ${notHeld.join(', ')}; a key made here can hold only its scopes. Sign in with a broader key to give them.</p>` : html``}
<button type="submit">Create key</button>
</form>
<h2>Connected apps (OAuth)</h2>
${clientsTable(m)}
</main>`;
}
