import type { Services } from '../services.js';

/** An OAuth client holding a grant of the account: what the account page lists. */
export interface AuthorizedClient {
  clientId: string;
  clientName: string;
  redirectHosts: string[];
  scopes: string[];
  grantedAt: string;
}

interface GrantPayload {
  clientId: string;
  accountId: string;
  resources?: Record<string, string>;
}

/** The clients holding a live grant of `userId`, newest first (one entry per client). */
export function listAuthorizedClients(services: Services, userId: string): AuthorizedClient[] {
  const rows = services.db
    .prepare<[string, number], { payload: string; created_at: number }>(
      `SELECT payload, created_at FROM oauth_records
       WHERE model = 'Grant' AND account_id = ? AND (expires_at IS NULL OR expires_at > ?) ORDER BY created_at DESC`,
    )
    .all(userId, Date.now());
  const clientStmt = services.db.prepare<[string], { payload: string }>(
    "SELECT payload FROM oauth_records WHERE model = 'Client' AND id = ?",
  );
  const byClient = new Map<string, AuthorizedClient>();
  for (const row of rows) {
    const grant = JSON.parse(row.payload) as GrantPayload;
    const scopes = new Set(Object.values(grant.resources ?? {}).flatMap((s) => s.split(' ').filter(Boolean)));
    const known = byClient.get(grant.clientId);
    if (known) {
      for (const s of known.scopes) scopes.add(s);
      known.scopes = [...scopes].sort();
      continue;
    }
    const stored = clientStmt.get(grant.clientId);
    // A registered client that expired unused can no longer use its grant: not listed.
    if (!stored && !grant.clientId.startsWith('https://')) continue;
    const meta = stored ? (JSON.parse(stored.payload) as { client_name?: string; redirect_uris?: string[] }) : {};
    // A client-ID metadata document client is named by its URL.
    const uris = meta.redirect_uris ?? [];
    byClient.set(grant.clientId, {
      clientId: grant.clientId,
      clientName: meta.client_name ?? grant.clientId,
      redirectHosts: [...new Set(uris.map((u) => safeHost(u)))],
      scopes: [...scopes].sort(),
      grantedAt: new Date(row.created_at).toISOString(),
    });
  }
  return [...byClient.values()];
}

/**
 * Revokes every grant `userId` gave `clientId`, with their refresh tokens and codes; the
 * client's access tokens stop working at once (the verifier checks the grant). Returns whether
 * there was anything to revoke.
 */
export function revokeAuthorizedClient(services: Services, userId: string, clientId: string): boolean {
  const revoke = services.db.transaction(() => {
    const grants = services.db
      .prepare<[string, string], { id: string }>("SELECT id FROM oauth_records WHERE model = 'Grant' AND account_id = ? AND client_id = ?")
      .all(userId, clientId);
    const del = services.db.prepare("DELETE FROM oauth_records WHERE grant_id = @g OR (model = 'Grant' AND id = @g)");
    for (const g of grants) del.run({ g: g.id });
    return grants.length > 0;
  });
  return revoke();
}

function safeHost(uri: string): string {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}
