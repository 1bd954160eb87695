/**
 * `npm run eval:parser`: scores the people-query parser on the development query set and
 * prints the three figures with their targets, the scoring rules and every failure (query,
 * expected, got). Exits 1 when a target is missed.
 */
import { evaluatePeopleParser, SCORING_RULES, TARGETS } from './people-eval.js';

const result = evaluatePeopleParser();
const lines: string[] = [];
lines.push(`People-query parser on ${result.total} development queries (query-planner/eval/people-queries.dev.jsonl)`);
lines.push('');
lines.push('Scoring rules:');
for (const r of SCORING_RULES) lines.push(`  - ${r}`);
lines.push('');
const figures: [string, { correct: number; pct: number }, number][] = [
  ['role title', result.title, TARGETS.title],
  ['place', result.place, TARGETS.place],
  ['min years', result.minYears, TARGETS.minYears],
];
let missed = false;
for (const [name, f, target] of figures) {
  const ok = f.pct >= target;
  if (!ok) missed = true;
  lines.push(
    `${name.padEnd(11)} ${String(f.correct).padStart(4)}/${result.total}  ${f.pct.toFixed(1).padStart(5)}%  target ${target}%  ${ok ? 'met' : 'MISSED'}`,
  );
}
lines.push('');
lines.push(`Failures (${result.failures.length}):`);
for (const f of result.failures) {
  lines.push(`  [${f.field}] ${f.query_id}: ${JSON.stringify(f.text)}`);
  lines.push(`      expected ${JSON.stringify(f.expected)}  got ${JSON.stringify(f.got)}`);
}
console.log(lines.join('\n'));
process.exitCode = missed ? 1 : 0;
