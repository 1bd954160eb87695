/**
 * Deterministic match reasons: why a person matched, derived from their indexed profile and the
 * filters actually applied. No model involved; the same inputs always give the same reasons.
 */
import { US_STATES } from '../../../../geo/us-states.js';
import { minimalEnglishStem } from '../../../../mappings/minimal-english-stem.js';
import type { AdvancedFilters } from '../../../../query-planner/advanced-filters.js';
import { type PlaceMatch, regionMembersOf, resolvePlace } from '../../../../query-planner/places.js';
import { titleVariants } from '../../../../query-planner/title-variants.js';

type Doc = Record<string, unknown>;

/**
 * Lowercase, accents folded, words only, plurals folded as the title analyzer folds them
 * (`proxima_title`, Lucene's minimal English stemmer): "Managers" meets "Manager", and a reason
 * never claims "Accountant" in "Account Executive", which the search does not match either.
 */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9+#]+/)
    .filter(Boolean)
    .map(minimalEnglishStem);
}

function containsPhrase(haystack: string, needle: string): boolean {
  const h = words(haystack).join(' ');
  const n = words(needle).join(' ');
  return n.length > 0 && ` ${h} `.includes(` ${n} `);
}

function placeHolds(place: PlaceMatch, loc: Doc | undefined): boolean {
  if (!loc) return false;
  const eq = (a: unknown, b: string | undefined) => typeof a === 'string' && b !== undefined && a.toLowerCase() === b.toLowerCase();
  switch (place.kind) {
    case 'region': {
      if (Array.isArray(loc.regions) && (loc.regions as string[]).some((r) => eq(r, place.namedRegion))) return true;
      // The members the filter matched on (regionClause): records stored before a region was defined, directional parts.
      const { countries, usStates, subdivisions } = regionMembersOf(place.namedRegion ?? '');
      const cc = typeof loc.country_code === 'string' ? loc.country_code : '';
      const region = typeof loc.region === 'string' ? loc.region : '';
      return (
        countries.includes(cc) ||
        (cc === 'US' && usStates.some((s) => eq(region, US_STATES[s]))) ||
        subdivisions.includes(`${cc}|${region}`)
      );
    }
    case 'metro':
      return eq(loc.metro, place.metro);
    case 'country':
      return eq(loc.country_code, place.countryCode);
    case 'state':
      return eq(loc.country_code, place.countryCode) && eq(loc.region, place.region);
    case 'city':
      return (
        (eq(loc.city, place.city) && eq(loc.country_code, place.countryCode)) || (place.metro !== undefined && eq(loc.metro, place.metro))
      );
  }
}

export interface ReasonContext {
  filters: AdvancedFilters;
  keywords: string[];
  degree: '1st' | '2nd' | '3rd+' | null;
  mutual: number | null;
  /** Sources that confirmed a first-degree connection, when checked. */
  confirmedBy?: string[];
}

