/** `/api/health`: status, the served snapshot version and each store's reachability. */
import { z } from 'zod';
import { defineRoute, resource } from '../route.ts';
import type { Services } from '../services.ts';

/**
 * Store checks are shared for HEALTH_TTL_MS: probes arriving together (or a load balancer polling
 * every few hundred ms) cost one round of checks per second, not one per request, and a probe never
 * queues behind warehouse queries more than once a second (issue 15).
 */
export const HEALTH_TTL_MS = 1000;
const recent = new WeakMap<Services, { at: number; entries: Promise<(readonly [string, 'ok' | 'unreachable'])[]> }>();

function checkStores(services: Services): Promise<(readonly [string, 'ok' | 'unreachable'])[]> {
  const hit = recent.get(services);
  if (hit && Date.now() - hit.at < HEALTH_TTL_MS) return hit.entries;
  const entries = Promise.all(
    Object.entries(services.healthChecks).map(async ([name, check]) => {
      const ok = await Promise.race([check().catch(() => false), new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref())]);
      return [name, ok ? 'ok' : 'unreachable'] as const;
    }),
  );
  recent.set(services, { at: Date.now(), entries });
  return entries;
}

type StoreChecks = ReturnType<typeof checkStores>;

/**
 * The answer as bytes, kept while its inputs stay the same (the round of checks, the snapshot, the
 * whole second of uptime): a probe between changes costs no object, no serialisation and no string
 * write (cachedJson, warehouse/serving.ts).
 */
interface HealthAnswer {
  checks: StoreChecks;
  snapshot: string | null;
  uptimeSeconds: number;
  healthy: boolean;
  body: Buffer;
}
const answers = new WeakMap<Services, HealthAnswer>();

async function healthAnswer(services: Services): Promise<HealthAnswer> {
  const checks = checkStores(services);
  const entries = await checks;
  const snapshot = services.warehouse.version;
  const uptimeSeconds = Math.round(process.uptime());
  const kept = answers.get(services);
  if (kept && kept.checks === checks && kept.snapshot === snapshot && kept.uptimeSeconds === uptimeSeconds) return kept;
  const healthy = snapshot !== null && entries.every(([, s]) => s === 'ok');
  const body = { status: healthy ? 'ok' : 'degraded', snapshot, stores: Object.fromEntries(entries), uptimeSeconds };
  const answer = { checks, snapshot, uptimeSeconds, healthy, body: Buffer.from(JSON.stringify(body)) };
  answers.set(services, answer);
  return answer;
}

const HealthResult = z.object({
  status: z.enum(['ok', 'degraded']),
  snapshot: z.string().nullable(),
  stores: z.record(z.string(), z.enum(['ok', 'unreachable'])),
  uptimeSeconds: z.number(),
});

export const health = resource('Health', [
  defineRoute({
    method: 'GET',
    path: '/health',
    capability: 'service_health',
    summary: 'Service health',
    description: 'Answers 200 when every store is reachable and a snapshot is served, 503 otherwise (same body). Store checks are at most 1 s old.',
    responses: {
      200: { description: 'healthy', schema: HealthResult },
      503: { description: 'a store is unreachable or no snapshot is served', schema: HealthResult },
    },
    handler: async ({ services, reply }) => {
      const { healthy, body } = await healthAnswer(services);
      reply.code(healthy ? 200 : 503);
      if (!healthy) reply.header('Retry-After', '5');
      return reply.type('application/json; charset=utf-8').send(body);
    },
  }),
]);
