import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PasswordHasher } from '../../../api/identity/passwords.ts';

const hasher = suite('password hasher');

hasher('argon2id PHC strings at the OWASP floor; verify and dummy verify', async () => {
  const h = new PasswordHasher({ concurrency: 2 });
  const phc = await h.hash('correct-mule-battery-7');
  assert.match(phc, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.is(await h.verify(phc, 'correct-mule-battery-7'), true);
  assert.is(await h.verify(phc, 'correct-mule-battery-8'), false);
  assert.is(await h.verify('not a phc string', 'x'), false);
  assert.is(await h.verifyDummy('anything'), false);
});

hasher('never more than `concurrency` hashes at once; past the queue, 503', async () => {
  const h = new PasswordHasher({ concurrency: 2, maxQueue: 3 });
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, h.load.running)), 1);
  const jobs = Array.from({ length: 5 }, (_, i) => h.hash(`password-number-${i}`));
  let refused: unknown = null;
  await h.hash('one-too-many-password').catch((err: unknown) => (refused = err));
  const done = await Promise.all(jobs);
  clearInterval(timer);
  assert.is(done.length, 5);
  assert.ok(peak <= 2, `peak ${peak}`);
  assert.is((refused as { status?: number } | null)?.status, 503);
  assert.equal(h.load, { running: 0, waiting: 0 });
});

hasher.run();
