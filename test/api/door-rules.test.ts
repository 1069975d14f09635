/**
 * One rule per argument at every door, checked over every capability (README, "One set of
 * parameter names per capability"): for each capability served by both a REST route and an MCP
 * tool, every argument both take is tried at the boundaries either door declares (its bounds and
 * one past them, its enum values and one outside them, its longest text and one longer), and the
 * two doors must accept and refuse the same values; and where the tool says its default, it is the
 * default the REST route declares. GraphQL takes each argument by its MCP tool's rule
 * (api/graphql/access.ts), so it follows.
 *
 * Found by a review pass: GET /api/screener capped a `limit` above 500 at 500 (spec 8.4) while
 * MCP run_screener refused it (400), and run_screener kept its own copy of the sort rule (with
 * another message, and refusing ` pe` that REST trims) and of the defaults.
 *
 * What differs on purpose is how a value travels, not which values are taken: REST reads text
 * (a list is comma-separated, a flag is `1`/`true`), MCP reads JSON (an array, a boolean); a list
 * tool's `limit` is its page size (schema/door-arguments.ts, PAGING_ARGUMENTS).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z, type ZodType } from 'zod';
import { RESOURCES } from '../../api/rest/index.ts';
import { parseInput } from '../../api/route.ts';
import { camelName } from '../../schema/door-arguments.ts';
import { TOOL_CATALOG, type ToolSpec } from '../../schema/mcp/index.ts';
import { mcpCall } from '../doors.ts';
import { json, sampleApp } from '../helpers.ts';
import { MCP_CALLS } from '../tool-calls.ts';
import { keyAccount } from './rest/user-state-accounts.ts';

const test = suite('one rule per argument at every door');

type Json = { type?: string; minimum?: number; maximum?: number; maxLength?: number; enum?: unknown[]; default?: unknown; description?: string; anyOf?: Json[] };
const jsonSchema = (rule: ZodType): Json => z.toJSONSchema(rule, { io: 'input', unrepresentable: 'any' }) as Json;
const typeOf = (j: Json): string | undefined => j.type ?? j.anyOf?.find((a) => a.type)?.type;

/** The object shape under a schema's wrappers (refinements, pipes, defaults), or `{}`. */
function shapeOf(schema: ZodType | undefined): Record<string, ZodType> {
  let s: any = schema;
  for (let i = 0; i < 8 && s && !s.shape; i++) s = s._zod?.def?.in ?? s._zod?.def?.innerType ?? s._zod?.def?.schema;
  return (s?.shape ?? {}) as Record<string, ZodType>;
}

const accepts = (rule: ZodType, name: string, value: unknown): boolean => {
  try {
    parseInput(z.object({ [name]: rule }), { [name]: value }, 'parameter');
    return true;
  } catch {
    return false;
  }
};

/** Values at and just past what a rule declares. */
function probes(j: Json): unknown[] {
  const out: unknown[] = [];
  const type = typeOf(j);
  if (type === 'integer' || type === 'number') {
    for (const bound of [j.minimum, j.maximum]) if (typeof bound === 'number') out.push(bound - 1, bound, bound + 1);
    out.push(1, 50, 1000, 0.5, 1e6);
  }
  if (type === 'string') {
    if (j.enum) out.push(...j.enum, 'zzz', ...j.enum.map((v) => String(v).toLowerCase()), ...j.enum.map((v) => ` ${String(v)}`));
    if (typeof j.maxLength === 'number') out.push('A'.repeat(j.maxLength), 'A'.repeat(j.maxLength + 1));
    // Characters one symbol rule takes and another may not ('^' of an index, '.' and '-' of a class).
    out.push('AAPL', ' AAPL', 'x', '$X', '^GSPC', 'BRK.B', 'BRK-B', 'A_B');
  }
  return out;
}

interface Pair {
  capability: string;
  path: string;
  tool: ToolSpec;
  rest: string;
  mcp: string;
  restRule: ZodType;
  mcpRule: ZodType;
  body: boolean;
}

