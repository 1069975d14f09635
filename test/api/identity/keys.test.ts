import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateApiKey, hashApiKey, isWellFormedKey } from '../../../api/identity/keys.ts';

const keys = suite('api keys');

keys('live and trial keys: marker, 43 base62 characters of randomness, 6-character checksum', () => {
  const live = generateApiKey('standard');
  assert.match(live.key, /^alm_live_[0-9A-Za-z]{49}$/);
  const trial = generateApiKey('trial');
  assert.match(trial.key, /^alm_trial_[0-9A-Za-z]{49}$/);
  assert.is(live.prefix, live.key.slice(0, 17));
  assert.is(live.lastFour, live.key.slice(-4));
  assert.is(live.hash, createHash('sha256').update(live.key).digest('hex'));
  assert.is(hashApiKey(live.key), live.hash);
});

keys('the checksum catches typos and made-up keys without a lookup', () => {
  const { key } = generateApiKey('standard');
  assert.ok(isWellFormedKey(key));
  const body = key.slice(9);
  const typo = `alm_live_${body[0] === 'a' ? 'b' : 'a'}${body.slice(1)}`;
  assert.not.ok(isWellFormedKey(typo));
  assert.not.ok(isWellFormedKey(key.replace('alm_live_', 'alm_trial_')));
  for (const junk of ['', 'alm_live_', 'sk_live_abc', `${key}x`, key.slice(0, -1), `Bearer ${key}`]) assert.not.ok(isWellFormedKey(junk), junk);
});

keys('1,000 keys are distinct and spread over the alphabet', () => {
  const all = Array.from({ length: 1000 }, () => generateApiKey('standard'));
  assert.is(new Set(all.map((k) => k.key)).size, 1000);
  assert.is(new Set(all.map((k) => k.hash)).size, 1000);
  const chars = new Set(all.flatMap((k) => [...k.key.slice(9, 52)]));
  assert.is(chars.size, 62);
});

keys.run();
