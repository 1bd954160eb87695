import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import type { Services } from '../services.js';
import type { AccessTokenClaims, AccessTokenVerifier } from './port.js';

/**
 * Verifies connector access tokens locally: RS256 signature by our key, issuer, audience = the
 * connector URL, expiry (with 5 s of clock tolerance); then the grant named in the token (`gid`)
 * must still exist, so revoking a client on the account page or a refresh-token reuse cuts its
 * access tokens at once instead of after their 30 minutes.
 */
export function createVerifier(services: Services, publicJwk: JWK, audience: string): AccessTokenVerifier {
  const jwks = createLocalJWKSet({ keys: [publicJwk] });
  const grantAlive = services.db.prepare<[string, number], { one: number }>(
    "SELECT 1 AS one FROM oauth_records WHERE model = 'Grant' AND id = ? AND (expires_at IS NULL OR expires_at > ?)",
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
        });
        if (typeof payload.sub !== 'string' || typeof payload.client_id !== 'string' || typeof payload.gid !== 'string') return null;
        if (!grantAlive.get(payload.gid, Date.now())) return null;
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
