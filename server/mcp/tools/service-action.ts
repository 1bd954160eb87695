import { isScope, SCOPES, type Scope } from '../../auth/scopes.js';
import { createApiKey } from '../../commands/create-api-key.js';
import { acceptDelegation, addDelegate, removeDelegate } from '../../commands/manage-delegates.js';
import { revokeApiKey } from '../../commands/revoke-api-key.js';
import { AppError } from '../../errors.js';
import { OAUTH_SCOPES } from '../../oauth/scopes.js';
import { presentApiKey } from '../../routes/credits/presenter.js';
import { creditsResponseSchema } from '../../routes/credits/schemas.js';
import type { Services } from '../../services.js';
import type { DelegateGrant } from '../../store/delegates.js';
import { defineTool } from '../tool.js';

const MODES = [
  'list_api_keys',
  'create_api_key',
  'revoke_api_key',
  'list_delegates',
  'add_delegate',
  'remove_delegate',
  'list_delegations',
  'accept_delegation',
  'decline_delegation',
] as const;
const { current_api_key: keySchema } = creditsResponseSchema.properties as Record<string, Record<string, unknown>>;

interface Args {
  mode: (typeof MODES)[number];
  name?: string;
  scopes?: string[];
  key_id?: string;
  delegate_user_id?: string;
  owner_user_id?: string;
}

const need = <T>(value: T | undefined, field: string, mode: string): T => {
  if (value === undefined)
    throw new AppError(400, 'validation_failed', `${field} is required with mode=${mode}.`, {
      errors: [{ in: 'body', pointer: `/${field}`, message: `is required with mode=${mode}` }],
    });
  return value;
};

/** A delegate grant in an answer (account_read and service_action). */
export const DELEGATE_SCHEMA = {
  type: 'object',
  required: ['user_id', 'name', 'added_at', 'status', 'accepted_at'],
  properties: {
    user_id: { type: 'string' },
    name: { type: ['string', 'null'] },
    added_at: { type: 'string' },
    status: { enum: ['pending', 'active'], description: 'pending until the delegate accepts; only active grants can be acted on.' },
    accepted_at: { type: ['string', 'null'] },
  },
} as const;

/** A delegate grant as the owner sees it (account_read and service_action alike). */
export function presentDelegate(services: Services, d: DelegateGrant) {
  return {
    user_id: d.delegateUserId,
    name: services.users.get(d.delegateUserId)?.name ?? null,
    added_at: new Date(d.createdAt).toISOString(),
    ...grantState(d),
  };
}

/** A grant's `status` and `accepted_at`, as both sides see them. */
function grantState(d: DelegateGrant) {
  return d.acceptedAt === null
    ? { status: 'pending' as const, accepted_at: null }
    : { status: 'active' as const, accepted_at: new Date(d.acceptedAt).toISOString() };
}

/**
 * Changing a delegate grant (asking for one, withdrawing it, accepting or declining it) changes
 * who may read the account's messages and send in its name on every route: only a key that could
 * do all of that itself may do it, a key holding every scope an OAuth app can be given (all but
 * the REST-only contacts-delegate-resolve). A leaked narrow key cannot add, remove or end grants.
 */
function assertHoldsEveryScope(held: readonly string[], what: string): void {
  const notHeld = OAUTH_SCOPES.filter((s) => !held.includes(s));
  if (notHeld.length > 0)
    throw new AppError(
      403,
      'scope_not_held',
      `${what} needs a key holding every account scope (all but the REST-only contacts-delegate-resolve); this one lacks ${notHeld.join(', ')}. Use such a key, or create one at /account.`,
      { required_scopes: notHeld },
    );
}

/**
 * `service_action`: account administration from an agent: API keys (list, create, revoke) and
 * delegates (list, add, remove), through the same commands as the CLI. API keys only; never a
 * key with scopes the calling key lacks. (Here `delegate_user_id` names the delegate to manage;
 * this tool always acts as the key's owner.)
 */
