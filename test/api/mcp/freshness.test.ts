/**
 * Every answer says how fresh it is (README, "Provenance, freshness and synthetic data"): every MCP
 * data tool (all groups but the glossary/LEARN and the caller's own account) answers with
 * `fetchedAt`, and every one is listed by a dataset of the catalog (schema/datasets.ts), whose jobs
 * date it. A reviewer found 29 data tools answering without it and several missing from the
 * catalog.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DATASETS } from '../../../schema/datasets.ts';
import { TOOL_CATALOG, TOOLS } from '../../../schema/mcp/index.ts';
import { graphqlData, ledgerFetchedAt, mcpCall, mcpTool } from '../../doors.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { MCP_CALLS } from '../../tool-calls.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';

const test = suite('MCP data tools say how fresh their answer is');
let t: TestApp;
let key: string;
const UA = { 'user-agent': 'almanac-tests/1.0 (mcp-freshness)' };
const DATA_TOOLS = TOOL_CATALOG.filter((x) => x.group !== 'learn' && x.group !== 'account');

test.before(async () => {
  t = await sampleApp();
  (t.services as { limits?: unknown }).limits = undefined;
  key = (await keyAccount(t.app, t.services.store, 'mcp-freshness@example.com', 'power_user')).key;
});
test.after(async () => {
  await t.close();
});

test('every data tool is listed by a dataset, and every listed tool exists', () => {
  const listed = new Set(DATASETS.flatMap((d) => d.mcpTools ?? []));
  assert.equal(DATA_TOOLS.map((x) => x.name).filter((n) => !listed.has(n)), []);
  assert.equal([...listed].filter((n) => !Object.hasOwn(TOOLS, n)), []);
});

test('every data tool answers with fetchedAt and dataThrough, fetchedAt the ledger time of its datasets\' jobs where it has none of its own', async () => {
  const missing: string[] = [];
  const noThrough: string[] = [];
  let answered = 0;
  for (const tool of DATA_TOOLS) {
    const out = await mcpCall(t.app, tool.name, MCP_CALLS[tool.name as keyof typeof MCP_CALLS], { ...UA, 'x-api-key': key });
    assert.not.ok(out.isError, `${tool.name}: ${out.raw}`);
    answered++;
    if (!('fetchedAt' in out.body)) missing.push(tool.name);
    if (!('dataThrough' in out.body)) noThrough.push(tool.name);
  }
  assert.equal(missing, []);
  // And how far its data runs (get_macro_series and get_fundamentals_history said nothing: an outside pass).
  assert.equal(noThrough, []);
  assert.is(answered, DATA_TOOLS.length);
  // A tool with no freshness of its own takes its datasets' jobs' ledger time.
  const profile = await mcpTool(t.app, 'get_company_profile', { ticker: 'AAPL' }, UA);
  assert.is(profile.fetchedAt, await ledgerFetchedAt(t.services.warehouse, 'filings'));
});

test('a security says how fresh it is, at MCP and at GraphQL alike (the security master: the day it was fetched)', async () => {
  const m = await mcpTool(t.app, 'lookup_security', { id: '30231G102' }, { ...UA, 'x-api-key': key });
  const g = await graphqlData(t.app, '{ security(id: "30231G102") { ticker dataThrough fetchedAt } }', { ...UA, 'x-api-key': key });
  assert.is(g.security.ticker, 'XOM');
  assert.ok(m.fetchedAt, JSON.stringify(m));
  assert.is(m.dataThrough, m.fetchedAt.slice(0, 10));
  assert.equal([g.security.dataThrough, g.security.fetchedAt], [m.dataThrough, m.fetchedAt]);
});

test.run();
