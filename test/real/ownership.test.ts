/**
 * Real-data suite over ../shared/data (issue 7): every ownership, 13F, N-PORT and BDC file parses;
 * every 13F table agrees with its own summary page (the 2012 text table, which has none, against
 * its own VALUE column); Form 3/4/5 row counts equal the XML's.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { realSuite, SHARED_DATA } from './shared-data.ts';
import * as assert from 'uvu/assert';
import { parseBdcDataSet, parseTsv } from '../../pipelines/parsers/bdc-dera.ts';
import { parseSubmissionTxt } from '../../pipelines/parsers/edgar-submission-txt.ts';
import { decideUnits, parseForm13fCover, parseInfoTable } from '../../pipelines/parsers/form13f.ts';
import { parseForm13fText } from '../../pipelines/parsers/form13f-text.ts';
import { parseNport } from '../../pipelines/parsers/nport.ts';
import { parseOwnershipXml } from '../../pipelines/parsers/ownership-xml.ts';
import { openBuild, runPipelines } from '../../pipelines/runner.ts';
import { mirrorSource } from '../../pipelines/sources/mirror.ts';
import { tempDir } from '../helpers.ts';

const DATA = SHARED_DATA;
const have = existsSync(DATA);
if (!have) console.log(`skipping the ownership real-data suite: ${DATA} is missing`);
const read = (f: string): string => readFileSync(path.join(DATA, f), 'utf8');
const count = (text: string, tag: string): number => (text.match(new RegExp(`<(\\w+:)?${tag}[\\s>]`, 'g')) ?? []).length;

const own = realSuite('real: Forms 3/4/5', SHARED_DATA);

own('every ownership XML parses and keeps every row of both tables', () => {
  if (!have) return;
  const files = readdirSync(path.join(DATA, 'ownership_345')).filter((f) => f.endsWith('.xml'));
  assert.is(files.length, 11);
  for (const f of files) {
    const xml = read(`ownership_345/${f}`);
    const d = parseOwnershipXml(xml);
    const kinds = (table: string, kind: string): number => d.rows.filter((r) => r.table === table && r.kind === kind).length;
    assert.is(kinds('non_derivative', 'transaction'), count(xml, 'nonDerivativeTransaction'), `${f} non-derivative transactions`);
    assert.is(kinds('non_derivative', 'holding'), count(xml, 'nonDerivativeHolding'), `${f} non-derivative holdings`);
    assert.is(kinds('derivative', 'transaction'), count(xml, 'derivativeTransaction'), `${f} derivative transactions`);
    assert.is(kinds('derivative', 'holding'), count(xml, 'derivativeHolding'), `${f} derivative holdings`);
    assert.is(d.owners.length, count(xml, 'reportingOwner'), `${f} owners`);
    assert.is(Object.keys(d.footnotes).length, count(xml, 'footnote'), `${f} footnotes`);
    // Every footnote reference lands on a field with its text.
    const refs = d.rows.reduce((n, r) => n + Object.values(r.footnotes).reduce((m, l) => m + l.length, 0), 0);
    assert.ok(refs <= count(xml, 'footnoteId'), `${f}: ${refs} footnote placements`);
    for (const r of d.rows) for (const list of Object.values(r.footnotes)) for (const t of list) assert.not.match(t, /^\(missing footnote/, f);
  }
});

own('the known traps: 6 joint owners, 57 footnote-only fields, the 10b5-1 box, schema versions', () => {
  if (!have) return;
  const guts = parseOwnershipXml(read('ownership_345/0000950170-24-012830_ownership.xml'));
  assert.is(guts.owners.length, 6);
  assert.is(guts.aff10b5One, false);
  const pltr = parseOwnershipXml(read('ownership_345/0001209191-20-051619_doc3.xml'));
  assert.equal([pltr.documentType, pltr.rows.length, Object.keys(pltr.footnotes).length], ['3', 38, 23]);
  const bros = parseOwnershipXml(read('ownership_345/form4-rule10b5one-checked.xml'));
  assert.equal([bros.aff10b5One, bros.rows.filter((r) => r.kind === 'transaction').length], [true, 14]);
  const musk = parseOwnershipXml(read('ownership_345/0001181431-10-035864_rrd280655.xml'));
  assert.equal([musk.schemaVersion, musk.rows.length, musk.aff10b5One], ['X0303', 11, null]);
});

own('the 2000 free-text Form 4 is refused with a reason (pre-XML era)', () => {
  if (!have) return;
  const sub = parseSubmissionTxt(readFileSync(path.join(DATA, 'ownership_345/0001094891-00-000193.txt')));
  assert.is(sub.header.form, '4');
  assert.is(sub.documents.filter((d) => d.isXml).length, 0);
});

const f13 = realSuite('real: 13F', SHARED_DATA);

f13('each filing against its own summary page', () => {
  if (!have) return;
  const kahnCover = parseForm13fCover(read('13f/kahn-0001039565-22-000009_primary.xml'));
  const kahn = parseInfoTable(read('13f/kahn-0001039565-22-000009_holdings.xml'));
  assert.is(kahn.length, kahnCover.tableEntryTotal);
  const sum = kahn.reduce((s, r) => s + r.value, 0);
  assert.is(sum, 787553692);
  assert.is(kahnCover.tableValueTotal, 787553693);
  // Filed before 2023 but already in dollars: the rows decide, not the date.
  assert.is(decideUnits(kahn, kahnCover.tableValueTotal, '2022-05-02').unit, 'dollars');
  // One row's sole voting authority differs from its share count: both kept.
  assert.ok(kahn.some((r) => r.voteSole === 24472 && r.shares === 27472));

  const lts = parseSubmissionTxt(readFileSync(path.join(DATA, '13f/13F.0001894188-23-000007.txt')));
  assert.equal([lts.header.accession, lts.header.form, lts.header.filed], ['0001894188-23-000007', '13F-HR', '2023-11-14']);
  const cover = parseForm13fCover(lts.documents[0]!.text);
  const rows = parseInfoTable(lts.documents[1]!.text);
  assert.is(rows.length, cover.tableEntryTotal);
  assert.is(rows.reduce((s, r) => s + r.value, 0), cover.tableValueTotal);
  assert.is(decideUnits(rows, cover.tableValueTotal, lts.header.filed).unit, 'dollars');

  const metlife = parseForm13fCover(read('13f/metlife.13F-HR.primarydoc.xml'));
  assert.equal([metlife.reportType, metlife.tableEntryTotal, metlife.otherManagers.length], ['13F COMBINATION REPORT', 6, 3]);
});

f13('information tables without a cover: every row parsed, units decided', () => {
  if (!have) return;
  const cases: [string, number, string][] = [
    ['13f/13F-HR.infotable.xml', 255, 'dollars'],
    ['13f/baupost-20170214-form13fInfoTable.xml', 44, 'thousands'],
    ['13f/baupost-20170512-form13fInfoTable.xml', 43, 'thousands'],
  ];
  for (const [f, n, unit] of cases) {
    const xml = read(f);
    const rows = parseInfoTable(xml);
    assert.is(rows.length, n, f);
    assert.is(rows.length, count(xml, 'infoTable'), f);
    assert.is(decideUnits(rows, null, '2017-02-14').unit, unit, f);
  }
});

f13('the 2012 fixed-width text table parses: every data line is a row, values in thousands', () => {
  if (!have) return;
  const text = read('13f/0000909012-12-000274.txt');
  assert.throws(() => parseInfoTable(text), /not an XML document|no <informationTable>/);
  const t = parseForm13fText(text);
  // Independently of the parser: a data line is an issuer, a 9-character CUSIP, then VALUE and
  // SHRS OR PRN AMT numbers and SH/PRN (a regex over the raw lines, no column positions).
  const data = text.split('\n').map((l) => /\s([0-9A-Z]{8}[0-9])\s+([\d,]+)\s+([\d,]+)\s+(?:SH|PRN)\s/.exec(l)).filter((m) => m !== null);
  assert.is(data.length, 1095);
  assert.is(t.rows.length, data.length);
  const valueThousands = data.reduce((s, m) => s + Number(m[2]!.replace(/,/g, '')), 0);
  assert.is(valueThousands, 667757);
  assert.equal(t.rows.map((r) => r.cusip), data.map((m) => m[1]));
  assert.equal(t.skipped, []);
  assert.equal([t.period, t.filed, t.tableEntryTotal, t.tableValueTotal], ['2012-03-31', '2012-05-15', null, null]);
  const units = decideUnits(t.rows, t.tableValueTotal, t.filed!);
  assert.is(units.unit, 'thousands');
  assert.is(t.rows.reduce((s, r) => s + r.value * 1000, 0), valueThousands * 1000);
  assert.ok(t.rows.some((r) => /[A-Z]/.test(r.cusip)), 'CUSIPs with letters');
});

f13('the 2012 text filing through the 13f job: zero quarantine, every row loaded in dollars', async () => {
  if (!have) return;
  // The stored excerpt starts at the period line (SEC header trimmed): the test puts it in a
  // minimal submission envelope (accession from the file name; the CIK is a placeholder).
  const acc = '0000909012-12-000274';
  const mirror = tempDir();
  const folder = path.join(mirror, `www.sec.gov/Archives/edgar/data/909012/${acc.replace(/-/g, '')}`);
  mkdirSync(folder, { recursive: true });
  const envelope = `<SEC-DOCUMENT>${acc}.txt : 20120515\n<SEC-HEADER>${acc}.hdr.sgml : 20120515\nACCESSION NUMBER:\t\t${acc}\nCONFORMED SUBMISSION TYPE:\t13F-HR\nCENTRAL INDEX KEY:\t\t0000909012\n`;
  writeFileSync(path.join(folder, `${acc}.txt`), envelope + read('13f/0000909012-12-000274.txt'));
  const dir = tempDir();
  const run = await runPipelines({ dataDir: dir, source: mirrorSource(mirror), jobs: ['13f'], threads: 1, publish: false });
  assert.is(run.status, 'success');
  const { db, conn, instance } = await openBuild(dir);
  try {
    assert.equal(await db.all('SELECT count(*)::INTEGER AS n FROM pipeline_quarantine'), [{ n: 0 }]);
    assert.equal(await db.all('SELECT CAST(period AS VARCHAR) AS period, CAST(filed AS VARCHAR) AS filed, value_unit, row_count, value_usd FROM f13_filings'), [
      { period: '2012-03-31', filed: '2012-05-15', value_unit: 'thousands', row_count: 1095, value_usd: 667757000 },
    ]);
    assert.equal(await db.all('SELECT count(*)::INTEGER AS n, sum(value_usd) AS v FROM f13_holdings'), [{ n: 1095, v: 667757000 }]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

const nport = realSuite('real: N-PORT', SHARED_DATA);

nport('the Goldman Sachs Bond Fund: every position, bonds, missing CUSIPs, negative values', () => {
  if (!have) return;
  const xml = read('nport/NPORT_Sample_7_GoldmanSachsBondFund_2023-03-31.xml');
  const n = parseNport(xml);
  assert.is(n.holdings.length, 1685);
  assert.is(n.holdings.length, count(xml, 'invstOrSec'));
  assert.is(n.holdings.filter((h) => h.couponKind !== null).length, count(xml, 'debtSec'));
  assert.is(n.holdings.filter((h) => h.cusip === null).length, 795);
  assert.is(n.holdings.filter((h) => (h.valueUsd ?? 0) < 0).length, 419);
  assert.equal([n.seriesId, n.periodDate, n.netAssets], ['S000013795', '2023-03-31', 361898455.93]);
});

nport('the SEC synthetic sample parses', () => {
  if (!have) return;
  const n = parseNport(read('nport/N-PORT_Sample_1_SEC_synthetic.xml'));
  assert.equal([n.regCik, n.holdings.length, n.holdings[0]!.ticker], [350001, 1, '3F708']);
});

const bdc = realSuite('real: BDC data sets', SHARED_DATA);

bdc('sub.tsv: every submission, BDC file numbers', () => {
  if (!have) return;
  const text = read('bdc/dera_bdc_sub.tsv');
  const d = parseBdcDataSet({ sub: text, soi: '' });
  assert.is(d.submissions.length, parseTsv(text).length);
  assert.is(d.submissions.length, 160);
  // The data sets' scope: file number 814- or an N-54A election (those file under 000-/001-).
  assert.is(d.submissions.filter((s) => s.fileNumber?.startsWith('814-')).length, 150);
  assert.ok(d.submissions.every((s) => /^\d{4}-\d{2}-\d{2}$/.test(s.filed)));
});

bdc('the soi columns named in the metadata are the ones the parser reads', () => {
  if (!have) return;
  const meta = JSON.parse(read('bdc/dera_bdc_metadata.json')) as { tables: { url: string; tableSchema: { columns: { name: string }[] } }[] };
  const soi = meta.tables.find((t) => t.url === 'soi.tsv')!.tableSchema.columns.map((c) => c.name);
  const src = readFileSync(path.resolve(import.meta.dirname, '../../pipelines/parsers/bdc-dera.ts'), 'utf8');
  for (const col of soi.slice(9)) assert.ok(src.includes(`'${col}'`), `parser reads ${col}`);
});

own.run();
f13.run();
nport.run();
bdc.run();
