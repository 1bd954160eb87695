/** Request and response schemas the contact routes share (docs/contacts.md). */
import type { ScopeRequirement } from '../../auth/scopes.js';

/** Read routes accept `contacts-read` or, for older connector keys, `search`; writes need `contacts-write`. */
export const READ: ScopeRequirement = { anyOf: ['contacts-read', 'search'] };
export const WRITE: ScopeRequirement = { anyOf: ['contacts-write'] };
export const RUN_ERRORS = ['reconciliation_run_not_found'] as const;

export const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
export const list = (maxItems: number, maxLength: number) => ({ type: 'array', maxItems, items: { type: 'string', maxLength } }) as const;

/** One contact row (docs/contacts.md, "Rows"); other fields are kept as `extra`, up to 30 of them. */
export const row = {
  type: 'object',
  maxProperties: 40,
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 2000 },
  properties: {
    row_id: text(200),
    name: text(300),
    first_name: text(150),
    last_name: text(150),
    emails: list(20, 320),
    phone_numbers: list(20, 50),
    organization_names: list(20, 300),
    job_titles: list(20, 300),
    location: text(300),
    professional_url: text(500),
    notes: text(2000),
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
