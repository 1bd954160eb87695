import * as assert from 'uvu/assert';
import { company, indexSnapshots, profile, tid, writeSnapshot } from './snapshots.js';
import type { TestApp } from './test-app.js';

export const P = (n: number): string => tid(0xa0, n);

/**
 * The contacts tests' corpus: William Hartley (1) with an email, a phone and a professional
 * username; two people called Maria Lopez (2 and 3), both software engineers, at companies 2 and
 * 3; person 100, the account. With `delegateKnows`, person 100 is connected to that person.
 */
export async function loadContactsCorpus(app: TestApp, opts: { delegateKnows?: number } = {}): Promise<void> {
  const maria = (n: number) =>
    profile(n, {
      first_name: 'Maria',
      last_name: 'Lopez',
      display_name: 'Maria Lopez',
      current_title: 'Software Engineer',
      current_company_id: tid(0xc0, n),
      current_company_name: `Company ${n}`,
    });
  const files = [
    writeSnapshot(
      app.dataDir,
      'companies.jsonl',
      [1, 2, 3].map((n) => company(n)),
    ),
    writeSnapshot(app.dataDir, 'profiles.jsonl', [
      profile(1, {
        first_name: 'William',
        last_name: 'Hartley',
        display_name: 'William Hartley',
        current_company_id: tid(0xc0, 1),
        current_company_name: 'Company 1',
        emails: [{ address: 'w.hartley@company1.example', quality: 'verified', kind: 'work' }],
        phone_numbers: [{ number: '+14155552671', kind: 'mobile' }],
        professional_username: 'whartley',
      }),
      maria(2),
      maria(3),
      profile(100),
    ]),
  ];
  if (opts.delegateKnows !== undefined)
    files.push(
      writeSnapshot(app.dataDir, 'connections.jsonl', [
        { user_a: P(100), user_b: P(opts.delegateKnows), source: 'service', connected_at: '2025-01-01T00:00:00Z', removed_at: null },
      ]),
    );
  assert.is((await indexSnapshots(app, files)).rejected, 0);
}
