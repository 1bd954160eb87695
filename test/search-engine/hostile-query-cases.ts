/**
 * Profiles and a seeded generator of large, hostile queries on the PROFILES mapping for
 * hostile-queries.test.ts: bools of hundreds of clauses of every leaf kind the planner emits
 * (term, terms, range, exists, match, match_phrase, multi_match, nested, constant_score, ids)
 * plus prefix and function_score, nested bools, long value lists.
 */
import type { Query } from '../../search-engine/port.js';

/** mulberry32: the same seed gives the same queries on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['engineer', 'manager', 'data', 'platform', 'sales', 'design', 'senior', 'rust', 'go', 'kafka', 'growth', 'lead'];
const TITLES = ['Software Engineer', 'Data Engineer', 'Engineering Manager', 'Product Designer', 'VP of Sales'];
const FUNCTIONS = ['engineering', 'data_analytics', 'design', 'sales'];
const COUNTRIES = ['US', 'GB', 'DE', 'ES'];

/** 240 profiles with careers, schools and languages, so nested clauses have rows to match. */
export function hostileProfiles(): { id: string; doc: Record<string, unknown> }[] {
  return Array.from({ length: 240 }, (_, i) => {
    const id = `p${String(i).padStart(4, '0')}`;
    const words = [WORDS[i % WORDS.length], WORDS[(i * 5) % WORDS.length], WORDS[(i * 7) % WORDS.length]].join(' ');
    return {
      id,
      doc: {
        id,
        display_name: `Person ${i}`,
        created_at: `2025-${String((i % 12) + 1).padStart(2, '0')}-01T00:00:00Z`,
        headline: `${TITLES[i % TITLES.length]} ${words}`,
        current_title: TITLES[i % TITLES.length],
        function: FUNCTIONS[i % FUNCTIONS.length],
        ...(i % 4 ? { bio: `Works on ${words}.` } : {}),
        ...(i % 6 ? { years_experience: i % 25 } : {}),
        location: { raw: `City ${i % 9}`, country_code: COUNTRIES[i % COUNTRIES.length], city: `city ${i % 9}` },
        current_company: { industry: `industry ${i % 5}`, employee_count: 10 * (i % 50), is_public: i % 2 === 0 },
        skills: [WORDS[i % WORDS.length], WORDS[(i + 3) % WORDS.length]],
        experiences: [
          {
            company_id: `c${i % 13}`,
            company_name: `Company ${i % 13}`,
            title: TITLES[(i + 1) % TITLES.length],
            is_current: true,
            start: '2021-01',
          },
          {
            company_id: `c${i % 7}`,
            company_name: `Company ${i % 7}`,
            title: TITLES[(i + 2) % TITLES.length],
            is_current: false,
            start: '2015-01',
          },
        ],
        education: [{ school: `School ${i % 11}`, degree: i % 2 ? 'Bachelor of Science' : 'MBA' }],
        languages: [{ name: i % 3 ? 'english' : 'german', proficiency: 'native' }],
      },
    };
  });
}

/** Builds random queries from one seeded stream. */
export class QueryGenerator {
  private readonly rand: () => number;
  /** Clauses the query being built may still get (a wide bool at every level would never end). */
  private budget = 0;

  constructor(seed: number) {
    this.rand = prng(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.rand() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(0, list.length - 1)] as T;
  }

  /** A list length: mostly short, sometimes hundreds, now and then thousands (hostile-queries tests 65,536). */
  private listLength(): number {
    const r = this.rand();
    return r < 0.75 ? this.int(1, 6) : r < 0.99 ? this.int(50, 300) : this.int(1_000, 5_000);
  }

  private words(n: number): string {
    return Array.from({ length: n }, () => this.pick(WORDS)).join(' ');
  }

