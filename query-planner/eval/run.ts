/**
 * `npm run eval:parser`: scores the people-query parser and the company-query parser on their
 * development query sets and prints the figures with their targets, the scoring rules and every
 * failure (query, expected, got). Exits 1 when a target is missed.
 */
import { COMPANY_SCORING_RULES, COMPANY_TARGET, evaluateCompanyParser, UNSCORED_FIELDS } from './company-eval.js';
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

const company = evaluateCompanyParser();
lines.push('');
lines.push(`Company-query parser on ${company.total} development queries (query-planner/eval/company-queries.dev.jsonl)`);
lines.push('');
lines.push('Scoring rules (each field over the queries whose constraints carry it):');
for (const r of COMPANY_SCORING_RULES) lines.push(`  - ${r}`);
const unscored = UNSCORED_FIELDS.map((f) => `${f} (${company.unscored[f] ?? 0} queries)`).join(', ');
lines.push(`  - Not scored: ${unscored}: no filter of the parser stands for them.`);
lines.push('');
for (const f of company.figures) {
  const ok = f.total === 0 || f.pct >= COMPANY_TARGET;
  if (!ok) missed = true;
  const strict = f.strictHits !== undefined ? `  (strict ${f.strictHits}/${f.total})` : '';
  lines.push(
    `${f.field.padEnd(17)} ${String(f.hits).padStart(4)}/${String(f.total).padEnd(4)} ${f.pct.toFixed(1).padStart(5)}%  target ${COMPANY_TARGET}%  ${ok ? 'met' : 'NOT met'}${strict}`,
  );
}
lines.push('');
lines.push(`Failures (${company.failures.length}):`);
for (const f of company.failures) {
  lines.push(`  [${f.field}] ${f.query_id}: ${JSON.stringify(f.text)}`);
  lines.push(`      expected ${JSON.stringify(f.expected)}  got ${JSON.stringify(f.got)}`);
}
console.log(lines.join('\n'));
process.exitCode = missed ? 1 : 0;
