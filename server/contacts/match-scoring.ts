/**
 * How the contact matcher scores a candidate (docs/contacts.md, "Scoring" and "Buckets"): a row's
 * keys normalised once, the evidence of each field with its weight, and the confidence a score
 * gives. The buckets are buckets.ts's; the shapes, evidence.ts's.
 */
import { placeKey } from '../../geo/place-key.js';
import { genderedPair, sameGivenName, shortForm, spellingVariant } from '../../lib/names/given-names.js';
import { normEmail, sameMailboxAtParent, sameMailboxDomainSlip } from './emails.js';
import type { Evidence, ProfileDoc } from './evidence.js';
import { corroboration, extraNameWeight, unexplainedNameWords } from './extra-name-words.js';
import { familySpelling } from './family-names.js';
import { abbreviationAgreement } from './given-abbreviation.js';
import { indexWords, isTypo, words } from './normalize.js';
import { type OrgForm, orgAgreement, orgForm } from './organisations.js';
import { passportReading } from './passport-spelling.js';
import { patronymicOf } from './patronymics.js';
import type { Keys } from './row-keys.js';
import { readingAs, writtenBack } from './script-readings.js';
import { titleOverlap, titleTokens } from './titles.js';

/** The scoring model's weights (docs/contacts.md, "Scoring"). */
export const WEIGHTS = {
  professionalUrl: 12,
  email: 9,
  emailBounced: 5,
  emailParentDomain: 7,
  emailDomainSlip: 4,
  phone: 8,
  firstExact: 2.5,
  firstNickname: 2,
  firstTypo: 1.5,
  firstInitial: 1.2,
  firstConflict: -4,
  lastExact: 3,
  lastPart: 2.5,
  lastTypo: 2.2,
  lastConflict: -5,
  /** The family name cut to its initial ("Alice M."), when the rest of the row agrees (scoreCandidate). */
  lastInitial: 1.2,
  orgCurrent: 2.5,
  orgPast: 2,
  orgAliasCurrent: 2,
  orgAliasPast: 1.5,
  orgPartCurrent: 1.2,
  orgPartPast: 1,
  /**
   * The person works or worked at an organisation the row names only as a side role ("Acme; Board
   * member at Beta", "Acme / Beta (advisor)") or after the employer: less than a past employer
   * listed alone, as the row also names a current employer this person is not at; its own weight,
   * so that the buckets can tell it (it never lifts a row to resolved or likely, bucketOf).
   */
  orgSideRole: 1.8,
  orgEmailDomainCurrent: 2,
  orgEmailDomainPast: 1.5,
  orgMiss: -0.5,
  titleCurrent: 1,
  titlePast: 0.5,
  city: 1,
  metro: 0.8,
  countryConflict: -1,
  cityAndEmployerConflict: -1,
  firstDegree: 1.5,
  secondDegree: 0.5,
} as const;

/** Confidence from a score: a logistic curve centred on 6 (about a full name plus one more field). */
export const confidenceOf = (score: number): number => Math.round((1 / (1 + Math.exp(-1.1 * (score - 6)))) * 1000) / 1000;

/** Whether the first two or three of the row's name words, joined, are `given` (and a family name follows). */
const writtenApart = (all: string[], given: string): boolean => [2, 3].some((n) => n < all.length && all.slice(0, n).join('') === given);

/**
 * Scores one profile against a row's keys; `network` is the perspective's degree to the person,
 * and `whose` says whose network that is in the evidence ("yours", or the delegate's name).
 */
