/**
 * Bounded OpenAPI-driven fuzzing (issue 13, "checks that stay"): for every operation of the
 * generated OpenAPI description, fast-check builds requests from the documented parameters and
 * body, mixed with what broke the service before: encoded path spellings (`/%61pi`, `/api/v1`),
 * impossible dates, huge and non-finite numbers, NUL and other control bytes, repeated and unknown
 * parameters, wrong JSON types. Every response must be a non-5xx that conforms to the description
 * (status documented, body valid against its schema, required headers present).
 *
 * Bounded: FUZZ_RUNS requests per operation (default 6) from a fixed seed (FUZZ_SEED, default
 * 1313); a failure prints the seed, the path and the shrunk request to replay it.
 */
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildOpenApi, type Json } from '../../api/openapi/generate.ts';
import { RESOURCES } from '../../api/rest/index.ts';
import { LIMIT_POLICIES } from '../../schema/limits.ts';
import { assertInjected } from '../openapi-conformance.ts';
import { sampleApp, type TestApp } from '../helpers.ts';
import { keyAccount, type KeyCaller } from './rest/user-state-accounts.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 1313);

let t: TestApp;
let power: KeyCaller;
const test = suite('OpenAPI fuzz');
test.before(async () => {
  // Limits are not what is fuzzed: every request must reach validation and the handler.
  for (const p of LIMIT_POLICIES) (p as { limit: number }).limit = 1e9;
  t = await sampleApp({ jobs: ['companies', 'fundamentals'] });
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1e9;
  power = await keyAccount(t.app, t.services.store, 'fuzz@example.com', 'power_user');
});
test.after(() => t.close());

const doc = buildOpenApi(RESOURCES, { publicUrl: 'http://localhost' });

/** Values that broke services like this one: impossible dates, huge numbers, control bytes, encodings. */
const hostile = fc.constantFrom(
  '2024-02-30',
  '2023-02-29',
  '0000-00-00',
  '9999-99-99',
  '2024-1-1',
  '1e19',
  '-1e19',
  '1e308',
  'Infinity',
  '-Infinity',
  'NaN',
  '99999999999999999999',
  '-1',
  '0',
  '0x10',
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'x\u0007y',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>',
  'é€😀',
  'A'.repeat(300),
  'true',
  'null',
  '[]',
  '{}',
);

const TICKERS = ['AAPL', 'MSFT', 'JPM', 'aapl', 'BRK.B', 'ZZZZ'];

/** A plausible value for a documented parameter schema (enums, dates, numbers, tickers). */
function plausible(name: string, schema: Json | undefined): fc.Arbitrary<string> {
  const s = (schema ?? {}) as Json;
  const e = s.enum as unknown[] | undefined;
  if (e?.length) return fc.constantFrom(...e.map(String));
  if (/ticker|symbol/i.test(name)) return fc.constantFrom(...TICKERS, 'AAPL,MSFT');
  if (/cik/i.test(name)) return fc.constantFrom('320193', '1067983', '1287750', '0');
  if (/date|as_of|start|end|from|to/i.test(name)) return fc.constantFrom('2024-06-28', '2023-01-01', '2030-01-01', '1990-12-31');
  if (s.type === 'integer' || s.type === 'number') {
    const min = typeof s.minimum === 'number' ? s.minimum : -1000;
    const max = typeof s.maximum === 'number' ? s.maximum : 1000;
    return fc.integer({ min: Math.max(-1e6, Math.ceil(min)), max: Math.min(1e6, Math.floor(max)) }).map(String);
  }
  if (s.type === 'boolean') return fc.constantFrom('true', 'false', '1', '0');
  return fc.constantFrom('apple', 'q', 'x', 'tech', 'AAPL');
}

/** The hostile values of the parameter's own kind: impossible dates, huge numbers, control bytes. */
function typedHostile(name: string, schema: Json | undefined): fc.Arbitrary<string> {
  const s = (schema ?? {}) as Json;
  if (/date|as_of|start|end|from|to/i.test(name)) return fc.constantFrom('2024-02-30', '2023-02-29', '2024-04-31', '0000-00-00', '9999-99-99');
  if (s.type === 'integer' || s.type === 'number' || /cik|limit|offset|min|max|days/i.test(name)) return fc.constantFrom('1e19', '-1e19', '1e308', 'Infinity', 'NaN', '99999999999999999999', '-1');
  return fc.constantFrom('a\u0000b', '\u0000', 'x\u0007y', 'A'.repeat(300));
}

const param = (name: string, schema: Json | undefined) =>
  fc.oneof({ weight: 3, arbitrary: plausible(name, schema) }, { weight: 3, arbitrary: typedHostile(name, schema) }, { weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string; required: boolean; schema?: Json }[];
  body: Json | null;
}

