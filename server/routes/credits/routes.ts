import { actingFields } from '../../auth/actor.js';
import { presentCreditStatus } from '../../billing/credits.js';
import { defineRoute, type SchemaType } from '../../http/route.js';
import { presentApiKey, presentBillingSemantics, presentRateCard, presentUsage } from './presenter.js';
import { creditStatusSchema, creditsQuerySchema, creditsResponseSchema } from './schemas.js';
import { resolveUsageInterval } from './usage-range.js';

/** The query of `GET /api/v1/credits`, typed from its schema. */
type CreditsQuery = SchemaType<typeof creditsQuerySchema>;

/** `GET /api/v1/credits` and `GET /api/v1/credits/status`: any valid key, never billed. */
export const creditRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/credits/status',
    tag: 'credits',
    summary: 'Credit status of the account pool. Never billed; reachable at the ceiling; safe to poll.',
    auth: 'any',
    response: { ...creditStatusSchema, properties: { success: { const: true }, ...creditStatusSchema.properties } },
    handler: ({ actor, services, now }) => ({
      success: true,
      ...presentCreditStatus(services.credits.status(actor!.ownerUserId, actor!.owner.tier, now)),
    }),
  }),
  defineRoute<Record<string, never>, CreditsQuery>({
    method: 'GET',
    path: '/api/v1/credits',
    tag: 'credits',
    summary: 'Current key, its usage, the account pool with a per-day and per-operation breakdown, and the rate card. Never billed.',
    auth: 'any',
    request: { query: creditsQuerySchema },
    response: creditsResponseSchema,
    handler: ({ actor, services, now, query }) => {
      const a = actor!;
      const ledger = services.credits.usage;
      // REST routes open only to API keys (an OAuth token never reaches them).
      const keyId = a.keyId!;
      const key = services.apiKeys.get(keyId)!;
      const poolInterval = resolveUsageInterval(query, now, () => ledger.firstAt({ ownerUserId: a.ownerUserId }));
      const keyInterval = resolveUsageInterval(query, now, () => ledger.firstAt({ keyId }));
      return {
        success: true,
        ...actingFields(a),
        current_api_key: presentApiKey(key),
        current_key_usage: presentUsage(keyInterval, ledger.breakdown({ keyId }, keyInterval.from, keyInterval.to)),
        account_credit_pool: {
          ...presentCreditStatus(services.credits.status(a.ownerUserId, a.owner.tier, now)),
          usage: presentUsage(poolInterval, ledger.breakdown({ ownerUserId: a.ownerUserId }, poolInterval.from, poolInterval.to)),
        },
        rate_card: presentRateCard(),
        billing_semantics: presentBillingSemantics(),
        notes: [
          'Amounts are in credits; the ledger keeps integer micro-credits.',
          'account_credit_pool covers every key of the account and every delegate acting through it; current_key_usage covers only the key that made this call.',
          'The ceiling (limit, used, remaining) always covers the rolling window; range, start_date and end_date choose only the usage breakdown.',
        ],
      };
    },
  }),
];
