import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount } from './user-state-accounts.ts';
import { sampleBytes } from '../../sample-files.ts';
import { graphqlData, mcpTool } from '../../doors.ts';

let t: TestApp;
let researcherKey: string;
/** Credit quality needs Researcher on every door (schema/access.ts). */
const quality = (url: string) => t.app.inject({ url, headers: { 'x-api-key': researcherKey, 'user-agent': 'almanac-tests/1.0' } });
const test = suite('/api/credit/*');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'bdc'] });
  researcherKey = (await keyAccount(t.app, t.services.store, 'credit-quality@example.com', 'researcher')).key;
});
test.after(() => t.close());

// The sample's DERA BDC data set, read here without the pipelines: the real sub.tsv and the
// generated soi.tsv / num.tsv (generate-bdc-soi.ts), from which every expected figure is computed.
const SET = 'www.sec.gov/files/dera/data/bdc-data-sets/2025_11';
const tsv = (key: string) => {
  const [header, ...rows] = sampleBytes(key).toString('utf8').split(/\r?\n/).filter(Boolean).map((l) => l.split('\t'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
};
const SUB = tsv(`${SET}/sub.tsv`);
const SOI = tsv(`${SET}/soi.tsv`).map((r) => ({
  adsh: r.adsh!,
  cik: Number(r.cik),
  identifier: r['Investment, Identifier Axis']!,
  type: r['Investment Type Axis']!,
  rate: r['Investment Interest Rate'] ? Number(r['Investment Interest Rate']) : null,
  spread: r['Investment, Basis Spread, Variable Rate'] ? Number(r['Investment, Basis Spread, Variable Rate']) : null,
  cost: Number(r['Investment Owned, Cost']),
  fairValue: Number(r['Investment Owned, Fair Value']),
}));
/** Identifier members num.tsv footnotes as non-accrual, by accession. */
const NON_ACCRUAL = tsv(`${SET}/num.tsv`).filter((r) => /non-accrual/.test(r.footnote!)).map((r) => [r.adsh!, /InvestmentIdentifierAxis=([^;]+)/.exec(r.segments!)![1]!.toLowerCase()]);
const nonAccrual = (h: (typeof SOI)[number]) => NON_ACCRUAL.some(([a, m]) => a === h.adsh && h.identifier.replace(/[^A-Za-z0-9]/g, '').toLowerCase().startsWith(m!));
const equity = (h: (typeof SOI)[number]) => /equity|units/i.test(h.type);
const firstLien = (h: (typeof SOI)[number]) => /first lien|unitranche/i.test(h.type);
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const holdingsOf = (cik: number) => SOI.filter((h) => h.cik === cik);
const subOf = (cik: number) => SUB.find((r) => Number(r.cik) === cik)!;
const iso = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
const MAIN = 1396440;
/**
 * The provenance of a total summed from a filing's generated positions: that filing's EDGAR index,
 * synthetic (a new-user pass found the BDC list and credit quality saying nothing of it).
 */
const generatedFrom = (cik: number, adsh: string) => {
  const document = `www.sec.gov/Archives/edgar/data/${cik}/${adsh.replaceAll('-', '')}/${adsh}-index.htm`;
  return { source: 'SEC EDGAR', document, url: `https://${document}`, accession: adsh, synthetic: true };
};

test('the BDC list: the filers with holdings, their real submission and the sums of their (generated) positions', async () => {
  const res = await t.app.inject('/api/credit/bdc');
  assert.is(res.statusCode, 200);
  const ciks = [...new Set(SOI.map((h) => h.cik))];
  const expected = ciks
    .map((cik) => {
      const sub = subOf(cik);
      const rows = holdingsOf(cik);
      return {
        cik, name: sub.name, ticker: cik === MAIN ? 'MAIN' : null, fileNumber: sub.fileNumber, latestPeriod: iso(sub.period!), latestFiled: iso(sub.filed!), latestForm: sub.form,
        holdings: rows.length, fairValue: sum(rows.map((h) => h.fairValue)), cost: sum(rows.map((h) => h.cost)),
        provenance: generatedFrom(cik, sub.adsh!),
      };
    })
    .sort((a, b) => b.fairValue - a.fairValue);
  assert.equal(json(res), expected);
  // Point in time: only the filings filed by then.
  const first = expected.map((b) => b.latestFiled).sort()[0]!;
  assert.equal(json<any[]>(await t.app.inject(`/api/credit/bdc?as_of=${first}`)).map((b) => b.cik), expected.filter((b) => b.latestFiled <= first).map((b) => b.cik));
  assert.ok(expected.some((b) => b.latestFiled > first), 'the data set has later filings');
});

test('GraphQL and MCP say the same of the BDC totals: the filing summed, synthetic', async () => {
  const rest = json<any[]>(await t.app.inject('/api/credit/bdc'));
  const headers = { 'x-api-key': researcherKey, 'user-agent': 'almanac-tests/1.0' };
  const gql = await graphqlData(t.app, `{ bdcs { edges { node { cik provenance { accession synthetic url } creditQuality { edges { node { provenance { accession synthetic } } } } } } } }`, headers);
  const nodes = gql.bdcs.edges.map((e: any) => e.node);
  assert.equal(nodes.map((n: any) => [n.cik, n.provenance]), rest.map((b) => [b.cik, { accession: b.provenance.accession, synthetic: true, url: b.provenance.url }]));
  for (const n of nodes) assert.ok(n.creditQuality.edges.length > 0 && n.creditQuality.edges.every((e: any) => e.node.provenance.synthetic === true), `GraphQL creditQuality of ${n.cik}`);
  const mcp = await mcpTool(t.app, 'get_bdc_list', {}, headers);
  assert.equal(mcp.items.map((b: any) => b.provenance), rest.map((b) => b.provenance));
  const quality = await mcpTool(t.app, 'alm_bdc_credit_quality', { cik: MAIN }, headers);
  assert.ok(quality.items.length > 0 && quality.items.every((q: any) => q.provenance.synthetic === true && q.provenance.accession === q.adsh), JSON.stringify(quality.items[0]));
});

test('credit quality by BDC and quarter, with the non-accrual loan', async () => {
  const anonymous = await t.app.inject(`/api/credit/bdc/${MAIN}/quality`);
  assert.equal([anonymous.statusCode, json(anonymous).requiredTier], [402, 'Researcher']);
  for (const cik of [...new Set(SOI.map((h) => h.cik))]) {
    const sub = subOf(cik);
    const rows = holdingsOf(cik);
    const cost = sum(rows.map((h) => h.cost));
    const fairValue = sum(rows.map((h) => h.fairValue));
    const accruing = rows.filter((h) => !equity(h) && !nonAccrual(h) && h.rate !== null && h.cost > 0);
    assert.equal(json<any[]>(await quality(`/api/credit/bdc/${cik}/quality`)), [
      {
        cik, name: sub.name, adsh: sub.adsh, form: sub.form, period: iso(sub.period!), filed: iso(sub.filed!), holdings: rows.length, cost, fairValue,
        fairValueToCost: round6(fairValue / cost),
        nonAccrualShareCost: round6(sum(rows.filter(nonAccrual).map((h) => h.cost)) / cost),
        nonAccrualShareFairValue: round6(sum(rows.filter(nonAccrual).map((h) => h.fairValue)) / fairValue),
        nonAccrualPositions: rows.filter(nonAccrual).length,
        firstLienShare: round6(sum(rows.filter(firstLien).map((h) => h.fairValue)) / fairValue),
        weightedAverageYield: round6(sum(accruing.map((h) => h.rate! * h.cost)) / sum(accruing.map((h) => h.cost))),
        provenance: generatedFrom(cik, sub.adsh!),
      },
    ], `CIK ${cik}`);
  }
  assert.ok(SOI.some(nonAccrual), 'the generated data set has non-accrual loans');
});

test('borrower search across BDCs; holdings of one BDC', async () => {
  const loan = SOI.find(nonAccrual)!;
  const borrower = loan.identifier.slice(0, loan.identifier.indexOf(', LLC') + ', LLC'.length);
  const rows = json<any[]>(await t.app.inject(`/api/credit/borrowers?q=${encodeURIComponent(borrower.toLowerCase())}`));
  assert.equal(rows.map((r) => [r.bdcName, r.borrower, r.nonAccrual, r.cost, r.fairValue, r.provenance.synthetic]), [[subOf(loan.cik).name, borrower, true, loan.cost, loan.fairValue, true]]);
  const holdings = json<any[]>(await t.app.inject(`/api/credit/bdc/${MAIN}/holdings`));
  const expected = holdingsOf(MAIN).sort((a, b) => b.fairValue - a.fairValue);
  assert.equal(holdings.map((h) => [h.identifier, h.fairValue, h.referenceRate, h.spread]), expected.map((h) => [h.identifier, h.fairValue, h.spread === null ? null : 'SOFR', h.spread]));
  assert.ok(holdings.every((h) => h.provenance.synthetic && h.provenance.accession === subOf(MAIN).adsh), 'generated positions of the real Main Street 10-Q');
});

test('errors', async () => {
  assert.is((await t.app.inject('/api/credit/borrowers?q=a')).statusCode, 400);
  assert.is((await t.app.inject('/api/credit/borrowers')).statusCode, 400);
  assert.is((await quality('/api/credit/bdc/abc/quality')).statusCode, 400);
  assert.is((await quality('/api/credit/bdc/42/quality')).statusCode, 404);
});

test.run();
