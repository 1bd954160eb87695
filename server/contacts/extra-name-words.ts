/**
 * Words of a row's name that a candidate's name does not account for (docs/contacts.md,
 * "Scoring"): "Teresa Guerrero Corral" against Teresa Corral (in Spanish naming Guerrero is her
 * main family name), "Min Ran Chen" or "Jun-fan Sun" against Min Chen and Jun Sun (Minran and
 * Junfan are other given names). The row names someone with more names than this person has: a
 * middle name the profile leaves out, or another person. What else agrees says which, so the
 * weight against the match grows as that agreement shrinks.
 */
import { type Evidence, KEY_FIELDS, type ProfileDoc } from './evidence.js';
import { indexWords, isTypo } from './normalize.js';
import { NAME_PARTICLES } from './person-name.js';
import type { Keys } from './row-keys.js';

/** Words that join a name's parts rather than name anyone: Spanish "y", Portuguese "e", Catalan "i". */
const JOINERS = new Set(['y', 'e', 'i']);

/** The weight against a match of an unexplained name word, by how much else agrees (see {@link extraNameWeight}). */
export const EXTRA_NAME_WEIGHTS = { corroborated: 0, some: -1, none: -3 } as const;

/**
 * The row's name words that the candidate's name does not account for: not one of their name
 * words, nor several of them joined or written apart ("Seung Woo" is Seungwoo), nor their
 * initials ("v.d." is van den), nor a particle or a joiner ("de", "y"), nor the given and family
 * name words the name evidence already weighed (a nickname, a typo, an initial). A given name
 * written with a hyphen counts by its parts ("Jun-fan" against Jun leaves "fan"), and so does a
 * double-barrelled family name ("Batista-Pérez" against Batista leaves "perez"). An initial counts
 * only when the candidate has no middle name it starts.
 */
export function unexplainedNameWords(k: Keys, p: ProfileDoc, ev: Evidence[]): string[] {
  const name = k.name;
  if (!name.first || !name.last || name.all.length < 2) return [];
  const firstEv = ev.find((e) => e.field === 'first_name');
  const lastEv = ev.find((e) => e.field === 'last_name');
  // Most rows: a given and a family name, both weighed by the name evidence. Nothing is left over.
  const weighed = (e: Evidence | undefined) => e !== undefined && e.outcome !== 'conflict';
  if (name.all.length === 2 && !name.firstParts && !name.otherLast && weighed(firstEv) && weighed(lastEv)) return [];
  const theirFirst = indexWords(p.first_name);
  const theirLast = indexWords(p.last_name);
  const display = indexWords(p.display_name);
  const theirs = new Set([...theirFirst, ...theirLast, ...display, theirFirst.join(''), theirLast.join('')]);
  const sequences = [theirFirst, theirLast, display];
  // Middle names: the given names after the first, and the display name's words between its ends.
  const middle = [...theirFirst.slice(1), ...display.slice(1, -1)];
  // The row's own given and family word are accounted for when the name evidence weighed them
  // as such (a nickname, a typo, an initial, another spelling), unless the candidate's family name
  // is another word of the row: then the row's last word is a second family name the person lacks.
  const plJoined = theirLast.join('');
  const lastIsOther =
    !theirs.has(name.last) &&
    (name.all.slice(0, -1).includes(plJoined) || (name.otherLast ?? []).some((o) => o === plJoined || theirLast.includes(o)));
  const birthGiven = Boolean(name.birthName && theirs.has(name.birthName));
  const firstWeighed = weighed(firstEv) && !name.firstParts;
  const lastWeighed = weighed(lastEv) && (!lastIsOther || birthGiven);
  const lastParts = name.lastSearch?.split(' ') ?? [];
  const lastSplit = lastIsOther && lastParts.length > 1 && lastParts.join('') === name.last ? lastParts : null;

  const row: { w: string; weighed: boolean }[] = [];
  let firstDone = false;
  name.all.forEach((w, i) => {
    if (!firstDone && w === name.first) {
      firstDone = true;
      for (const part of name.firstParts ?? [w]) row.push({ w: part, weighed: firstWeighed });
    } else if (i === name.all.length - 1 && w === name.last)
      for (const part of lastSplit ?? [w]) row.push({ w: part, weighed: lastWeighed });
    else row.push({ w, weighed: false });
  });
  const joinedIsTheirs = (from: number, to: number) =>
    theirs.has(
      row
        .slice(from, to)
        .map((r) => r.w)
        .join(''),
    );
  // A run of letters standing for consecutive words of theirs: "vd" for "van den".
  const initialsOfTheirs = (w: string) =>
    w.length >= 2 &&
    w.length <= 3 &&
    sequences.some((seq) =>
      seq.some(
        (_, i) =>
          seq
            .slice(i, i + w.length)
            .map((x) => x[0])
            .join('') === w,
      ),
    );
  return row
    .filter(({ w, weighed }, i) => {
      if (weighed || theirs.has(w) || JOINERS.has(w) || NAME_PARTICLES.test(w)) return false;
      for (let from = Math.max(0, i - 2); from <= i; from++)
        for (let to = i + 1; to <= Math.min(row.length, from + 3); to++) if (to - from > 1 && joinedIsTheirs(from, to)) return false;
      if (w.length === 1) return !middle.some((m) => m.startsWith(w));
      // A typo of a middle name of theirs ("Jhon" for a middle name John) is theirs too.
      if (middle.some((m) => isTypo(w, m))) return false;
      return !initialsOfTheirs(w);
    })
    .map((r) => r.w);
}

/**
 * How much else agrees with the candidate, agreement less contradiction: an employer (in full 1,
 * in part 0.5; a side role 0), a title (current 1, past 0.5) and a place (1), against no listed
 * employer of theirs (1), a listed title that is none of theirs (0.5) and another place (another
 * country, or another city with another employer: 2, as a stranger built round a namesake has the
 * namesake's employer and name, and their own title and town). Null when a key (email, phone,
 * profile URL) is the candidate's: the key says who the person is.
 */
export function corroboration(
  ev: Evidence[],
  rowHasTitle: boolean,
  weights: { sideRole: number; orgPart: readonly number[] },
): number | null {
  if (ev.some((e) => KEY_FIELDS.has(e.field))) return null;
  let net = rowHasTitle && !ev.some((e) => e.field === 'job_title') ? -0.5 : 0;
  for (const e of ev) {
    if (e.field === 'organization') {
      if (e.outcome === 'conflict') net -= 1;
      else if (e.weight !== weights.sideRole) net += weights.orgPart.includes(e.weight) ? 0.5 : 1;
    } else if (e.field === 'job_title') net += e.outcome === 'match' ? 1 : 0.5;
    else if (e.field === 'location') net += e.outcome === 'conflict' ? -2 : 1;
  }
  return net;
}

/**
 * The weight against a match of the row's unexplained name words (`extra`): none when a key is the
 * candidate's or two fields more agree than contradict ("Mary Ellen Smith" at Smith's employer
 * with Smith's title), −1 when about one does (the employer alone), −3 when none does ("Min Ran
 * Chen" at Min Chen's employer, with another title in another country). Initials alone weigh half.
 */
export function extraNameWeight(extra: string[], net: number | null): number {
  if (!extra.length || net === null) return 0;
  const base = net >= 2 ? EXTRA_NAME_WEIGHTS.corroborated : net >= 0.5 ? EXTRA_NAME_WEIGHTS.some : EXTRA_NAME_WEIGHTS.none;
  return extra.every((w) => w.length === 1) ? base / 2 : base;
}
