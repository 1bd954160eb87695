import crypto from 'node:crypto';
import type { Context } from 'koa';

/** Text made safe for HTML (element content and quoted attribute values alike). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Markup that is already safe: a `html` template's output, never escaped twice. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/**
 * A template tag that escapes every interpolated value, unless it is `SafeHtml` (a nested
 * template); arrays are joined. Pages are built only with it, so nothing unescaped reaches them.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    const parts = Array.isArray(v) ? v : [v];
    out += parts.map((p) => (p instanceof SafeHtml ? p.value : escapeHtml(p))).join('');
    out += strings[i + 1] ?? '';
  });
  return new SafeHtml(out);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1f24;line-height:1.45}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d8dde3;padding:.35rem;text-align:left;font-size:.9rem}
input[type=text],input[type=password]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}button{font:inherit;padding:.45rem 1rem;margin:.25rem .25rem .25rem 0;cursor:pointer}
.muted{color:#5b6570;font-size:.9rem}.error{color:#a4161a}.secret{font-family:monospace;background:#f2f4f6;padding:.5rem;word-break:break-all}code{background:#f2f4f6;padding:0 .2rem}`;

/**
 * The security headers of every server-rendered page: no framing (clickjacking), no script at all
 * (the pages work without JavaScript), no sniffing, no referrer, no caching of account data.
 */
export function setPageSecurityHeaders(ctx: Context): void {
  ctx.set({
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
}

/** Renders a whole page with the security headers. */
export function sendPage(ctx: Context, status: number, title: string, body: SafeHtml): void {
  setPageSecurityHeaders(ctx);
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
    title,
  )}</title><style>${STYLE}</style></head><body>${body.value}</body></html>`;
}

/**
 * CSRF tokens bound to a browser session id: an HMAC of the id, so a form posted from another
 * site (which cannot read the page) cannot carry a valid one. Compared in constant time.
 */
export function csrfToken(secret: Buffer, sessionId: string): string {
  return crypto.createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

export function csrfTokenMatches(secret: Buffer, sessionId: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const expected = Buffer.from(csrfToken(secret, sessionId));
  const got = Buffer.from(presented);
  return got.length === expected.length && crypto.timingSafeEqual(got, expected);
}
