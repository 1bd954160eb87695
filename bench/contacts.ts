/**
 * `npm run bench -- --contacts`: the contact matcher's precision and recall (docs/contacts.md).
 * A generated corpus (`--profiles`, default 20,000) is indexed; contacts are then made from its
 * people the way real address books are noisy, one noise type per contact, plus contacts of
 * people who are not in the corpus, and each is matched. Measured per noise type: how many the
 * matcher resolved and how many of those are the right person (precision), and among the
 * contacts that have a unique true match with enough signal to identify it, how many are
 * resolved or a likely match with the right person on top (recall).
 *
 * The noise is made without looking at the matcher: nicknames come from the same public table
 * the matcher reads (an address book uses the same nicknames people do), everything else
 * (typos, missing fields, personal addresses, old employers, title variants, metros, phone
 * formats, shared names, strangers) from the corpus and random edits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { generateCorpus } from '../fixtures/generator/index.js';
import { findCities, metroOf } from '../geo/gazetteer.js';
import { silentProgress } from '../indexer/progress.js';
import { runIndex } from '../indexer/run-index.js';
import { givenNameVariants } from '../lib/names/given-names.js';
import { buildServices, closeServices } from '../server/build-services.js';
import { loadConfig } from '../server/config.js';
import { ContactMatcher, type ContactRow } from '../server/contacts/matcher.js';
import { words } from '../server/contacts/normalize.js';
import { normOrg } from '../server/contacts/organisations.js';
import { createLogger } from '../server/logger.js';

export const NOISE_TYPES = [
  'clean',
  'nickname',
  'typo',
  'missing_fields',
  'personal_email',
  'old_employer',
  'title_variant',
  'metro',
  'phone_format',
  'shared_name',
  'name_only',
  'combined',
  'namesake_stranger',
  'not_in_corpus',
] as const;
type Noise = (typeof NOISE_TYPES)[number];

interface Profile {
  id: string;
  first_name: string | null;
  last_name: string | null;
  display_name: string;
  current_title: string | null;
  current_company_name: string | null;
  experiences?: { company_name: string; title: string; is_current: boolean }[];
  location?: { raw: string; city: string | null; region: string | null; country_code: string | null } | null;
  emails?: { address: string; quality: string; kind?: string | null }[];
  phone_numbers?: { number: string }[];
}

interface Case {
  noise: Noise;
  truth: string | null;
  /** A unique true match with enough signal to identify it (the recall set). */
  identifiable: boolean;
  row: ContactRow;
}

export interface NoiseReport {
  noise: Noise;
  contacts: number;
  resolved: number;
  resolved_correct: number;
  precision: number | null;
  identifiable: number;
  recalled: number;
  recall: number | null;
  likely_match: number;
  needs_review: number;
  unresolved: number;
}

export interface ContactsBenchResult {
  profiles: number;
  contacts: number;
  ms_per_contact: number;
  /**
   * The same contacts matched again from the most connected person's side (their first and
   * second degree are the prior): what a delegate's spreadsheet costs.
   */
  perspective: { second_degree: number; ms_per_contact: number };
  overall: { precision: number | null; recall: number | null; resolved: number; identifiable: number };
  by_noise: NoiseReport[];
}

const pct = (a: number, b: number) => (b ? Math.round((a / b) * 10_000) / 100 : null);

/** One random edit (a swap, a drop, a doubled or replaced letter) inside a word of 5+ letters. */
function typo(word: string, rnd: () => number): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(rnd() * (word.length - 2));
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  const letters = 'aeioulnrst';
  return word.slice(0, i) + letters[Math.floor(rnd() * letters.length)] + word.slice(i + 1);
}

const TITLE_VARIANTS: [RegExp, string][] = [
  [/\bSenior\b/, 'Sr.'],
  [/\bEngineer\b/, 'Eng.'],
  [/\bManager\b/, 'Mgr'],
  [/\bVice President\b/, 'VP'],
  [/\bDirector\b/, 'Dir.'],
  [/\bSoftware\b/, 'SW'],
];

