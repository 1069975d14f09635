/**
 * Every documented REST operation, called the ways a client can call it (no parameters, the
 * required ones, every parameter this sweep knows a value for, an invalid key, no session), must
 * answer with a documented status and a body matching the generated OpenAPI description.
 * The whole sample warehouse is built, so data routes answer with real rows.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { listOperations } from '../../api/openapi/generate.ts';
import { RESOURCES } from '../../api/rest/index.ts';
import { sampleApp, type TestApp } from '../helpers.ts';
import { checked, conformance, conformancePlugin, violations } from '../openapi-conformance.ts';

const UA = 'almanac-conformance/1.0 (tests@almanac.invalid)';

/** Plausible values for parameters by name (sample companies, dates inside the sample). */
const VALUES: Record<string, string> = {
  ticker: 'AAPL',
  tickers: 'AAPL,MSFT',
  q: 'apple',
  symbol: 'SPY',
  symbols: 'SPY',
  cik: '320193',
  date: '2025-06-30',
  start: '2024-01-01',
  end: '2025-12-31',
  days: '30',
  limit: '5',
  offset: '0',
  max_holdings: '5',
  period: '1y',
  fields: 'fundamentals',
  series: 'DGS10',
  series_id: 'DGS10',
  id: '00000000-0000-0000-0000-000000000000',
  slug: 'revenue',
  portfolio_id: 'default',
  sentiment: 'positive',
  token: 'not-a-token',
};

interface Param {
  name: string;
  in: string;
  required: boolean;
}

let t: TestApp;
const sweep = suite('every operation conforms to the OpenAPI description');
sweep.before(async () => {
  t = await sampleApp({ server: { plugins: [conformancePlugin()] } });
});
sweep.after(() => t.close());

function url(path: string, params: Param[], which: 'none' | 'required' | 'all'): string {
  let p = path;
  for (const prm of params.filter((x) => x.in === 'path')) p = p.replace(`{${prm.name}}`, encodeURIComponent(VALUES[prm.name] ?? 'x'));
  const query = params.filter((x) => x.in === 'query' && (which === 'all' ? VALUES[x.name] !== undefined : which === 'required' && x.required));
  const qs = new URLSearchParams(query.map((x) => [x.name, VALUES[x.name] ?? 'x']));
  return `/api${p}${qs.size ? `?${qs}` : ''}`;
}

sweep('GET operations: no parameters, the required ones, all known ones, an invalid key; other methods without a session', async () => {
  const { doc } = conformance();
  let calls = 0;
  for (const op of listOperations(RESOURCES)) {
    if (op.root) continue;
    const spec = doc.paths[op.path]![op.method.toLowerCase()]!;
    const params = ((spec.parameters ?? []) as (Param & { $ref?: string })[]).filter((p) => !p.$ref);
    if (op.method === 'GET') {
      for (const which of ['none', 'required', 'all'] as const) {
        await t.app.inject({ method: 'GET', url: url(op.path, params, which), headers: { 'user-agent': UA } });
        calls++;
      }
      await t.app.inject({ method: 'GET', url: url(op.path, params, 'required'), headers: { 'user-agent': UA, 'x-api-key': 'alm_live_0000000000000000000000000000000000000000000' } });
      calls++;
    } else {
      await t.app.inject({ method: op.method as 'POST', url: url(op.path, params, 'required'), headers: { 'user-agent': UA }, payload: {} });
      await t.app.inject({ method: op.method as 'POST', url: url(op.path, params, 'required'), headers: { 'user-agent': UA, 'content-type': 'text/plain' }, payload: 'x' });
      calls += 2;
    }
  }
  assert.ok(calls > 40, `only ${calls} calls`);
  const total = [...checked.values()].reduce((a, b) => a + b, 0);
  assert.is(total, calls, `checked ${total} of ${calls} responses`);
  // The sweep reaches successes, input errors, missing authentication and CSRF/media-type refusals.
  for (const status of [200, 400, 401]) assert.ok(checked.get(status), `no ${status} seen: ${JSON.stringify([...checked])}`);
  process.stdout.write(`conformance: ${calls} responses checked, by status ${JSON.stringify(Object.fromEntries([...checked].sort((a, b) => a[0] - b[0])))}\n`);
  assert.equal([...new Set(violations)], []);
});

sweep.run();
