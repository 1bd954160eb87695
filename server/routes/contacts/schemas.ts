/** Request and response schemas the contact routes share (docs/contacts.md). */
import type { ScopeRequirement } from '../../auth/scopes.js';

/** Read routes accept `contacts-read` or, for older connector keys, `search`; writes need `contacts-write`. */
export const READ: ScopeRequirement = { anyOf: ['contacts-read', 'search'] };
export const WRITE: ScopeRequirement = { anyOf: ['contacts-write'] };
export const RUN_ERRORS = ['reconciliation_run_not_found'] as const;

export const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
/** A cell as exports write it: text, a number (a phone, an id) or null (an empty cell, pandas' NaN). */
const cell = (maxLength: number) => ({ type: ['string', 'number', 'null'], maxLength }) as const;
/** A list field, or one value of it alone, as a CSV column gives it. */
const cells = (maxItems: number, maxLength: number) =>
  ({ type: ['array', 'string', 'number', 'null'], maxLength, maxItems, items: cell(maxLength) }) as const;

/** One contact row (docs/contacts.md, "Rows"): its fields, and up to 100 columns in all (CRM exports have 80). */
export const row = {
  type: 'object',
  maxProperties: 100,
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 2000 },
  properties: {
    row_id: cell(200),
    name: cell(300),
    first_name: cell(150),
    last_name: cell(150),
    emails: cells(20, 320),
    phone_numbers: cells(20, 50),
    organization_names: cells(20, 300),
    job_titles: cells(20, 300),
    location: cell(300),
    professional_url: cell(500),
    notes: cell(2000),
  },
} as const;

export const batchBody = (write: boolean) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['rows'],
    properties: {
      batch_index: {
        type: 'integer',
        minimum: 0,
        maximum: 100_000,
        description: 'The batch’s place in the run; the same index again is the same batch.',
      },
      rows: { type: 'array', minItems: 1, maxItems: 100, items: row },
      options: {
        type: 'object',
        additionalProperties: false,
        properties: {
          allow_identity_resolution: { type: 'boolean', description: 'false: nothing is approved, clear matches become likely matches.' },
        },
      },
      ...(write ? { user_confirmed: { type: 'boolean', description: 'Must be true: the user agreed to change their contacts.' } } : {}),
    },
  }) as const;

export const run = { type: 'object', description: 'A reconciliation run.' } as const;
export const summary = { type: 'object', description: 'Counts by status and bucket.' } as const;
export const rowsOut = { type: 'array', items: { type: 'object' } } as const;
export const runParams = { type: 'object', required: ['runId'], properties: { runId: { type: 'string', format: 'uuid' } } } as const;
export type R = { runId: string };
export type E = { entityId: string };
export const entityParams = {
  type: 'object',
  required: ['entityId'],
  properties: { entityId: { type: 'string', format: 'uuid' } },
} as const;
