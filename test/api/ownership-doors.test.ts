/**
 * Issue 16, one capability through three doors: insider trades and institutional holders answer
 * the same rows through REST (`/api/insiders`, `/api/institutional-holders`), GraphQL (root fields
 * `insiderTrades`, `institutionalHolders`) and MCP (`get_insider_trades`, `get_institutional_holders`),
 * for every issuer of the sample's insider filings (most of them are not in the company list) and
 * every ticker the security master gives a 13F holding (and one it does not know). And every row says how its filing date is
 * known (`provenance.filedBasis`): the filings the run ledger notes as dated by their signature
 * (`filed_from_signature`, e.g. Palantir's Form 3) say `signature`, the others (e.g. Tesla's Form 4
 * with its EDGAR header) `edgar`. Expected values come from the warehouse and the ledger read here.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../helpers.ts';
import { SAMPLE_FILINGS } from '../sample-filings.ts';
import { keyAccount } from './rest/user-state-accounts.ts';

let t: TestApp;
let key: string;
let keys = 0;
/** A fresh Researcher key for each test: a key's rate limit (60 a minute) would otherwise throttle the sweeps. */
async function freshKey(): Promise<void> {
  key = (await keyAccount(t.app, t.services.store, `ownership-doors-${++keys}@example.com`, 'researcher')).key;
}
const UA = { 'user-agent': 'almanac-tests/1.0 (ownership-doors)' };

async function rest(url: string): Promise<any> {
  const res = await t.app.inject({ url, headers: { ...UA, 'x-api-key': key } });
  assert.is(res.statusCode, 200, `${url}: ${res.body}`);
  return json(res);
}

async function gql(query: string): Promise<any> {
  const body = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: { ...UA, 'x-api-key': key } }));
  assert.not.ok(body.errors, JSON.stringify(body.errors));
  return body.data;
}

/** Every item of an MCP list tool, following nextCursor. */
async function mcpAll(name: string, args: Record<string, unknown>): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | undefined;
  do {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { ...UA, 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { ...args, limit: 100, ...(cursor ? { cursor } : {}) } } },
    });
    const out = JSON.parse(res.body) as { result: { isError?: boolean; content: { text: string }[] } };
    assert.not.ok(out.result.isError, `${name} ${JSON.stringify(args)}: ${res.body}`);
    const page = JSON.parse(out.result.content[0]!.text);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

const PROVENANCE = 'provenance { source document url accession synthetic filedBasis }';
const TRADE = `accession form filed securityTitle transactionDate code shares price acquiredDisposed sharesAfter rule10b5One supersededBy ${PROVENANCE}`;

/** Every node of the root `insiderTrades` connection, following endCursor. */
async function gqlTrades(ticker: string): Promise<any[]> {
  const nodes: any[] = [];
  let after: string | null = null;
  for (;;) {
    const d: any = await gql(`{ insiderTrades(ticker: ${JSON.stringify(ticker)}, includeHoldings: true, first: 100${after ? `, after: ${JSON.stringify(after)}` : ''}) {
      pageInfo { hasNextPage endCursor } edges { node { ${TRADE} } } } }`);
    nodes.push(...d.insiderTrades.edges.map((e: any) => e.node));
    if (!d.insiderTrades.pageInfo.hasNextPage) return nodes;
    after = d.insiderTrades.pageInfo.endCursor;
  }
}

const pick = (r: any) => Object.fromEntries(TRADE.replace(PROVENANCE, 'provenance').split(' ').map((k) => [k, r[k]]));

const s = suite('ownership answers: the same rows at every door, with how each filing date is known');
s.before(async () => {
  t = await sampleApp();
});
s.after(() => t.close());

s('insider trades: for every issuer of the sample filings, REST, GraphQL and MCP return the same rows', async () => {
  await freshKey();
  const filings = await t.services.warehouse.all<{ accession: string; ticker: string | null; doc: string }>(
    'SELECT accession, issuer_ticker AS ticker, doc_path AS doc FROM insider_filings ORDER BY accession',
  );
  assert.is(filings.length, 8, 'the eight sample insider filings');
  const listed = new Set((await t.services.warehouse.all<{ ticker: string }>('SELECT ticker FROM companies')).map((c) => c.ticker));
  const tickers = [...new Set(filings.map((f) => f.ticker).filter((x): x is string => !!x))].sort();
  assert.ok(tickers.some((x) => !listed.has(x)), 'issuers outside the company list are among them');
  const seen = new Set<string>();
  for (const ticker of tickers) {
    const r = await rest(`/api/insiders?ticker=${ticker}&include_holdings=1&limit=500`);
    assert.ok(r.length > 0, `${ticker}: REST serves its filings`);
    for (const row of r) seen.add(row.accession);
    assert.equal(await mcpAll('get_insider_trades', { ticker, includeHoldings: true }), r, `${ticker}: MCP = REST`);
    assert.equal(await gqlTrades(ticker), r.map(pick), `${ticker}: GraphQL = REST`);
  }
  assert.equal([...seen].sort(), filings.filter((f) => f.ticker).map((f) => f.accession).sort(), 'every filing with a ticker is reachable');

  // The other parameters follow the REST rules at every door too: an owner name, no subject at all.
  const byOwner = await rest('/api/insiders?owner=musk&include_holdings=1&limit=500');
  assert.ok(byOwner.length > 0);
  assert.equal(await mcpAll('get_insider_trades', { owner: 'musk', includeHoldings: true }), byOwner);
  const [musk] = await t.services.warehouse.all<{ cik: number }>(`SELECT DISTINCT owner_cik AS cik FROM insider_owners WHERE contains(lower(owner_name), 'musk')`);
  const byCik = await rest(`/api/insiders?owner_cik=${musk!.cik}&include_holdings=1&limit=500`);
  assert.equal(byCik, byOwner, 'his CIK and his name find the same rows');
  assert.equal(await mcpAll('get_insider_trades', { ownerCik: musk!.cik, includeHoldings: true }), byCik);
  const g = await gql(`{ insiderTrades(ownerCik: ${musk!.cik}, includeHoldings: true, first: 100) { edges { node { ${TRADE} } } } }`);
  assert.equal(g.insiderTrades.edges.map((e: any) => e.node), byCik.map(pick));
  const bad = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ insiderTrades { edges { node { accession } } } }' }, headers: { ...UA, 'x-api-key': key } }));
  assert.match(JSON.stringify(bad.errors), /give 'ticker', 'ownerCik' or 'owner'/);
});

