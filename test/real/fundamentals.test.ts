/**
 * Real-data suite over ../shared/data/sec_xbrl_json (companyfacts and submissions as served by the
 * SEC): every file parses with nothing quarantined, the pipeline loads them, and chosen values match
 * what the files say. Skipped, with a message, when the folder is not there.
 */
import { realSuite, SHARED_DATA } from './shared-data.ts';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCompanyFacts } from '../../pipelines/parsers/companyfacts.ts';
import { parseSubmissions, parseSubmissionsPage } from '../../pipelines/parsers/submissions.ts';
import { openBuild, runPipelines } from '../../pipelines/runner.ts';
import { mirrorSource } from '../../pipelines/sources/mirror.ts';
import { latestFundamentals, pitStatement } from '../../warehouse/queries/fundamentals.ts';
import { companyProfile, recentFilings } from '../../warehouse/queries/filings.ts';
import type { Db } from '../../warehouse/db.ts';
import { tempDir } from '../helpers.ts';

const DATA = path.join(SHARED_DATA, 'sec_xbrl_json');
const present = existsSync(DATA);
if (!present) console.log(`skipping test/real/fundamentals.test.ts: ${DATA} not found`);

const files = (sub: string): string[] => (present ? readdirSync(path.join(DATA, sub)).filter((f) => f.endsWith('.json')) : []);

const parsers = realSuite('real files: every companyfacts and submissions file parses', path.join(SHARED_DATA, 'sec_xbrl_json'));

parsers('companyfacts: same facts as JSON.parse, none rejected', () => {
  if (!present) return;
  const expected: Record<string, [number, number]> = { 'CIK0000320193.json': [320193, 23259], 'CIK0001835632.json': [1835632, 8053], 'lpa_facts.json': [1997711, 768] };
  for (const name of files('companyfacts')) {
    const bytes = readFileSync(path.join(DATA, 'companyfacts', name));
    const doc = parseCompanyFacts(bytes);
    const raw = JSON.parse(bytes.toString('utf8'));
    let n = 0;
    for (const t of Object.values<any>(raw.facts)) for (const c of Object.values<any>(t)) for (const u of Object.values<any[]>(c.units ?? {})) n += u.length;
    assert.is(doc.facts.length, n, name);
    if (expected[name]) assert.equal([doc.cik, doc.facts.length], expected[name], name);
  }
});

parsers('submissions: company documents and older-filings pages', () => {
  if (!present) return;
  for (const name of files('submissions')) {
    const json = JSON.parse(readFileSync(path.join(DATA, 'submissions', name), 'utf8'));
    const n = name.includes('-submissions-') ? parseSubmissionsPage(json).length : parseSubmissions(json).filings.length;
    const raw = name.includes('-submissions-') ? json.accessionNumber.length : json.filings.recent.accessionNumber.length;
    assert.is(n, raw, name);
  }
  const buffett = parseSubmissions(JSON.parse(readFileSync(path.join(DATA, 'submissions/CIK0000315090.json'), 'utf8')));
  assert.equal([buffett.profile.entityType, buffett.profile.sicCode, buffett.profile.sector], ['other', null, null]);
  const fannie = parseSubmissions(JSON.parse(readFileSync(path.join(DATA, 'submissions/CIK0000310522.json'), 'utf8')));
  assert.equal([fannie.profile.sicCode, fannie.profile.sector, fannie.pages.length], ['6111', 'Financials', 3]);
});

