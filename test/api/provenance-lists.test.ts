/**
 * Issue 16 for list answers: bond search rows name the fund filings they combine; screener and
 * bulk rows name their price file and filing; bare lists (banks, contracts, BDCs, insider trades,
 * bonds) keep their body and carry `dataThrough` / `fetchedAt` as the X-Data-Through and
 * X-Fetched-At headers, and the same values through GraphQL and MCP. Every expected value is read
 * from the warehouse or the run ledger here, independently of the query code.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FRESHNESS_HEADERS } from '../../schema/provenance.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';
import { graphqlData, ledgerFetchedAt, mcpTool } from '../doors.ts';
import { keyAccount } from './rest/user-state-accounts.ts';

let t: TestApp;
let researcher: string;
const UA = { 'user-agent': 'almanac-tests/1.0 (provenance-lists)' };
const gql = (query: string) => graphqlData(t.app, query, { ...UA, 'x-api-key': researcher });
const mcp = (name: string, args: Record<string, unknown>) => mcpTool(t.app, name, { ...args, limit: 100 }, { ...UA, 'x-api-key': researcher });
const ledger = (...jobs: string[]) => ledgerFetchedAt(t.services.warehouse, ...jobs);

async function rest(url: string, headers: Record<string, string> = {}): Promise<{ body: any; dataThrough: string | undefined; fetchedAt: string | undefined }> {
  const res = await t.app.inject({ url, headers: { ...UA, ...headers } });
  assert.is(res.statusCode, 200, `${url}: ${res.body}`);
  const h = (name: string) => res.headers[name.toLowerCase()] as string | undefined;
  return { body: json(res), dataThrough: h(FRESHNESS_HEADERS.dataThrough), fetchedAt: h(FRESHNESS_HEADERS.fetchedAt) };
}




const newest = (dates: (string | null | undefined)[]): string => dates.filter((d): d is string => !!d).sort().at(-1)!;
const filingIndex = (cik: number, accession: string) => `www.sec.gov/Archives/edgar/data/${cik}/${accession.replaceAll('-', '')}/${accession}-index.htm`;

const lists = suite('provenance and freshness of list answers');
lists.before(async () => {
  t = await sampleApp();
  researcher = (await keyAccount(t.app, t.services.store, 'provenance-lists@example.com', 'researcher')).key;
});
lists.after(() => t.close());

lists('bond search: each row names the fund filing of its terms and every filing it sums; freshness in the headers, MCP alike', async () => {
  const r = await rest('/api/bond-search?q=apple&limit=200');
  assert.ok(r.body.length > 0);
  const filings = await t.services.warehouse.all<{ accession: string; cik: number; synthetic: boolean; filed: string; doc: string; basis: string }>(
    `SELECT accession, reg_cik AS cik, synthetic, strftime(filed, '%Y-%m-%d') AS filed, doc_path AS doc, filed_basis AS basis FROM nport_filings`,
  );
  // A filing published without its accession number (unknown-accession-...) is named by its document, with no URL.
  const expected = (f: (typeof filings)[number]) =>
    /^\d{10}-\d{2}-\d{6}$/.test(f.accession)
      ? { source: 'SEC EDGAR', document: filingIndex(f.cik, f.accession), url: `https://${filingIndex(f.cik, f.accession)}`, accession: f.accession, synthetic: f.synthetic, filedBasis: f.basis }
      : { source: 'SEC EDGAR', document: f.doc, url: null, accession: null, synthetic: f.synthetic, filedBasis: f.basis };
  const filingOf = (p: any) => filings.find((f) => JSON.stringify(expected(f)) === JSON.stringify(p));
  for (const row of r.body) {
    assert.is(row.sources.length, row.holders, `${row.cusip}: one source per fund holding it`);
    const held = await t.services.warehouse.all<{ accession: string }>(`SELECT DISTINCT accession FROM nport_holdings WHERE cusip = $1`, [row.cusip]);
    for (const s of row.sources) {
      const f = filingOf(s);
      assert.ok(f, `${row.cusip}: ${JSON.stringify(s)} is the provenance of a warehouse N-PORT filing`);
      assert.ok(held.some((h) => h.accession === f!.accession), `${row.cusip} is held in ${f!.accession}`);
    }
    const latest = [...row.sources].sort((a: any, b: any) => (filingOf(a)!.filed < filingOf(b)!.filed ? -1 : 1)).at(-1);
    assert.equal(row.provenance, latest, `${row.cusip}: the terms come from the latest filing`);
  }
  assert.is(r.dataThrough, newest(r.body.map((b: any) => b.asOf)));
  // The catalog's jobs for the route and the tool (N-PORT and the security master): REST and
  // search_bonds each named N-PORT's alone, where get_funds_holding took both.
  assert.is(r.fetchedAt, await ledger('nport', 'security-master'));
  const m = await mcp('search_bonds', { q: 'apple' });
  assert.equal(m.items.slice(0, r.body.length), r.body);
  assert.equal([m.dataThrough, m.fetchedAt], [r.dataThrough, r.fetchedAt]);
});

lists('banks and federal contracts: the list body unchanged, dataThrough and fetchedAt in the headers; MCP carries them beside its items', async () => {
  const banks = await rest('/api/banks?q=bank&limit=500');
  assert.ok(Array.isArray(banks.body) && banks.body.length > 0, 'still a bare list');
  const [b] = await t.services.warehouse.all<{ d: string }>(`SELECT strftime(max(report_date), '%Y-%m-%d') AS d FROM fdic_institutions WHERE contains(lower(name), 'bank')`);
  assert.equal([banks.dataThrough, banks.fetchedAt], [b!.d, await ledger('banks')]);
  const mb = await mcp('alm_bank_lookup', { q: 'bank' });
  assert.equal([mb.items, mb.dataThrough, mb.fetchedAt], [banks.body, banks.dataThrough, banks.fetchedAt]);

  const awards = await rest('/api/federal-contracts?fiscal_year=2024&limit=500');
  const [a] = await t.services.warehouse.all<{ d: string }>(`SELECT strftime(max(latest_action_date), '%Y-%m-%d') AS d FROM federal_awards WHERE fiscal_year = 2024`);
  assert.equal([awards.dataThrough, awards.fetchedAt], [a!.d, await ledger('contracts')]);
  const ma = await mcp('alm_federal_contracts', { fiscalYear: 2024 });
  assert.equal([ma.items, ma.dataThrough, ma.fetchedAt], [awards.body, awards.dataThrough, awards.fetchedAt]);

  // An empty list has no data date; the fetch time is still the ledger's.
  const none = await rest('/api/banks?q=no such bank anywhere');
  assert.equal([none.body, none.dataThrough, none.fetchedAt], [[], undefined, await ledger('banks')]);
});

lists('BDCs: list, borrowers, holdings and credit quality say their newest filing date and the ledger fetch on REST, GraphQL and MCP', async () => {
  const [f] = await t.services.warehouse.all<{ d: string }>(`SELECT strftime(max(filed), '%Y-%m-%d') AS d FROM bdc_filings WHERE adsh IN (SELECT adsh FROM bdc_holdings)`);
  const fetched = await ledger('bdc');
  const list = await rest('/api/credit/bdc');
  assert.equal([list.dataThrough, list.fetchedAt], [f!.d, fetched]);
  const g = await gql('{ bdcs(first: 50) { dataThrough fetchedAt edges { node { cik } } } }');
  assert.equal([g.bdcs.dataThrough, g.bdcs.fetchedAt], [list.dataThrough, list.fetchedAt]);
  assert.equal(g.bdcs.edges.map((e: any) => e.node.cik), list.body.map((b: any) => b.cik));
  const m = await mcp('get_bdc_list', {});
  assert.equal([m.dataThrough, m.fetchedAt, m.items], [list.dataThrough, list.fetchedAt, list.body]);

  const cik = list.body[0].cik;
  const holdings = await rest(`/api/credit/bdc/${cik}/holdings`);
  const [h] = await t.services.warehouse.all<{ d: string }>(`SELECT strftime(max(filed), '%Y-%m-%d') AS d FROM bdc_holdings WHERE cik = $1`, [cik]);
  assert.equal([holdings.dataThrough, holdings.fetchedAt], [h!.d, fetched]);
  const quality = await rest(`/api/credit/bdc/${cik}/quality`, { 'x-api-key': researcher });
  assert.equal([quality.dataThrough, quality.fetchedAt], [h!.d, fetched]);
  const gb = await gql(`{ bdc(cik: ${cik}) { investments(first: 3) { dataThrough fetchedAt } creditQuality(first: 3) { dataThrough fetchedAt } } }`);
  assert.equal(gb.bdc.investments, { dataThrough: h!.d, fetchedAt: fetched });
  assert.equal(gb.bdc.creditQuality, { dataThrough: h!.d, fetchedAt: fetched });

  const borrowers = await rest('/api/credit/borrowers?q=borrower');
  assert.is(borrowers.dataThrough, newest(borrowers.body.map((r: any) => r.filed)));
  const gbo = await gql('{ borrowers(q: "borrower", first: 100) { dataThrough fetchedAt } }');
  assert.equal(gbo.borrowers, { dataThrough: borrowers.dataThrough, fetchedAt: fetched });
  const mbo = await mcp('search_bdc_borrower', { q: 'borrower' });
  assert.equal([mbo.dataThrough, mbo.fetchedAt], [borrowers.dataThrough, fetched]);
});

lists('insider trades: the newest filing listed and the ledger fetch on REST, GraphQL and MCP', async () => {
  const r = await rest('/api/insiders?ticker=TSLA&limit=500');
  assert.ok(r.body.length > 0);
  // The newest filing date of the rows listed, which is one of Tesla's filings in the warehouse.
  const filed = await t.services.warehouse.all<{ d: string }>(
    `SELECT DISTINCT strftime(f.filed, '%Y-%m-%d') AS d FROM insider_filings f JOIN companies c ON c.cik = f.issuer_cik WHERE c.ticker = 'TSLA'`,
  );
  assert.equal([r.dataThrough, r.fetchedAt], [newest(r.body.map((row: any) => row.filed)), await ledger('insiders')]);
  assert.ok(filed.some((f) => f.d === r.dataThrough));
  const g = await gql('{ company(ticker: "TSLA") { insiderTrades(first: 100) { dataThrough fetchedAt } } }');
  assert.equal(g.company.insiderTrades, { dataThrough: r.dataThrough, fetchedAt: r.fetchedAt });
  const m = await mcp('get_insider_trades', { ticker: 'TSLA' });
  assert.equal([m.dataThrough, m.fetchedAt], [r.dataThrough, r.fetchedAt]);
});

lists('screener rows name the price file of their close and the filing of their fundamentals; the answer its freshness', async () => {
  const r = (await rest('/api/screener?limit=500', { 'x-api-key': researcher })).body;
  assert.ok(r.results.length > 5);
  const prices = await t.services.warehouse.all<{ ticker: string; d: string; source: string; synthetic: boolean }>(
    `SELECT ticker, strftime(date, '%Y-%m-%d') AS d, source, synthetic FROM prices`,
  );
  for (const row of r.results) {
    const p = prices.find((x) => x.ticker === row.ticker && x.d === row.priceDate)!;
    assert.equal(row.priceProvenance, { source: 'vendor file', document: p.source, url: null, accession: null, synthetic: p.synthetic }, row.ticker);
  }
  const withFilings = r.results.filter((row: any) => row.fundamentalsProvenance);
  assert.ok(withFilings.length > 0 && withFilings.length < r.results.length, 'companies with and without filing-derived fundamentals');
  for (const row of withFilings) {
    const [s] = await t.services.warehouse.all<{ cik: number; n: number }>(
      `SELECT c.cik, count(*)::INTEGER AS n FROM fund_statements s JOIN companies c ON c.cik = s.cik WHERE c.ticker = $1 AND s.accession = $2 GROUP BY c.cik`,
      [row.ticker, row.fundamentalsProvenance.accession],
    );
    assert.ok(s && s.n > 0, `${row.ticker}: the filing holds its statement`);
    assert.equal(row.fundamentalsProvenance, { source: 'SEC EDGAR', document: filingIndex(s.cik, row.fundamentalsProvenance.accession), url: `https://${filingIndex(s.cik, row.fundamentalsProvenance.accession)}`, accession: row.fundamentalsProvenance.accession, synthetic: false });
  }
  assert.is(r.dataThrough, newest(r.results.flatMap((row: any) => [row.priceDate, row.filingDate])));
  assert.is(r.fetchedAt, await ledger('prices', 'technicals', 'fundamentals', 'filings'));
  // The other doors answer the same (MCP's run_screener and a saved screen's run called their own
  // copies of the screener and had neither provenance nor freshness).
  assert.equal(await mcp('run_screener', { sort: 'pe:asc', offset: 1 }), (await rest('/api/screener?sort=pe:asc&limit=100&offset=1', { 'x-api-key': researcher })).body);
});

lists('bulk rows name their filing; dataThrough and fetchedAt in the JSON body and, for every format, the headers', async () => {
  const investor = (await keyAccount(t.app, t.services.store, 'provenance-bulk@example.com', 'investor')).key;
  const r = await rest('/api/data/bulk?tickers=AAPL,NVDA,KO', { 'x-api-key': investor });
  assert.equal(r.body.rows.map((row: any) => row.ticker), ['AAPL', 'NVDA']);
  for (const row of r.body.rows) {
    assert.equal(row.provenance, { source: 'SEC EDGAR', document: filingIndex(row.cik, row.accession), url: `https://${filingIndex(row.cik, row.accession)}`, accession: row.accession, synthetic: false });
  }
  assert.is(r.body.dataThrough, newest(r.body.rows.map((row: any) => row.filingDate)));
  assert.is(r.body.fetchedAt, await ledger('fundamentals'));
  assert.equal([r.dataThrough, r.fetchedAt], [r.body.dataThrough, r.body.fetchedAt]);
  const csv = await t.app.inject({ url: '/api/data/bulk?tickers=AAPL,NVDA,KO&format=csv', headers: { ...UA, 'x-api-key': investor } });
  assert.equal([csv.headers['x-data-through'], csv.headers['x-fetched-at']], [r.body.dataThrough, r.body.fetchedAt]);
});

lists('OpenAPI documents the freshness headers on the bare-list answers', async () => {
  const doc = json(await t.app.inject({ url: '/openapi.json', headers: UA }));
  for (const path of ['/banks', '/federal-contracts', '/credit/bdc', '/credit/borrowers', '/insiders', '/bond-search', '/data/bulk']) {
    const op = doc.paths[path] ?? doc.paths[`/api${path}`];
    const headers = op.get.responses['200'].headers;
    assert.equal([headers['X-Data-Through'], headers['X-Fetched-At']], [{ $ref: '#/components/headers/DataThrough' }, { $ref: '#/components/headers/FetchedAt' }], path);
  }
  assert.ok(doc.components.headers.DataThrough.description.includes('bare list'));
});

lists.run();
