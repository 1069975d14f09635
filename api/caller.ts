/** Who is calling: set on every request by the identity step of the request pipeline. */
import type { PlanId, TierId } from '../schema/tiers.ts';

export type KeyKind = 'standard' | 'premium' | 'trial';

export interface Caller {
  kind: 'anonymous' | 'key' | 'session';
  ip: string;
  userAgent: string;
  accountId: string | null;
  keyId: string | null;
  keyKind: KeyKind | null;
  /** The tier the caller acts with (a developer plan counts as Power User). */
  tier: TierId;
  plan: PlanId | null;
  /** Session id, for CSRF binding (session callers only). */
  sessionId: string | null;
  /** Calls per UTC day allowed to this key (trial keys: 100, spec 2.2), enforced by the limits step; null = no daily cap. */
  keyDailyLimit: number | null;
}

export function anonymousCaller(ip: string, userAgent: string): Caller {
  return { kind: 'anonymous', ip, userAgent, accountId: null, keyId: null, keyKind: null, tier: 'learner', plan: null, sessionId: null, keyDailyLimit: null };
}
