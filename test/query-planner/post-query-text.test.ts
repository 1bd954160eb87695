/** The post-search text reader: pure; what a post must contain, and what the text states as filters. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePostQuery } from '../../query-planner/parse/post-query.js';

test('words that say nothing a post must contain are dropped; topic words stay, "hiring" and "search" included', () => {
  assert.is(parsePostQuery('posts about hiring').text, 'hiring');
  assert.is(parsePostQuery('what are people saying about remote work').text, 'remote work');
  assert.is(parsePostQuery('search relevance').text, 'search relevance');
  assert.equal(parsePostQuery('find posts mentioning Kubernetes operators').dropped, ['find', 'posts', 'mentioning']);
});

test('windows, kinds of post and company authors become filters', () => {
  const a = parsePostQuery('company posts on AI agents from the past two weeks');
  assert.equal(a.filters, { posted_within_days: 14, author_entity_types: ['company'] });
  assert.is(a.text, 'AI agents');
  const b = parsePostQuery('comments on pricing changes this month');
  assert.equal(b.filters, { posted_within_days: 30, action_types: ['comment'] });
  assert.is(b.text, 'pricing changes');
  assert.equal(parsePostQuery('reshared launch announcements').filters.action_types, ['repost']);
  assert.equal(parsePostQuery('posts by companies about layoffs').filters.author_entity_types, ['company']);
});

test('"by <who>" is handed back: a role is flagged, a name is not', () => {
  assert.equal(parsePostQuery('posts about layoffs by CTOs').author, { text: 'CTOs', role: true });
  assert.equal(parsePostQuery('hiring updates by product managers').author, { text: 'product managers', role: true });
  const byName = parsePostQuery('posts by Globex about payments');
  assert.equal(byName.author, { text: 'Globex', role: false });
  assert.is(byName.text, 'payments');
});

test('words that only look like cues stay words: stock shares, "from home", "New York"', () => {
  const shares = parsePostQuery('posts about Tesla shares');
  assert.equal(shares.filters, {});
  assert.is(shares.text, 'Tesla shares');
  const home = parsePostQuery('posts about hiring from home');
  assert.is(home.author, null);
  assert.is(home.text, 'hiring home');
  assert.is(parsePostQuery('posts about New York startups').text, 'New York startups');
});

test.run();
