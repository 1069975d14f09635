/** `/api/health` (issue 15): store checks shared for HEALTH_TTL_MS, so probes cost no store round trip each. */
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

test.run();
