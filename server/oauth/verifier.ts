import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import type { Services } from '../services.js';
import type { AccessTokenClaims, AccessTokenVerifier } from './port.js';

/**
 * Verifies connector access tokens locally: RS256 signature by our key, issuer, audience = the
 * connector URL, an expiry (required; 5 s of clock tolerance); then the grant named in the token
 * (`gid`) must still exist and be this account's consent to this client. So revoking a client on
 * the account page or a refresh-token reuse cuts its access tokens at once instead of after
 * their 30 minutes.
 */
export function createVerifier(services: Services, publicJwk: JWK, audience: string): AccessTokenVerifier {
  const jwks = createLocalJWKSet({ keys: [publicJwk] });
  // A grant is the holder's consent to one client: a token must name both as the grant does.
  const grantOf = services.db.prepare<[string, number], { account_id: string | null; client_id: string | null }>(
    "SELECT account_id, client_id FROM oauth_records WHERE model = 'Grant' AND id = ? AND (expires_at IS NULL OR expires_at > ?)",
  );
  return {
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: services.config.baseUrl,
          audience,
          algorithms: ['RS256'],
          typ: 'at+jwt',
          clockTolerance: 5,
          requiredClaims: ['exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.client_id !== 'string' || typeof payload.gid !== 'string') return null;
        const grant = grantOf.get(payload.gid, Date.now());
        if (!grant || grant.account_id !== payload.sub || grant.client_id !== payload.client_id) return null;
        return {
          userId: payload.sub,
          clientId: payload.client_id,
          scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
          expiresAt: (payload.exp ?? 0) * 1000,
        };
      } catch {
        return null;
      }
    },
  };
}
