/** `/api/health` (issue 15): store checks shared for HEALTH_TTL_MS, so probes cost no store round trip each. */
import type { FastifyInstance } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HEALTH_TTL_MS } from '../../api/rest/health.ts';
import { sampleApp } from '../helpers.ts';

const test = suite('health');

test('concurrent and repeated probes share one round of checks per second; a failing store is seen after the TTL', async () => {
  const t = await sampleApp({ jobs: ['companies'] });
  try {
    let calls = 0;
    let up = true;
    const checks = t.services.healthChecks as Record<string, () => Promise<boolean>>;
    for (const name of Object.keys(checks)) checks[name] = async () => (calls++, up);
    await new Promise((r) => setTimeout(r, HEALTH_TTL_MS + 50));
    const n = Object.keys(checks).length;
    const started = Date.now();
    const res = await Promise.all(Array.from({ length: 20 }, () => t.app.inject('/api/health')));
    for (let i = 0; i < 10; i++) res.push(await t.app.inject('/api/health'));
    const elapsed = Date.now() - started;
    assert.ok(res.every((r) => r.statusCode === 200), res.map((r) => r.statusCode).join());
    // One round per TTL window the 30 probes spanned: one round when they took less than the TTL
    // (they do on an idle machine); a machine at load 28 once stretched them past it.
    const rounds = 1 + Math.floor(elapsed / HEALTH_TTL_MS);
    assert.is(calls % n, 0, 'whole rounds of checks');
    assert.ok(calls / n <= rounds, `${calls / n} rounds of checks for 30 probes in ${elapsed} ms`);
    if (elapsed < HEALTH_TTL_MS) assert.is(calls, n, 'one check per store for 30 probes');
    calls = 0;
    up = false;
    assert.is((await t.app.inject('/api/health')).statusCode, 200, 'within the TTL');
    await new Promise((r) => setTimeout(r, HEALTH_TTL_MS + 50));
    const down = await t.app.inject('/api/health');
    assert.is(down.statusCode, 503);
    assert.is(down.json().status, 'degraded');
    assert.is(down.headers['retry-after'], '5');
    assert.is(calls, n, 'one new round after the TTL');
  } finally {
    await t.close();
  }
});

test('an answer is kept as bytes while its round of checks, snapshot and second of uptime stay; each change is seen', async () => {
  // The bytes each answer handed to Node's response.
  const written: unknown[] = [];
  const record = async (app: FastifyInstance): Promise<void> => {
    app.addHook('onRequest', (_req, reply, done) => {
      const raw = reply.raw as { write: (...a: unknown[]) => boolean };
      const write = raw.write.bind(raw);
      raw.write = (chunk, ...rest) => (written.push(chunk), write(chunk, ...rest));
      done();
    });
  };
  const t = await sampleApp({ jobs: ['companies'], server: { plugins: [record] } });
  const uptime = process.uptime;
  try {
    let now = 100.2;
    process.uptime = () => now;
    const first = await t.app.inject('/api/health');
    assert.is(first.statusCode, 200);
    assert.is(first.headers['content-type'], 'application/json; charset=utf-8');
    const body = first.json();
    assert.equal(Object.keys(body), ['status', 'snapshot', 'stores', 'uptimeSeconds']);
    assert.equal([body.status, body.snapshot, body.uptimeSeconds], ['ok', t.services.warehouse.version, 100]);
    assert.is((await t.app.inject('/api/health')).body, first.body, 'the same second: the same answer');
    assert.ok(Buffer.isBuffer(written[0]), 'bytes, not a string');
    assert.is(written[1], written[0], 'the kept bytes, not made again');
    now = 101.7;
    assert.is((await t.app.inject('/api/health')).json().uptimeSeconds, 102, 'a new second');
    const version = t.services.warehouse.version;
    Object.defineProperty(t.services.warehouse, 'version', { configurable: true, get: () => null });
    const none = await t.app.inject('/api/health');
    assert.is(none.statusCode, 503, 'no snapshot served');
    assert.equal([none.json().status, none.json().snapshot, none.headers['retry-after']], ['degraded', null, '5']);
    delete (t.services.warehouse as { version?: unknown }).version;
    assert.is(t.services.warehouse.version, version);
    assert.is((await t.app.inject('/api/health')).statusCode, 200, 'served again');
  } finally {
    process.uptime = uptime;
    await t.close();
  }
});

test.run();
