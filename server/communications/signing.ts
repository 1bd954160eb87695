import crypto from 'node:crypto';

/**
 * Signatures of webhook deliveries and relay jobs, Stripe-style: the header
 * `Proxima-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The
 * timestamp is signed so a captured request cannot be replayed later (receivers reject old ones).
 */
export function signPayload(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** Checks a `Proxima-Signature` header: a matching v1 and a timestamp within `toleranceS` of now. */
export function verifySignature(secret: string, body: string, header: string | undefined, nowMs: number, toleranceS = 300): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [k, v] = item.split('=', 2);
    if (!k || !v) continue;
    parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  return (parts.get('v1') ?? []).some((sig) => sameToken(sig, expected.toString()));
}

/** The capability token of a relay callback URL: an HMAC of the communication id (only the relay that got the job knows it). */
export function callbackToken(secret: string, communicationId: string): string {
  return crypto.createHmac('sha256', secret).update(`relay-callback.${communicationId}`).digest('hex');
}

/** Constant-time comparison of two tokens. */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.byteLength === y.byteLength && crypto.timingSafeEqual(x, y);
}
