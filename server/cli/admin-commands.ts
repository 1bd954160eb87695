import { parseArgs } from 'node:util';
import { INDICES } from '../../mappings/indices.js';
import { isScope, SCOPES, type Scope } from '../auth/scopes.js';
import { publishAccountProfiles } from '../commands/account-profiles.js';
import { CommandError, createAccount } from '../commands/create-account.js';
import { createApiKey } from '../commands/create-api-key.js';
import { addDelegate, removeDelegate } from '../commands/manage-delegates.js';
import { revokeApiKey } from '../commands/revoke-api-key.js';
import { setAccountTier } from '../commands/set-account-tier.js';
import { presentApiKey } from '../routes/credits/presenter.js';
import type { Services } from '../services.js';
import { isTier, TIERS, type Tier } from '../store/users.js';
import { UsageError } from './usage.js';

/** What an admin command returns: a JSON document and its one-line human rendering. */
export interface CommandOutput {
  json: Record<string, unknown>;
  text: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function options(args: string[], spec: Record<string, { type: 'string' }>, positionals: number) {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: { ...spec, json: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(`expected ${positionals} argument(s), got ${parsed.positionals.length}`);
  }
  return { values: parsed.values as Record<string, string | undefined>, positionals: parsed.positionals };
}

function required(values: Record<string, string | undefined>, name: string): string {
  const v = values[name];
  if (v === undefined || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

function userId(value: string, what: string): string {
  if (!UUID.test(value)) throw new UsageError(`${what} must be a user id (uuid), got "${value}"`);
  return value;
}

function tier(value: string): Tier {
  if (!isTier(value)) throw new UsageError(`tier must be one of ${TIERS.join(', ')}, got "${value}"`);
  return value;
}

function scopes(value: string): Scope[] {
  if (value === 'all') return [...SCOPES];
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !isScope(s));
  if (bad.length > 0 || list.length === 0) {
    throw new UsageError(`unknown scope(s) ${bad.join(', ') || '(none given)'}; choose from ${SCOPES.join(', ')} or "all"`);
  }
  return list as Scope[];
}

/** The admin commands, keyed by `group verb`. Each parses its own arguments. */
export const ADMIN_COMMANDS: Record<string, (services: Services, args: string[]) => CommandOutput | Promise<CommandOutput>> = {
  'accounts create': async (services, args) => {
    const { values } = options(
      args,
      { tier: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, profile: { type: 'string' } },
      0,
    );
    const personId = values.profile === undefined ? undefined : userId(values.profile, '--profile');
    // A person of the corpus: when a people index is loaded, the id must be in it.
    if (personId && (await services.engine.getAlias(INDICES.profiles.alias)).length > 0) {
      const [person] = await services.engine.mget(INDICES.profiles.alias, [personId]);
      if (!person) throw new CommandError(`no person ${personId} in the people index; --profile takes a profile id from the corpus`);
    }
    const user = createAccount(services, { tier: tier(required(values, 'tier')), email: values.email, name: values.name, personId });
    // An account that is not a corpus person is published with a minimal profile of its own.
    const published = user.corpusPerson ? 0 : await publishAccountProfiles(services, [user]).catch(() => 0);
    const profile = user.corpusPerson
      ? 'corpus person'
      : published
        ? 'own minimal profile'
        : 'own minimal profile, published at the next start';
    return {
      json: { user_id: user.userId, tier: user.tier, corpus_person: user.corpusPerson },
      text: `created user ${user.userId} (tier ${user.tier}; ${profile})`,
    };
  },
  'accounts set-tier': (services, args) => {
    const { positionals } = options(args, {}, 2);
    const id = userId(positionals[0] as string, 'USER_ID');
    const t = tier(positionals[1] as string);
    setAccountTier(services, id, t);
    return { json: { user_id: id, tier: t }, text: `user ${id} is now on tier ${t}` };
  },
  'keys create': (services, args) => {
    const { values } = options(args, { user: { type: 'string' }, scopes: { type: 'string' }, name: { type: 'string' } }, 0);
    const { apiKey, record } = createApiKey(services, {
      userId: userId(required(values, 'user'), '--user'),
      scopes: scopes(required(values, 'scopes')),
      name: values.name,
    });
    return {
      json: { api_key: apiKey, key_id: record.keyId, key_prefix: record.keyPrefix, scopes: record.scopes },
      text: `created key ${record.keyId} with scopes ${record.scopes.join(',')}\n${apiKey}\n(the key is shown only now; store it safely)`,
    };
  },
  'keys list': (services, args) => {
    const { values } = options(args, { user: { type: 'string' } }, 0);
    const keys = services.apiKeys.listForUser(userId(required(values, 'user'), '--user')).map(presentApiKey);
    const text = keys
      .map((k) => `${k.id}  ${k.key_prefix}  ${k.name}  ${(k.scopes as string[]).join(',')}${k.revoked_at ? '  REVOKED' : ''}`)
      .join('\n');
    return { json: { keys }, text: text || '(no keys)' };
  },
  'keys revoke': (services, args) => {
    const { positionals } = options(args, {}, 1);
    const keyId = positionals[0] as string;
    revokeApiKey(services, keyId);
    return { json: { key_id: keyId, revoked: true }, text: `revoked key ${keyId}` };
  },
  'delegates add': (services, args) => {
    const { values } = options(args, { owner: { type: 'string' }, delegate: { type: 'string' } }, 0);
    const owner = userId(required(values, 'owner'), '--owner');
    const delegate = userId(required(values, 'delegate'), '--delegate');
    // The operator grants for both sides: in force at once (a pending request is put in force).
    const { added } = addDelegate(services, owner, delegate);
    return {
      json: { owner_user_id: owner, delegate_user_id: delegate, added },
      text: added ? `${owner} may now act for ${delegate}` : 'already a delegate',
    };
  },
  'delegates remove': (services, args) => {
    const { values } = options(args, { owner: { type: 'string' }, delegate: { type: 'string' } }, 0);
    const owner = userId(required(values, 'owner'), '--owner');
    const delegate = userId(required(values, 'delegate'), '--delegate');
    removeDelegate(services, owner, delegate);
    return {
      json: { owner_user_id: owner, delegate_user_id: delegate, removed: true },
      text: `${owner} may no longer act for ${delegate}`,
    };
  },
  'delegates list': (services, args) => {
    const { values } = options(args, { owner: { type: 'string' } }, 0);
    const owner = userId(required(values, 'owner'), '--owner');
    const delegates = services.delegates.list(owner).map((d) => ({
      delegate_user_id: d.delegateUserId,
      created_at: new Date(d.createdAt).toISOString(),
      status: d.acceptedAt === null ? 'pending' : 'active',
    }));
    return {
      json: { owner_user_id: owner, delegates },
      text:
        delegates.map((d) => `${d.delegate_user_id}${d.status === 'pending' ? '  (pending: not accepted yet)' : ''}`).join('\n') ||
        '(no delegates)',
    };
  },
};
