/**
 * A list answer's `fetchedAt` is the ledger time of the jobs its dataset catalog entry names (the
 * oldest of them), at every door: REST `/bond-search` and `/fund-holders` and MCP `search_bonds`
 * named N-PORT's job alone where the catalog (and MCP `get_funds_holding`) name N-PORT and the
 * security master. In the sample both jobs finish within the same second, so the security
 * master's last run is set an hour earlier here, where the two readings differ.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FRESHNESS_HEADERS } from '../../schema/provenance.ts';
import { ledgerFetchedAt, mcpTool } from '../doors.ts';
import { warehouseWith } from '../fixtures/market/fixture-job.ts';
import { sampleApp, type TestApp } from '../helpers.ts';
import { keyAccount } from './rest/user-state-accounts.ts';

const test = suite('fetchedAt from the catalog jobs at every door');
let t: TestApp;
let key: string;
const UA = { 'user-agent': 'almanac-tests/1.0 (freshness-jobs)' };

test.before(async () => {
  const dataDir = await warehouseWith(['companies', 'nport', 'security-master'], async (db) => {
    await db.run(`UPDATE pipeline_runs SET finished_at = finished_at - INTERVAL 1 HOUR WHERE job = 'security-master'`);
  });
  t = await sampleApp({ build: false, config: { dataDir } });
  key = (await keyAccount(t.app, t.services.store, 'freshness-jobs@example.com', 'researcher')).key;
});
test.after(() => t.close());

test('bond search and fund holders: the oldest of N-PORT and the security master, REST and MCP alike', async () => {
  const both = await ledgerFetchedAt(t.services.warehouse, 'nport', 'security-master');
  assert.is.not(both, await ledgerFetchedAt(t.services.warehouse, 'nport'), 'the two readings differ here');
  for (const url of ['/api/bond-search?q=apple', '/api/fund-holders?id=AAPL']) {
    const res = await t.app.inject({ url, headers: { ...UA, 'x-api-key': key } });
    assert.is(res.statusCode, 200, res.body);
    assert.is(res.headers[FRESHNESS_HEADERS.fetchedAt.toLowerCase()], both, url);
  }
  for (const [tool, args] of [['search_bonds', { q: 'apple' }], ['get_funds_holding', { id: 'AAPL' }]] as const) {
    const m = await mcpTool(t.app, tool, args, { ...UA, 'x-api-key': key });
    assert.is(m.fetchedAt, both, tool);
  }
});

test('no door names jobs of its own: REST, MCP and GraphQL read them from the catalog', () => {
  // A job list written in a handler (`listFreshness(db, ['nport'], ...)`) is how REST's bond search
  // came to disagree with the catalog; every door now asks the catalog by route, tool or capability.
  const root = path.resolve(import.meta.dirname, '../../api');
  const own: string[] = [];
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/(?:listFreshness|fetchedAt)\([^,()]+, \[\s*'/g)) own.push(`api/${file}: ${m[0]}`);
    // Nor a copy of its route's path: a list handler returns its rows and the route layer dates
    // them (ten handlers each named their own path to routeListFreshness, a copy that could drift).
    for (const m of text.matchAll(/routeListFreshness\([^,()]+, '/g)) own.push(`api/${file}: ${m[0]}`);
  }
  assert.equal(own, []);
});

test.run();
