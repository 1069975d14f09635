/** `/api/health`: status, the served snapshot version and each store's reachability. */
import { z } from 'zod';
import { defineRoute, resource } from '../route.ts';

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
    description: 'Answers 200 when every store is reachable and a snapshot is served, 503 otherwise (same body).',
    responses: {
      200: { description: 'healthy', schema: HealthResult },
      503: { description: 'a store is unreachable or no snapshot is served', schema: HealthResult },
    },
    handler: async ({ services, reply }) => {
      const entries = await Promise.all(
        Object.entries(services.healthChecks).map(async ([name, check]) => {
          const ok = await Promise.race([check().catch(() => false), new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref())]);
          return [name, ok ? 'ok' : 'unreachable'] as const;
        }),
      );
      const stores = Object.fromEntries(entries);
      const snapshot = services.warehouse.version;
      const healthy = snapshot !== null && entries.every(([, s]) => s === 'ok');
      reply.code(healthy ? 200 : 503);
      return { status: healthy ? 'ok' : 'degraded', snapshot, stores, uptimeSeconds: Math.round(process.uptime()) };
    },
  }),
]);
