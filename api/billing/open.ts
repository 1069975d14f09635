/**
 * Wires limits and metering from the configuration: the Redis store when `REDIS_URL` is set (ioredis
 * is loaded only then), otherwise the in-process store; billing over the user store; the limiter
 * seeded from billing (the plan meter from the ledger, the per-key counters from the per-key usage).
 */
import type { Config } from '../../schema/config.ts';
import type { LimitStore } from '../limits/interface.ts';
import { Limiter } from '../limits/limiter.ts';
import { MemoryLimitStore } from '../limits/memory.ts';
import type { UserStore } from '../store/interface.ts';
import { Billing } from './service.ts';

export interface Metering {
  limits: Limiter;
  billing: Billing;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export async function openMetering(config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'publicUrl'>, store: UserStore, clock?: () => number): Promise<Metering> {
  const limitStore: LimitStore = config.redisUrl ? await (await import('../limits/redis.ts')).RedisLimitStore.open({ url: config.redisUrl, prefix: config.redisPrefix }) : new MemoryLimitStore(clock ? { clock } : {});
  const billing = new Billing({ store, limits: limitStore, ...(clock ? { clock } : {}) });
  const limits = new Limiter({ store: limitStore, seeds: (a, p, m) => billing.seed(a, p, m), usage: billing.usage, publicUrl: config.publicUrl, ...(clock ? { clock } : {}) });
  return {
    limits,
    billing,
    ping: () => limitStore.ping(),
    close: async () => {
      await billing.close();
      await limitStore.close();
    },
  };
}
