/** Spent proof-of-work challenges and the security throttles' counters (migration 0001_accounts.sql). */
import type { Queryable } from './interface.ts';

/**
 * Spends a challenge nonce: true the first time, false on every replay (in any process).
 * Expired entries are purged on the way, so the table holds only live challenges.
 */
export async function spendChallenge(db: Queryable, nonce: string, expiresAt: Date, now: Date): Promise<boolean> {
  const n = await db.execute('INSERT INTO used_challenges (nonce, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [nonce, expiresAt]);
  if (Math.random() < 0.05) await db.query('DELETE FROM used_challenges WHERE expires_at < $1', [now]);
  return n === 1;
}

/** Counts one hit in the fixed window starting at `windowStart`; returns the hits so far, this one included. */
export async function hitThrottle(db: Queryable, bucket: string, windowStart: Date): Promise<number> {
  const rows = await db.query<{ hits: number }>(
    `INSERT INTO auth_throttle (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = auth_throttle.hits + 1
     RETURNING hits`,
    [bucket, windowStart],
  );
  if (Math.random() < 0.01) await db.query("DELETE FROM auth_throttle WHERE window_start < $1::timestamptz - interval '1 day'", [windowStart]);
  return rows[0]!.hits;
}

/** The hits counted so far in the fixed window starting at `windowStart` (0 when none). */
export async function throttleHits(db: Queryable, bucket: string, windowStart: Date): Promise<number> {
  const rows = await db.query<{ hits: number }>('SELECT hits FROM auth_throttle WHERE bucket = $1 AND window_start = $2', [bucket, windowStart]);
  return rows[0]?.hits ?? 0;
}
