/**
 * Rows scored against people as the contact matcher scores and buckets them, without an engine:
 * the candidates a row's keys give, ranked, and one person's bucket alone.
 */
import type { Evidence } from '../../server/contacts/evidence.js';
import { bucketOf, confidenceOf, rowKeys, type ScoredCandidate, scoreCandidate } from '../../server/contacts/matcher.js';

type Row = Parameters<typeof rowKeys>[0];
type Person = Parameters<typeof scoreCandidate>[1];
type Degree = Parameters<typeof scoreCandidate>[2];

/** A candidate of this score and evidence, with nothing else known of the person. */
export function scoredCandidate(userId: string, score: number, evidence: Evidence[]): ScoredCandidate {
  return {
    user_id: userId,
    name: null,
    headline: null,
    current_title: null,
    current_company: null,
    location: null,
    score,
    confidence: confidenceOf(score),
    evidence,
  };
}

/** The candidates a row's keys give these people, ranked as the matcher ranks them (ids p0, p1, ...). */
export function ranked(row: Row, people: [Person, Degree][]): ScoredCandidate[] {
  const keys = rowKeys(row);
  return people
    .map(([person, degree], i) => {
      const { score, evidence } = scoreCandidate(keys, person, degree);
      return scoredCandidate(`p${i}`, score, evidence);
    })
    .sort((a, b) => b.score - a.score);
}

/** A row scored against one person, that person bucketed alone: the evidence as "field:outcome" and the status. */
export function alone(row: Row, person: Person, network: Degree = null): { evidence: string[]; status: string } {
  const { score, evidence } = scoreCandidate(rowKeys(row), person, network);
  return { evidence: evidence.map((e) => `${e.field}:${e.outcome}`), status: bucketOf([scoredCandidate('p1', score, evidence)]).status };
}
