import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { minimalEnglishStem } from '../../mappings/minimal-english-stem.js';

test("Lucene's own cases (TestEnglishMinimalStemFilter)", () => {
  const cases: [string, string][] = [
    ['queries', 'query'],
    ['phrases', 'phrase'],
    ['corpus', 'corpus'],
    ['stress', 'stress'],
    ['kings', 'king'],
    ['panels', 'panel'],
    ['aerodynamics', 'aerodynamic'],
    ['congress', 'congress'],
    ['serious', 'serious'],
  ];
  for (const [word, stem] of cases) assert.is(minimalEnglishStem(word), stem, word);
});

test('each rule and its exceptions, with the length conditions', () => {
  const cases: [string, string][] = [
    // -ies → -y, unless -aies or -eies; "ies" alone (length 3) stays.
    ['activities', 'activity'],
    ['aies', 'aies'],
    ['eies', 'eies'],
    ['ies', 'ies'],
    ['ties', 'ty'],
    // -es → -e, unless -aes, -ees, -oes (and -ies, handled above).
    ['boxes', 'boxe'],
    ['sales', 'sale'],
    ['employees', 'employees'],
    ['heroes', 'heroes'],
    ['vitaes', 'vitaes'],
    // -s dropped, unless -us or -ss; shorter than 3 or no final s: unchanged.
    ['engineers', 'engineer'],
    ['managers', 'manager'],
    ['status', 'status'],
    ['boss', 'boss'],
    ['as', 'as'],
    ['yes', 'ye'],
    ['cs', 'cs'],
    ['1990s', '1990'],
    // Derivations are left alone: the point of the title analyzer.
    ['engineering', 'engineering'],
    ['accountant', 'accountant'],
    ['account', 'account'],
    ['development', 'development'],
    ['developer', 'developer'],
  ];
  for (const [word, stem] of cases) assert.is(minimalEnglishStem(word), stem, word);
});

test.run();
