/**
 * JSON Schemas of snapshot records, one per kind. Snapshots are JSONL files whose lines are
 * these records; the indexer validates every line against its kind's schema. A line
 * `{"id": ..., "_deleted": true}` deletes instead. Field-by-field notes: docs/data-model.md.
 */

const uuid = { type: 'string', format: 'uuid' } as const;
const nullableString = { type: ['string', 'null'] } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const yearMonth = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' } as const;

export const FUNCTIONS = [
  'engineering',
  'product',
  'design',
  'data_analytics',
  'sales',
  'marketing',
  'customer_success',
  'operations',
  'finance',
  'people_hr',
  'legal',
  'trust_safety',
  'research',
  'education',
  'healthcare',
  'consulting',
  'executive',
] as const;

export const SENIORITIES = [
  'intern',
  'entry',
  'ic',
  'senior_ic',
  'staff',
  'manager',
  'senior_manager',
  'director',
  'vp',
  'cxo',
  'founder',
  'owner',
  'partner',
] as const;

export const FUNDING_STAGES = [
  'bootstrapped',
  'pre_seed',
  'seed',
  'series_a',
  'series_b',
  'series_c',
  'series_d',
  'series_e_plus',
  'private_equity',
  'public',
  'acquired',
] as const;

export const COMPANY_STATUSES = ['active', 'acquired', 'closed'] as const;
export const WORKPLACE_TYPES = ['remote', 'hybrid', 'onsite', 'unknown'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship', 'temporary'] as const;
export const POST_ACTION_TYPES = ['post', 'repost', 'comment'] as const;
export const AUTHOR_ENTITY_TYPES = ['person', 'company'] as const;
export const CONNECTION_SOURCES = ['service', 'professional'] as const;
/** Where a connection comes from: the service's own graph or the professional network. */
export type ConnectionSource = (typeof CONNECTION_SOURCES)[number];

/** One connection as loaded from a snapshot (times in epoch milliseconds). */
export interface ConnectionEdge {
  userA: string;
  userB: string;
  source: ConnectionSource;
  connectedAt: number;
  removedAt: number | null;
}
export const LANGUAGE_PROFICIENCIES = [
  'Elementary proficiency',
  'Limited working proficiency',
  'Professional working proficiency',
  'Full professional proficiency',
  'Native or bilingual proficiency',
] as const;

/** How much an email address is to be trusted, best first; `bounced` means mail to it came back. */
export const EMAIL_QUALITIES = ['verified', 'validated', 'sourced', 'guessed', 'bounced'] as const;
export type EmailQuality = (typeof EMAIL_QUALITIES)[number];
export const EMAIL_KINDS = ['work', 'personal'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const PHONE_KINDS = ['mobile', 'work', 'other'] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];

/** One private email address of a profile (`emails[]`). Never shown in any response. */
export interface ProfileEmail {
  address: string;
  quality: EmailQuality;
  /** Null or absent when unknown. */
  kind?: EmailKind | null;
  /** When the address was last seen in use (RFC 3339); null or absent when unknown. */
  last_seen_at?: string | null;
}

/** One private phone number of a profile (`phone_numbers[]`), in E.164. Never shown in any response. */
export interface ProfilePhone {
  number: string;
  /** Null or absent when unknown. */
  kind?: PhoneKind | null;
}

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164_PATTERN = '^\\+[1-9]\\d{6,14}$';

const emailSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['address', 'quality'],
  properties: {
    address: { type: 'string', format: 'email' },
    quality: { enum: [...EMAIL_QUALITIES] },
    kind: { enum: [...EMAIL_KINDS, null] },
    last_seen_at: { anyOf: [dateTime, { type: 'null' }] },
  },
} as const;

const phoneSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['number'],
  properties: {
    number: { type: 'string', pattern: E164_PATTERN, description: 'E.164, e.g. "+14155550123".' },
    kind: { enum: [...PHONE_KINDS, null] },
  },
} as const;

/** A place: the raw text as written plus what the gazetteer resolved it to. */
export const locationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['raw'],
  properties: {
    raw: { type: 'string', description: 'As written on the profile or posting.' },
    city: nullableString,
    region: { ...nullableString, description: 'State, province or other first-level division.' },
    country: nullableString,
    country_code: { type: ['string', 'null'], pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2, upper case, e.g. "GB".' },
    metro: { ...nullableString, description: 'Metropolitan area, e.g. "San Francisco Bay Area".' },
    regions: { type: 'array', items: { type: 'string' }, description: 'Named regions the place belongs to (EMEA, DACH, West Coast, ...).' },
    lat: { type: ['number', 'null'] },
    lon: { type: ['number', 'null'] },
  },
} as const;

const experienceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'company_name', 'start', 'is_current'],
  properties: {
    company_id: { type: ['string', 'null'], format: 'uuid' },
    company_name: { type: 'string' },
    title: { type: 'string' },
    function: { enum: [...FUNCTIONS, null] },
    seniority: { enum: [...SENIORITIES, null] },
    start: yearMonth,
    end: { anyOf: [yearMonth, { type: 'null' }] },
    is_current: { type: 'boolean' },
    location: nullableString,
    description: nullableString,
  },
} as const;

const educationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['school'],
  properties: {
    school: { type: 'string' },
    degree: nullableString,
    field_of_study: nullableString,
    start_year: { type: ['integer', 'null'] },
    end_year: { type: ['integer', 'null'] },
  },
} as const;

