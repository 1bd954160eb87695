/**
 * Occupational nouns from WordNet (parse/occupation-nouns.ts, lexicon/data/occupation-nouns.txt):
 * the file is what its build script makes; the list holds trades and leaves out the people one is
 * by relation; the title grammar reads one as a head only after a modifier, in a query with no
 * title of the hand list.
 */
import fs from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { buildOccupationNouns, OCCUPATION_NOUNS_FILE } from '../../query-planner/parse/lexicon/build-occupation-nouns.js';
import { occupationNoun } from '../../query-planner/parse/occupation-nouns.js';

const title = (q: string) => parsePeopleQuery(q).filters.job_titles?.include;

test('query-planner/parse/lexicon/data/occupation-nouns.txt is what build-occupation-nouns.ts makes of WordNet', () => {
  assert.ok(
    fs.readFileSync(OCCUPATION_NOUNS_FILE, 'utf8') === buildOccupationNouns(),
    'run `node --import tsx query-planner/parse/lexicon/build-occupation-nouns.ts` and commit the file',
  );
});

test('the list: trades and roles, singular from plural; not the people one is by relation, level words or adjectives', () => {
  for (const [word, one] of [
    ['scouts', 'scout'],
    ['djs', 'dj'],
    ['farriers', 'farrier'],
    ['luthier', 'luthier'],
    ['chauffeurs', 'chauffeur'],
    ['sextons', 'sexton'],
    ['busboys', 'busboy'],
    ['envoys', 'envoy'],
  ])
    assert.is(occupationNoun(word as string), one, word);
  for (const word of [
    'customers',
    'client',
    'users',
    'friends',
    'members',
    'veterans',
    'natives',
    'parents',
    'citizens',
    'residents',
    'fans',
    'candidates',
    'applicants',
    'students',
    'alumni',
    'patrons',
    'heroes',
    'companions',
    'senior',
    'junior',
    'chief',
    'principal',
    // A plural that is a noun of its own: the science, not mechanics' plural.
    'mechanics',
  ])
    assert.is(occupationNoun(word), undefined, word);
});

test('an occupational noun after a modifier heads a title the hand list lacks', () => {
  assert.equal(title('radio DJs in ndola, breakfast show'), ['Radio DJ']);
  assert.equal(title('football scouts in marche, serie c level'), ['Football Scout']);
  assert.equal(title('hotel busboys in miami'), ['Hotel Busboy']);
  assert.equal(title('parish sextons in england'), ['Parish Sexton']);
  assert.equal(title('trade envoys in brussels'), ['Trade Envoy']);
  assert.equal(title('opera sopranos in milan'), ['Opera Soprano']);
  // In a long query too, where no short run stands for a title by itself.
  assert.equal(
    title('looking for experienced forest lookouts in oregon who have worked several fire seasons and can start this summer with our crew'),
    ['Forest Lookout'],
  );
});

test('never alone, never for the people one is by relation, never beside a title the hand list reads', () => {
  assert.equal(title('busboys in miami'), undefined);
  assert.equal(title('DJs in ndola'), undefined);
  // After an industry only, the title would be the noun alone.
  assert.equal(title('fintech scouts in london'), undefined);
  assert.equal(title('veterans welcome'), undefined);
  assert.equal(title('navy veterans in san diego'), undefined);
  assert.equal(title('loyal patrons of the arts in new york'), undefined);
  assert.equal(title('local heroes in detroit'), undefined);
  assert.equal(title('cycling companions in girona'), undefined);
  assert.equal(title('wine connoisseurs in bordeaux'), undefined);
  assert.equal(title('us citizens in berlin'), undefined);
  // The hand list's title stands; the noun in the aside names no second one.
  assert.equal(title('seed sales reps in xinjiang (cotton growers)'), ['Seed Sales Rep']);
  assert.equal(title('lithography engineers NL, asml supplier experience'), ['Lithography Engineer']);
});

test.run();
