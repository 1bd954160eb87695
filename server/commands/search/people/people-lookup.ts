/** Finding people by what callers know of them: profile ids, user ids, professional usernames and URLs. */
import { decodeUriComponentOrNull } from '../../../../lib/decode-uri-component.js';
import { INDICES } from '../../../../mappings/indices.js';
import type { Services } from '../../../services.js';

const PROFILES = INDICES.profiles.alias;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a value naming a person (`connected_to`, `exclude_connected_to`) is: a user id, a
 * professional username (given as a handle or a profile URL), or nothing that can name a person,
 * with what is wrong with it: a URL of another host (`https://evil.example/in/x`) or another
 * scheme (`ftp://…`), a page of the network that is no profile, a malformed percent-encoding, a
 * name longer than a username may be, or text that is no handle ("Jordan Ellis").
 */
export type PersonReference = { kind: 'id'; id: string } | { kind: 'username'; username: string } | { kind: 'invalid'; problem: string };

/** Classifies one value naming a person (see {@link PersonReference}); no I/O. */
export function personReference(value: string): PersonReference {
  const text = value.trim();
  if (UUID.test(text)) return { kind: 'id', id: text };
  const username = usernameFromInput(text);
  if (username) return { kind: 'username', username };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  const host = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#\s:@]+\.[a-z]{2,})\.?(?::\d{1,5})?(?:[/?#]|$)/i.exec(text)?.[1];
  const wanted = `a user id, a professional username, or a profile URL (https://${PROFESSIONAL_NETWORK_HOSTS[1]}/in/<username>; the host one of ${PROFESSIONAL_NETWORK_HOSTS.join(', ')})`;
  let problem: string;
  if (scheme && scheme !== 'http' && scheme !== 'https' && /^[a-z][a-z0-9+.-]*:\/\//i.test(text))
    problem = `is a URL of the ${scheme}: scheme, not ${wanted}`;
  else if (host && !isNetworkHost(host))
    problem = `is a URL of another host (${host.toLowerCase()}), which names nobody of the network; send ${wanted}`;
  else if (host)
    problem = `is not a profile URL of the network (…/in/<username>, a username of at most ${USERNAME_CHARS} characters, percent-encoded correctly); send ${wanted}`;
  else problem = `is not ${wanted}`;
  return { kind: 'invalid', problem };
}

/**
 * Resolves people named in connected_to / exclude_connected_to to profile ids. Values that can
 * name nobody ({@link personReference} `invalid`) are refused before this, by the caller; here
 * they count as unresolved.
 */
export async function resolvePeople(services: Services, values: string[]): Promise<{ resolved: string[]; unresolved: string[] }> {
  const resolved: string[] = [];
  const unresolved: string[] = [];
  const refs = values.map(personReference);
  const ids = refs.flatMap((r) => (r.kind === 'id' ? [r.id] : []));
  const docs = ids.length ? await services.engine.mget(PROFILES, ids) : [];
  const found = new Set(ids.filter((_, i) => docs[i] !== null));
  for (const [i, ref] of refs.entries()) {
    const v = values[i] as string;
    if (ref.kind === 'id') {
      if (found.has(ref.id)) resolved.push(ref.id);
      else {
        // An account whose minimal profile is not in the people index yet (its id is its person id).
        const user = services.users.get(ref.id);
        if (user) resolved.push(user.userId);
        else unresolved.push(v);
      }
      continue;
    }
    const id = ref.kind === 'username' ? await findByUsername(services, ref.username) : null;
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