  /**
   * A leaf of the root scope, of any kind the planner emits (and prefix, ids); with a nesting
   * level left, sometimes a constant_score around one.
   */
  rootLeaf(levels = 0): Query {
    const n = this.listLength();
    switch (this.int(0, levels > 0 ? 13 : 12)) {
      case 0:
        return { term: { function: this.pick(FUNCTIONS) } };
      case 1:
        return { terms: { 'skills.keyword': Array.from({ length: n }, (_, i) => (i % 3 ? `skill ${i}` : this.pick(WORDS))) } };
      case 2:
        return { terms: { 'location.country_code': Array.from({ length: n }, (_, i) => (i % 2 ? `X${i}` : this.pick(COUNTRIES))) } };
      case 3:
        return { range: { years_experience: { gte: this.int(0, 10), lte: this.int(10, 30) } } };
      case 4:
        return { range: { 'current_company.employee_count': { gt: this.int(0, 200) } } };
      case 5:
        return { exists: { field: this.pick(['bio', 'years_experience', 'function', 'current_title.keyword']) } };
      case 6:
        return { match: { headline: { query: this.words(this.int(1, 3)), operator: this.pick(['and', 'or']) } } };
      case 7:
        return { match_phrase: { [this.pick(['current_title', 'location.raw', 'skills'])]: this.words(this.int(1, 2)) } };
      case 8:
        return {
          multi_match: {
            query: this.words(this.int(1, 3)),
            type: this.pick(['cross_fields', 'best_fields']),
            operator: this.pick(['and', 'or']),
            fields: ['headline^2', 'current_title^3', 'bio', 'skills^2', 'current_company_name'],
          },
        };
      case 9:
        return { terms: { id: Array.from({ length: n }, (_, i) => `p${String((i * 7) % 300).padStart(4, '0')}`) } };
      case 10:
        return { ids: { values: Array.from({ length: n }, (_, i) => `p${String((i * 3) % 300).padStart(4, '0')}`) } };
      case 11:
        return { prefix: { [this.pick(['function', 'headline'])]: this.pick(['eng', 'da', 'sa']) } };
      case 12:
        return { term: { 'current_company.is_public': this.rand() < 0.5 } };
      default:
        return {
          constant_score: { filter: { term: { 'current_title.keyword': this.pick(TITLES).toLowerCase() } }, boost: this.int(1, 3) },
        };
    }
  }

  /** A `nested` clause with leaves of its path (a bool of them when two levels are left). */
  nestedClause(levels = 2): Query {
    const path = this.pick(['experiences', 'education', 'languages']);
    const leaf = (): Query => {
      if (path === 'experiences')
        return this.pick<Query>([
          { match_phrase: { 'experiences.title': this.pick(TITLES) } },
          { terms: { 'experiences.company_id': Array.from({ length: this.listLength() }, (_, i) => `c${i}`) } },
          { term: { 'experiences.is_current': this.rand() < 0.5 } },
          { range: { 'experiences.start': { gte: '2016-01' } } },
        ]);
      if (path === 'education')
        return this.pick<Query>([
          { match_phrase: { 'education.school': `School ${this.int(0, 12)}` } },
          { match: { 'education.degree': { query: 'bachelor science', operator: 'and' } } },
        ]);
      return { term: { 'languages.name': this.pick(['english', 'german', 'french']) } };
    };
    const n = levels > 1 ? this.int(1, 4) : 1;
    const query = n === 1 ? leaf() : { bool: { [this.pick(['filter', 'should', 'must'])]: Array.from({ length: n }, leaf) } };
    return { nested: { path, query, score_mode: this.pick(['avg', 'max', 'sum', 'none']) } };
  }

  /** A clause whose compound queries nest at most `levels` deep. */
  private clause(levels: number): Query {
    const r = this.rand();
    if (levels > 0 && r < 0.15) return this.innerBool(levels);
    if (levels > 0 && r < 0.22) return this.nestedClause(levels);
    if (levels > 1 && r < 0.25)
      return {
        function_score: {
          query: this.innerBool(levels - 1),
          functions: Array.from({ length: this.int(1, 40) }, () => ({ filter: this.rootLeaf(), weight: this.int(1, 5) })),
          score_mode: this.pick(['sum', 'multiply', 'max', 'min', 'first', 'avg']),
          boost_mode: this.pick(['multiply', 'sum', 'replace', 'max', 'min', 'avg']),
        },
      };
    return this.rootLeaf(levels);
  }

  /**
   * A bool of at most about `clauses` clauses in all (a few per occasion, now and then hundreds)
   * whose compound queries, itself included, nest at most `levels` deep.
   */
  bool(levels: number, clauses = 1000): Query {
    this.budget = clauses;
    return this.innerBool(levels);
  }

  private innerBool(levels: number): Query {
    const width = () => {
      const n = Math.min(this.budget, this.rand() < 0.15 ? this.int(60, 400) : this.int(0, 4));
      this.budget -= n;
      return n;
    };
    const list = () => Array.from({ length: width() }, () => this.clause(levels - 1));
    const body: Record<string, unknown> = { must: list(), filter: list(), should: list(), must_not: list() };
    const should = (body.should as Query[]).length;
    if (should > 0 && this.rand() < 0.5) body.minimum_should_match = this.pick([0, 1, 2, '-1', '50%']);
    return { bool: body };
  }

  /** Bools nested `levels` deep, each with a few leaves beside the next. */
  deep(levels: number): Query {
    let q: Query = this.rootLeaf();
    for (let i = 0; i < levels; i++) {
      const key = this.pick(['must', 'filter', 'should', 'must_not']);
      const others = Array.from({ length: this.int(1, 3) }, () => this.rootLeaf());
      q = { bool: { [key]: [q, ...others], ...(key === 'must_not' ? { must: [this.rootLeaf()] } : {}) } };
    }
    return q;
  }
}
