/**
 * `/api/banks`, `/api/federal-contracts` and `/api/federal-contracts/totals` over the sample
 * warehouse: exact rows, paging, both prefixes, OpenAPI conformance, 400s, and the same rows as
 * the MCP tools of the same capabilities (`alm_bank_lookup`, `alm_federal_contracts`,
 * `get_federal_contract_totals`).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertInjected } from '../../openapi-conformance.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const UA = 'almanac-tests/1.0 (banks-contracts)';
const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: { 'user-agent': UA } });
  assertInjected('GET', url, res);
  return res;
};
async function tool(name: string, args: Record<string, unknown>): Promise<any> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { 'user-agent': UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });
  return JSON.parse(json(res).result.content[0].text);
}

const banks = suite('/api/banks');
banks.before(async () => {
  t = await sampleApp();
});

banks('by holding-company ticker: the FDIC row with amounts in dollars', async () => {
  const res = await get('/api/banks?ticker=jpm');
  assert.is(res.statusCode, 200);
  const rows = json(res);
  assert.is(rows.length, 1);
  assert.equal(
    [rows[0].cert, rows[0].name, rows[0].state, rows[0].holdingCompanyTicker, rows[0].totalAssets, rows[0].roa, rows[0].reportDate],
    [628, 'JPMorgan Chase Bank, National Association', 'OH', 'JPM', 3502999000000, 1.61, '2024-06-30'],
  );
  assert.equal(json(await get('/api/v1/banks?ticker=JPM')), rows);
});

banks('largest total assets first; limit and offset page; active_only leaves closed banks out; same rows as MCP', async () => {
  const all = json(await get('/api/banks?q=ba&limit=500')) as { cert: number; active: boolean; totalAssets: number }[];
  assert.equal(all.map((b) => b.cert), [628, 3510, 3511, 7213, 6548, 24735, 57803]);
  const assets = all.map((b) => b.totalAssets ?? -1);
  assert.equal(assets, [...assets].sort((a, b) => b - a));
  assert.equal(json(await get('/api/banks?q=ba&limit=2&offset=1')).map((b: { cert: number }) => b.cert), [3510, 3511]);
  assert.equal(json(await get('/api/banks?q=ba&active_only=1&limit=500')).map((b: { cert: number }) => b.cert), [628, 3510, 3511, 7213, 6548, 57803]);
  assert.equal((await tool('alm_bank_lookup', { q: 'ba', limit: 100 })).items, all);
  assert.equal((await tool('alm_bank_lookup', { q: 'ba', activeOnly: true, limit: 100 })).items, json(await get('/api/banks?q=ba&active_only=true')));
});

banks('bad parameters are 400 with a JSON error', async () => {
  const cases: [string, string][] = [
    ['/api/banks', "give at least one of 'q', 'cert', 'state' or 'ticker'"],
    ['/api/banks?q=a', "invalid parameter 'q'"],
    ['/api/banks?cert=abc', "invalid parameter 'cert'"],
    ['/api/banks?state=Ohio', "invalid parameter 'state'"],
    ['/api/banks?ticker=JPM&active_only=maybe', "invalid parameter 'active_only'"],
    ['/api/banks?ticker=JPM&limit=501', "invalid parameter 'limit'"],
    ['/api/banks?ticker=JPM&activeOnly=1', "unknown parameter: 'activeOnly'"],
  ];
  for (const [url, message] of cases) {
    const res = await get(url);
    assert.is(res.statusCode, 400, url);
    assert.match(json(res).error, message, url);
  }
});

banks.run();

// ---

const awards = suite('/api/federal-contracts');

awards('by ticker, by fiscal year (largest obligation first, paged), and the totals; same as MCP', async () => {
  const msft = json(await get('/api/federal-contracts?ticker=MSFT'));
  assert.equal(msft.map((a: { piid: string; obligated: number; potentialValue: number; ticker: string }) => [a.piid, a.obligated, a.potentialValue, a.ticker]), [['W91CRB21C0001', 1437210000, 21880000000, 'MSFT']]);
  assert.equal(json(await get('/api/v1/federal-contracts?ticker=MSFT')), msft);
  const fy = json(await get('/api/federal-contracts?fiscal_year=2024&limit=500')).map((a: { piid: string }) => a.piid);
  assert.equal(fy, ['W91CRB21C0001', 'SPE60024D0415', 'HC105024F0012', 'HC105024F0031', '36C10X24F0117', 'HC105024F0040', '75D30124P18842']);
  assert.equal(json(await get('/api/federal-contracts?fiscal_year=2024&limit=3&offset=2')).map((a: { piid: string }) => a.piid), fy.slice(2, 5));
  assert.equal((await tool('alm_federal_contracts', { fiscalYear: 2024, limit: 100 })).items, json(await get('/api/federal-contracts?fiscal_year=2024')));
  const totals = json(await get('/api/federal-contracts/totals?agency=defense%20information%20systems'));
  assert.equal([totals.awards, totals.obligated, totals.potentialValue], [3, 79950000, 159350000]);
  assert.equal(totals.byFiscalYear, [{ fiscalYear: 2024, awards: 3, obligated: 79950000 }]);
  assert.equal(await tool('get_federal_contract_totals', { agency: 'defense information systems' }), totals);
});

awards('bad parameters are 400 with a JSON error', async () => {
  const cases: [string, string][] = [
    ['/api/federal-contracts', "give at least one of 'ticker', 'recipient', 'agency' or 'fiscal_year'"],
    ['/api/federal-contracts/totals', "give at least one of 'ticker', 'recipient', 'agency' or 'fiscal_year'"],
    ['/api/federal-contracts?fiscal_year=1990', "invalid parameter 'fiscal_year'"],
    ['/api/federal-contracts?recipient=x', "invalid parameter 'recipient'"],
    ['/api/federal-contracts?ticker=MSFT&offset=-1', "invalid parameter 'offset'"],
    ['/api/federal-contracts?fiscalYear=2024', "unknown parameter: 'fiscalYear'"],
    ['/api/federal-contracts/totals?ticker=MSFT&limit=5', "unknown parameter: 'limit'"],
  ];
  for (const [url, message] of cases) {
    const res = await get(url);
    assert.is(res.statusCode, 400, url);
    assert.match(json(res).error, message, url);
  }
});

awards.after(() => t.close());
awards.run();
