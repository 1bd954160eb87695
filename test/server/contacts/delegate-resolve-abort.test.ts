/**
 * Delegate-resolve stops when its caller leaves (docs/contacts.md): the paid email lookups stop
 * at the next group, and nothing is stored or charged. Checked by what ran, never by time.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withSearchBudget } from '../../../search-engine/call-context.js';
import { authenticateApiKey } from '../../../server/auth/authenticate.js';
import { delegateResolve } from '../../../server/contacts/delegate-resolve.js';
import type { EmailEnrichmentProvider, EnrichmentQuery } from '../../../server/contacts/enrichment.js';
import { loadContactsCorpus, P } from '../../helpers/contacts-corpus.js';
import { startTestApp } from '../../helpers/test-app.js';

test('a caller gone stops the paid lookups at the next group; nothing stored or charged', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app, { delegateKnows: 3 });
    const { apiKey: key } = app.account({ scopes: ['contacts-delegate-resolve'] });
    const actor = authenticateApiKey(app.services, key, app.services.clock());
    const used = async () => (await app.call('GET', '/api/v1/credits/status', { key })).body.used as number;
    const gone = new AbortController();
    const asked: string[] = [];
    const provider: EmailEnrichmentProvider = {
      name: 'counting',
      async find(q: EnrichmentQuery) {
        asked.push(q.userId);
        // The caller hangs up while the first group's lookup is under way.
        gone.abort(new Error('client closed'));
        return { email: null, quality: null, costUsd: 0, provider: 'counting' };
      },
    };
    const contacts = [1, 2, 3].map((n) => ({
      row_id: `r${n}`,
      name: 'Maria Lopez',
      job_titles: ['Software Engineer'],
      organization_names: [`Company ${n}`],
    }));
    const before = await used();
    const evidenceBefore = app.services.db.prepare('SELECT COUNT(*) AS n FROM contact_evidence').get() as { n: number };
    const run = withSearchBudget(
      60_000,
      actor.ownerUserId,
      () =>
        delegateResolve(
          app.services,
          actor,
          {
            delegate: { user_id: P(100) },
            contacts,
            options: { include_email_enrichment: true, force_email_enrichment: true, persist_evidence: true, contact_concurrency: 1 },
          },
          'req-abort',
          provider,
        ),
      gone.signal,
    );
    await run.then(
      () => assert.unreachable('a call whose caller left completes'),
      (err: Error) => assert.is(err.message, 'client closed'),
    );
    assert.ok(asked.length <= 1, `lookups after the caller left: ${asked.length}`);
    const evidenceAfter = app.services.db.prepare('SELECT COUNT(*) AS n FROM contact_evidence').get() as { n: number };
    assert.is(evidenceAfter.n, evidenceBefore.n, 'nothing stored');
    assert.is(await used(), before, 'nothing charged');
  } finally {
    await app.close();
  }
});

test.run();
