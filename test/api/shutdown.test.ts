import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { defineRoute, resource } from '../../api/route.ts';
import { RESOURCES } from '../../api/rest/index.ts';
import { sampleApp } from '../helpers.ts';

let arrived = 0;
const slow = resource('Test', [
  defineRoute({
    method: 'GET',
    path: '/test-slow',
    capability: 'random_ticker',
    summary: 'sleeps',
    query: z.object({ ms: z.coerce.number().int().min(0).max(5000).default(400) }),
    responses: { 200: { description: 'ok' } },
    handler: async ({ query }) => {
      arrived++;
      await new Promise((r) => setTimeout(r, query.ms));
      return { slept: query.ms };
    },
  }),
]);

const shutdown = suite('graceful shutdown');

shutdown('close() lets in-flight requests finish, then refuses new connections', async () => {
  const t = await sampleApp({ jobs: ['companies'], server: { resources: [...RESOURCES, slow] } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const inflight = Array.from({ length: 5 }, () => fetch(`${base}/api/test-slow?ms=400`, { headers: { 'user-agent': 'almanac-test/1.0' } }));
  // Close only once all five are being handled (a fixed wait was too short at load 35).
  while (arrived < 5) await new Promise((r) => setTimeout(r, 10));
  const closing = t.app.close();
  const responses = await Promise.all(inflight);
  assert.equal(responses.map((r) => r.status), [200, 200, 200, 200, 200]);
  assert.equal(await responses[0]!.json(), { slept: 400 });
  await closing;
  try {
    await fetch(`${base}/api/health`);
    assert.unreachable('a closed server answered');
  } catch (err) {
    assert.match(String((err as Error).cause ?? err), /ECONNREFUSED|fetch failed/);
  }
});

shutdown.run();
