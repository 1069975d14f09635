import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KeyCache } from '../../../api/identity/key-cache.ts';
import type { KeyAuthRow } from '../../../api/store/keys.ts';

const row = (id: string, accountId = 'acc'): KeyAuthRow => ({ id, accountId, kind: 'standard', keyHash: `h-${id}`, dailyLimit: null, expiresAt: null, revokedAt: null, tier: 'learner', plan: null });

const cache = suite('key cache');

cache('hits within the TTL, misses after; negative entries too', () => {
  const c = new KeyCache(1000, 10);
  c.set('h1', row('k1'), 0);
  c.set('nope', null, 0);
  assert.is(c.get('h1', 999)!.id, 'k1');
  assert.is(c.get('nope', 999), null);
  assert.is(c.get('h1', 1000), undefined);
  assert.is(c.get('other', 0), undefined);
});

cache('concurrent misses for one hash share one lookup; a failed lookup is not cached', async () => {
  const c = new KeyCache(1000, 10);
  let calls = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const fetch = async (): Promise<KeyAuthRow | null> => {
    calls++;
    await gate;
    return row('k1');
  };
  const all = Array.from({ length: 250 }, () => c.load('h1', 0, fetch));
  release();
  const rows = await Promise.all(all);
  assert.is(calls, 1);
  assert.ok(rows.every((r) => r?.id === 'k1'));
  assert.is(c.get('h1', 1)!.id, 'k1');

  let failures = 0;
  const failing = async (): Promise<KeyAuthRow | null> => {
    failures++;
    throw new Error('store down');
  };
  const outcomes = await Promise.allSettled([c.load('h2', 0, failing), c.load('h2', 0, failing)]);
  assert.is(failures, 1);
  assert.ok(outcomes.every((o) => o.status === 'rejected'));
  assert.is(c.get('h2', 1), undefined);
  await c.load('h2', 0, async () => row('k2')).then((r) => assert.is(r!.id, 'k2'));
});

cache('a lookup running across a revocation is neither cached nor shared afterwards', async () => {
  const c = new KeyCache(1000, 10);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let calls = 0;
  const stale = c.load('h1', 0, async () => {
    calls++;
    await gate;
    return row('k1');
  });
  c.invalidateKey('k1');
  const fresh = c.load('h1', 0, async () => {
    calls++;
    return { ...row('k1'), revokedAt: new Date(0) };
  });
  release();
  await stale;
  assert.ok((await fresh)!.revokedAt);
  assert.is(calls, 2);
  assert.ok(c.get('h1', 1)!.revokedAt, 'the row read after the revocation is the cached one');
});

cache('invalidation by key id and by account', () => {
  const c = new KeyCache(1000, 10);
  c.set('h1', row('k1', 'a'), 0);
  c.set('h2', row('k2', 'a'), 0);
  c.set('h3', row('k3', 'b'), 0);
  c.invalidateKey('k1');
  assert.is(c.get('h1', 1), undefined);
  c.invalidateAccount('a');
  assert.is(c.get('h2', 1), undefined);
  assert.is(c.get('h3', 1)!.id, 'k3');
});

cache('bounded: the oldest entry goes first', () => {
  const c = new KeyCache(1000, 3);
  for (const i of [1, 2, 3, 4]) c.set(`h${i}`, row(`k${i}`), 0);
  assert.is(c.size, 3);
  assert.is(c.get('h1', 1), undefined);
  assert.is(c.get('h4', 1)!.id, 'k4');
});

cache.run();
