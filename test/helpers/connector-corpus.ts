import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { cityLocation, company, connection, indexSnapshots, job, post, profile, tid, writeSnapshot } from './snapshots.js';
import type { TestApp } from './test-app.js';

/** The requester of the connector corpus (a corpus person with connections). */
export const REQUESTER = 100;
export const personId = (n: number): string => tid(0xa0, n);

/**
 * A small corpus for connector tests: five companies, twelve people in London (the requester,
 * 100, connected to 1-4; 5 is a 2nd-degree contact), four job postings and six posts.
 */
export async function loadConnectorCorpus(app: TestApp): Promise<void> {
  const london = cityLocation('London', 'GB');
  const people = [REQUESTER, ...Array.from({ length: 11 }, (_, i) => i + 1)].map((n) =>
    profile(n, { location: london, professional_username: `person${n}` }),
  );
  const edge = (a: number, b: number) => connection(personId(a), personId(b));
  const files = [
    writeSnapshot(
      app.dataDir,
      'companies.jsonl',
      [1, 2, 3, 4, 5].map((n) => company(n)),
    ),
    writeSnapshot(app.dataDir, 'profiles.jsonl', people),
    writeSnapshot(
      app.dataDir,
      'jobs.jsonl',
      [1, 2, 3, 4].map((n) => job(n, (n % 5) + 1)),
    ),
    writeSnapshot(
      app.dataDir,
      'posts.jsonl',
      [1, 2, 3, 4, 5, 6].map((n) => post(n, personId(n))),
    ),
    writeSnapshot(app.dataDir, 'connections.jsonl', [
      edge(REQUESTER, 1),
      edge(REQUESTER, 2),
      edge(REQUESTER, 3),
      edge(REQUESTER, 4),
      edge(1, 5),
    ]),
  ];
  const summary = await indexSnapshots(app, files);
  if (summary.rejected > 0) throw new Error(`${summary.rejected} connector corpus records were rejected`);
}

/**
 * A valid call of every connector tool, in an order where later calls use earlier results
 * (`replay_search_result` replays the search_id people_search returned). A new tool needs an
 * entry: the test that uses this compares it with tools/list.
 */
export function everyToolCall(state: {
  searchId?: string;
  delegateId?: string;
  communicationId?: string;
}): Record<string, () => Record<string, unknown>> {
  return {
    agent_session: () => ({ mode: 'start', label: 'every tool' }),
    search_capabilities: () => ({}),
    people_search: () => ({ description: 'software engineers in London', limit: 5 }),
    discover_employers: () => ({ description: 'engineers in London' }),
    replay_search_result: () => ({ search_id: state.searchId ?? 'missing' }),
    people_lookup_batch: () => ({ profiles: ['person1', 'https://www.linkedin.com/in/person2', 'nobody-here'] }),
    company_search: () => ({ query: 'software companies', preview_limit: 5 }),
    company_search_batch: () => ({ searches: [{ query: 'software companies' }, { query: 'fintech companies' }] }),
    jobs_search: () => ({ where: { job_titles: ['Software Engineer'], locations: ['London'] } }),
    posts_search: () => ({ query: 'search', preview_limit: 3 }),
    communication_read: () => ({ mode: 'list' }),
    inbox_read: () => ({}),
    conversation_read: () => ({ with_user_id: personId(1) }),
    introduction_read: () => ({ mode: 'list' }),
    // A live sandbox send (1.5 s), cancelled by the next call while it is in flight.
    send_communication: () => ({
      mode: 'send',
      channel: 'professional_send_message',
      target_user_id: personId(1),
      message: 'From every-tool',
      dry_run: false,
    }),
    communication_action: () => ({ mode: 'cancel', communication_id: state.communicationId ?? 'missing', reason: 'every-tool' }),
    professional_conversation_status: () => ({ target_user_id: personId(1) }),
    project_action: () => ({ mode: 'list' }),
    project_read: () => ({}),
    social_proximity_status: () => ({}),
    bulk_export: () => ({ description: 'engineers', max_rows: 10 }),
    contacts_action: () => ({ mode: 'schema' }),
    // A watcher over the people the search found (a recorded search, frozen as the cohort).
    watch_signals: () => ({ mode: 'create', signal_types: ['role_change', 'posts'], search_id: state.searchId ?? 'missing' }),
    get_product_help: () => ({ topic: 'credits' }),
    account_read: () => ({}),
    report_feedback: () => ({ message: 'Great results', category: 'search_quality', rating: 5 }),
    service_action: () => ({ mode: 'list_api_keys' }),
  };
}

/** Calls every tool of `calls` in order through `client`; returns the structured results by tool. */
export async function callEveryTool(
  client: Client,
  calls: Record<string, () => Record<string, unknown>>,
  state: { searchId?: string; communicationId?: string },
): Promise<Record<string, { isError?: boolean; structuredContent?: Record<string, unknown> }>> {
  const out: Record<string, { isError?: boolean; structuredContent?: Record<string, unknown> }> = {};
  for (const [name, args] of Object.entries(calls)) {
    const result = (await client.callTool({ name, arguments: args() })) as {
      isError?: boolean;
      structuredContent?: Record<string, unknown>;
    };
    out[name] = result;
    if (name === 'people_search' && typeof result.structuredContent?.search_id === 'string')
      state.searchId = result.structuredContent.search_id;
    const communication = result.structuredContent?.communication as { id?: string } | undefined;
    if (name === 'send_communication' && typeof communication?.id === 'string') state.communicationId = communication.id;
  }
  return out;
}