export const profileRecordSchema = {
  $id: 'proxima:profile',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'display_name', 'created_at'],
  properties: {
    id: uuid,
    first_name: nullableString,
    last_name: nullableString,
    display_name: { type: 'string' },
    professional_username: nullableString,
    professional_url: { type: ['string', 'null'], format: 'uri' },
    service_url: { type: ['string', 'null'], format: 'uri' },
    picture_url: { type: ['string', 'null'], format: 'uri' },
    headline: nullableString,
    bio: nullableString,
    location: { anyOf: [locationSchema, { type: 'null' }] },
    current_title: nullableString,
    current_company_id: { type: ['string', 'null'], format: 'uuid' },
    current_company_name: nullableString,
    function: { enum: [...FUNCTIONS, null] },
    seniority: { enum: [...SENIORITIES, null] },
    years_experience: { type: ['number', 'null'], minimum: 0 },
    average_role_tenure_months: { type: ['number', 'null'], minimum: 0 },
    experiences: { type: 'array', items: experienceSchema },
    education: { type: 'array', items: educationSchema },
    skills: { type: 'array', items: { type: 'string' } },
    languages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: { name: { type: 'string' }, proficiency: nullableString },
      },
    },
    created_at: dateTime,
    last_active_at: { anyOf: [dateTime, { type: 'null' }] },
    emails: { type: 'array', items: emailSchema, description: 'Private: indexed for lookups, never returned.' },
    phone_numbers: { type: 'array', items: phoneSchema, description: 'Private: indexed for lookups, never returned.' },
    microblog_username: { ...nullableString, description: 'Handle on a microblog network. Private.' },
    photo_username: { ...nullableString, description: 'Handle on a photo network. Private.' },
  },
} as const;

export const companyRecordSchema = {
  $id: 'proxima:company',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'status'],
  properties: {
    id: uuid,
    name: { type: 'string' },
    aliases: { type: 'array', items: { type: 'string' } },
    domain: nullableString,
    industry: nullableString,
    categories: { type: 'array', items: { type: 'string' } },
    description: nullableString,
    headquarters: { anyOf: [locationSchema, { type: 'null' }] },
    employee_count: { type: ['integer', 'null'], minimum: 0 },
    headcount_by_department: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
    founded_year: { type: ['integer', 'null'], minimum: 1600, maximum: 2100 },
    funding_stage: { enum: [...FUNDING_STAGES, null] },
    total_funding_usd: { type: ['number', 'null'], minimum: 0 },
    revenue_usd: { type: ['number', 'null'], minimum: 0 },
    status: { enum: [...COMPANY_STATUSES] },
    is_public: { type: 'boolean' },
    professional_url: { type: ['string', 'null'], format: 'uri' },
  },
} as const;

export const jobRecordSchema = {
  $id: 'proxima:job',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'company_id', 'title', 'published_at'],
  properties: {
    id: uuid,
    company_id: uuid,
    company_name: nullableString,
    title: { type: 'string' },
    description: nullableString,
    function: { enum: [...FUNCTIONS, null] },
    seniority: { enum: [...SENIORITIES, null] },
    locations: { type: 'array', items: locationSchema },
    workplace_type: { enum: [...WORKPLACE_TYPES] },
    employment_type: { enum: [...EMPLOYMENT_TYPES, null] },
    url: { type: ['string', 'null'], format: 'uri' },
    published_at: dateTime,
  },
} as const;

export const postRecordSchema = {
  $id: 'proxima:post',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'author_id', 'author_entity_type', 'action_type', 'posted_at'],
  properties: {
    id: { ...uuid, description: "The service's own post id; referenced as post://<id>." },
    author_id: { ...uuid, description: 'A profile id (person) or a company id (company).' },
    author_entity_type: { enum: [...AUTHOR_ENTITY_TYPES] },
    action_type: { enum: [...POST_ACTION_TYPES] },
    text: nullableString,
    mentions: { type: 'array', items: { type: 'string' } },
    topics: { type: 'array', items: { type: 'string' } },
    reaction_count: { type: 'integer', minimum: 0 },
    comment_count: { type: 'integer', minimum: 0 },
    repost_count: { type: 'integer', minimum: 0 },
    target_post_id: { type: ['string', 'null'], format: 'uuid', description: 'The post reposted or commented on.' },
    posted_at: dateTime,
  },
} as const;

export const connectionRecordSchema = {
  $id: 'proxima:connection',
  type: 'object',
  additionalProperties: false,
  required: ['user_a', 'user_b', 'source', 'connected_at'],
  properties: {
    user_a: uuid,
    user_b: uuid,
    source: { enum: [...CONNECTION_SOURCES] },
    connected_at: dateTime,
    removed_at: { anyOf: [dateTime, { type: 'null' }], description: 'Set when the connection ended; a removed edge is not current.' },
  },
} as const;

/** Deletion marker accepted for every document kind. */
export const deletionRecordSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', '_deleted'],
  properties: { id: uuid, _deleted: { const: true } },
} as const;

export const DOCUMENT_KINDS = ['profiles', 'companies', 'jobs', 'posts'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const RECORD_KINDS = [...DOCUMENT_KINDS, 'connections'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const RECORD_SCHEMAS: Record<RecordKind, object> = {
  profiles: profileRecordSchema,
  companies: companyRecordSchema,
  jobs: jobRecordSchema,
  posts: postRecordSchema,
  connections: connectionRecordSchema,
};
