/**
 * People search labels a text a brief as the docs define one (docs/people-search.md,
 * `input_mode`): several lines or sentences, or over 40 words; one word never, however long.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inputModeOf } from '../../server/commands/search/people/resolve.js';

test('a brief is several lines or sentences or over 40 words, never one word', () => {
  assert.is(inputModeOf('q'.repeat(200)), 'natural_language');
  assert.is(inputModeOf('senior engineers '.repeat(18).trim()), 'natural_language', '36 words over 280 characters');
  assert.is(inputModeOf('engineer '.repeat(41).trim()), 'brief', '41 words');
  assert.is(inputModeOf('We are hiring. Looking for a senior engineer in Berlin.'), 'brief');
  assert.is(inputModeOf('Senior engineer\nBerlin'), 'brief');
  assert.is(inputModeOf('senior engineers in Berlin'), 'natural_language');
});

test.run();
