/**
 * The bucket of a ranked candidate list (docs/contacts.md, "Buckets"): resolved, likely, to review
 * or unresolved, from the top candidate's confidence, its margin over the runner-up a person could
 * take for the row's person, and what kind of evidence carried it.
 */
import { type Evidence, KEY_FIELDS, type MatchStatus, type ScoredCandidate } from './evidence.js';
import { EXTRA_NAME_WEIGHTS } from './extra-name-words.js';
import { confidenceOf, WEIGHTS } from './match-scoring.js';

/** Thresholds of the buckets: the confidence a resolved row needs, and its margin over the runner-up. */
export const RESOLVED_MIN = 0.9;
/** The margin over the runner-up a resolved row needs. */
export const RESOLVED_MARGIN = 0.25;
/** The confidence a likely match needs. */
export const LIKELY_MIN = 0.6;
/** The margin over the runner-up a likely match needs. */
export const LIKELY_MARGIN = 0.1;

const holds = (c: ScoredCandidate, field: Evidence['field'], outcome: Evidence['outcome'], weight?: number) =>
  c.evidence.some((e) => e.field === field && e.outcome === outcome && (weight === undefined || e.weight === weight));

/**
 * Whether `other` is no rival of `top`, as a person reading both sees: the row's given and family
 * name exactly, at the employer it lists, against a name spelt otherwise ("Seoyeon Kang" at the
 * listed employer against Seoyeon Jang elsewhere) not at that employer now and holding no key of the row.
 */
function outranked(top: ScoredCandidate, other: ScoredCandidate): boolean {
  return (
    holds(top, 'first_name', 'match', WEIGHTS.firstExact) &&
    holds(top, 'last_name', 'match', WEIGHTS.lastExact) &&
    holds(top, 'organization', 'match', WEIGHTS.orgCurrent) &&
    (holds(other, 'first_name', 'partial') || holds(other, 'last_name', 'partial')) &&
    !holds(other, 'organization', 'match') &&
    !other.evidence.some((e) => KEY_FIELDS.has(e.field))
  );
}

/** Buckets a ranked candidate list (docs/contacts.md, "Buckets"). */
export function bucketOf(candidates: ScoredCandidate[]): { status: MatchStatus; reason: string | null } {
  const top = candidates[0];
  if (!top) return { status: 'unresolved', reason: 'no_candidates' };
  // The runner-up the margin is over: the first a person could take for the row's person.
  const second = candidates.slice(1).find((c) => !outranked(top, c));
  const margin = top.confidence - (second?.confidence ?? 0);
  // A key that matched outright: a mailbox name at a parent domain is partial, and proposes only.
  const keyed = top.evidence.some((e) => KEY_FIELDS.has(e.field) && e.outcome === 'match');
  const nameConflict = top.evidence.some((e) => (e.field === 'first_name' || e.field === 'last_name') && e.outcome === 'conflict');
  // A misspelt name, an initial or a nickname is a guess ("Leo" may be Leonard, or a Leo): without
  // a key (email, phone, profile URL) a person approves it.
  // A name word the person's name lacks is a guess too ("Mary Ellen Smith" for a Mary Smith).
  const nameGuess = top.evidence.some(
    (e) =>
      ((e.field === 'first_name' || e.field === 'last_name') && (e.outcome === 'partial' || e.weight === WEIGHTS.firstNickname)) ||
      e.field === 'name',
  );
  // Another person carries a key of the row (an email, a phone): the row points at two people.
  const keyElsewhere = candidates.slice(1).some((c) => c.confidence >= LIKELY_MIN && c.evidence.some((e) => KEY_FIELDS.has(e.field)));
  // A mailbox at a domain one slip away is a guess too: two real domains can be one letter apart.
  const emailGuess = top.evidence.some((e) => e.field === 'email' && e.outcome === 'partial' && e.weight === WEIGHTS.emailDomainSlip);
  // A side role is a lead for a person to confirm, never a reason to take the person: the buckets
  // weigh the score without it ("Ana Ruiz" at "Acme (also advising Beta)" is no Ana Ruiz of Beta).
  const sideOnly = holds(top, 'organization', 'partial', WEIGHTS.orgSideRole);
  const confidence = sideOnly ? confidenceOf(top.score - WEIGHTS.orgSideRole) : top.confidence;
  // A name word the person lacks with nothing else agreeing ("Min Ran Chen" at Min Chen's employer,
  // another title, another country) names someone else as often: the perspective's network, which
  // may know the namesake, never makes it a proposal.
  const extraUnsupported = holds(top, 'name', 'conflict', EXTRA_NAME_WEIGHTS.none);
  if (extraUnsupported)
    return top.confidence >= LIKELY_MIN
      ? { status: 'needs_review', reason: 'ambiguous_candidates' }
      : { status: 'unresolved', reason: 'low_confidence' };
  if (confidence >= RESOLVED_MIN && margin >= RESOLVED_MARGIN && !nameConflict && !keyElsewhere && (keyed || (!nameGuess && !emailGuess)))
    return { status: 'resolved', reason: null };
  if (confidence >= LIKELY_MIN && margin >= LIKELY_MARGIN && !keyElsewhere && !(keyed && nameConflict))
    return { status: 'likely_match', reason: null };
  if (top.confidence >= LIKELY_MIN)
    return { status: 'needs_review', reason: keyElsewhere || (keyed && nameConflict) ? 'conflicting_evidence' : 'ambiguous_candidates' };
  return { status: 'unresolved', reason: 'low_confidence' };
}
