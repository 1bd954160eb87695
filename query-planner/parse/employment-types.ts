/**
 * Employment types in a job query (docs/job-search.md, `hiring.employment_types`): "internships",
 * "part-time", "full time", "contract", "freelance", "temporary", "temp jobs", "seasonal". Read
 * before the people parser sees the text, so that no title is made of them ("Part-Time Nurse").
 */
import type { EmploymentType } from '../job-filters.js';

/**
 * What "contract" heads when it names the work, not the type of employment: a contract manager,
 * a contracts lawyer, contract law. "Smart contract" is code.
 */
const CONTRACT_WORK = String.raw`(?:managers?|management|administrat\w*|admins?|specialists?|analysts?|lawyers?|attorneys?|law|negotiat\w*|officers?|coordinators?|directors?|reviews?|reviewers?|paralegals?|counsel|compliance|drafting)`;

const TYPE_PHRASES: [RegExp, EmploymentType][] = [
  [/\bfull[- ]?time\b/gi, 'full_time'],
  [/\bpart[- ]?time\b/gi, 'part_time'],
  [/\b(?:temporary|seasonal)\b/gi, 'temporary'],
  [/\btemp\b(?=\s+(?:jobs?|roles?|work|positions?|gigs?|openings?|assignments?|staff)\b)/gi, 'temporary'],
  [/\bfreelance\b/gi, 'contract'],
  [
    new RegExp(String.raw`\b(?:on\s+(?:a\s+)?)?(?<!smart\s)contract(?:[- ]to[- ]hire)?\b(?!\s+${CONTRACT_WORK}\b)(?![-'])`, 'gi'),
    'contract',
  ],
];

/**
 * The employment types a job query names, and its text with them taken out; "internship(s)"
 * becomes "intern" in the text, so that a "software engineering internship" still reads as the
 * title "Software Engineering Intern".
 */
export function employmentTypes(text: string): { types: EmploymentType[]; rest: string } {
  const types = new Set<EmploymentType>();
  let rest = text;
  for (const [pattern, type] of TYPE_PHRASES) {
    rest = rest.replace(pattern, () => {
      types.add(type);
      return ' ';
    });
  }
  // The term of an internship is no part of its title ("summer internships").
  rest = rest.replace(/\b(?:summer|winter|spring|fall|autumn)\s+(?=internships?\b)/gi, ' ');
  rest = rest.replace(/\binternships?\b/gi, () => {
    types.add('internship');
    return 'intern';
  });
  return { types: [...types], rest };
}

/** Whether a title is an intern of some kind ("Intern", "Marketing Intern"): its posting is an internship. */
export const isInternTitle = (title: string): boolean => /\binterns?$/i.test(title.trim());