/** Every argument a REST route and an MCP tool of the same capability both take. */
function pairs(): Pair[] {
  const tools = new Map<string, ToolSpec[]>();
  for (const tool of TOOL_CATALOG) tools.set(tool.capability, [...(tools.get(tool.capability) ?? []), tool]);
  const out: Pair[] = [];
  for (const resource of RESOURCES) {
    for (const route of resource.routes) {
      for (const tool of tools.get(route.capability) ?? []) {
        const input = tool.input.shape as Record<string, ZodType>;
        for (const [where, shape] of [['query', shapeOf(route.query)], ['params', shapeOf(route.params)], ['body', shapeOf(route.body)]] as const) {
          for (const [rest, restRule] of Object.entries(shape)) {
            const mcp = camelName(rest);
            const mcpRule = input[mcp];
            if (!mcpRule) continue;
            // A list tool's limit is its page size (PAGING_ARGUMENTS).
            if (tool.list && mcp === 'limit') continue;
            out.push({ capability: route.capability, path: `${where} ${route.path}`, tool, rest, mcp, restRule, mcpRule, body: where === 'body' });
          }
        }
      }
    }
  }
  return out;
}

test('the table covers the capabilities served at both doors', () => {
  const caps = new Set(pairs().map((p) => p.capability));
  for (const id of ['screener', 'news_search', 'recent_insider_buys', 'manager_holdings', 'etf_data', 'price_history', 'portfolio_benchmark', 'bank_lookup', 'paper_order_place']) {
    assert.ok(caps.has(id), id);
  }
});

test('REST and MCP accept and refuse the same values of every argument both take', () => {
  const disagreements: string[] = [];
  for (const p of pairs()) {
    const restJson = jsonSchema(p.restRule);
    const mcpJson = jsonSchema(p.mcpRule);
    // How a list or a flag travels differs (text at REST, JSON at MCP); their values are compared by suites of their own.
    if (typeOf(mcpJson) === 'array' || typeOf(mcpJson) === 'boolean') continue;
    const values = [...new Set([...probes(restJson), ...probes(mcpJson)])];
    for (const value of values) {
      // A path segment is never empty; REST's query string reads every value as text.
      const restValue = p.body ? value : String(value);
      if (typeOf(mcpJson) === 'string' && typeof value !== 'string') continue;
      if ((typeOf(mcpJson) === 'integer' || typeOf(mcpJson) === 'number') && typeof value !== 'number') continue;
      const a = accepts(p.restRule, p.rest, restValue);
      const b = accepts(p.mcpRule, p.mcp, value);
      if (a !== b) disagreements.push(`${p.capability}: ${p.path} ${p.rest}=${JSON.stringify(value)} ${a ? 'accepted' : 'refused'}, MCP ${p.tool.name} ${p.mcp} ${b ? 'accepted' : 'refused'}`);
    }
  }
  assert.equal(disagreements, []);
});

