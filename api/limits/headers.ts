/**
 * IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` lists
 * quota policies (`"key-standard-minute";q=60;w=60`), `RateLimit` gives one policy's state
 * (`"key-standard-minute";r=0;t=42`). A 429 names the limit that refused it in both, whichever
 * limit that was (spec 8, README "Limits, tiers and metering").
 */
import type { CounterState } from './interface.ts';
import { windowSeconds } from './policies.ts';

/** Every policy, and the tightest one's state. */
export function rateLimitHeaders(counters: CounterState[], now: number): Record<string, string> {
  if (!counters.length) return {};
  const policy = counters.map((c) => `"${c.policy}";q=${c.limit};w=${windowSeconds(c.policy, now)}`).join(', ');
  let tight = counters[0]!;
  for (const c of counters) if (c.remaining < tight.remaining || (c.remaining === tight.remaining && c.resetMs > tight.resetMs)) tight = c;
  return { 'RateLimit-Policy': policy, RateLimit: `"${tight.policy}";r=${tight.remaining};t=${Math.max(0, Math.ceil(tight.resetMs / 1000))}` };
}

/**
 * The headers of a 429 refused by a limit of its own (a sign-in throttle): that policy, and nothing
 * left of it until the refusal's wait is over.
 */
export function refusalHeaders(policy: string, quota: number, windowSeconds: number, retryAfterSeconds: number): Record<string, string> {
  const t = Math.max(1, Math.ceil(retryAfterSeconds));
  return { 'RateLimit-Policy': `"${policy}";q=${quota};w=${windowSeconds}`, RateLimit: `"${policy}";r=0;t=${t}` };
}
