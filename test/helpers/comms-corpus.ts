import { company, connection, indexSnapshots, profile, tid, writeSnapshot } from './snapshots.js';
import type { TestApp } from './test-app.js';

/** People of the communications corpus: 100 is the sender; 1-4 are connected to 100; 5 is connected to 1 only. */
export const P = (n: number): string => tid(0xa0, n);
export const SENDER = 100;

/**
 * A small corpus for the communications tests. Person 1 has every identity (verified work email,
 * professional, microblog and photo handles); person 2 has a bounced old address and a validated
 * new one; person 3 has a stale address only; person 4 has only a guessed address; person 5
 * (connected to 1, not to 100) is reachable by invite and by referral through 1; person 6 is not
 * a member of the service and has no contact points at all.
 */
export async function loadCommsCorpus(app: TestApp): Promise<void> {
  const member = (n: number) => ({ service_url: `https://proxima.example/p/${P(n)}` });
  const people = [
    profile(SENDER, {
      ...member(SENDER),
      professional_username: 'sender100',
      emails: [{ address: 'sender@company1.example', quality: 'verified', kind: 'work' }],
    }),
    profile(1, {
      ...member(1),
      professional_username: 'person1',
      professional_url: 'https://professional.example/in/person1',
      microblog_username: 'p1micro',
      photo_username: 'p1photo',
      emails: [
        { address: 'first1@company2.example', quality: 'verified', kind: 'work', last_seen_at: '2026-05-01T00:00:00Z' },
        { address: 'first1.last1@mail.example', quality: 'sourced', kind: 'personal' },
      ],
      phone_numbers: [{ number: '+14155550101', kind: 'mobile' }],
    }),
    profile(2, {
      ...member(2),
      professional_username: 'person2',
      emails: [
        { address: 'old2@company9.example', quality: 'bounced', kind: 'work', last_seen_at: '2022-01-01T00:00:00Z' },
        { address: 'new2@company3.example', quality: 'validated', kind: 'work', last_seen_at: '2026-04-01T00:00:00Z' },
      ],
    }),
    profile(3, {
      ...member(3),
      emails: [{ address: 'stale3@company4.example', quality: 'validated', kind: 'work', last_seen_at: '2019-01-01T00:00:00Z' }],
    }),
    profile(4, { ...member(4), emails: [{ address: 'guess4@company5.example', quality: 'guessed', kind: 'work' }] }),
    profile(5, { ...member(5), professional_username: 'person5' }),
    profile(6, { service_url: null }),
  ];
  const edge = (a: number, b: number) => connection(P(a), P(b));
  const files = [
    writeSnapshot(
      app.dataDir,
      'companies.jsonl',
      [1, 2, 3, 4, 5].map((n) => company(n)),
    ),
    writeSnapshot(app.dataDir, 'profiles.jsonl', people),
    writeSnapshot(app.dataDir, 'connections.jsonl', [edge(SENDER, 1), edge(SENDER, 2), edge(SENDER, 3), edge(SENDER, 4), edge(1, 5)]),
  ];
  const summary = await indexSnapshots(app, files);
  if (summary.rejected > 0) throw new Error(`${summary.rejected} communications corpus records were rejected`);
}

/** Environment for fast, observable dispatch in tests. */
export const FAST_DISPATCH: Record<string, string> = {
  SANDBOX_DISPATCH_MS: '300',
  DISPATCH_POLL_MS: '50',
  DISPATCH_RETRY_BASE_MS: '1000',
  WEBHOOK_RETRY_BASE_MS: '1000',
  DISPATCH_LEASE_MS: '2000',
};
