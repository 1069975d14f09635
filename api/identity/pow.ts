/**
 * Proof-of-work challenges (spec 4.1): the server hands out an HMAC-signed challenge
 * `v1.<nonce>.<expires-unix-seconds>.<difficulty>.<signature>`; a registration is valid only when
 * SHA-256(challenge + solution) in hex begins with `difficulty` zeros (at least `000`), the
 * signature is ours, the challenge is unexpired, and it was never used before (the store spends
 * the nonce). Nothing is stored at issue, so issuing costs nothing.
 *
 * @example
 * const c = createChallenge(secret);
 * const solution = solveChallenge(c.challenge, c.difficulty);
 * checkChallenge(secret, c.challenge, solution); // { ok: true, nonce, expiresAt }
 */
import { createHash, randomBytes } from 'node:crypto';
import { CHALLENGE_TTL_SECONDS, POW_DIFFICULTY } from '../../schema/accounts.ts';
import { hmacBase64url, safeEqual } from './crypto.ts';

export interface Challenge {
  challenge: string;
  difficulty: number;
  algorithm: 'sha256';
  expiresAt: string;
}

export type ChallengeCheck =
  | { ok: true; nonce: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'expired' | 'solution' };

/** Tolerated difference between the clocks of the API processes that issue and check challenges. */
const CLOCK_SKEW_SECONDS = 60;

const FORMAT = /^v1\.([A-Za-z0-9_-]{22})\.(\d{10})\.(\d{1,2})\.([A-Za-z0-9_-]{43})$/;

function sign(secret: string, body: string): string {
  return hmacBase64url(secret, `pow:${body}`);
}

/** Issues a signed challenge valid for `ttlSeconds` from `now` (ms). */
export function createChallenge(secret: string, now = Date.now(), ttlSeconds = CHALLENGE_TTL_SECONDS, difficulty = POW_DIFFICULTY): Challenge {
  const nonce = randomBytes(16).toString('base64url');
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const body = `v1.${nonce}.${expires}.${difficulty}`;
  return { challenge: `${body}.${sign(secret, body)}`, difficulty, algorithm: 'sha256', expiresAt: new Date(expires * 1000).toISOString() };
}

/** True when SHA-256(challenge + solution) in hex begins with `difficulty` zeros. */
export function solves(challenge: string, solution: string, difficulty = POW_DIFFICULTY): boolean {
  return createHash('sha256').update(challenge + solution).digest('hex').startsWith('0'.repeat(difficulty));
}

/**
 * Checks signature, expiry (and that the lifetime left is at most the issued one) and solution (not
 * single use: the caller spends the nonce).
 */
export function checkChallenge(secret: string, challenge: string, solution: string, now = Date.now()): ChallengeCheck {
  const m = FORMAT.exec(challenge);
  if (!m) return { ok: false, reason: 'malformed' };
  const [, nonce, expires, difficulty, signature] = m as unknown as [string, string, string, string, string];
  if (!safeEqual(signature, sign(secret, challenge.slice(0, challenge.lastIndexOf('.'))))) return { ok: false, reason: 'malformed' };
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  // We never issue a challenge living longer than CHALLENGE_TTL_SECONDS: one that claims to is not
  // ours, whatever its signature (a leaked or weak secret must not mint challenges that live for years).
  if (expiresAt.getTime() - now > (CHALLENGE_TTL_SECONDS + CLOCK_SKEW_SECONDS) * 1000) return { ok: false, reason: 'malformed' };
  if (!solves(challenge, solution, Math.max(POW_DIFFICULTY, Number(difficulty)))) return { ok: false, reason: 'solution' };
  return { ok: true, nonce, expiresAt };
}

/** Finds a solution by counting up (what a client does; about 4,096 hashes at difficulty 3). */
export function solveChallenge(challenge: string, difficulty = POW_DIFFICULTY): string {
  for (let i = 0; ; i++) {
    const s = i.toString(36);
    if (solves(challenge, s, difficulty)) return s;
  }
}
