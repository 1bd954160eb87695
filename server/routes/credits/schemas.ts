import { valueField } from '../../../query-planner/input-schemas.js';
import { USAGE_RANGES } from './usage-range.js';

const nullableTime = { type: ['string', 'null'], format: 'date-time' };

/** Credit status resource (Resources: Credit status). */
export const creditStatusSchema = {
  type: 'object',
  required: ['tier', 'limit', 'used', 'remaining', 'window_start', 'window_days', 'reset_at', 'as_of'],
  properties: {
    tier: { enum: ['free', 'starter', 'starter_annual', 'pro', 'annual', 'team'] },
    limit: { type: ['number', 'null'] },
    used: { type: 'number' },
    remaining: { type: ['number', 'null'] },
    window_start: { ...nullableTime, description: 'Time of the oldest usage in the window; null when the window holds none.' },
    window_days: { type: 'number' },
    reset_at: { ...nullableTime, description: 'When the oldest usage in the window expires; null when the window holds none.' },
    as_of: { type: 'string', format: 'date-time' },
  },
};

const usageSchema = {
  type: 'object',
  required: ['range', 'start', 'end', 'total_credits', 'operation_count', 'by_day', 'by_operation'],
  properties: {
    range: { type: 'string' },
    start: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time' },
    total_credits: { type: 'number' },
    operation_count: { type: 'integer' },
    by_day: {
      type: 'array',
      items: {
        type: 'object',
        required: ['date', 'credits', 'operations'],
        properties: { date: { type: 'string' }, credits: { type: 'number' }, operations: { type: 'integer' } },
      },
    },
    by_operation: {
      type: 'array',
      items: {
        type: 'object',
        required: ['operation', 'credits', 'units', 'calls'],
        properties: { operation: { type: 'string' }, credits: { type: 'number' }, units: { type: 'integer' }, calls: { type: 'integer' } },
      },
    },
  },
};

export const creditsQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    range: { enum: USAGE_RANGES, description: 'Reporting interval; default 30d. Not combinable with start_date/end_date.' },
    start_date: valueField('ISO date or date-time; the interval start (inclusive).'),
    end_date: valueField('ISO date (whole day included) or date-time; the interval end.'),
  },
} as const;

export const creditsResponseSchema = {
  type: 'object',
  required: [
    'success',
    'owner_user_id',
    'current_api_key',
    'current_key_usage',
    'account_credit_pool',
    'rate_card',
    'billing_semantics',
    'notes',
  ],
  properties: {
    success: { const: true },
    owner_user_id: { type: 'string', format: 'uuid' },
    acting_user_id: { type: 'string', format: 'uuid' },
    is_delegate: { type: 'boolean' },
    current_api_key: {
      type: 'object',
      required: ['id', 'key_prefix', 'name', 'scopes', 'created_at', 'last_used_at', 'revoked_at'],
      properties: {
        id: { type: 'string', format: 'uuid' },
        key_prefix: { type: 'string' },
        name: { type: 'string' },
        scopes: { type: 'array', items: { type: 'string' } },
        created_at: { type: 'string', format: 'date-time' },
        last_used_at: nullableTime,
        revoked_at: nullableTime,
      },
    },
    current_key_usage: usageSchema,
    account_credit_pool: {
      type: 'object',
      required: [...creditStatusSchema.required, 'usage'],
      properties: { ...creditStatusSchema.properties, usage: usageSchema },
    },
    rate_card: {
      type: 'object',
      required: ['currency', 'operations'],
      properties: {
        currency: { const: 'credit' },
        micro_credits_per_credit: { type: 'integer' },
        window_days: { type: 'integer' },
        operations: {
          type: 'array',
          items: {
            type: 'object',
            required: ['operation', 'price', 'unit', 'description', 'price_source'],
            properties: {
              operation: { type: 'string' },
              price: { type: 'number' },
              unit: { enum: ['per_call', 'per_result', 'per_contact'] },
              description: { type: 'string' },
              price_source: { enum: ['contract', 'proxima'] },
            },
          },
        },
      },
    },
    billing_semantics: {
      type: 'array',
      items: { type: 'object', required: ['id', 'text'], properties: { id: { type: 'string' }, text: { type: 'string' } } },
    },
    notes: { type: 'array', items: { type: 'string' } },
  },
};
