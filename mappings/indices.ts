import type { Property, TypeMapping } from '@opensearch-project/opensearch/api/_types/_common.mapping.js';
import type { IndexSettings } from '@opensearch-project/opensearch/api/_types/indices._common.js';
import {
  ANALYSIS,
  DATE,
  KEYWORD,
  LOCATION_MAPPING,
  LOWER_KEYWORD,
  NAME,
  NAME_WITH_KEYWORD,
  STORED_ONLY,
  TEXT,
  TEXT_WITH_KEYWORD,
  TITLE_WITH_KEYWORD,
} from './analysis.js';
import type { DocumentKind } from './record-schemas.js';

/**
 * Bumped when a mapping changes incompatibly; part of every physical index name. 2: job titles
 * are analyzed by `proxima_title` (plurals only) instead of the prose analyzer.
 */
export const MAPPING_VERSION = 2;

export interface IndexDefinition {
  kind: DocumentKind;
  /** Stable alias every reader uses. */
  alias: string;
  /** Typed by the OpenSearch client, so a misspelt setting or field type fails to compile. */
  settings: IndexSettings;
  mappings: TypeMapping & { dynamic: 'strict'; properties: Record<string, Property> };
}

const settings = (shards: number) => ({
  number_of_shards: shards,
  number_of_replicas: 1,
  refresh_interval: '1s',
  max_result_window: 10_000,
  analysis: ANALYSIS,
});

/** Company facts copied onto people and postings so company filters need no join. */
const COMPANY_FACTS = {
  properties: {
    industry: LOWER_KEYWORD,
    employee_count: { type: 'integer' },
    funding_stage: KEYWORD,
    total_funding_usd: { type: 'long' },
    revenue_usd: { type: 'long' },
    status: KEYWORD,
    is_public: { type: 'boolean' },
    domain: LOWER_KEYWORD,
  },
} as const;

export const PROFILES: IndexDefinition = {
  kind: 'profiles',
  alias: 'proxima-profiles',
  settings: settings(8),
  mappings: {
    dynamic: 'strict',
    properties: {
      id: KEYWORD,
      first_name: NAME,
      last_name: NAME,
      display_name: { ...NAME, fields: { sort: { type: 'keyword' } } },
      professional_username: LOWER_KEYWORD,
      professional_url: STORED_ONLY,
      service_url: STORED_ONLY,
      picture_url: STORED_ONLY,
      headline: TEXT,
      bio: TEXT,
      location: LOCATION_MAPPING,
      current_title: TITLE_WITH_KEYWORD,
      current_company_id: KEYWORD,
      current_company_name: NAME_WITH_KEYWORD,
      current_company: COMPANY_FACTS,
      function: KEYWORD,
      seniority: KEYWORD,
      years_experience: { type: 'float' },
      average_role_tenure_months: { type: 'float' },
      experiences: {
        type: 'nested',
        properties: {
          company_id: KEYWORD,
          company_name: NAME_WITH_KEYWORD,
          title: TITLE_WITH_KEYWORD,
          function: KEYWORD,
          seniority: KEYWORD,
          start: { type: 'date', format: 'yyyy-MM' },
          end: { type: 'date', format: 'yyyy-MM' },
          is_current: { type: 'boolean' },
          location: NAME,
          description: TEXT,
        },
      },
      education: {
        type: 'nested',
        properties: {
          school: NAME_WITH_KEYWORD,
          degree: TEXT_WITH_KEYWORD,
          field_of_study: TEXT,
          start_year: { type: 'integer' },
          end_year: { type: 'integer' },
        },
      },
      skills: NAME_WITH_KEYWORD,
      languages: { type: 'nested', properties: { name: LOWER_KEYWORD, proficiency: LOWER_KEYWORD } },
      created_at: DATE,
      last_active_at: DATE,
      // Private contact points: indexed for exact lookups, never presented (docs/data-model.md).
      // Objects, not nested: each is matched on one property at a time.
      emails: { type: 'object', properties: { address: LOWER_KEYWORD, quality: KEYWORD, kind: KEYWORD, last_seen_at: DATE } },
      phone_numbers: { type: 'object', properties: { number: KEYWORD, kind: KEYWORD } },
      microblog_username: LOWER_KEYWORD,
      photo_username: LOWER_KEYWORD,
      chunks: { type: 'object', enabled: false },
    },
  },
};

export const COMPANIES: IndexDefinition = {
  kind: 'companies',
  alias: 'proxima-companies',
  settings: settings(4),
  mappings: {
    dynamic: 'strict',
    properties: {
      id: KEYWORD,
      name: { ...NAME_WITH_KEYWORD, fields: { ...NAME_WITH_KEYWORD.fields, sort: { type: 'keyword' } } },
      aliases: NAME_WITH_KEYWORD,
      domain: LOWER_KEYWORD,
      industry: { ...LOWER_KEYWORD },
      categories: NAME_WITH_KEYWORD,
      description: TEXT,
      headquarters: LOCATION_MAPPING,
      employee_count: { type: 'integer' },
      headcount_by_department: { type: 'object', enabled: false },
      founded_year: { type: 'integer' },
      funding_stage: KEYWORD,
      total_funding_usd: { type: 'long' },
      revenue_usd: { type: 'long' },
      status: KEYWORD,
      is_public: { type: 'boolean' },
      professional_url: STORED_ONLY,
    },
  },
};

export const JOBS: IndexDefinition = {
  kind: 'jobs',
  alias: 'proxima-jobs',
  settings: settings(4),
  mappings: {
    dynamic: 'strict',
    properties: {
      id: KEYWORD,
      company_id: KEYWORD,
      company_name: NAME_WITH_KEYWORD,
      company: COMPANY_FACTS,
      title: TITLE_WITH_KEYWORD,
      description: TEXT,
      function: KEYWORD,
      seniority: KEYWORD,
      locations: LOCATION_MAPPING,
      workplace_type: KEYWORD,
      employment_type: KEYWORD,
      url: STORED_ONLY,
      published_at: DATE,
    },
  },
};

export const POSTS: IndexDefinition = {
  kind: 'posts',
  alias: 'proxima-posts',
  settings: settings(8),
  mappings: {
    dynamic: 'strict',
    properties: {
      id: KEYWORD,
      author_id: KEYWORD,
      author_entity_type: KEYWORD,
      author_name: NAME,
      action_type: KEYWORD,
      text: TEXT,
      mentions: LOWER_KEYWORD,
      topics: { ...LOWER_KEYWORD },
      reaction_count: { type: 'integer' },
      comment_count: { type: 'integer' },
      repost_count: { type: 'integer' },
      engagement_count: { type: 'integer' },
      target_post_id: KEYWORD,
      posted_at: DATE,
    },
  },
};

export const INDICES: Record<DocumentKind, IndexDefinition> = { profiles: PROFILES, companies: COMPANIES, jobs: JOBS, posts: POSTS };

/**
 * A new physical index name for a kind: `<alias>-v<mapping version>-<UTC stamp to the
 * millisecond>-<random>`, unique even for loads started in the same instant.
 */
export function physicalIndexName(kind: DocumentKind, at: Date = new Date()): string {
  const stamp = at.toISOString().replace(/[-:.]/g, '').replace(/z$/i, '').toLowerCase();
  const random = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `${INDICES[kind].alias}-v${MAPPING_VERSION}-${stamp}-${random}`;
}

export { KEYWORD, LOWER_KEYWORD, NAME, TEXT };
