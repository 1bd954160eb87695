import type { ValidationProblem } from '../errors.js';

/** A tool argument that takes an id, for the messages below. */
export interface IdTaker {
  tool: string;
  argument: string;
  /** When only some of the tool's modes take it. */
  modes?: string;
}

/** An id the service issues with a prefix: what it is, and which tool arguments take it. */
export interface IdKind {
  prefix: string;
  kind: string;
  takers: readonly IdTaker[];
  /** Said instead of (or after) the takers. */
  note?: string;
  /** Argument names (beside the takers') that hold this kind, where another problem is no mix-up. */
  heldBy?: readonly string[];
}

/**
 * Every prefix the service puts on the ids it issues (server/store, server/communications,
 * server/commands). Ids without one (projects, communications, watchers, runs, company, job and
 * post searches) are UUIDs and cannot be told apart by their form. `test/server/mcp-id-kinds.test.ts`
 * checks that each taker is an argument of its tool.
 */
export const PREFIXED_IDS: readonly IdKind[] = [
  { prefix: 'cv_', kind: 'a conversation id', takers: [{ tool: 'conversation_read', argument: 'conversation_id' }] },
  {
    prefix: 'as_',
    kind: 'an agent session id',
    takers: [{ tool: 'agent_session', argument: 'agent_session_id', modes: 'bind, status, switch_project, close' }],
    note: 'every other tool takes it as agent_session_id too',
  },
  {
    prefix: 'srch_',
    kind: 'a people search id',
    takers: [
      { tool: 'replay_search_result', argument: 'search_id' },
      { tool: 'watch_signals', argument: 'search_id', modes: 'create' },
    ],
  },
  {
    prefix: 'coh_',
    kind: 'a cohort reference',
    takers: [],
    note: "people_search takes it in filters.cohort_refs (a post search's people_search_binding.filters)",
    heldBy: ['cohort_refs'],
  },
  {
    prefix: 'inv_',
    kind: 'an invite id',
    takers: [{ tool: 'communication_action', argument: 'invite_id', modes: 'accept_invite, decline_invite' }],
  },
  {
    prefix: 'intro_',
    kind: 'an introduction id',
    takers: [{ tool: 'introduction_read', argument: 'introduction_id', modes: 'accept, decline' }],
  },
  { prefix: 'msg_', kind: 'a message id', takers: [], note: 'no tool takes one: conversation_read reads the messages of a conversation' },
  {
    prefix: 'comm_',
    kind: 'a history entry id',
    takers: [],
    note: 'the UUID after comm_ is the communication id, which communication_read takes as communication_id',
  },
  {
    prefix: 'evt_',
    kind: 'a communication event id',
    takers: [],
    note: 'no tool takes one: communication_read mode=events lists the events',
  },
  { prefix: 'sigdel_', kind: 'a signal delivery id', takers: [], note: 'no tool takes one: watch_signals mode=poll or feed reads signals' },
  { prefix: 'phr_', kind: 'a history refresh run id', takers: [], note: 'no tool takes one' },
  { prefix: 'ex_', kind: 'an export id', takers: [], note: 'no tool takes one: the export is read at its url' },
  { prefix: 'fb_', kind: 'a feedback id', takers: [], note: 'no tool takes one' },
  {
    prefix: 'prx_',
    kind: 'an API key',
    takers: [],
    note: 'a key is a credential, never an argument: it goes in the Authorization header of the connection',
  },
];

/** The kind of id a value is by its prefix, or null (a UUID, a name, anything else). */
export function idKindOf(value: string): IdKind | null {
  return PREFIXED_IDS.find((k) => value.startsWith(k.prefix) && value.length > k.prefix.length) ?? null;
}

/** Where an id of this kind goes, in words: "conversation_read takes it as conversation_id". */
export function whereItGoes(kind: IdKind): string {
  const takers = kind.takers.map((t) => `${t.tool} takes it as ${t.argument}${t.modes ? ` (mode ${t.modes})` : ''}`);
  return [...takers, ...(kind.note ? [kind.note] : [])].join('; ');
}

/** The value a JSON pointer names in the arguments. */
function valueAt(args: unknown, pointer: string): unknown {
  let node: unknown = args;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Problems with an argument that holds an id of another kind, said as such: "/communication_id
 * must match format uuid" for a conversation id becomes "is a conversation id (cv_…), not a
 * communication_id: conversation_read takes it as conversation_id". The code and pointers stay;
 * only the message says more (docs/mcp.md, "Errors").
 */
export function nameIdKinds(problems: readonly ValidationProblem[], args: unknown): ValidationProblem[] {
  return problems.map((p) => {
    if (p.in !== 'body' || !p.pointer) return p;
    const value = valueAt(args, p.pointer);
    if (typeof value !== 'string') return p;
    const kind = idKindOf(value.trim());
    if (!kind) return p;
    // The argument's name: the last segment that is no list index (`/target_user_ids/2`).
    const name =
      p.pointer
        .split('/')
        .filter((s) => s !== '' && !/^\d+$/.test(s))
        .at(-1) ?? 'this argument';
    // An id of the very kind the argument takes has another problem (too long...): said as it was.
    if (kind.takers.some((t) => t.argument === name) || kind.heldBy?.includes(name)) return p;
    return { ...p, message: `is ${kind.kind} (${kind.prefix}…), not a ${name}: ${whereItGoes(kind)}` };
  });
}
