import { creditsResponseSchema } from '../../routes/credits/schemas.js';
import { defineTool } from '../tool.js';
import { DELEGATE_SCHEMA, presentDelegate } from './service-action.js';

const { current_api_key: keySchema } = creditsResponseSchema.properties as Record<string, unknown>;

/**
 * `account_read`: the account behind the API key, its credit pool with usage, the calling key and
 * the delegates (`GET /api/v1/credits` for the pool and key). API keys only.
 */
export const accountReadTool = defineTool<Record<string, never>>({
  name: 'account_read',
  title: 'Read the account',
  description: [
    'Read the account behind this API key: owner id, name, email and tier; the credit pool of the 30-day window (limit, used, remaining, reset date) with usage per day and per operation; the calling key (prefix, scopes, last use); the delegate grants (pending or active); and the rate card.',
    'Needs an API key (Authorization: Bearer prx_…): an OAuth token gets api_key_scope_required. Free.',
  ].join(' '),
  auth: 'any',
  apiKeyOnly: true,
  kind: 'read',
  inputSchema: { type: 'object', additionalProperties: false, properties: {} },
  outputSchema: {
    type: 'object',
    required: ['success', 'account', 'credits', 'current_api_key', 'delegates'],
    properties: {
      success: { const: true },
      account: {
        type: 'object',
        required: ['user_id', 'name', 'email', 'tier', 'created_at'],
        properties: {
          user_id: { type: 'string' },
          name: { type: ['string', 'null'] },
          email: { type: ['string', 'null'] },
          tier: { type: 'string' },
          created_at: { type: 'string' },
        },
      },
      credits: {
        type: 'object',
        additionalProperties: true,
        description: 'As GET /api/v1/credits: the pool with usage, and the rate card.',
      },
      current_api_key: keySchema as Record<string, unknown>,
      delegates: { type: 'array', items: DELEGATE_SCHEMA },
    },
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  run: async (_args, ctx) => {
    const { actor, services } = ctx;
    const credits = (await ctx.route('GET /api/v1/credits', {})) as Record<string, unknown>;
    const owner = actor.owner;
    return {
      success: true,
      account: {
        user_id: owner.userId,
        name: owner.name,
        email: owner.email,
        tier: owner.tier,
        created_at: new Date(owner.createdAt).toISOString(),
      },
      credits: {
        account_credit_pool: credits.account_credit_pool,
        rate_card: credits.rate_card,
        billing_semantics: credits.billing_semantics,
      },
      current_api_key: credits.current_api_key,
      delegates: services.delegates.list(owner.userId).map((d) => presentDelegate(services, d)),
    };
  },
});