s('insider trades: provenance.filedBasis is signature exactly for the filings the ledger notes as dated by their signature', async () => {
  await freshKey();
  const notes = new Set(
    (await t.services.warehouse.all<{ doc: string }>(`SELECT DISTINCT doc_path AS doc FROM pipeline_notes WHERE kind = 'filed_from_signature'`)).map((n) => n.doc),
  );
  const filings = await t.services.warehouse.all<{ accession: string; ticker: string; doc: string }>(
    'SELECT accession, issuer_ticker AS ticker, doc_path AS doc FROM insider_filings WHERE issuer_ticker IS NOT NULL',
  );
  for (const f of filings) {
    const expected = notes.has(f.doc) ? 'signature' : 'edgar';
    const r = (await rest(`/api/insiders?ticker=${f.ticker}&include_holdings=1&limit=500`)).filter((x: any) => x.accession === f.accession);
    assert.ok(r.length > 0);
    for (const row of r) assert.is(row.provenance.filedBasis, expected, `${f.accession} (${f.doc})`);
  }
  // The two named cases, through each door.
  const cases = [
    { ticker: 'PLTR', accession: SAMPLE_FILINGS.palantir.accession, basis: 'signature' },
    { ticker: 'TSLA', accession: SAMPLE_FILINGS.tesla2025.accession, basis: 'edgar' },
  ];
  for (const c of cases) {
    const r = (await rest(`/api/insiders?ticker=${c.ticker}&include_holdings=1&limit=500`)).filter((x: any) => x.accession === c.accession);
    const g = (await gqlTrades(c.ticker)).filter((x: any) => x.accession === c.accession);
    const m = (await mcpAll('get_insider_trades', { ticker: c.ticker, includeHoldings: true })).filter((x: any) => x.accession === c.accession);
    assert.ok(r.length > 0, `${c.accession} is served`);
    for (const rows of [r, g, m]) {
      assert.is(rows.length, r.length);
      for (const row of rows) assert.is(row.provenance.filedBasis, c.basis, `${c.ticker} ${c.accession}`);
    }
  }
  assert.ok(notes.has(SAMPLE_FILINGS.palantir.key), "the ledger notes Palantir's Form 3 as dated by its signature");
});

s('institutional holders: for every ticker the security master gives a 13F holding, REST, GraphQL and MCP return the same holders', async () => {
  await freshKey();
  const tickers = (
    await t.services.warehouse.all<{ ticker: string }>(
      'SELECT DISTINCT s.ticker FROM f13_holdings h JOIN securities s ON s.cusip = h.cusip WHERE s.ticker IS NOT NULL ORDER BY 1',
    )
  ).map((r) => r.ticker);
  assert.ok(tickers.length > 1);
  // PLTR has no security master entry: the same not-found answer at REST and MCP, null in GraphQL.
  for (const ticker of [...tickers, 'PLTR']) {
    const res = await t.app.inject({ url: `/api/institutional-holders?ticker=${encodeURIComponent(ticker)}&limit=500`, headers: { ...UA, 'x-api-key': key } });
    const g = await gql(`{ institutionalHolders(ticker: ${JSON.stringify(ticker)}) { period holders(first: 100) { edges { node { cik shares valueUsd ${PROVENANCE} } } } } }`);
    if (res.statusCode === 404) {
      assert.is(g.institutionalHolders, null, `${ticker}: no holders at either door`);
      const out = JSON.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/mcp',
            headers: { ...UA, 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_institutional_holders', arguments: { ticker } } },
          })
        ).body,
      );
      assert.ok(out.result.isError);
      assert.ok(out.result.content[0].text.includes(json<any>(res).error), `${ticker}: ${out.result.content[0].text}`);
      continue;
    }
    assert.is(res.statusCode, 200, `${ticker}: ${res.body}`);
    const r = json<any>(res);
    const { holders, ...meta } = r;
    const m = await mcpAll('get_institutional_holders', { ticker });
    assert.equal(m, holders, `${ticker}: MCP = REST`);
    assert.is(g.institutionalHolders.period, meta.period);
    assert.equal(
      g.institutionalHolders.holders.edges.map((e: any) => e.node),
      holders.map((h: any) => ({ cik: h.cik, shares: h.shares, valueUsd: h.valueUsd, provenance: h.provenance })),
      `${ticker}: GraphQL = REST`,
    );
    for (const h of holders) assert.ok(['edgar', 'signature'].includes(h.provenance.filedBasis));
  }
});

s.run();
