import crypto from 'node:crypto';

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
