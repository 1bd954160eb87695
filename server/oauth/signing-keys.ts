import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { JWK } from 'jose';

/** The authorization server's RS256 signing key, private (for oidc-provider) and public (for verification). */
export interface SigningKeys {
  privateJwk: JWK;
  publicJwk: JWK;
}

/**
 * Loads the RS256 key pair from `DATA_DIR/oauth/signing-key.json` (mode 0600), creating it on
 * first start, so tokens stay valid across restarts. Synchronous: the app is built synchronously.
 */
export function loadSigningKeys(dataDir: string): SigningKeys {
  const dir = path.join(dataDir, 'oauth');
  const file = path.join(dir, 'signing-key.json');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let privateJwk: JWK;
  if (fs.existsSync(file)) {
    privateJwk = JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
  } else {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' }) as JWK;
    const thumbprint = crypto
      .createHash('sha256')
      .update(JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n }))
      .digest('base64url');
    privateJwk = { ...jwk, kid: thumbprint, alg: 'RS256', use: 'sig' };
    try {
      fs.writeFileSync(file, JSON.stringify(privateJwk), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      privateJwk = JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
    }
  }
  const { kty, n, e, kid, alg, use } = privateJwk;
  return { privateJwk, publicJwk: { kty, n, e, kid, alg, use } };
}
