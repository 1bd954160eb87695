/**
 * A contact cell costs work linear in its length (docs/performance.md, "Contact batches"): the
 * patterns that scanned a long run of letters or spaces once from each of its characters are
 * tried only where a run starts or bounded as the RFCs bound an address, and are not run at all
 * on a cell without their marker. Each is pinned here against the pattern it replaced, which
 * must find the same thing in every cell a person writes (as test/search-engine/id-bound.test.ts
 * proves an optimisation): no timing, only what is found and what is run.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HEADLINE_PARTS_READ, titlesAndOrgs } from '../../../server/contacts/cell-fields.js';
import { PROFILE_URL } from '../../../server/contacts/cell-layout.js';
import { CARD_LINE } from '../../../server/contacts/cell-text.js';
import { EMAIL_IN_TEXT, emailsIn, SPELT, withoutEmails } from '../../../server/contacts/emails.js';
import { employerCell, fold } from '../../../server/contacts/employer-cell.js';

/** The patterns as they were, quadratic on a long run: the reference the bounded ones must agree with. */
const OLD_EMAIL = /[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+/gi;
const OLD_SPELT = /([a-z0-9._%+-]+)\s+at\s+((?:[a-z0-9-]+\s+dot\s+)+[a-z]{2,24})\b/gi;
const OLD_PROFILE_URL = /\S*\/in\/[^/?#\s<>()"',;]+\S*/i;
const oldFold = (text: string): string =>
  Array.from(text, (c) => {
    const f = c.normalize('NFKD').replace(/\p{M}/gu, '').replace('ł', 'l').replace('Ł', 'L');
    return f.length === c.length ? f : c;
  }).join('');

/** Cells as people write them, with addresses, spelt addresses, profile URLs, marks and accents. */
const CELLS = [
  'Ana Ruiz <ana.ruiz@acme.com>',
  'mailto:ana@acme.co.uk; bob+news@beta.io',
  'ana@acme.com,bob@beta.com',
  'a@b.com/c@d.com',
  'x.@acme-robotics.com',
  'ana.ruiz at acme dot com',
  'write to ana at mail dot acme dot co dot uk please',
  'ana at acme',
  'Ana Ruiz https://www.linkedin.com/in/ana-ruiz-123/ (Acme)',
  'linkedin.com/in/ana',
  '/in/',
  'see /in/x?y and http://x.example/in/bob',
  'Société Générale',
  'Łukasz Żółć — Kraków',
  'Zoë  O’Brien\tMüller',
  'Acme (R)  ',
  '',
];

test('the bounded patterns find what the old ones found in cells as written', () => {
  for (const cell of CELLS) {
    assert.equal(cell.match(EMAIL_IN_TEXT), cell.match(OLD_EMAIL), cell);
    assert.equal(cell.replace(SPELT, '<$1|$2>'), cell.replace(OLD_SPELT, '<$1|$2>'), cell);
    assert.equal(PROFILE_URL.exec(cell)?.[0], OLD_PROFILE_URL.exec(cell)?.[0], cell);
    assert.is(fold(cell), oldFold(cell), cell);
  }
});

test('an address is read as before; a local part over 64 characters is no address to find whole', () => {
  assert.equal(emailsIn('Ana Ruiz <Ana.Ruiz+crm@Acme.com>'), ['ana.ruiz@acme.com']);
  assert.equal(emailsIn('ana [at] acme [dot] com'), ['ana@acme.com']);
  assert.equal(emailsIn('ana.ruiz at acme dot com'), ['ana.ruiz@acme.com']);
  assert.equal(emailsIn('ana (at)    acme (dot) com'), ['ana@acme.com']);
  // Over 64 characters: no address at all, not a made-up one of its last 64.
  assert.equal(emailsIn(`${'a'.repeat(80)}@acme.com`), []);
  assert.equal(emailsIn(`x ${'a'.repeat(64)}@acme.com`), [`${'a'.repeat(64)}@acme.com`]);
  assert.is(withoutEmails('Ana Ruiz ana@acme.com'), 'Ana Ruiz');
  // What is no address stays whole in the cell, not cut at its last 64 characters.
  const long = `${'a'.repeat(80)}@acme.com`;
  assert.is(withoutEmails(`Ana Ruiz ${long}`), `Ana Ruiz ${long}`);
  assert.is(withoutEmails('ana@acme.com, bob@beta.com'), ',');
});

test('the address pattern is not run on a cell without an "@"', () => {
  const exec = RegExp.prototype.exec;
  let runs = 0;
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    if (this === EMAIL_IN_TEXT) runs++;
    return exec.call(this, s);
  };
  try {
    assert.equal(emailsIn('q'.repeat(2000)), []);
    assert.equal(emailsIn(`${'a b '.repeat(300)} at nothing`), []);
    assert.is(runs, 0);
    assert.equal(emailsIn('ana@acme.com'), ['ana@acme.com']);
    assert.ok(runs > 0, 'and is run on one with');
  } finally {
    RegExp.prototype.exec = exec;
  }
});

test('an employer cell of spaces, marks or years reads as before', () => {
  assert.equal(employerCell('Acme GmbH (2015 - now)').employer[0], 'Acme GmbH');
  assert.equal(employerCell('Acme, Société Anonyme').employer[0], 'Acme');
  assert.equal(employerCell('Acme ™  [since 2019]').employer[0], 'Acme');
  assert.equal(employerCell('Acme, 03/2020 - today').employer[0], 'Acme');
  const spaced = `a${' '.repeat(298)}b`;
  assert.is(employerCell(spaced).employer.at(-1), spaced);
});

test("a business card's email line is found as before, its name part bounded by the one '@'", () => {
  // The line as it was: its `\S+@\S+` tried every '@' of a long line as the split (second reader,
  // 2026-11-30: 100 rows of employer cells of 2,000 characters held a batch 37 s).
  const old = new RegExp(CARD_LINE.source.replace('[^\\s@]+@\\S+', '\\S+@\\S+'), 'i');
  assert.is.not(old.source, CARD_LINE.source);
  for (const line of [
    'ana@acme.com',
    '  e: ana@acme.com',
    'Email: ana.ruiz@acme.co.uk',
    'www.acme.com',
    'Tel: +1 555 808 8768',
    'a@b@c.com',
    '@acme',
    'Your partner in growth',
    ...CELLS,
    `${'a@'.repeat(500)} x`,
  ])
    assert.is(CARD_LINE.test(line), old.test(line), line.slice(0, 40));
});

test(`a headline is read for its first ${HEADLINE_PARTS_READ} parts only`, () => {
  const filler = Array.from({ length: 20 }, (_, i) => `Speaker ${i}`);
  const early = titlesAndOrgs(
    { job_titles: [['Helping teams', 'Head of Platform @ Acme', ...filler].join(' | ')] },
    { titles: [], orgs: [] },
  );
  assert.equal([early.titles[0], early.orgs], ['Head of Platform', ['Acme']]);
  assert.is(early.titles.length, HEADLINE_PARTS_READ - 1);
  const late = titlesAndOrgs({ job_titles: [[...filler, 'Head of Platform @ Acme'].join(' | ')] }, { titles: [], orgs: [] });
  assert.equal(late.orgs, []);
  assert.ok(late.titles.length <= HEADLINE_PARTS_READ);
});

test.run();
