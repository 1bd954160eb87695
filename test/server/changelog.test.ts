import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { changelogHeading, parseChangelog } from '../../server/routes/docs/changelog.js';
import { startTestApp } from '../helpers/test-app.js';

const MARKDOWN = fs.readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
const HEADINGS = MARKDOWN.split('\n').filter((l) => /^##\s/.test(l));

test('changelog: a session heading is dated by the date it carries (the last day of a span)', () => {
  assert.equal(changelogHeading('## Unreleased — Communications (issue 14, 2026-11-26)'), {
    date: '2026-11-26',
    title: 'Communications (issue 14, 2026-11-26)',
  });
  assert.equal(changelogHeading('## Unreleased — Tenth session (2026-11-29/30)')?.date, '2026-11-30');
  // A span into the next month ends in that month; into the next year, that year.
  assert.equal(changelogHeading('## Unreleased — A session (2026-11-30/01)')?.date, '2026-12-01');
  assert.equal(changelogHeading('## Unreleased — A session (2026-12-31/02)')?.date, '2027-01-02');
  assert.equal(changelogHeading('## 2026-11-21 — People search'), { date: '2026-11-21', title: 'People search' });
  assert.is(changelogHeading('## Unreleased'), null);
  const entries = parseChangelog('## Unreleased — Later (2026-02-02)\n- c\n## Unreleased\n- lost\n### Sub\n## 2026-01-01 First\n- a\n');
  assert.equal(
    entries.map((e) => [e.date, e.changes]),
    [
      ['2026-02-02', ['c']],
      ['2026-01-01', ['a']],
    ],
  );
});

test('CHANGELOG.md: every section is dated, newest first, and none is empty', () => {
  const entries = parseChangelog(MARKDOWN);
  const undated = HEADINGS.filter((h) => changelogHeading(h) === null);
  assert.equal(undated, [], 'a section without a date would be left out of /public/docs/changelog');
  assert.is(entries.length, HEADINGS.length);
  for (const [i, e] of entries.entries()) {
    assert.ok(e.changes.length > 0, `${e.title} has changes`);
    if (i > 0) assert.ok(e.date <= entries[i - 1]!.date, `${e.title} (${e.date}) is not newer than the section above it`);
  }
});

// The contract (Versioning 3): "A dated changelog records changes (earliest: initial public search
// API and key management; later: communications orchestration, credit enforcement, contacts scopes
// and reconciliation, delegate-resolve scope, search-filter tightening)."
test('/public/docs/changelog records, dated, every change the contract names', async () => {
  const app = await startTestApp();
  try {
    const res = await app.call('GET', '/public/docs/changelog');
    assert.is(res.status, 200);
    const entries = res.body.entries as { date: string; title: string; changes: string[] }[];
    const dated = (pattern: RegExp) => entries.filter((e) => pattern.test(`${e.title} ${e.changes.join(' ')}`)).map((e) => e.date);
    const earliest = entries[entries.length - 1]!;
    assert.match(earliest.changes.join(' '), /API keys/);
    for (const [topic, pattern] of [
      ['people search API', /POST \/api\/v1\/search\/people/],
      ['communications orchestration', /communications routes of the contract/],
      ['credit enforcement', /402 `credits_exhausted`/],
      ['contacts scopes', /`contacts-read`.*`contacts-write`/],
      ['contacts reconciliation', /Reconciliation routes/],
      ['delegate-resolve scope', /scope `contacts-delegate-resolve`/],
      ['search-filter tightening: ranges', /Range filters do not read missing data as zero/],
      ['search-filter tightening: post action types', /like\/reaction action types stripped or refused/],
    ] as const) {
      const dates = dated(pattern);
      assert.ok(dates.length > 0, `the changelog records ${topic}`);
      for (const d of dates) assert.match(d, /^\d{4}-\d{2}-\d{2}$/);
    }
  } finally {
    await app.close();
  }
});

test.run();
