import crypto from 'node:crypto';
import { request } from 'undici';

/** What an email provider is asked for: the person and where they work. */
export interface EnrichmentQuery {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
}

/** A provider's answer: an address with its quality and what the lookup cost (USD), or nothing found. */
export interface EnrichmentAnswer {
  email: string | null;
  quality: 'verified' | 'validated' | 'sourced' | 'guessed' | null;
  costUsd: number;
  provider: string;
}

/** An email enrichment provider (a real HTTP adapter for a vendor, or the sandbox). */
export interface EmailEnrichmentProvider {
  readonly name: string;
  find(q: EnrichmentQuery): Promise<EnrichmentAnswer>;
}

/**
 * The development default: no network. It "finds" a deterministic address for about two people
 * in three (a hash of the person decides), `first.last@<company>.example` with quality
 * `validated`, at a listed cost of $0.00396 per find, and nothing for the others (no cost).
 */
export class SandboxEnrichmentProvider implements EmailEnrichmentProvider {
  readonly name = 'sandbox';

  async find(q: EnrichmentQuery): Promise<EnrichmentAnswer> {
    const h = crypto.createHash('sha256').update(q.userId).digest()[0]!;
    const slug = (s: string | null) => (s ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '');
    if (h % 3 === 0 || !q.firstName || !q.lastName || !q.company) return { email: null, quality: null, costUsd: 0, provider: this.name };
    return {
      email: `${slug(q.firstName)}.${slug(q.lastName)}@${slug(q.company)}.example`,
      quality: 'validated',
      costUsd: 0.00396,
      provider: this.name,
    };
  }
}

/** The provider could not answer (unreachable, timed out, refused, or answered something unreadable): nothing is charged. */
export class EnrichmentUnavailable extends Error {}

const QUALITIES = new Set(['verified', 'validated', 'sourced', 'guessed']);
/** Attempts per lookup: the first and two retries of a 429, a 5xx, a timeout or a dropped connection. */
const ATTEMPTS = 3;

/**
 * The HTTP adapter for a real email enrichment vendor (EMAIL_ENRICHMENT_URL; docs/contacts.md,
 * "Email enrichment"): `POST {url}` with the person, a bearer key and an `Idempotency-Key` that
 * is the same for the same person, so a retried lookup is not paid twice. 200 answers
 * `{email, quality, cost_usd}`; 404 means not found (no cost). 429, 5xx, timeouts and dropped
 * connections are retried with backoff (honouring `Retry-After`) within the timeout budget; any
 * other answer, or a body that does not fit, is {@link EnrichmentUnavailable}.
 */
export class HttpEnrichmentProvider implements EmailEnrichmentProvider {
  readonly name: string;

  constructor(
    private readonly config: { url: string; apiKey: string | null; name: string; timeoutMs: number },
    private readonly retryBaseMs = 200,
  ) {
    this.name = config.name;
  }

  async find(q: EnrichmentQuery): Promise<EnrichmentAnswer> {
    const deadline = Date.now() + this.config.timeoutMs;
    const body = JSON.stringify({ reference: q.userId, first_name: q.firstName, last_name: q.lastName, company: q.company });
    const key = crypto.createHash('sha256').update(body).digest('hex').slice(0, 32);
    let last = 'no attempt';
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      let retryAfterMs: number | null = null;
      try {
        const res = await request(this.config.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'idempotency-key': key,
            ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
          },
          body,
          signal: AbortSignal.timeout(left),
          headersTimeout: left,
          bodyTimeout: left,
        });
        if (res.statusCode === 200) return this.read(await res.body.text());
        await res.body.dump();
        if (res.statusCode === 404) return { email: null, quality: null, costUsd: 0, provider: this.name };
        last = `HTTP ${res.statusCode}`;
        if (res.statusCode !== 429 && res.statusCode < 500) throw new EnrichmentUnavailable(`${this.name} answered ${last}`);
        const header = Number(res.headers['retry-after']);
        if (Number.isFinite(header) && header >= 0) retryAfterMs = header * 1000;
      } catch (err) {
        if (err instanceof EnrichmentUnavailable) throw err;
        last = (err as Error).message;
      }
      const wait = retryAfterMs ?? this.retryBaseMs * 2 ** attempt;
      if (attempt + 1 < ATTEMPTS && Date.now() + wait < deadline) await new Promise((r) => setTimeout(r, wait));
      else if (attempt + 1 < ATTEMPTS) break;
    }
    throw new EnrichmentUnavailable(`${this.name} did not answer in time (${last})`);
  }

  /** A 200 body, checked field by field: a vendor's odd answer must not become a wrong address or a wrong charge. */
  private read(text: string): EnrichmentAnswer {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new EnrichmentUnavailable(`${this.name} answered something that is not JSON`);
    }
    const b = (parsed ?? {}) as { email?: unknown; quality?: unknown; cost_usd?: unknown };
    const cost = b.cost_usd ?? 0;
    if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0 || cost > 10)
      throw new EnrichmentUnavailable(`${this.name} answered an unreadable cost_usd`);
    if (b.email === null || b.email === undefined) return { email: null, quality: null, costUsd: cost, provider: this.name };
    if (typeof b.email !== 'string' || b.email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(b.email))
      throw new EnrichmentUnavailable(`${this.name} answered an email that is not an address`);
    if (typeof b.quality !== 'string' || !QUALITIES.has(b.quality))
      throw new EnrichmentUnavailable(`${this.name} answered a quality outside verified|validated|sourced|guessed`);
    return { email: b.email.toLowerCase(), quality: b.quality as EnrichmentAnswer['quality'], costUsd: cost, provider: this.name };
  }
}

/** The configured provider: the HTTP adapter when EMAIL_ENRICHMENT_URL is set, else the sandbox. */
export function emailEnrichmentProvider(
  config: { url: string; apiKey: string | null; name: string; timeoutMs: number } | null,
): EmailEnrichmentProvider {
  return config ? new HttpEnrichmentProvider(config) : new SandboxEnrichmentProvider();
}
