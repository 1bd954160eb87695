import crypto from 'node:crypto';

/** Every key starts with this, so leaked keys are recognisable by secret scanners. */
export const KEY_BRAND = 'prx';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PREFIX_ID_LENGTH = 10;
const SECRET_LENGTH = 40; // 40 base62 characters: about 238 bits of entropy.
const KEY_PATTERN = new RegExp(`^(${KEY_BRAND}_[0-9A-Za-z]{${PREFIX_ID_LENGTH}})_([0-9A-Za-z]{${SECRET_LENGTH}})$`);

function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniformly distributed.
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** A freshly generated key. `apiKey` is shown once; only `hash` is stored. */
export interface GeneratedKey {
  apiKey: string;
  keyPrefix: string;
  hash: Buffer;
}

/** Generates `prx_<10 id chars>_<40 secret chars>`; the part before the last `_` is the public prefix. */
export function generateApiKey(): GeneratedKey {
  const keyPrefix = `${KEY_BRAND}_${randomBase62(PREFIX_ID_LENGTH)}`;
  const apiKey = `${keyPrefix}_${randomBase62(SECRET_LENGTH)}`;
  return { apiKey, keyPrefix, hash: hashApiKey(apiKey) };
}

/** Keys are high-entropy, so a fast hash is enough: nothing to brute-force. */
export function hashApiKey(apiKey: string): Buffer {
  return crypto.createHash('sha256').update(apiKey, 'utf8').digest();
}

/** Splits a presented key into its lookup prefix, or null if it is not shaped like a key. */
export function parseApiKey(presented: string): { keyPrefix: string } | null {
  const match = KEY_PATTERN.exec(presented);
  return match ? { keyPrefix: match[1] as string } : null;
}

/** Constant-time comparison of a presented key against a stored hash. */
export function apiKeyMatches(presented: string, storedHash: Buffer): boolean {
  const candidate = hashApiKey(presented);
  return candidate.length === storedHash.length && crypto.timingSafeEqual(candidate, storedHash);
}
