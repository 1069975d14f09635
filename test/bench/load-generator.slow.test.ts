/**
 * The load generator of bench:serve (issue 15): autocannon in a child process, its options and
 * figures over IPC, the requests counted by the server they were aimed at.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import Fastify from 'fastify';
import { startGenerator } from './load-generator.ts';

const test = suite('load generator');

test('runs autocannon in another process at a fixed rate and sends its figures back', async () => {
  let served = 0;
  const paths = new Set<string>();
  const app = Fastify();
  app.get('/*', async (req) => {
    served++;
    paths.add(req.url);
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const generator = await startGenerator();
  try {
    assert.is.not(generator.pid, process.pid);
    const fig = await generator.load({ url, connections: 4, duration: 2, overallRate: 200, requests: [{ method: 'GET', path: '/a' }, { method: 'GET', path: '/b' }] });
    assert.is(fig.non2xx, 0);
    // 200 req/s offered for 2 s: the server counted what the generator reports (within a second's worth).
    assert.ok(fig.rps > 150 && fig.rps < 250, `rps ${fig.rps}`);
    assert.ok(Math.abs(served - fig.rps * 2) < 200, `served ${served}, reported ${fig.rps} rps`);
    assert.equal([...paths].sort(), ['/a', '/b']);
  } finally {
    generator.close();
    await app.close();
  }
});

test.run();
