/**
 * Issue 16 for the 13F answers: `/api/fund-holdings` and `/api/institutional-holders` rows carry
 * the provenance of their 13F filing (accession, EDGAR filing index, synthetic from the warehouse
 * row), and the answers `dataThrough` (the quarter end) and `fetchedAt` (the `13f` job in the run
 * ledger); the same through GraphQL and MCP. Kahn Brothers' Exxon Mobil rows (real 13F of the
 * sample) are flagged synthetic by hand, so a door that dropped the flag would show. The N-PORT was
 * published without its accession number: its provenance names the document, with no URL.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { warehouseWith } from '../fixtures/market/fixture-job.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';
import { graphqlData, ledgerFetchedAt, mcpTool } from '../doors.ts';
import { SAMPLE_FILINGS } from '../sample-filings.ts';

let t: TestApp;
const UA = { 'user-agent': 'almanac-tests/1.0 (provenance-13f)' };
const gql = (query: string) => graphqlData(t.app, query, UA);
const mcp = (name: string, args: Record<string, unknown>) => mcpTool(t.app, name, { ...args }, UA);
const ledger13f = () => ledgerFetchedAt(t.services.warehouse, '13f');
const KAHN = 1039565;
const XOM = '30231G102';

async function rest(url: string): Promise<any> {
  const res = await t.app.inject({ url, headers: UA });
  assert.is(res.statusCode, 200, `${url}: ${res.body}`);
  return json(res);
}




/** The warehouse rows of (filer, cusip): accession -> synthetic, and how the filing's date is known. */
async function rowsOf(cik: number, cusip: string, period: string): Promise<Map<string, { synthetic: boolean; basis: string }>> {
  const rows = await t.services.warehouse.all<{ accession: string; synthetic: boolean; basis: string }>(
    `SELECT h.accession, h.synthetic, f.filed_basis AS basis FROM f13_holdings h JOIN f13_filings f USING (accession) WHERE f.cik = $cik AND h.cusip = $cusip AND f.period = $period::DATE`,
    { cik, cusip, period },
  );
  return new Map(rows.map((r) => [r.accession, { synthetic: r.synthetic, basis: r.basis }]));
}

function checkProvenance(p: any, cik: number, accessions: Map<string, { synthetic: boolean; basis: string }>): void {
  assert.ok(accessions.has(p.accession), `accession ${p.accession} is one of the filer's rows`);
  assert.is(p.source, 'SEC EDGAR');
  assert.is(p.document, `www.sec.gov/Archives/edgar/data/${cik}/${p.accession.replaceAll('-', '')}/${p.accession}-index.htm`);
  assert.is(p.url, `https://${p.document}`);
  assert.is(p.synthetic, accessions.get(p.accession)!.synthetic);
  assert.is(p.filedBasis, accessions.get(p.accession)!.basis);
}

const s = suite('13F provenance through REST, GraphQL and MCP');
s.before(async () => {
  const dataDir = await warehouseWith(['companies', '13f', 'nport', 'security-master'], async (db) => {
    await db.run(`UPDATE nport_filings SET synthetic = true`);
    await db.run(`UPDATE f13_holdings SET synthetic = (cusip = '${XOM}' AND accession IN (SELECT accession FROM f13_filings WHERE cik = ${KAHN}))`);
  });
  t = await sampleApp({ build: false, config: { dataDir } });
});
s.after(() => t.close());

s('fund-holdings: each position and filing names its 13F filing; the answer its quarter end and ledger fetch', async () => {
  const r = await rest(`/api/fund-holdings?cik=${KAHN}&max_holdings=50`);
  const fetched = await ledger13f();
  assert.ok(fetched);
  assert.is(r.fetchedAt, fetched);
  assert.is(r.dataThrough, r.period);
  const apple = r.holdings.find((h: any) => h.cusip === XOM);
  assert.ok(apple, 'Exxon Mobil is among the positions');
  assert.is(apple.provenance.synthetic, true, 'the flag set on the warehouse rows');
  for (const h of r.holdings) checkProvenance(h.provenance, KAHN, await rowsOf(KAHN, h.cusip, r.period));
  assert.ok(r.holdings.some((h: any) => h.provenance.synthetic === false));
  // Kahn Brothers' 13F was bundled without its envelope: its date is the signature date, and says so.
  assert.ok(r.holdings.every((h: any) => h.provenance.filedBasis === 'signature'));
  for (const f of r.filings) {
    assert.is(f.provenance.accession, f.accession);
    assert.is(f.provenance.source, 'SEC EDGAR');
  }

  const g = await gql(`{ manager(cik: ${KAHN}) { holdings { period dataThrough fetchedAt holdings(first: 50) { edges { node { cusip provenance { source document url accession synthetic filedBasis } } } } } } }`);
  const q = g.manager.holdings;
  assert.equal([q.dataThrough, q.fetchedAt], [r.dataThrough, r.fetchedAt]);
  assert.equal(q.holdings.edges.map((e: any) => e.node.provenance), r.holdings.map((h: any) => h.provenance));

  const m = await mcp('get_13f_holdings', { cik: KAHN });
  assert.equal([m.dataThrough, m.fetchedAt], [r.dataThrough, r.fetchedAt]);
  assert.ok(m.items.length > 0);
  assert.equal(m.items.map((h: any) => h.provenance), r.holdings.slice(0, m.items.length).map((h: any) => h.provenance));
});