parsers("submissions: an older page's midnight fillers (no time kept) are no time, its real times Eastern", () => {
  const file = path.join(SHARED_DATA, 'corpus/data.sec.gov/submissions/CIK0001009672-submissions-001.json');
  if (!existsSync(file)) return;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const page = parseSubmissionsPage(json);
  const fillers = (json.acceptanceDateTime as string[]).filter((t) => t.endsWith('T00:00:00.000Z')).length;
  assert.equal([page.length, fillers, page.filter((f) => f.acceptanceTime === null).length], [205, 56, 56]);
  // An 8-K filed 2003-02-11 after an evening acceptance: "2003-02-10T18:57:11.000Z" is Eastern.
  assert.is(page.find((f) => f.accession === '0001009672-03-000002')!.acceptanceTime, '2003-02-10 18:57:11');
  // Read 5 hours early, the fillers were 19:00 the day before; now no time falls after its filing
  // date but one paper REGDEX (9999999997- accession) whose record EDGAR accepted a month late.
  const late = page.filter((f) => f.acceptanceTime !== null && f.acceptanceTime.slice(0, 10) > f.filingDate);
  assert.equal(late.map((f) => [f.accession, f.form, f.filingDate, f.acceptanceTime]), [
    ['9999999997-02-038964', 'REGDEX', '2002-06-17', '2002-07-15 10:32:07'],
  ]);
});

// ---
const pipeline = realSuite('real files through the jobs: zero quarantined, values as filed', path.join(SHARED_DATA, 'sec_xbrl_json'));
let db: Db;
let close = (): void => undefined;

pipeline.before(async () => {
  if (!present) return;
  // An EDGAR-layout mirror in a temporary folder (the real files are never copied into the repository).
  const mirror = tempDir();
  const put = (from: string, to: string): void => {
    mkdirSync(path.dirname(path.join(mirror, to)), { recursive: true });
    copyFileSync(path.join(DATA, from), path.join(mirror, to));
  };
  put('tickers/company_tickers_exchange.json', 'www.sec.gov/files/company_tickers_exchange.json');
  for (const name of files('submissions')) put(`submissions/${name}`, `data.sec.gov/submissions/${name}`);
  for (const name of files('companyfacts')) put(`companyfacts/${name}`, `data.sec.gov/api/xbrl/companyfacts/${name === 'lpa_facts.json' ? 'CIK0001997711.json' : name}`);
  const dataDir = tempDir();
  const result = await runPipelines({ dataDir, source: mirrorSource(mirror), jobs: ['companies', 'filings', 'fundamentals'], threads: 2, publish: false });
  assert.equal(result.runs.map((r) => [r.job, r.status, r.docsQuarantined, r.quarantined]), [
    ['companies', 'success', 0, []],
    ['filings', 'success', 0, []],
    ['fundamentals', 'success', 0, []],
    // Derived from the company list: it runs with it.
    ['security-master', 'success', 0, []],
  ]);
  const build = await openBuild(dataDir);
  db = build.db;
  close = () => {
    build.conn.closeSync();
    build.instance.closeSync();
  };
});
pipeline.after(() => close());

pipeline('older-filings pages: merged when present, noted when missing', async () => {
  if (!present) return;
  const counts = await db.all(`SELECT cik, filings_count AS n, pages_missing AS missing FROM company_profiles ORDER BY cik`);
  assert.equal(counts, [
    { cik: 310522, n: 1154, missing: 3 },
    { cik: 315090, n: 523, missing: 0 },
    { cik: 320193, n: 1005, missing: 1 },
    { cik: 1318605, n: 1002 + 720, missing: 0 },
  ]);
  const notes = await db.all<{ detail: string }>(`SELECT detail FROM pipeline_notes WHERE job = 'filings' AND kind = 'missing-page' ORDER BY detail`);
  assert.is(notes.length, 4);
  const tesla = await recentFilings(db, 'TSLA', 2000);
  assert.is(tesla.length, 1722);
  assert.equal(tesla.at(-1)!.filed, '2005-02-17');
  const tenK = tesla.find((f) => f.accession === '0001628280-26-003952')!;
  assert.equal(tenK, { form: '10-K', filed: '2026-01-29', accession: '0001628280-26-003952', reportDate: '2025-12-31', primaryDocument: 'tsla-20251231.htm' });
  const [accepted] = await db.all(`SELECT strftime(acceptance_time, '%Y-%m-%d %H:%M:%S') AS t FROM filings WHERE accession = '0001628280-26-003952'`);
  // "2026-01-29T01:55:03.000Z" in Tesla's document, which writes UTC (pipelines/parsers/submissions.ts): 20:55:03 Eastern.
  assert.equal(accepted, { t: '2026-01-28 20:55:03' });
});

