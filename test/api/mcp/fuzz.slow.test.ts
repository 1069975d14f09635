/**
 * Every MCP tool, every argument, every hostile value (the MCP side of test/api/fuzz.test.ts, which
 * drives the REST operations from OpenAPI): each tool is called with its required arguments valid
 * and one argument at a time replaced by a value that broke services like this one (impossible
 * dates, huge and non-finite numbers, control bytes, wrong JSON types, very long text). No answer
 * may be a 5xx, at the HTTP level or as the tool's `isError` result: a bad argument is refused by
 * validation, naming it, before the tool reaches the warehouse. An attacker pass found 13F quarters
 * such as `2025-02-30` accepted by MCP (REST refused them) and failing in DuckDB as an internal error.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { z } from 'zod';
import { LIMIT_POLICIES } from '../../../schema/limits.ts';
import { TOOLS } from '../../../schema/mcp/index.ts';
import { mcpCall } from '../../doors.ts';
import { HOSTILE_STRINGS, sampleIdentifiers } from '../../fuzz-values.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount, type KeyCaller } from '../rest/user-state-accounts.ts';

const test = suite('MCP fuzz');
let t: TestApp;
let power: KeyCaller;
/** Required arguments that must name rows of the sample (filled in `before`), by tool. */
let BASE: Record<string, Record<string, unknown>> = {};

test.before(async () => {
  // Limits are not what is fuzzed: every call must reach validation and the handler.
  for (const p of LIMIT_POLICIES) (p as { limit: number }).limit = 1e9;
  t = await sampleApp();
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1e9;
  power = await keyAccount(t.app, t.services.store, 'mcp-fuzz@example.com', 'power_user');
  // Identifiers with rows in the sample warehouse, so a hostile argument reaches the queries that
  // find them (a CIK with no 13F filing answered 404 before its quarter reached DuckDB).
  const { filer13f, bdc, accession, series, lesson } = await sampleIdentifiers(t.services.warehouse);
  BASE = {
    get_13f_holdings: { cik: filer13f },
    alm_13f_filer_analytics: { cik: filer13f },
    get_bdc_holdings: { cik: bdc },
    alm_bdc_credit_quality: { cik: bdc },
    get_filing_facts: { accession },
    get_macro_series: { id: series },
    get_lesson: { id: lesson },
    submit_lesson_quiz: { id: lesson },
    search_bdc_borrower: { q: 'ab' },
  };
});
test.after(() => t.close());

/** Values a required argument is filled with: the first its schema takes. */
const CANDIDATES: unknown[] = [
  'AAPL',
  320193,
  '2025-06-01',
  '0000320193-24-000123',
  'DGS10',
  'apple',
  ['AAPL', 'MSFT'],
  'buy',
  1,
  [0, 0, 0],
  'my list',
  'price-to-earnings-ratio',
];

/** What broke services like this one, as JSON values. */
const HOSTILE: unknown[] = [
  ...HOSTILE_STRINGS,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 63,
  null,
  true,
  [],
  {},
  ['A'.repeat(300)],
  Array.from({ length: 1000 }, () => 'AAPL'),
  { __proto__: null, constructor: 'x' },
];

type Shape = Record<string, z.ZodType>;
const shapeOf = (name: string): Shape => ((TOOLS as Record<string, { input: { shape?: Shape } }>)[name]!.input.shape ?? {}) as Shape;

/** The tool's required arguments (and `BASE`'s), each given the first candidate its schema accepts unless `BASE` names it. */
function requiredArgs(name: string): Record<string, unknown> {
  const args: Record<string, unknown> = { ...BASE[name] };
  for (const [arg, schema] of Object.entries(shapeOf(name))) {
    if (arg in args || schema.safeParse(undefined).success) continue;
    const value = CANDIDATES.find((c) => schema.safeParse(c).success);
    assert.ok(value !== undefined, `${name}: no candidate value for its required argument ${arg}: add one to CANDIDATES`);
    args[arg] = value;
  }
  return args;
}

/** Calls `name` with `args` as a Power User; fails on a 5xx at the HTTP level or in the tool result. */
async function noServerError(name: string, args: Record<string, unknown>): Promise<void> {
  const what = `${name}(${JSON.stringify(args).slice(0, 200)})`;
  const { isError, body, raw } = await mcpCall(t.app, name, args, { 'user-agent': 'almanac-fuzz/1.0 (mcp)', 'x-api-key': power.key }).catch((err: Error) => {
    throw new Error(`${what}: the answer is not a JSON-RPC tool result: ${err.message}`);
  });
  if (!isError) return;
  assert.type(body.error, 'string', `${what}: ${raw.slice(0, 300)}`);
  assert.ok(typeof body.status === 'number' && body.status < 500, `${what} -> ${raw.slice(0, 300)}`);
}

test('every tool, every argument, every hostile value: refused or answered, never a server error', async () => {
  const names = Object.keys(TOOLS);
  assert.is(names.length, 62);
  let calls = 0;
  for (const name of names) {
    const base = requiredArgs(name);
    const jobs: (() => Promise<void>)[] = [() => noServerError(name, base), () => noServerError(name, { ...base, zz: '2023-01-01' })];
    for (const arg of Object.keys(shapeOf(name))) for (const value of HOSTILE) jobs.push(() => noServerError(name, { ...base, [arg]: value }));
    // A few at a time: the tools share the warehouse's connection pool, as concurrent agents do.
    for (let i = 0; i < jobs.length; i += 8) await Promise.all(jobs.slice(i, i + 8).map((job) => job()));
    calls += jobs.length;
  }
  assert.ok(calls > 5_000, String(calls));
});

test.run();
