import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkChallenge, createChallenge, solveChallenge, solves } from '../../../api/identity/pow.ts';

const SECRET = 'pow-test-secret';
const T = Date.parse('2026-03-01T12:00:00Z');

const pow = suite('proof of work');

pow('a fresh challenge is signed, expires in 10 minutes and needs 000', () => {
  const c = createChallenge(SECRET, T);
  assert.is(c.difficulty, 3);
  assert.is(c.algorithm, 'sha256');
  assert.is(c.expiresAt, '2026-03-01T12:10:00.000Z');
  assert.match(c.challenge, /^v1\.[A-Za-z0-9_-]{22}\.1772367000\.3\.[A-Za-z0-9_-]{43}$/);
  const solution = solveChallenge(c.challenge);
  assert.ok(createHash('sha256').update(c.challenge + solution).digest('hex').startsWith('000'));
  const ok = checkChallenge(SECRET, c.challenge, solution, T + 1000);
  assert.ok(ok.ok);
  if (ok.ok) assert.is(ok.expiresAt.toISOString(), '2026-03-01T12:10:00.000Z');
});

pow('a wrong solution, an expired or a forged challenge are refused', () => {
  const c = createChallenge(SECRET, T);
  const solution = solveChallenge(c.challenge);
  let wrong = 'x';
  while (solves(c.challenge, wrong)) wrong += 'x';
  assert.equal(checkChallenge(SECRET, c.challenge, wrong, T), { ok: false, reason: 'solution' });
  assert.equal(checkChallenge(SECRET, c.challenge, solution, T + 600_000), { ok: false, reason: 'expired' });
  assert.equal(checkChallenge('other-secret', c.challenge, solution, T), { ok: false, reason: 'malformed' });
  // Lowering the signed difficulty breaks the signature.
  const tampered = c.challenge.replace('.3.', '.1.');
  assert.equal(checkChallenge(SECRET, tampered, solveChallenge(tampered, 1), T), { ok: false, reason: 'malformed' });
  for (const junk of ['', 'v1', 'v1.a.b.c.d', `${c.challenge}x`]) assert.equal(checkChallenge(SECRET, junk, solution, T), { ok: false, reason: 'malformed' });
});

pow('a correctly signed challenge living longer than we issue is refused at verification (issue 13.4)', () => {
  // What anyone holding the secret (say, the public development one) could mint: a 10-year challenge.
  const tenYears = createChallenge(SECRET, T, 10 * 365 * 86_400);
  assert.equal(checkChallenge(SECRET, tenYears.challenge, solveChallenge(tenYears.challenge), T), { ok: false, reason: 'malformed' });
  assert.equal(checkChallenge(SECRET, tenYears.challenge, solveChallenge(tenYears.challenge), T + 5 * 365 * 86_400_000), { ok: false, reason: 'malformed' });
  const elevenMinutes = createChallenge(SECRET, T, 660 + 1);
  assert.equal(checkChallenge(SECRET, elevenMinutes.challenge, solveChallenge(elevenMinutes.challenge), T), { ok: false, reason: 'malformed' });
  // Up to a minute of clock difference between the issuing and the checking process is tolerated.
  const skewed = createChallenge(SECRET, T + 60_000);
  assert.ok(checkChallenge(SECRET, skewed.challenge, solveChallenge(skewed.challenge), T).ok);
});

pow('every challenge is different (nonce)', () => {
  const seen = new Set(Array.from({ length: 50 }, () => createChallenge(SECRET, T).challenge));
  assert.is(seen.size, 50);
});

pow.run();