pipeline('Apple: the FY2023 revenue as filed on 2023-11-03, from the 10-K that first reported it', async () => {
  if (!present) return;
  const st = await pitStatement(db, 320193, '2023-11-03');
  assert.is(st!.fiscalYear, 2023);
  assert.is(st!.fiscalPeriod, 'FY');
  assert.is(st!.periodEnd, '2023-09-30');
  assert.is(st!.fundamentals.revenue, 383_285_000_000);
  assert.equal(st!.sources.revenue, { accession: '0000320193-23-000106', form: '10-K', filed: '2023-11-03', concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', derived: false });
  const before = await pitStatement(db, 320193, '2023-11-02');
  assert.is(before!.fiscalPeriod, 'Q3');
  assert.is(before!.periodEnd, '2023-07-01');
});

pipeline('Apple: profile and the latest statement in the file', async () => {
  if (!present) return;
  const profile = await companyProfile(db, 'AAPL');
  assert.equal([profile!.sicCode, profile!.sector, profile!.fiscalYearEnd, profile!.formerNames[0]!.name], ['3571', 'Information Technology', '0926', 'APPLE INC']);
  const [aapl] = await latestFundamentals(db, ['AAPL'], '2026-01-01');
  assert.equal([aapl!.fiscalYear, aapl!.fiscalPeriod, aapl!.periodEnd, aapl!.filingDate], [2024, 'FY', '2024-09-28', '2024-11-01']);
  assert.is(aapl!.revenue, 391_035_000_000);
  assert.is(aapl!.netIncome, 93_736_000_000);
  assert.is(aapl!.epsDiluted, 6.08);
});

pipeline('Marvell (52/53-week year ending in January): FY2026 as filed on 2026-03-11', async () => {
  if (!present) return;
  const st = await pitStatement(db, 1835632, '2026-03-11');
  assert.equal([st!.fiscalYear, st!.fiscalPeriod, st!.periodEnd, st!.form, st!.filingDate], [2026, 'FY', '2026-01-31', '10-K', '2026-03-11']);
  assert.is(st!.fundamentals.revenue, 8_194_600_000);
  assert.is(st!.fundamentals.netIncome, 2_670_100_000);
  assert.is(st!.fundamentals.epsDiluted, 3.07);
  assert.is(st!.sources.revenue!.accession, '0001835632-26-000011');
});

pipeline('an ifrs-full-only filer (20-F): read through the ifrs-full concepts, nothing invented', async () => {
  if (!present) return;
  const [lpa] = await db.all(`SELECT count(*)::INTEGER AS n, count(DISTINCT taxonomy)::INTEGER AS t FROM facts WHERE cik = 1997711`);
  assert.equal(lpa, { n: 768, t: 2 });
  const st = await pitStatement(db, 1997711, '2025-04-02');
  assert.equal([st!.fiscalYear, st!.fiscalPeriod, st!.periodEnd, st!.form], [2024, 'FY', '2024-12-31', '20-F']);
  const f = st!.fundamentals;
  assert.equal([f.revenue, f.netIncome, f.totalAssets, f.totalLiabilities, f.stockholdersEquity, f.epsDiluted, f.investingCashFlow], [43_862_372, -29_285_428, 607_019_578, 336_218_160, 228_964_876, -0.94, -10_734_635]);
  assert.is(f.operatingCashFlow, null, 'not in the file: null, never zero');
  assert.is(f.grossProfit, null);
  assert.is(st!.sources.revenue!.concept, 'ifrs-full:Revenue');
});

parsers.run();
pipeline.run();
