/**
 * Live acquisition against the local imitation of the upstreams (test/upstream/): discovery of
 * every filing through the EDGAR daily index, incremental days, publish-on-change, rollback pins,
 * and faults. Real filings (pipelines/sample, ../shared/data/corpus), listed in generated daily
 * index files. Never the network.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipelinesCommand } from '../../../pipelines/cli.ts';
import { runPipelines, openBuild, type RunResult } from '../../../pipelines/runner.ts';
import { startScheduler } from '../../../pipelines/scheduler.ts';
import { landingDir, openSource } from '../../../pipelines/sources/index.ts';
import { httpSource } from '../../../pipelines/sources/http.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { currentVersion, listSnapshots, pinnedVersion, rollbackSnapshot } from '../../../warehouse/snapshots.ts';
import { json, sampleApp, tempDir, testConfig } from '../../helpers.ts';
import { ADOBE_8K, COATUE_Q1, COATUE_Q2, COATUE_Q2_AMENDMENT, GOLDMAN_NPORT, listOn, NVDA_FORM4, NVDA_FORM4_OWNER, NVDA_FORM4A } from '../../upstream/edgar-days.ts';
import { startUpstream, type Upstream } from '../../upstream/server.ts';

const JOBS = ['companies', '13f', 'nport', 'insiders', 'security-master'];
const UA = 'Almanac test ops@example.com';
const ARCHIVES = 'www.sec.gov/Archives/edgar/data/';
const filing = (f: { cik: number; accession: string }): string => `${ARCHIVES}${f.cik}/${f.accession.replace(/-/g, '')}/${f.accession}.txt`;

let up: Upstream;
const live = suite('live acquisition');
live.before(async () => {
  up = await startUpstream();
  // Day 1 (Wed 2024-08-14): a manager with no ticker (Coatue), a fund trust (Goldman Sachs Trust),
  // a Form 4 listed under the issuer and its reporting owner, and an 8-K no job wants.
  listOn(up, '2024-08-14', [COATUE_Q1, COATUE_Q2, GOLDMAN_NPORT, NVDA_FORM4, NVDA_FORM4_OWNER, ADOBE_8K]);
  // Day 2 (Tue 2024-08-20): an amendment and a 4/A. (08-15, 08-16 and 08-19 have no index.)
  listOn(up, '2024-08-20', [COATUE_Q2_AMENDMENT, NVDA_FORM4A]);
});
live.after(() => up.close());

const source = (dataDir: string) => openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls });

const day = (dataDir: string, today: string, extra: Partial<Parameters<typeof runPipelines>[0]> = {}): Promise<RunResult> =>
  runPipelines({ dataDir, source: source(dataDir), jobs: JOBS, incremental: true, today, since: '2024-08-14', threads: 1, ...extra });

async function tableRows(dataDir: string, table: string): Promise<string[]> {
  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  try {
    const rows = await db.all<Record<string, unknown>>(`SELECT * FROM ${table}`);
    return rows.map((r) => JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? String(v) : v))).sort();
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

const cold = tempDir();
let coldResult: RunResult;

live('cold start: every wanted filing from the daily index, whoever filed it; other forms are never fetched', async () => {
  up.hits.clear();
  coldResult = await day(cold, '2024-08-16');
  assert.is(coldResult.status, 'success', JSON.stringify(coldResult.runs.map((r) => [r.job, r.error, r.quarantined])));
  assert.ok(coldResult.snapshot);
  for (const f of [COATUE_Q1, COATUE_Q2, GOLDMAN_NPORT, NVDA_FORM4]) assert.is(up.hits.get(filing(f)), 1, filing(f));
  assert.is(up.count(`${ARCHIVES}${ADOBE_8K.cik}/`), 0, 'an 8-K is not fetched');
  // The index was read once per day for the whole run (three jobs share it).
  assert.is(up.hits.get('www.sec.gov/Archives/edgar/daily-index/2024/QTR3/master.20240814.idx'), 1);
  // Filers without a ticker have a row with their EDGAR name.
  const filers = await tableRows(cold, 'filers');
  assert.ok(filers.some((r) => r.includes('"cik":"1135730"') || r.includes('"cik":1135730')), 'Coatue in filers');
  assert.ok(filers.some((r) => r.includes('COATUE MANAGEMENT LLC')));
  assert.ok(!(await tableRows(cold, 'companies')).some((r) => r.includes('1135730')), 'Coatue has no ticker');
  // The ledger: per source requests and bytes, documents new.
  const f13 = coldResult.runs.find((r) => r.job === '13f')!;
  assert.is(f13.docsNew, 2);
  assert.ok(f13.sources['www.sec.gov']!.requests >= 2 && f13.sources['www.sec.gov']!.bytes > 0);
});

live('a manager with no ticker appears in institutional-holders and fund-holdings; a fund found through the index in etf-data', async () => {
  const t = await sampleApp({ build: false, config: { dataDir: cold } });
  try {
    const holders = json<any>(await t.app.inject('/api/institutional-holders?ticker=NVDA'));
    assert.ok(holders.holders.some((h: any) => h.cik === COATUE_Q2.cik), JSON.stringify(holders).slice(0, 400));
    const fund = await t.app.inject('/api/fund-holdings?cik=1135730&max_holdings=1');
    assert.is(fund.statusCode, 200);
    assert.is(json<any>(fund).manager, 'Coatue Management LLC');
    const etf = await t.app.inject('/api/etf-data?symbol=SYN000037818&max_holdings=1');
    assert.is(etf.statusCode, 200);
    assert.is(json<any>(etf).profile.accession, GOLDMAN_NPORT.accession);
  } finally {
    await t.close();
  }
});

live('a cold live build equals the mirror build of the same documents', async () => {
  const mirror = tempDir();
  const r = await runPipelines({ dataDir: mirror, source: mirrorSource(landingDir(cold)), jobs: JOBS, threads: 1 });
  assert.is(r.status, 'success');
  for (const table of ['companies', 'fund_classes', 'f13_filings', 'f13_holdings', 'f13_other_managers', 'nport_filings', 'nport_holdings', 'insider_filings', 'insider_owners', 'insider_transactions', 'securities']) {
    const [a, b] = [await tableRows(cold, table), await tableRows(mirror, table)];
    assert.ok(a.length > 0 || table === 'f13_other_managers', `${table} is empty`);
    assert.equal(a, b, table);
  }
});

live('day 2 fetches only the new documents (no repeat under Archives/) and publishes once; a day with nothing new publishes nothing', async () => {
  const before = new Map(up.hits);
  const r2 = await day(cold, '2024-08-21');
  assert.is(r2.status, 'success');
  assert.ok(r2.snapshot, 'day 2 publishes');
  const fetched = [...up.hits].filter(([k, n]) => k.startsWith(ARCHIVES) && n > (before.get(k) ?? 0)).map(([k]) => k).sort();
  assert.equal(fetched, [filing(COATUE_Q2_AMENDMENT), filing(NVDA_FORM4A)].sort());
  for (const [k, n] of up.hits) if (k.startsWith(ARCHIVES)) assert.is(n, 1, `${k} requested ${n} times`);
  // Mutable lists were asked conditionally and were unchanged: 304, skipped.
  const companies = r2.runs.find((r) => r.job === 'companies')!;
  assert.is(companies.docsSkipped, 1);
  assert.is(companies.sources['www.sec.gov']!.notModified, 1);
  assert.is(r2.runs.find((r) => r.job === '13f')!.docsNew, 1);
  // Day 3: the index has nothing new: nothing is parsed, nothing published.
  const snapshots = (await listSnapshots(cold)).length;
  const r3 = await day(cold, '2024-08-22');
  assert.is(r3.status, 'success');
  assert.is(r3.snapshot, null);
  assert.is(r3.unpublished, 'unchanged');
  assert.is((await listSnapshots(cold)).length, snapshots);
  assert.ok(r3.runs.every((r) => r.docsNew + r.docsChanged === 0), JSON.stringify(r3.runs.map((r) => [r.job, r.docsNew, r.docsChanged])));
});

live('a rollback pins the served snapshot: the next scheduled run builds but does not replace it; status shows the pin; unpin', async () => {
  const served = await currentVersion(cold);
  const moved = await rollbackSnapshot(cold);
  assert.ok(moved);
  assert.is(moved!.from, served);
  assert.is(await pinnedVersion(cold), moved!.to);
  // Something changes upstream: the company list.
  up.put('www.sec.gov/files/company_tickers_exchange.json', JSON.stringify({ fields: ['cik', 'name', 'ticker', 'exchange'], data: [[1045810, 'NVIDIA CORP', 'NVDA', 'Nasdaq'], [320193, 'Apple Inc.', 'AAPL', 'Nasdaq']] }), 'Wed, 21 Aug 2024 00:00:00 GMT');
  const config = testConfig({ dataDir: cold, source: 'live', upstreams: up.baseUrls, edgarRps: 1000, upstreamRps: 1000, secUserAgent: UA, schedules: {} });
  const scheduler = await startScheduler(config);
  let result: RunResult | null;
  try {
    result = await scheduler.trigger('companies');
  } finally {
    await scheduler.stop();
  }
  assert.ok(result?.snapshot, 'the scheduled run built a snapshot');
  assert.is(result!.pinned, moved!.to);
  assert.is(await currentVersion(cold), moved!.to, 'readers stay on the pinned snapshot');
  const lines: string[] = [];
  assert.is(await runPipelinesCommand(['status'], config, (l) => lines.push(l), (l) => lines.push(l)), 0);
  assert.match(lines.join('\n'), new RegExp(`pinned: ${moved!.to}`));
  assert.is(await runPipelinesCommand(['unpin'], config, (l) => lines.push(l), (l) => lines.push(l)), 0);
  assert.is(await pinnedVersion(cold), null);
  assert.is(await currentVersion(cold), result!.snapshot);
});

live('faults: a 429 storm and a truncated body are retried; a 5xx that does not end quarantines; never half a document', async () => {
  const dataDir = tempDir();
  const src = httpSource({ name: 'live', userAgent: UA, landingDir: landingDir(dataDir), secRps: 1000, hostRps: 1000, baseUrls: up.baseUrls, backoffMs: 5, maxAttempts: 4 });
  up.fault(filing(COATUE_Q1), { status: 429, retryAfter: '0', times: 3 });
  up.fault(filing(COATUE_Q2), { truncate: true, times: 1 });
  up.fault(filing(GOLDMAN_NPORT), { status: 503 });
  up.fault(filing(NVDA_FORM4), { truncate: true });
  try {
    const r = await runPipelines({ dataDir, source: src, jobs: JOBS, incremental: true, today: '2024-08-16', since: '2024-08-14', threads: 1 });
    assert.is(r.status, 'partial');
    assert.ok(r.snapshot, 'what loaded whole is published');
    const quarantined = r.runs.flatMap((x) => x.quarantined.map((q) => q.path)).sort();
    assert.equal(quarantined, [filing(GOLDMAN_NPORT), filing(NVDA_FORM4)].sort());
    assert.match(r.runs.find((x) => x.job === 'insiders')!.quarantined[0]!.reason, /truncated|terminated|network/);
    // Nothing of a failed document: no rows, no landing copy.
    assert.is((await tableRows(dataDir, 'nport_filings')).length, 0);
    assert.is((await tableRows(dataDir, 'insider_filings')).length, 0);
    assert.not.ok(existsSync(path.join(landingDir(dataDir), filing(NVDA_FORM4))));
    assert.is((await tableRows(dataDir, 'f13_filings')).length, 2, 'both 13F filings loaded after retries');
    const f13 = r.runs.find((x) => x.job === '13f')!;
    assert.ok(f13.sources['www.sec.gov']!.retries >= 4, JSON.stringify(f13.sources));
    // The upstream recovers: the next run takes exactly the quarantined filings.
    up.clearFaults();
    const again = await runPipelines({ dataDir, source: src, jobs: JOBS, incremental: true, today: '2024-08-16', threads: 1 });
    assert.is(again.status, 'success');
    assert.is(again.runs.find((x) => x.job === 'nport')!.docsNew, 1);
    assert.is(again.runs.find((x) => x.job === 'insiders')!.docsNew, 1);
    assert.is(again.runs.find((x) => x.job === '13f')!.docsTotal, 0);
  } finally {
    up.clearFaults();
  }
});

live.run();