function resolve(node: Json): Json {
  let cur = node;
  while (typeof cur.$ref === 'string') cur = (cur.$ref as string).replace(/^#\//, '').split('/').reduce<unknown>((o, k) => (o as Json)[k], doc) as Json;
  return cur;
}

const operations: Operation[] = [];
for (const [path, item] of Object.entries(doc.paths)) {
  if ((item as Json).servers) continue; // site-root documents, not the API
  for (const [method, op] of Object.entries(item as Json)) {
    if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
    const o = op as Json;
    const params = ((o.parameters ?? []) as Json[]).map(resolve).filter((p) => p.in === 'query' || p.in === 'path') as unknown as Operation['params'];
    const body = ((o.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
    operations.push({ method: method.toUpperCase(), path, params, body: body ? resolve(body.schema as Json) : null });
  }
}

/** A JSON value for a body property: plausible or hostile, sometimes of the wrong type. */
function bodyValue(schema: Json | undefined): fc.Arbitrary<unknown> {
  const s = resolve((schema ?? {}) as Json);
  const plausibleValue: fc.Arbitrary<unknown> =
    s.type === 'integer' || s.type === 'number'
      ? fc.constantFrom(1, 10, 0.5, 100)
      : s.type === 'boolean'
        ? fc.boolean()
        : s.type === 'array'
          ? fc.array(fc.constantFrom('AAPL', 'MSFT', 1), { maxLength: 3 })
          : s.type === 'object'
            ? fc.constant({})
            : (s.enum as unknown[] | undefined)?.length
              ? fc.constantFrom(...(s.enum as unknown[]))
              : fc.constantFrom('AAPL', 'my list', 'x');
  return fc.oneof(
    { weight: 3, arbitrary: plausibleValue },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(1e308, -1e19, 2 ** 63, 'a\u0000b', '', null, [], {}, '2024-02-30', true, 'A'.repeat(500), { sector: 'x\u0000' }) },
  );
}

function requestFor(op: Operation): fc.Arbitrary<{ url: string; payload?: unknown; anonymous: boolean }> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const query = op.params.filter((p) => p.in === 'query');
  const queryArb = fc.tuple(
    ...query.map((p) =>
      fc.oneof(
        { weight: p.required ? 6 : 2, arbitrary: param(p.name, p.schema).map((v) => [[p.name, v]] as [string, string][]) },
        { weight: p.required ? 1 : 3, arbitrary: fc.constant([] as [string, string][]) },
        // repeated parameter
        { weight: 1, arbitrary: fc.tuple(param(p.name, p.schema), param(p.name, p.schema)).map(([a, b]) => [[p.name, a], [p.name, b]] as [string, string][]) },
      ),
    ),
  );
  const unknownArb = fc.option(fc.constantFrom('as_of', 'asOf', 'zz', 'date', '__proto__', 'constructor'), { freq: 5 });
  const pathArb = fc.tuple(...pathParams.map((p) => param(p.name, p.schema)));
  const prefixArb = fc.constantFrom('/api', '/api', '/api/v1', '/%61pi', '/api/v%31');
  const bodyArb = op.body
    ? fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record(Object.fromEntries(Object.entries((op.body.properties ?? {}) as Record<string, Json>).map(([k, v]) => [k, bodyValue(v)])), { requiredKeys: [] }),
        },
        { weight: 1, arbitrary: fc.constantFrom<unknown>('not json', [], 42, null, { zz: 1 }) },
      )
    : fc.constant(undefined);
  return fc.record({ q: queryArb, unknown: unknownArb, path: pathArb, prefix: prefixArb, body: bodyArb, anonymous: fc.boolean() }).map(({ q, unknown, path, prefix, body, anonymous }) => {
    let i = 0;
    const filled = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(path[i++]!));
    const pairs = q.flat();
    if (unknown) pairs.push([unknown, '2023-01-01']);
    const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    return { url: `${prefix}${filled}${qs ? `?${qs}` : ''}`, ...(body !== undefined ? { payload: body } : {}), anonymous };
  });
}

test(`every operation: no 5xx, every response conforms (${RUNS} runs each, seed ${SEED})`, async () => {
  assert.ok(operations.length > 60, String(operations.length));
  for (const [index, op] of operations.entries()) {
    const started = Date.now();
    const out = await fc.check(
      fc.asyncProperty(requestFor(op), async (r) => {
        const headers: Record<string, string> = { 'user-agent': 'almanac-fuzz/1.0 (tests)' };
        if (!r.anonymous) headers['x-api-key'] = power.key;
        let payload: string | undefined;
        if (r.payload !== undefined) {
          headers['content-type'] = 'application/json';
          payload = typeof r.payload === 'string' ? r.payload : JSON.stringify(r.payload);
        }
        const res = await t.app.inject({ method: op.method as 'GET', url: r.url, headers, ...(payload !== undefined ? { payload } : {}) });
        if (res.statusCode >= 500) throw new Error(`${op.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 300)}`);
        // An empty path parameter can make the path another one's (`/watchlists/` is `/watchlists`):
        // a 405 naming methods without this one is that path's answer, not this operation's.
        const emptySegment = /\/(\?|$)|\/\//.test(r.url.split('?')[0]! + (r.url.includes('?') ? '?' : ''));
        if (res.statusCode === 405 && emptySegment && !String(res.headers.allow ?? '').split(', ').includes(op.method)) return;
        // Conformance against the operation the router matched (the spelling of the prefix is not the operation).
        assertInjected(op.method, `/api${op.path.replace(/\{[^}]+\}/g, 'x')}`, res);
      }),
      { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
    );
    if (out.failed) {
      const cause = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
      assert.unreachable(`${op.method} ${op.path}: ${cause}\n  request: ${JSON.stringify(out.counterexample?.[0]).slice(0, 600)}\n  replay: FUZZ_SEED=${SEED} (operation seed ${SEED + index})`);
    }
    if (process.env.FUZZ_TIMES) console.log(`${Date.now() - started} ms ${op.method} ${op.path}`);
  }
});

test.run();