export async function benchContacts(profiles = 20_000, perType = 150): Promise<ContactsBenchResult> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-contacts-bench-'));
  let seed = 11;
  const rnd = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const generated = await generateCorpus({ profiles, seed: 5, outDir: path.join(root, 'corpus'), gzip: false });
  const files = Object.values(generated.files).map((f) => f.path);
  const services = buildServices(loadConfig({ DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent', SAMPLE_PROFILES: '0' }), {
    logger: createLogger('silent'),
  });
  try {
    const summary = await runIndex({
      files,
      swap: false,
      resume: false,
      batchSize: 1000,
      rejectsFile: path.join(root, 'rejects.jsonl'),
      checkpointDir: path.join(root, 'checkpoints'),
      engine: services.engine,
      graph: services.graph,
      progress: silentProgress,
    });
    if (summary.rejected) throw new Error(`${summary.rejected} records rejected`);
    const people = fs
      .readFileSync(generated.files.profiles.path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Profile)
      .filter((p) => p.first_name && p.last_name);
    const fullName = (p: Profile) => `${words(p.first_name).join(' ')}|${words(p.last_name).join(' ')}`;
    const byName = new Map<string, Profile[]>();
    for (const p of people) byName.set(fullName(p), [...(byName.get(fullName(p)) ?? []), p]);
    const firstNames = [...new Set(people.map((p) => p.first_name!))];
    const lastNames = [...new Set(people.map((p) => p.last_name!))];
    /** Unique by name and current employer: a row with both identifies its person. */
    const uniqueAtOrg = (p: Profile, org: string | null) =>
      (byName.get(fullName(p)) ?? []).filter(
        (q) =>
          org !== null &&
          [q.current_company_name, ...(q.experiences ?? []).map((e) => e.company_name)].some((c) => normOrg(c) === normOrg(org)),
      ).length === 1;
    const cases: Case[] = [];
    const base = (p: Profile): ContactRow => ({ name: `${p.first_name} ${p.last_name}` });
    const tries = perType * 20;
    const add = (noise: Noise, make: (p: Profile) => Case | null) => {
      let made = 0;
      for (let i = 0; i < tries && made < perType; i++) {
        const c = make(pick(people));
        if (c) {
          cases.push({ ...c, row: { ...c.row, row_id: `${noise}-${made}` } });
          made++;
        }
      }
    };
    add('clean', (p) => {
      const email = p.emails?.find((e) => e.kind === 'work' && e.quality !== 'bounced');
      if (!email) return null;
      return {
        noise: 'clean',
        truth: p.id,
        identifiable: true,
        row: { ...base(p), emails: [email.address], organization_names: [p.current_company_name!], job_titles: [p.current_title!] },
      };
    });
    add('nickname', (p) => {
      const nick = [...givenNameVariants(words(p.first_name)[0]!)].filter((n) => n !== words(p.first_name)[0]);
      if (!nick.length || !p.current_company_name) return null;
      const n = pick(nick);
      return {
        noise: 'nickname',
        truth: p.id,
        identifiable: uniqueAtOrg(p, p.current_company_name),
        row: { name: `${n[0]!.toUpperCase()}${n.slice(1)} ${p.last_name}`, organization_names: [p.current_company_name] },
      };
    });
    add('typo', (p) => {
      if (!p.current_company_name || (p.last_name ?? '').length < 5) return null;
      return {
        noise: 'typo',
        truth: p.id,
        identifiable: uniqueAtOrg(p, p.current_company_name),
        row: { first_name: p.first_name, last_name: typo(p.last_name!, rnd), organization_names: [`${p.current_company_name} Inc.`] },
      };
    });
    add('missing_fields', (p) => {
      if (!p.current_company_name) return null;
      return {
        noise: 'missing_fields',
        truth: p.id,
        identifiable: uniqueAtOrg(p, p.current_company_name),
        row: { last_name: p.last_name, first_name: p.first_name![0], organization_names: [p.current_company_name] },
      };
    });
    add('personal_email', (p) => {
      const email = p.emails?.find((e) => e.kind === 'personal');
      if (!email) return null;
      return {
        noise: 'personal_email',
        truth: p.id,
        identifiable: true,
        row: { name: p.first_name, emails: [email.address.toUpperCase()] },
      };
    });
    add('old_employer', (p) => {
      const old = p.experiences?.find((e) => !e.is_current && normOrg(e.company_name) !== normOrg(p.current_company_name));
      if (!old) return null;
      return {
        noise: 'old_employer',
        truth: p.id,
        identifiable: uniqueAtOrg(p, old.company_name),
        row: { ...base(p), organization_names: [old.company_name] },
      };
    });
    add('title_variant', (p) => {
      const t = p.current_title ?? '';
      const variant = TITLE_VARIANTS.reduce((s, [re, to]) => s.replace(re, to), t);
      if (variant === t || !p.current_company_name) return null;
      return {
        noise: 'title_variant',
        truth: p.id,
        identifiable: uniqueAtOrg(p, p.current_company_name),
        row: { ...base(p), job_titles: [variant], organization_names: [p.current_company_name.toUpperCase()] },
      };
    });
    add('metro', (p) => {
      const city = p.location?.city ? findCities(p.location.city).find((c) => c.countryCode === p.location?.country_code) : undefined;
      const metro = city ? metroOf(city) : null;
      if (!metro || !p.current_company_name) return null;
      return {
        noise: 'metro',
        truth: p.id,
        identifiable: uniqueAtOrg(p, p.current_company_name),
        row: { ...base(p), location: metro.name, organization_names: [p.current_company_name] },
      };
    });
    add('phone_format', (p) => {
      const number = p.phone_numbers?.[0]?.number;
      const parsed = number ? parsePhoneNumberFromString(number) : undefined;
      if (!parsed) return null;
      const formatted = rnd() < 0.5 ? parsed.formatNational() : parsed.formatInternational().replace(/ /g, '-');
      const country = parsed.country;
      return {
        noise: 'phone_format',
        truth: p.id,
        identifiable: true,
        // A national format needs the place to know the country.
        row: { name: p.display_name, phone_numbers: [formatted], location: country && p.location?.raw ? p.location.raw : null },
      };
    });
    add('shared_name', (p) => {
      const same = byName.get(fullName(p)) ?? [];
      if (same.length < 2 || !p.current_company_name) return null;
      return {
        noise: 'shared_name',
        truth: p.id,
        identifiable: uniqueAtOrg(p, p.current_company_name),
        row: { ...base(p), organization_names: [p.current_company_name], location: p.location?.raw ?? null },
      };
    });
    add('name_only', (p) => ({ noise: 'name_only', truth: p.id, identifiable: false, row: base(p) }));
    // Several kinds of noise at once: a nickname, a misspelt family name, a past employer, a metro.
    add('combined', (p) => {
      const nick = [...givenNameVariants(words(p.first_name)[0]!)].filter((n) => n !== words(p.first_name)[0]);
      const old = p.experiences?.find((e) => !e.is_current && normOrg(e.company_name) !== normOrg(p.current_company_name));
      if (!nick.length || !old || (p.last_name ?? '').length < 5) return null;
      return {
        noise: 'combined',
        truth: p.id,
        identifiable: uniqueAtOrg(p, old.company_name),
        row: {
          first_name: pick(nick),
          last_name: typo(p.last_name!, rnd),
          organization_names: [old.company_name],
          location: p.location?.raw ?? null,
        },
      };
    });
    // Someone who shares a corpus person's full name but is someone else: another employer, another address.
    add('namesake_stranger', (p) => {
      const org = pick(people).current_company_name;
      // Nobody of that name has worked there (two people of the corpus may share a name).
      const namesakes = people.filter(
        (q) =>
          words(q.first_name).join(' ') === words(p.first_name).join(' ') && words(q.last_name).join(' ') === words(p.last_name).join(' '),
      );
      const worked = namesakes.flatMap((q) => [q.current_company_name, ...(q.experiences ?? []).map((e) => e.company_name)]).map(normOrg);
      if (!org || worked.includes(normOrg(org))) return null;
      return {
        noise: 'namesake_stranger',
        truth: null,
        identifiable: false,
        row: {
          ...base(p),
          organization_names: [org],
          emails: [`${words(p.first_name).join('')}.${words(p.last_name).join('')}@elsewhere.example`],
        },
      };
    });
    add('not_in_corpus', () => {
      const first = pick(firstNames);
      const last = pick(lastNames);
      if (byName.has(`${words(first).join(' ')}|${words(last).join(' ')}`)) return null;
      const org = pick(people).current_company_name;
      return {
        noise: 'not_in_corpus',
        truth: null,
        identifiable: false,
        row: { name: `${first} ${last}`, organization_names: org ? [org] : [], emails: [`${first}.${last}@example.org`.toLowerCase()] },
      };
    });

    const matcher = new ContactMatcher(services.engine, services.graph);
    const reports = new Map<Noise, NoiseReport>(
      NOISE_TYPES.map((n) => [
        n,
        {
          noise: n,
          contacts: 0,
          resolved: 0,
          resolved_correct: 0,
          precision: null,
          identifiable: 0,
          recalled: 0,
          recall: null,
          likely_match: 0,
          needs_review: 0,
          unresolved: 0,
        },
      ]),
    );
    const started = performance.now();
    // Five at a time, as delegate-resolve runs them.
    for (let i = 0; i < cases.length; i += 5) {
      const batch = cases.slice(i, i + 5);
      const results = await Promise.all(batch.map((c) => matcher.match(c.row)));
      batch.forEach((c, j) => {
        const r = results[j]!;
        const rep = reports.get(c.noise)!;
        rep.contacts++;
        const top = r.candidates[0]?.user_id ?? null;
        if (r.status === 'resolved') {
          rep.resolved++;
          if (top === c.truth) rep.resolved_correct++;
        } else if (r.status === 'likely_match') rep.likely_match++;
        else if (r.status === 'needs_review') rep.needs_review++;
        else rep.unresolved++;
        if (c.identifiable) {
          rep.identifiable++;
          if ((r.status === 'resolved' || r.status === 'likely_match') && top === c.truth) rep.recalled++;
        }
      });
    }
    const ms = (performance.now() - started) / Math.max(1, cases.length);
    const [busiest] = services.graph.byDegree();
    const perspectiveUserId = busiest?.id ?? null;
    const fromSide = performance.now();
    for (let i = 0; i < cases.length; i += 5)
      await Promise.all(cases.slice(i, i + 5).map((c) => matcher.match(c.row, { perspectiveUserId, maxCandidates: 5 })));
    const msFromSide = (performance.now() - fromSide) / Math.max(1, cases.length);
    const byNoise = [...reports.values()].map((r) => ({
      ...r,
      precision: pct(r.resolved_correct, r.resolved),
      recall: pct(r.recalled, r.identifiable),
    }));
    const sum = (f: (r: NoiseReport) => number) => byNoise.reduce((s, r) => s + f(r), 0);
    return {
      profiles,
      contacts: cases.length,
      ms_per_contact: Math.round(ms * 10) / 10,
      perspective: {
        second_degree: perspectiveUserId ? services.graph.secondDegree(perspectiveUserId).length : 0,
        ms_per_contact: Math.round(msFromSide * 10) / 10,
      },
      overall: {
        precision: pct(
          sum((r) => r.resolved_correct),
          sum((r) => r.resolved),
        ),
        recall: pct(
          sum((r) => r.recalled),
          sum((r) => r.identifiable),
        ),
        resolved: sum((r) => r.resolved),
        identifiable: sum((r) => r.identifiable),
      },
      by_noise: byNoise,
    };
  } finally {
    await closeServices(services);
    fs.rmSync(root, { recursive: true, force: true });
  }
}