/** Reasons, most specific first. Empty when nothing specific can be said. */
export function matchReasons(doc: Doc, ctx: ReasonContext): string[] {
  const out: string[] = [];
  const f = ctx.filters;
  const title = typeof doc.current_title === 'string' ? doc.current_title : null;
  const experiences = (doc.experiences as Doc[] | undefined) ?? [];
  // What the title filter matched on: the title's spellings (filter-clauses.ts), in the current
  // title, or in a past title only when the filter reads past titles (`current_only: false`).
  const currentOnly = f.job_titles?.current_only ?? true;
  for (const wanted of f.job_titles?.include ?? []) {
    const spellings = [wanted, ...titleVariants(wanted)];
    const holds = (text: unknown) => typeof text === 'string' && spellings.some((s) => containsPhrase(text, s));
    if (title && holds(title)) {
      out.push(`Current title "${title}" matches "${wanted}"`);
      break;
    }
    const past = experiences.find((e) => (!currentOnly || e.is_current === true) && holds(e.title));
    if (past) {
      out.push(`${past.is_current ? 'Title' : 'Past title'} "${past.title}" at ${past.company_name ?? 'a company'} matches "${wanted}"`);
      break;
    }
  }
  if (f.seniority?.length && typeof doc.seniority === 'string' && f.seniority.includes(doc.seniority as never))
    out.push(`Seniority: ${doc.seniority}`);
  if (f.functions?.length && typeof doc.function === 'string' && f.functions.includes(doc.function as never))
    out.push(`Function: ${doc.function}`);
  const loc = doc.location as Doc | undefined;
  for (const text of f.locations?.include ?? []) {
    const place = resolvePlace(text);
    if (place && placeHolds(place, loc)) {
      const exactCity = place.kind === 'city' && loc?.city === place.city;
      const within = place.kind === 'city' ? `the ${place.metro} area` : place.name;
      out.push(`Based in ${String(loc?.raw ?? place.name)}${exactCity ? '' : ` (within ${within})`}`);
      break;
    }
  }
  const years = typeof doc.years_experience === 'number' ? doc.years_experience : null;
  if (years !== null && (f.years_experience?.min !== undefined || f.years_experience?.max !== undefined))
    out.push(`${Math.round(years * 10) / 10} years of experience`);
  for (const c of f.companies ?? []) {
    if (c.operator === 'exclude') continue;
    for (const name of c.where.identity?.names ?? []) {
      const current = typeof doc.current_company_name === 'string' && containsPhrase(doc.current_company_name, name);
      const exp = experiences.find((e) => typeof e.company_name === 'string' && containsPhrase(e.company_name, name));
      if (current && c.relation !== 'past_employment') out.push(`Works at ${doc.current_company_name}`);
      else if (exp) out.push(`${exp.is_current ? 'Works' : 'Worked'} at ${exp.company_name}`);
    }
  }
  const skills = (doc.skills as string[] | undefined) ?? [];
  const wantedSkills = (f.skills?.include ?? []).map((s) => s.toLowerCase());
  const hitSkills = skills.filter((s) => wantedSkills.includes(s.toLowerCase()));
  if (hitSkills.length) out.push(`Skills: ${hitSkills.join(', ')}`);
  const education = (doc.education as Doc[] | undefined) ?? [];
  for (const school of f.schools ?? []) {
    const e = education.find((x) => typeof x.school === 'string' && containsPhrase(x.school, school));
    if (e) out.push(`Studied at ${e.school}`);
  }
  for (const degree of f.degrees ?? []) {
    const e = education.find((x) => typeof x.degree === 'string' && containsPhrase(x.degree, degree));
    if (e) out.push(`Degree: ${e.degree}`);
  }
  const languages = (doc.languages as Doc[] | undefined) ?? [];
  for (const l of f.languages ?? []) {
    const hit = languages.find((x) => String(x.name).toLowerCase() === l.name.toLowerCase());
    if (hit) out.push(`Speaks ${hit.name}${hit.proficiency ? ` (${hit.proficiency})` : ''}`);
  }
  const company = doc.current_company as Doc | undefined;
  if (f.industries?.include?.length && company?.industry) out.push(`Industry: ${company.industry}`);
  if (f.company_stage?.length && company?.funding_stage) out.push(`Company stage: ${company.funding_stage}`);
  if ((f.company_size?.min !== undefined || f.company_size?.max !== undefined) && company?.employee_count !== undefined)
    out.push(`Company size: ${company.employee_count} employees`);
  const text = [doc.headline, doc.bio].filter((x): x is string => typeof x === 'string').join(' ');
  const mentioned = [...(f.keywords ?? []), ...ctx.keywords].filter((k) => containsPhrase(text, k));
  if (mentioned.length) out.push(`Profile mentions ${mentioned.map((k) => `"${k}"`).join(', ')}`);
  if (ctx.degree === '1st')
    out.push(ctx.confirmedBy?.length ? `1st-degree connection (confirmed by ${ctx.confirmedBy.join(' and ')})` : '1st-degree connection');
  else if (ctx.degree === '2nd') out.push(`2nd-degree connection (${ctx.mutual ?? 0} mutual)`);
  return out;
}