export function scoreCandidate(k: Keys, p: ProfileDoc, network: 1 | 2 | null, whose = 'yours'): { score: number; evidence: Evidence[] } {
  const ev: Evidence[] = [];
  const add = (field: Evidence['field'], outcome: Evidence['outcome'], weight: number, detail: string) =>
    ev.push({ field, outcome, weight, detail });

  if (k.username && p.professional_username?.toLowerCase() === k.username)
    add('professional_url', 'match', WEIGHTS.professionalUrl, 'the professional profile URL is this person’s');
  const emails = new Map((p.emails ?? []).map((e) => [normEmail(e.address), e.quality]));
  const email = k.emails.find((e) => emails.has(e));
  if (email)
    add(
      'email',
      'match',
      emails.get(email) === 'bounced' ? WEIGHTS.emailBounced : WEIGHTS.email,
      emails.get(email) === 'bounced' ? 'an email address this person used (it now bounces)' : 'an email address of this person',
    );
  // The same mailbox name at a host and its parent domain ("ana@mail.acme.com", "ana@acme.com"):
  // very likely the same mailbox, but not certain, so alone it proposes and does not resolve.
  else if (k.emails.some((e) => [...emails.keys()].some((pe) => pe !== null && sameMailboxAtParent(e, pe))))
    add('email', 'partial', WEIGHTS.emailParentDomain, 'the same mailbox name at a host of this person’s email domain');
  // The same mailbox name at a domain one slip away ("ana@acme.con"): a typo of this person's address.
  else if (k.emails.some((e) => [...emails.keys()].some((pe) => pe !== null && sameMailboxDomainSlip(e, pe))))
    add('email', 'partial', WEIGHTS.emailDomainSlip, 'the same mailbox name at a misspelt form of this person’s email domain');
  const phones = new Set((p.phone_numbers ?? []).map((x) => x.number));
  if (k.phones.some((x) => phones.has(x))) add('phone', 'match', WEIGHTS.phone, 'a phone number of this person');

  const pf = words(p.first_name)[0] ?? words(p.display_name)[0] ?? null;
  const pl = words(p.last_name);
  const plLast = pl.at(-1) ?? null;
  // A hyphenated or two-word given name ("Mary-Jane", "Jean Luc"): joined, and its first part.
  const pfParts = indexWords(p.first_name);
  // A name written in Cyrillic or Greek, read as the profile spells it when one of the common
  // romanisations spells it so ("Даяна" as Dajana): the same name, as exact as one written in Latin.
  const rf = k.name.first && pf ? readingAs(k.name.first, [pf, pfParts.join('')], k.scriptReadings) : k.name.first;
  const rl = k.name.last && plLast ? readingAs(k.name.last, [plLast, pl.join('')], k.scriptReadings) : k.name.last;
  let cutShort = -1;
  const ab = k.name.abbreviated;
  const abbreviated = ab && (ab.names[0] ?? ab.written) === k.name.first ? ab : null;
  if (abbreviated && pf) {
    // "Wm.", "Chas.": the name a contraction stands for; "Fred.": cut short, an initial's guess.
    const written = `"${abbreviated.written}."`;
    const agreement = abbreviationAgreement(abbreviated, pf, pfParts);
    if (agreement === 'same' && abbreviated.names.length)
      add('first_name', 'match', WEIGHTS.firstExact, `${written} is the written abbreviation of "${pf}"`);
    else if (agreement === 'same') add('first_name', 'match', WEIGHTS.firstExact, 'same given name');
    else if (agreement === 'form') add('first_name', 'match', WEIGHTS.firstNickname, `${written} abbreviates a form of "${pf}"`);
    else if (agreement === 'spelling')
      add('first_name', 'partial', WEIGHTS.firstTypo, `${written} abbreviates another spelling of "${pf}"`);
    else if (agreement === 'begins') {
      cutShort = ev.length;
      add('first_name', 'partial', WEIGHTS.firstInitial, `${written} is cut short; it may stand for "${pf}"`);
    } else add('first_name', 'conflict', WEIGHTS.firstConflict, `given name ${written} does not stand for "${pf}"`);
  } else if (rf && pf) {
    // Read family name first, "Nguyen Van An" is An with a middle name: the same given name when
    // the profile's are "Van An", a guess when they are only "An".
    if (k.name.given && k.name.given === pfParts.join('')) add('first_name', 'match', WEIGHTS.firstExact, 'same given names');
    else if (k.name.given && rf === pf)
      add('first_name', 'match', WEIGHTS.firstNickname, `"${rf}" is one of the given names the row gives`);
    else if (rf === pf || rf === pfParts.join('')) add('first_name', 'match', WEIGHTS.firstExact, 'same given name');
    else if (rf === passportReading(p.first_name))
      add('first_name', 'match', WEIGHTS.firstExact, 'same given name, as a passport spells it');
    // "Juddovich" is the child of a Judd: a patronymic formed from their given name is another person's.
    else if (patronymicOf(rf, pf))
      add('first_name', 'conflict', WEIGHTS.firstConflict, `"${rf}" is a patronymic formed from "${pf}", not their given name`);
    // "Ji Soo", "Seung Woo": a given name of two syllables written apart is the same given name.
    else if (k.name.all.length > 2 && pf.length > rf.length && writtenApart(k.name.all, pfParts.join('')))
      add('first_name', 'match', WEIGHTS.firstExact, 'same given name, written apart');
    else if (pfParts.length > 1 && (rf === pfParts[0] || rf === pfParts.at(-1)))
      add('first_name', 'match', WEIGHTS.firstNickname, `"${rf}" is one of the given names "${p.first_name}"`);
    else if (sameGivenName(rf, pf)) add('first_name', 'match', WEIGHTS.firstNickname, `"${rf}" is a form of "${pf}"`);
    else if (shortForm(rf, pf)) add('first_name', 'match', WEIGHTS.firstNickname, `"${rf}" may be a short form of "${pf}"`);
    else if (spellingVariant(rf, pf)) add('first_name', 'partial', WEIGHTS.firstTypo, `"${rf}" may be another spelling of "${pf}"`);
    else if (rf.length === 1 && pf.startsWith(rf)) add('first_name', 'partial', WEIGHTS.firstInitial, 'the initial matches');
    // "M.L. Hadwich": the first initial stands for the given name, the others for middle names.
    else if (k.name.initials && pf.startsWith(rf[0]!)) add('first_name', 'partial', WEIGHTS.firstInitial, 'the first initial matches');
    else if (isTypo(rf, pf) && !genderedPair(rf, pf))
      add('first_name', 'partial', WEIGHTS.firstTypo, `"${rf}" looks like a misspelling of "${pf}"`);
    else if (writtenBack(rf, pf, k.scriptReadings))
      add('first_name', 'partial', WEIGHTS.firstTypo, `"${pf}" may be the given name the row writes in another script`);
    else add('first_name', 'conflict', WEIGHTS.firstConflict, `given name "${rf}" is not "${pf}"`);
  }
  if (rl && plLast) {
    // The row's words after the given name: "Pérez Gómez" or "Al Farsi" written apart.
    const rowFamily = k.name.all.slice(1);
    if (rl === plLast || rl === pl.join('') || rowFamily.join('') === pl.join(''))
      add('last_name', 'match', WEIGHTS.lastExact, 'same family name');
    else if (rl === passportReading(p.last_name)) add('last_name', 'match', WEIGHTS.lastExact, 'same family name, as a passport spells it');
    else if (k.name.birthName && k.name.birthName === pl.join(''))
      add('last_name', 'match', WEIGHTS.lastExact, 'the birth name the row gives');
    else if (
      pl.includes(rl) ||
      rowFamily.includes(plLast) ||
      (rf === null && words(p.display_name).includes(rl)) ||
      // One part of a double-barrelled name, either way round, or the birth name the row gives.
      k.name.otherLast?.some((x) => x === plLast || x === pl.join('')) ||
      indexWords(p.last_name).includes(rl)
    )
      add('last_name', 'match', WEIGHTS.lastPart, 'part of the family name, or a family name the row also gives');
    else if (isTypo(rl, plLast)) add('last_name', 'partial', WEIGHTS.lastTypo, `"${rl}" looks like a misspelling of "${plLast}"`);
    // One name in another romanisation or spelling ("Kuo" / "Guo", "Smirnoff" / "Smirnov",
    // "Chatterjee" / "Chattopadhyay"): a guess, weighed as a misspelling.
    else if (familySpelling(rl, plLast, indexWords(k.name.lastSearch ?? rl), indexWords(p.last_name)))
      add('last_name', 'partial', WEIGHTS.lastTypo, `"${rl}" may be another spelling of "${plLast}"`);
    else if (writtenBack(rl, plLast, k.scriptReadings))
      add('last_name', 'partial', WEIGHTS.lastTypo, `"${plLast}" may be the family name the row writes in another script`);
    // "Alice M.", "Jane D": the family name cut to its initial, as a network shows someone outside
    // one's network or a chat shows a display name (weighed below, once the rest of the row is).
    else if (rl.length === 1 && plLast.startsWith(rl)) add('last_name', 'partial', WEIGHTS.lastInitial, 'the family initial matches');
    else add('last_name', 'conflict', WEIGHTS.lastConflict, `family name "${rl}" is not "${plLast}"`);
  }

  if (k.orgForms.length || k.sideOrgForms.length || k.emailHostOrgs.size) {
    const current = orgForm(p.current_company_name);
    const past = (p.experiences ?? []).filter((e) => !e.is_current).map((e) => orgForm(e.company_name));
    const rank = { same: 3, alias: 2, part: 1 } as const;
    const best = (listed: OrgForm[], names: OrgForm[]) => {
      let found: 'same' | 'alias' | 'part' | null = null;
      for (const o of listed)
        for (const n of names) {
          const a = orgAgreement(o, n);
          if (a && (!found || rank[a] > rank[found])) found = a;
        }
      return found;
    };
    const cur = best(k.orgForms, [current]);
    const old = cur === 'same' || k.orgsCurrentOnly ? null : best(k.orgForms, past);
    // A side role names no current employer: it agrees exactly or as an alias, now or before.
    const sideAgrees = (a: 'same' | 'alias' | 'part' | null) => a === 'same' || a === 'alias';
    const side = sideAgrees(best(k.sideOrgForms, [current])) || sideAgrees(best(k.sideOrgForms, past));
    // An address at the employer's own domain ("a.ruiz@acme.com" for someone at Acme) names the
    // employer, unless the address itself is already this person's.
    // The domain names the employer exactly ("acme-robotics.com"), or shares a word with its name
    // or abbreviates it ("berge.com" for Berge and Sons), which counts for less: another company
    // may own that domain.
    // Only a domain the person has an address at too: "yahoo.com" says nothing of someone at
    // Yahoo whose profile holds no Yahoo address (mail providers are employers too).
    const theirs = new Set((p.emails ?? []).map((e) => e.address?.toLowerCase().split('@')[1]).filter(Boolean));
    // A host without its ending ("ana@acmerobotics", broken in the row) is theirs at any ending.
    const theirLabels = new Set([...theirs].map((h) => h!.split('.')[0]));
    const shared = [...k.emailHostOrgs]
      .filter(([host]) => theirs.has(host) || (!host.includes('.') && theirLabels.has(host)))
      .map(([, org]) => org);
    const domain = (names: OrgForm[]) => (email || !shared.length ? null : best(shared, names));
    const domainCur = domain([current]);
    const domainOld = domainCur ? null : domain(past);
    if (cur === 'same') add('organization', 'match', WEIGHTS.orgCurrent, `works at ${p.current_company_name}`);
    else if (domainCur === 'same')
      add('organization', 'partial', WEIGHTS.orgEmailDomainCurrent, `the email is at the domain of ${p.current_company_name}`);
    else if (old === 'same') add('organization', 'partial', WEIGHTS.orgPast, 'worked at a listed employer');
    else if (cur === 'alias')
      add('organization', 'partial', WEIGHTS.orgAliasCurrent, `works at ${p.current_company_name}, abbreviated or misspelt in the row`);
    else if (domainOld === 'same')
      add('organization', 'partial', WEIGHTS.orgEmailDomainPast, 'the email is at the domain of a past employer');
    else if (old === 'alias')
      add('organization', 'partial', WEIGHTS.orgAliasPast, 'worked at a listed employer, abbreviated or misspelt in the row');
    else if (side)
      add('organization', 'partial', WEIGHTS.orgSideRole, 'works or worked at an organisation the row names only as a side role');
    else if (cur === 'part' || domainCur)
      add(
        'organization',
        'partial',
        WEIGHTS.orgPartCurrent,
        `works at ${p.current_company_name}, a name that shares words with a listed employer or the email's domain`,
      );
    else if (old === 'part' || domainOld)
      add(
        'organization',
        'partial',
        WEIGHTS.orgPartPast,
        "worked at a company whose name shares words with a listed employer or the email's domain",
      );
    else if (k.orgForms.length || k.sideOrgForms.length) add('organization', 'conflict', WEIGHTS.orgMiss, 'no listed employer matches');
  }
  if (k.titles.length) {
    const current = titleTokens(p.current_title);
    const past = (p.experiences ?? []).map((e) => titleTokens(e.title));
    if (k.titles.some((t) => titleOverlap(t, current) >= 0.5))
      add('job_title', 'match', WEIGHTS.titleCurrent, `current title ${p.current_title}`);
    else if (k.titles.some((t) => past.some((x) => titleOverlap(t, x) >= 0.5)))
      add('job_title', 'partial', WEIGHTS.titlePast, 'a past title matches');
  }
  if (k.place && p.location) {
    // Cities compare by place key: "Ft. Worth" and "Fort Worth", "St. Paul" and "Saint Paul" are one.
    const city = p.location.city ? placeKey(p.location.city) : null;
    const metro = p.location.metro?.toLowerCase() ?? null;
    if (k.place.city && city === k.place.city) add('location', 'match', WEIGHTS.city, `lives in ${p.location.city}`);
    else if (k.place.metro && metro === k.place.metro) add('location', 'partial', WEIGHTS.metro, `in the ${p.location.metro} area`);
    else if (k.place.country && p.location.country_code && k.place.country !== p.location.country_code)
      add('location', 'conflict', WEIGHTS.countryConflict, 'in another country');
    // Another city and another employer, both given on both sides: a namesake more likely than a
    // person who moved and changed jobs (one of the two alone is a move or a new job, and weighs nothing).
    else if (
      k.place.city &&
      city &&
      city !== k.place.city &&
      !(k.place.metro && metro === k.place.metro) &&
      p.current_company_name &&
      ev.some((e) => e.field === 'organization' && e.outcome === 'conflict')
    )
      add('location', 'conflict', WEIGHTS.cityAndEmployerConflict, `in ${p.location.city}, at another employer`);
  }
  // A family initial is a guess that stands only beside the rest of the row: the given name, the
  // current employer and the title or the town all agreeing, nothing in conflict. Otherwise it is
  // read as another family name, as before ("Jane D." at Jane Doe's employer with another title
  // and town is no Jane Doe).
  const agrees = (field: Evidence['field']) => ev.some((e) => e.field === field && e.outcome === 'match');
  const initial = ev.findIndex((e) => e.field === 'last_name' && e.weight === WEIGHTS.lastInitial && e.outcome === 'partial');
  if (initial >= 0) {
    const rest = agrees('first_name') && agrees('organization') && (agrees('job_title') || agrees('location'));
    if (!rest || ev.some((e) => e.outcome === 'conflict'))
      ev[initial] = {
        ...ev[initial]!,
        outcome: 'conflict',
        weight: WEIGHTS.lastConflict,
        detail: `family name "${rl}" is not "${plLast}"`,
      };
  }
  // A given name cut short with a dot ("Frede.") stands the same way: beside the family name, the
  // current employer and the title or the town, nothing in conflict; else it names someone else.
  if (
    cutShort >= 0 &&
    (!(agrees('last_name') && agrees('organization') && (agrees('job_title') || agrees('location'))) ||
      ev.some((e) => e.outcome === 'conflict'))
  )
    ev[cutShort] = { ...ev[cutShort]!, outcome: 'conflict', weight: WEIGHTS.firstConflict, detail: `given name "${rf}." is not "${pf}"` };
  // A name word of the row that is not theirs ("Min Ran Chen" for Min Chen, "Teresa Guerrero
  // Corral" for Teresa Corral): a middle name left out, or another person, as what else agrees says.
  const extra = unexplainedNameWords(k, p, ev);
  const net = corroboration(ev, k.titles.length > 0, {
    sideRole: WEIGHTS.orgSideRole,
    orgPart: [WEIGHTS.orgPartCurrent, WEIGHTS.orgPartPast],
  });
  const extraWeight = extraNameWeight(extra, net);
  if (extraWeight) add('name', 'conflict', extraWeight, `the row's name also has "${extra.join(' ')}", which this person's name does not`);
  if (network === 1) add('network', 'match', WEIGHTS.firstDegree, `a first-degree connection of ${whose}`);
  else if (network === 2) add('network', 'partial', WEIGHTS.secondDegree, `a second-degree connection of ${whose}`);
  return { score: Math.round(ev.reduce((s, e) => s + e.weight, 0) * 100) / 100, evidence: ev };
}
