import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { targetFacts, targetFactsOf } from '../../../server/commands/projects/target-facts.js';
import { recentPosts } from '../../../server/commands/read-profile.js';
import { company, indexSnapshots, post, profile, tid, writeSnapshot } from '../../helpers/snapshots.js';
import { startTestApp } from '../../helpers/test-app.js';

const P = (n: number) => tid(0xa0, n);
const SENDER = 100;
const N = 40;

test('facts read in batches are the facts read one by one: names, mutual connections, latest posts (also past a full page of posts)', async () => {
  const app = await startTestApp();
  try {
    const posts = [];
    let k = 0;
    // Person i writes i % 4 posts, on different days; person 3's newest two share a day (the id decides).
    for (let i = 1; i <= N; i++)
      for (let j = 0; j < i % 4; j++)
        posts.push(
          post(++k, P(i), {
            text: `Person ${i} writes number ${j}. More text`,
            posted_at: `2026-10-${String(1 + ((i * 3 + j) % 27)).padStart(2, '0')}T00:00:00Z`,
          }),
        );
    posts.push(post(++k, P(3), { text: 'Tie one', posted_at: '2026-10-28T00:00:00Z' }));
    posts.push(post(++k, P(3), { text: 'Tie two', posted_at: '2026-10-28T00:00:00Z' }));
    const edge = (a: number, b: number) => ({ user_a: P(a), user_b: P(b), source: 'service', connected_at: '2025-06-01T00:00:00Z' });
    await indexSnapshots(app, [
      writeSnapshot(
        app.dataDir,
        'companies.jsonl',
        [1, 2, 3, 4, 5].map((n) => company(n)),
      ),
      writeSnapshot(app.dataDir, 'profiles.jsonl', [profile(SENDER), ...Array.from({ length: N }, (_, i) => profile(i + 1))]),
      writeSnapshot(app.dataDir, 'posts.jsonl', posts),
      writeSnapshot(app.dataDir, 'connections.jsonl', [edge(SENDER, 1), edge(1, 7), edge(1, 8), edge(SENDER, 2), edge(2, 9)]),
    ]);
    const { apiKey: key } = app.account({ personId: P(SENDER), name: 'Sam Sender' });
    const made = await app.call('POST', '/api/v1/projects', { key, body: { title: 'Facts', pitch: 'A pitch' } });
    const project = app.services.projects.get((made.body.project as { id: string }).id)!;
    const ids = [...Array.from({ length: N }, (_, i) => P(i + 1)), tid(0xa0, 0xdead)];

    const one = new Map<string, Awaited<ReturnType<typeof targetFacts>>>();
    for (const id of ids) one.set(id, await targetFacts(app.services, project, id));
    for (const pageSize of [1000, 5]) {
      const batch = await targetFactsOf(app.services, project, ids, pageSize);
      for (const id of ids) assert.equal(batch.get(id), one.get(id), `${id} (posts page of ${pageSize})`);
    }
    // And each one is right on its own terms.
    for (const i of [1, 3, 4, 7, 9]) {
      const latest = (await recentPosts(app.services, P(i), 1))[0]?.text ?? null;
      const topic = one.get(P(i))!.facts.recent_post_topic;
      assert.is(topic, latest ? latest.split(/[.!?\n]/)[0]!.trim() : null, `person ${i}`);
    }
    assert.is(one.get(P(3))!.facts.recent_post_topic, 'Tie one');
    assert.is(one.get(P(4))!.facts.recent_post_topic, null, 'person 4 wrote nothing');
    assert.is(one.get(P(7))!.facts.shared_connection, 'First1 Last1');
    assert.is(one.get(P(9))!.facts.shared_connection, 'First2 Last2');
    assert.is(one.get(P(7))!.facts.full_name, 'First7 Last7');
    const nobody = one.get(tid(0xa0, 0xdead))!;
    assert.equal([nobody.target.userId, nobody.target.unresolvedInputs, nobody.facts.full_name], [null, ['target_user_id'], null]);
  } finally {
    await app.close();
  }
});

test.run();
