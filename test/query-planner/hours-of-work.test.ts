/**
 * Hours of work before a title ("part-time nurses") are a job's terms, not a profile's: the people
 * parser sets them aside with a receipt, so the title is the work and no stray "part"/"time" words
 * are searched (a relevance re-run's "part-time nurses" answered no one of 106 nurses).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

test('part-time and full-time are set aside with a receipt; the title is the work', () => {
  for (const [text, title] of [
    ['part-time nurses', 'Nurse'],
    ['full time accountants in Leeds', 'Accountant'],
    ['Part Time Lecturers', 'Lecturer'],
  ] as const) {
    const parsed = parsePeopleQuery(text);
    assert.equal(parsed.filters.job_titles?.include, [title], text);
    assert.not.ok(parsed.keywords.includes('time'), text);
    assert.ok(
      parsed.receipts.some((r) => r.action === 'ignored' && /profiles do not say how people are employed/.test(r.message)),
      text,
    );
  }
  // Words that only contain them stay: "time" alone, "overtime", "part of the team".
  assert.equal(parsePeopleQuery('overtime coordinators').receipts, []);
  assert.equal(parsePeopleQuery('engineers who were part of the time team').receipts, []);
});

test.run();