s('institutional-holders: each manager row names its 13F filing; the answer its quarter end and ledger fetch', async () => {
  const r = await rest('/api/institutional-holders?ticker=XOM');
  assert.is(r.fetchedAt, await ledger13f());
  assert.is(r.dataThrough, r.period);
  assert.ok(r.holders.length > 0);
  for (const h of r.holders) checkProvenance(h.provenance, h.cik, await rowsOf(h.cik, XOM, r.period));
  // Only Kahn's Exxon Mobil rows were flagged.
  for (const h of r.holders) assert.is(h.provenance.synthetic, h.cik === KAHN, `CIK ${h.cik}`);
  assert.ok(r.holders.some((h: any) => h.cik === KAHN));

  const g = await gql(`{ company(ticker: "XOM") { institutionalHolders { dataThrough fetchedAt holders(first: 100) { edges { node { cik provenance { source document url accession synthetic filedBasis } } } } } } }`);
  const q = g.company.institutionalHolders;
  assert.equal([q.dataThrough, q.fetchedAt], [r.dataThrough, r.fetchedAt]);
  assert.equal(q.holders.edges.map((e: any) => e.node.provenance), r.holders.map((h: any) => h.provenance));

  const m = await mcp('get_institutional_holders', { ticker: 'XOM' });
  assert.equal([m.dataThrough, m.fetchedAt], [r.dataThrough, r.fetchedAt]);
  assert.equal(m.items.map((h: any) => h.provenance), r.holders.map((h: any) => h.provenance));
});

s('etf-data: the answer names its N-PORT filing (synthetic from the warehouse row), its report date and ledger fetch', async () => {
  const r = await rest('/api/etf-data?symbol=SYN000037818&max_holdings=1');
  const [row] = await t.services.warehouse.all<{ synthetic: boolean; period: string; cik: number }>(
    `SELECT synthetic, strftime(period, '%Y-%m-%d') AS period, reg_cik AS cik FROM nport_filings WHERE accession = $1`,
    [SAMPLE_FILINGS.goldman.accession],
  );
  assert.ok(row, 'the served identity is a warehouse N-PORT filing');
  const [doc] = await t.services.warehouse.all<{ doc: string }>('SELECT doc_path AS doc FROM nport_filings WHERE accession = $1', [SAMPLE_FILINGS.goldman.accession]);
  // No accession number is known for this filing: the document itself, no EDGAR URL.
  assert.equal(r.provenance, { source: 'SEC EDGAR', document: doc!.doc, url: null, accession: null, synthetic: true, filedBasis: 'signature' });
  assert.is(row!.synthetic, true, 'the flag set on the warehouse row');
  assert.is(r.dataThrough, r.profile.period);
  const [led] = await t.services.warehouse.all<{ at: string }>(
    `SELECT strftime(max(finished_at), '%Y-%m-%dT%H:%M:%S') AS at FROM pipeline_runs WHERE job = 'nport' AND status IN ('success', 'partial')`,
  );
  assert.ok(led!.at);
  assert.is(r.fetchedAt, led!.at);
  const g = await gql('{ fund(symbol: "SYN000037818") { dataThrough fetchedAt provenance { source document url accession synthetic filedBasis } } }');
  assert.equal(g.fund, { dataThrough: r.dataThrough, fetchedAt: r.fetchedAt, provenance: r.provenance });
  const m = await mcp('get_etf_data', { symbol: 'SYN000037818' });
  assert.equal([m.dataThrough, m.fetchedAt, m.provenance], [r.dataThrough, r.fetchedAt, r.provenance]);
});

s.run();
