/** Finding people by what callers know of them: profile ids, user ids, professional usernames and URLs. */
import { decodeUriComponentOrNull } from '../../../../lib/decode-uri-component.js';
import { INDICES } from '../../../../mappings/indices.js';
import type { Services } from '../../../services.js';

const PROFILES = INDICES.profiles.alias;

/** Resolves people named in connected_to / exclude_connected_to to profile ids. */
export async function resolvePeople(services: Services, values: string[]): Promise<{ resolved: string[]; unresolved: string[] }> {
  const resolved: string[] = [];
  const unresolved: string[] = [];
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ids = values.filter((v) => uuid.test(v));
  const docs = ids.length ? await services.engine.mget(PROFILES, ids) : [];
  const found = new Set(ids.filter((_, i) => docs[i] !== null));
  for (const v of values) {
    if (uuid.test(v)) {
      if (found.has(v)) resolved.push(v);
      else {
        // An account whose minimal profile is not in the people index yet (its id is its person id).
        const user = services.users.get(v);
        if (user) resolved.push(user.userId);
        else unresolved.push(v);
      }
      continue;
    }
    const username = usernameFromInput(v);
    const id = username ? await findByUsername(services, username) : null;
    if (id) resolved.push(id);
    else unresolved.push(v);
  }
  return { resolved, unresolved };
}

/** Longest professional-network username (the network's own limit). */
const USERNAME_CHARS = 100;

/**
 * Hosts of the professional network's profile URLs, each with any subdomain (`www.`, `uk.`): the
 * corpus's own and the network's public one.
 */
export const PROFESSIONAL_NETWORK_HOSTS = ['professional.example', 'linkedin.com'] as const;

const isNetworkHost = (host: string): boolean => {
  const h = host.toLowerCase();
  return PROFESSIONAL_NETWORK_HOSTS.some((n) => h === n || h.endsWith(`.${n}`));
};

/**
 * A professional-network username from a username or a profile URL (`…/in/<username>` on one
 * of {@link PROFESSIONAL_NETWORK_HOSTS}), or null when the input holds none: another host's URL
 * (`https://evil.example/in/x` names nobody of the network, and a lookup of it was charged), a
 * malformed percent-encoding, or a name longer than a username may be, is no username (and must
 * not reach the engine as a term).
 */
export function usernameFromInput(input: string): string | null {
  const text = input.trim();
  // A port and a trailing dot of the host are no part of its name ("www.linkedin.com.:443").
  const url = /^(?:https?:\/\/)?((?:[\w-]+\.)*[\w-]+\.[a-z]{2,})\.?(?::\d{1,5})?\/(?:in|pub|profile)\/([^/?#\s]+)/i.exec(text);
  if (url) {
    if (!isNetworkHost(url[1] as string)) return null;
    const name = decodeUriComponentOrNull(url[2] as string);
    return name && name.length <= USERNAME_CHARS ? name.toLowerCase() : null;
  }
  // A handle as people write it, with or without "@" ("@ana-ruiz").
  const handle = text.replace(/^@/, '');
  return /^[\w.-]{2,}$/.test(handle) && handle.length <= USERNAME_CHARS ? handle.toLowerCase() : null;
}

export async function findByUsername(services: Services, username: string): Promise<string | null> {
  const res = await services.engine.search(PROFILES, {
    query: { bool: { filter: [{ term: { professional_username: username } }] } },
    size: 1,
    sort: [{ id: 'asc' }],
    _source: false,
    track_total_hits: false,
  });
  return res.hits[0]?.id ?? null;
}