export const serviceActionTool = defineTool<Args>({
  name: 'service_action',
  title: 'Administer the account',
  description: [
    "Administer the account behind this API key. mode=list_api_keys; mode=create_api_key (name, scopes: at most the scopes of the calling key; the new secret is returned once, store it); mode=revoke_api_key (key_id; revoking the calling key ends this connection's access);",
    "mode=list_delegates; mode=add_delegate (delegate_user_id: asks to act for that user through this account's keys; pending until they accept) / remove_delegate.",
    'As the other side: mode=list_delegations (who acts, or asks to act, for you); mode=accept_delegation (owner_user_id) / decline_delegation (owner_user_id; also ends one in force).',
    'add_delegate, remove_delegate, accept_delegation and decline_delegation need a key holding every account scope (all but contacts-delegate-resolve).',
    'Needs an API key (an OAuth token gets api_key_scope_required). Free.',
  ].join(' '),
  auth: 'any',
  apiKeyOnly: true,
  kind: 'action',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['mode'],
    properties: {
      mode: { enum: [...MODES], description: 'The operation (see the tool description).' },
      name: { type: 'string', minLength: 1, maxLength: 100, description: 'create_api_key: a name for the key.' },
      scopes: {
        type: 'array',
        minItems: 1,
        maxItems: SCOPES.length,
        uniqueItems: true,
        items: { enum: [...SCOPES] },
        description: 'create_api_key: the scopes, each held by the calling key.',
      },
      key_id: { type: 'string', minLength: 1, maxLength: 100, description: 'revoke_api_key: the key id (list_api_keys shows them).' },
      delegate_user_id: { type: 'string', format: 'uuid', description: 'add_delegate, remove_delegate: the delegate.' },
      owner_user_id: {
        type: 'string',
        format: 'uuid',
        description: 'accept_delegation, decline_delegation: the account that asked to act for you.',
      },
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success', 'mode'],
    properties: {
      success: { const: true },
      mode: { enum: [...MODES] },
      api_keys: { type: 'array', items: keySchema },
      api_key: keySchema,
      secret: { type: 'string', description: 'create_api_key: the whole key, shown this once.' },
      revoked_key_id: { type: 'string' },
      revoked_calling_key: { type: 'boolean' },
      delegates: { type: 'array', items: DELEGATE_SCHEMA },
      delegations: {
        type: 'array',
        description: 'Accounts that act, or ask to act, for you.',
        items: {
          type: 'object',
          required: ['owner_user_id', 'name', 'status', 'requested_at', 'accepted_at'],
          properties: {
            owner_user_id: { type: 'string' },
            name: { type: ['string', 'null'] },
            status: { enum: ['pending', 'active'] },
            requested_at: { type: 'string' },
            accepted_at: { type: ['string', 'null'] },
          },
        },
      },
      delegate_user_id: { type: 'string' },
      owner_user_id: { type: 'string' },
      status: { enum: ['pending', 'active'], description: 'add_delegate, accept_delegation: the grant now.' },
      changed: { type: 'boolean', description: 'add_delegate: false when the grant already existed.' },
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: async (args, ctx) => {
    const { actor, services } = ctx;
    const owner = actor.ownerUserId;
    const delegates = () => services.delegates.list(owner).map((d) => presentDelegate(services, d));
    const delegations = () =>
      services.delegates.listFor(owner).map((d) => ({
        owner_user_id: d.ownerUserId,
        name: services.users.get(d.ownerUserId)?.name ?? null,
        requested_at: new Date(d.createdAt).toISOString(),
        ...grantState(d),
      }));
    switch (args.mode) {
      case 'list_api_keys':
        return { success: true, mode: args.mode, api_keys: services.apiKeys.listForUser(owner).map(presentApiKey) };
      case 'create_api_key': {
        const scopes = need(args.scopes, 'scopes', args.mode).filter(isScope) as Scope[];
        const notHeld = scopes.filter((s) => !actor.scopes.includes(s));
        if (notHeld.length > 0)
          throw new AppError(
            403,
            'scope_not_held',
            `A key can only be given scopes the calling key holds; this one lacks ${notHeld.join(', ')}.`,
            {
              required_scopes: notHeld,
            },
          );
        const { apiKey, record } = createApiKey(services, { userId: owner, scopes, name: args.name });
        return { success: true, mode: args.mode, api_key: presentApiKey(record), secret: apiKey };
      }
      case 'revoke_api_key': {
        const keyId = need(args.key_id, 'key_id', args.mode);
        const key = services.apiKeys.get(keyId);
        if (!key || key.userId !== owner)
          throw new AppError(404, 'key_not_found', `No API key ${keyId} on this account; list_api_keys shows them.`);
        // A narrow key cannot take away a wider one (a leaked search key revoking the account's keys).
        const wider = key.scopes.filter((s) => !actor.scopes.includes(s));
        if (keyId !== actor.keyId && wider.length > 0)
          throw new AppError(
            403,
            'scope_not_held',
            `Key ${keyId} holds scopes the calling key lacks (${wider.join(', ')}); revoke it with a key that holds them, or at /account.`,
            { required_scopes: wider },
          );
        if (key.revokedAt !== null) throw new AppError(409, 'key_already_revoked', `API key ${keyId} is already revoked.`);
        revokeApiKey(services, keyId);
        return { success: true, mode: args.mode, revoked_key_id: keyId, revoked_calling_key: keyId === actor.keyId };
      }
      case 'list_delegates':
        return { success: true, mode: args.mode, delegates: delegates() };
      case 'add_delegate':
      case 'remove_delegate': {
        const delegate = need(args.delegate_user_id, 'delegate_user_id', args.mode);
        assertHoldsEveryScope(actor.scopes, args.mode === 'add_delegate' ? 'Asking for a delegate' : 'Removing a delegate');
        if (!services.users.get(delegate) || delegate === owner)
          throw new AppError(
            404,
            'delegate_not_found',
            `No other user ${delegate} to ${args.mode === 'add_delegate' ? 'add' : 'remove'} as a delegate.`,
          );
        if (args.mode === 'add_delegate') {
          const { added, pending } = addDelegate(services, owner, delegate, { consented: false });
          return {
            success: true,
            mode: args.mode,
            delegate_user_id: delegate,
            status: pending ? 'pending' : 'active',
            changed: added,
            delegates: delegates(),
          };
        }
        // A pending request is withdrawn too.
        if (!services.delegates.get(owner, delegate))
          throw new AppError(404, 'delegate_not_found', `${delegate} is not a delegate of this account, nor asked to be.`);
        removeDelegate(services, owner, delegate);
        return { success: true, mode: args.mode, delegate_user_id: delegate, changed: true, delegates: delegates() };
      }
      case 'list_delegations':
        return { success: true, mode: args.mode, delegations: delegations() };
      case 'accept_delegation':
      case 'decline_delegation': {
        const asker = need(args.owner_user_id, 'owner_user_id', args.mode);
        assertHoldsEveryScope(actor.scopes, args.mode === 'accept_delegation' ? 'Accepting a delegation' : 'Declining a delegation');
        const grant = services.delegates.get(asker, owner);
        if (!grant)
          throw new AppError(404, 'delegation_not_found', `Account ${asker} has not asked to act for you; list_delegations shows who has.`);
        if (args.mode === 'decline_delegation') {
          services.delegates.remove(asker, owner);
          return { success: true, mode: args.mode, owner_user_id: asker, changed: true, delegations: delegations() };
        }
        const changed = acceptDelegation(services, asker, owner);
        return { success: true, mode: args.mode, owner_user_id: asker, status: 'active', changed, delegations: delegations() };
      }
    }
  },
});