test("a tool's stated default is the default its REST route declares", () => {
  const disagreements: string[] = [];
  for (const p of pairs()) {
    const restDefault = jsonSchema(p.restRule).default;
    const said = /\bdefault (?!all\b|today\b)["`]?([^\s;,)"`]+)/.exec(jsonSchema(p.mcpRule).description ?? '')?.[1];
    if (said === undefined || restDefault === undefined) continue;
    if (said !== String(restDefault)) disagreements.push(`${p.capability}: ${p.path} ${p.rest} defaults to ${JSON.stringify(restDefault)}, MCP ${p.tool.name} says default ${said}`);
  }
  assert.equal(disagreements, []);
});

test('the screener at REST and MCP: a limit above 500 is capped, the sort read by one rule, the same defaults', async () => {
  const t = await sampleApp();
  try {
    const UA = { 'user-agent': 'almanac-tests/1.0 (door-rules)' };
    const rest = json<any>(await t.app.inject({ url: '/api/screener?limit=1000&sort=%20pe', headers: UA }));
    const mcp = await mcpCall(t.app, 'run_screener', { limit: 1000, sort: ' pe' }, UA);
    assert.not.ok(mcp.isError, mcp.raw.slice(0, 300));
    assert.equal([mcp.body.limit, mcp.body.sort], [rest.limit, rest.sort]);
    assert.equal([rest.limit, rest.sort], [500, 'pe:desc']);
    const plain = json<any>(await t.app.inject({ url: '/api/screener', headers: UA }));
    const plainMcp = await mcpCall(t.app, 'run_screener', {}, UA);
    assert.equal([plainMcp.body.limit, plainMcp.body.sort], [plain.limit, plain.sort]);
    const bad = await t.app.inject({ url: '/api/screener?sort=bogus', headers: UA });
    const badMcp = await mcpCall(t.app, 'run_screener', { sort: 'bogus' }, UA);
    assert.is(bad.statusCode, 400);
    assert.equal([badMcp.isError, badMcp.body.status, badMcp.body.error], [true, 400, json<any>(bad).error]);
  } finally {
    await t.close();
  }
});

/** The largest `limit` the REST routes of `capability` take, or null when none takes one. */
function restLimitMax(capability: string): number | null {
  let max: number | null = null;
  for (const resource of RESOURCES) {
    for (const route of resource.routes) {
      if (route.capability !== capability) continue;
      const limit = shapeOf(route.query)['limit'];
      const bound = limit ? jsonSchema(limit).maximum : undefined;
      if (typeof bound === 'number') max = Math.max(max ?? 0, bound);
    }
  }
  return max;
}

test('a list tool fetches as many rows as its REST route answers on one page (the tool pages over them itself)', async () => {
  const t = await sampleApp();
  try {
    const power = await keyAccount(t.app, t.services.store, 'door-rules@example.com', 'power_user');
    const headers = { 'user-agent': 'almanac-tests/1.0 (door-rules)', 'x-api-key': power.key };
    // Every `LIMIT` the warehouse is asked with, by the tool call under way: a named parameter
    // (`LIMIT $limit`) or a positional one (`LIMIT $2`; get_ticker_news fetched 100 rows that way
    // where REST answers 200, unseen while only `params.limit` was read).
    const db = t.services.warehouse as unknown as { all: (sql: string, params?: unknown) => Promise<unknown[]> };
    const all = db.all.bind(db);
    let seen: number[] = [];
    db.all = (sql, params) => {
      for (const [, ref] of sql.matchAll(/\bLIMIT\s+\$(\w+)/gi)) {
        const value = Array.isArray(params) ? params[Number(ref) - 1] : (params as Record<string, unknown> | undefined)?.[ref!];
        if (typeof value === 'number') seen.push(value);
      }
      return all(sql, params);
    };
    const checked: string[] = [];
    for (const tool of TOOL_CATALOG.filter((x) => x.list)) {
      const max = restLimitMax(tool.capability);
      if (max === null) continue;
      seen = [];
      const { limit: _page, cursor: _cursor, ...args } = MCP_CALLS[tool.name as keyof typeof MCP_CALLS] as Record<string, unknown>;
      const res = await mcpCall(t.app, tool.name, args, headers);
      assert.not.ok(res.isError, `${tool.name}: ${res.raw.slice(0, 300)}`);
      // A tool whose query takes no limit fetches every row.
      if (seen.length) assert.ok(Math.max(...seen) >= max, `${tool.name} fetched ${Math.max(...seen)} rows at most; REST's limit goes to ${max}`);
      checked.push(`${tool.name}:${seen.length ? Math.max(...seen) : 'all'}`);
    }
    assert.ok(checked.some((c) => c.startsWith('alm_recent_insider_buys:')), checked.join(' '));
  } finally {
    await t.close();
  }
});

test.run();
