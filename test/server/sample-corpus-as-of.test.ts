/**
 * Issue 12 §2.11: the sample corpus built at a first start is as of that day (the services'
 * clock), so the README's "jobs posted in the last 14 days" example returns rows on any day.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { silentProgress } from '../../indexer/progress.js';
import { buildSampleCorpus } from '../../server/commands/build-sample-corpus.js';
import { startTestApp } from '../helpers/test-app.js';

const DAY = 86_400_000;

test("the README's 14-day job query finds postings in a sample corpus built on the day of the first start", async () => {
  const app = await startTestApp();
  try {
    let said = '';
    const corpus = await buildSampleCorpus(app.services, { profiles: 1200, progress: silentProgress, say: (l) => (said += `${l}\n`) });
    assert.ok(corpus.built);
    assert.match(said, /as of 2026-06-01/);
    const { apiKey: key } = app.account();
    const res = await app.call('POST', '/api/v1/search/jobs/with-people', {
      key,
      body: { query: 'remote software engineer jobs posted in the last 14 days', people_per_company: 3 },
    });
    assert.is(res.status, 200, res.text);
    const jobs = (res.body.groups as { jobs: { published_at: string }[] }[]).flatMap((g) => g.jobs);
    assert.ok(jobs.length > 0, `no job in the last 14 days: ${res.text.slice(0, 500)}`);
    const now = app.clock.now();
    for (const j of jobs) {
      const at = Date.parse(j.published_at);
      assert.ok(at >= now - 14 * DAY && at <= now, j.published_at);
    }
  } finally {
    await app.close();
  }
});

test.run();
