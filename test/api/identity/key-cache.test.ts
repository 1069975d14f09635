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
