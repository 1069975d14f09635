/**
 * Scale rehearsal (issue 14): a format-faithful full quarter, generated into the OS temp dir with
 * unique identifiers (SYNTHETIC, test/upstream/dera-datasets.ts), loaded through the jobs' own code:
 *
 * - a Form 13F data set (`<yyyy>q<n>_form13f.zip`): ~3.5 M INFOTABLE rows from ~8,000 managers
 *   (`backfill 13f --dataset`);
 * - an Insider Transactions data set (`_form345.zip`): ~500 k transaction and holding rows;
 * - a Form N-PORT data set (`_nport.zip`): ~4 M holdings (FUND_REPORTED_HOLDING, with their
 *   IDENTIFIERS and, for a third of them, DEBT_SECURITY rows) from ~40,000 fund filings
 *   (`backfill nport --dataset`);
 * - `companyfacts.zip` for >= 2,000 companies (real companyfacts documents from ../shared/data and the
 *   sample as templates, each under its own CIK with its own accession numbers; `backfill
 *   fundamentals --bulk`), added to the sample warehouse's company list with tickers;
 *
 * on top of the sample warehouse, then the API's p50/p99 for `fundamentals-pit` and the screener on
 * the result against the same requests on the sample warehouse alone. Each load runs in its own
 * process, with DuckDB's memory limit as the CLI sets it (DUCKDB_MEMORY_LIMIT, else for a data set
 * `datasetMemoryLimit()`: an eighth of the machine's memory, at most 1 GB): rows/s,
 * wall time and that process's peak RSS (DuckDB's memory included); the
 * warehouse's size; the load average with every figure (the machine is shared).
 *
 * SCALE (default 0.02) multiplies the 13F, insider and N-PORT row and filer counts; SCALE=1 is the
 * full quarter. KINDS (default `13f,insiders,nport,fundamentals`) limits the loads measured. CF_COMPANIES (default max(100, 2000 x SCALE)) is the companyfacts count. The data sets
 * are read from local files (the zips the live source would land; downloads excluded); the
 * cross-check is off (ALMANAC_DATASET_CROSSCHECK=0: no per-filing documents here).
 *
 * companyfacts vs JSON.parse (the `cf-ratio` step; CF_ONLY=1 runs it alone): bytes of companyfacts JSON
 * per second through the whole load (the zip's entries inflated as a stream, hashed, parsed,
 * normalised into `facts`, committed; derivation and snapshot excluded) against JSON.parse alone
 * over the same inflated bytes, in the same process; wall-clock and process-CPU ratios.
 *
 * Run: SCALE=1 npm run bench -- scale      (CF_ONLY=1 CF_COMPANIES=300 npm run bench -- scale)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import yazl from 'yazl';
import { createWriteStream, writeFileSync } from 'node:fs';

/** Ends the parent early when only some loads are measured (KINDS). */
class Done extends Error {}

const mode = process.argv[2] ?? 'parent';
const SCALE = Number(process.env.SCALE ?? 0.02);
const CF_COMPANIES = Number(process.env.CF_COMPANIES ?? Math.max(100, Math.round(2000 * SCALE)));
/** CF_ONLY=1: only companyfacts.zip, generated and measured against JSON.parse (no sample warehouse, no 13F, no insiders). */
const CF_ONLY = process.env.CF_ONLY === '1';
const load = (): string => `load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
const F13_KEY = 'www.sec.gov/files/structureddata/data/form-13f-data-sets/2024q2_form13f.zip';
const F345_KEY = 'www.sec.gov/files/structureddata/data/insider-transactions-data-sets/2024q2_form345.zip';
const NPORT_KEY = 'www.sec.gov/files/dera/data/form-n-port-data-sets/2024q2_nport.zip';
const FUND_TICKERS = 'www.sec.gov/files/company_tickers_mf.json';
const KINDS = (process.env.KINDS ?? '13f,insiders,nport,fundamentals').split(',');
const CF_KEY = 'www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip';
const CF_CIK0 = 7_000_000;

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDay = (d: number): string => new Date(Date.UTC(2024, 3, 1) + d * 86_400_000).toISOString().slice(0, 10);

async function generate(src: string): Promise<Record<string, number>> {
  const { datasetZipFile, F13_COLUMNS, F345_COLUMNS, NPORT_COLUMNS, writeF13Filing, writeF345Filing, writeNportFiling } = await import('../upstream/dera-datasets.ts');
  const out: Record<string, number> = {};
  const file = (key: string): string => {
    mkdirSync(path.dirname(path.join(src, key)), { recursive: true });
    return path.join(src, key);
  };
  const rand = rng(13);
  if (KINDS.includes('nport') && !CF_ONLY) Object.assign(out, await generateNport(file, rand, datasetZipFile, NPORT_COLUMNS, writeNportFiling));
  if (!KINDS.some((k) => k !== 'nport')) return out;
  let t = performance.now();
  if (!CF_ONLY) {
  // ---- Form 13F: managers with skewed table sizes summing to ~3.5 M x SCALE rows.
  const managers = Math.max(10, Math.round(8000 * SCALE));
  const rowsTarget = Math.round(3_500_000 * SCALE);
  const weights = Array.from({ length: managers }, (_, i) => (i < Math.max(1, Math.round(managers / 1000)) ? 60 : 0.2 + rand() * 1.6));
  const wsum = weights.reduce((a, b) => a + b, 0);
  const securities = 20_000;
  const cusip = (k: number): string => `${String(100000 + (k % 900000)).padStart(6, '0')}1${String(k % 100).padStart(2, '0')}`;
  let rows13f = 0;
  await datasetZipFile(file(F13_KEY), F13_COLUMNS, async (sink) => {
    for (let m = 0; m < managers; m++) {
      const n = Math.max(1, Math.round((weights[m]! / wsum) * rowsTarget));
      const cik = 8_000_000 + m;
      const rows = [];
      let total = 0;
      for (let i = 0; i < n; i++) {
        const k = Math.floor(rand() * securities);
        const shares = 100 + Math.floor(rand() * 1_000_000);
        const value = Math.round(shares * (5 + (k % 400)));
        total += value;
        rows.push({
          row: i + 1, issuer: `SCALE ISSUER ${k}`, titleOfClass: 'COM', cusip: cusip(k), figi: null, value, shares, shareType: 'SH', putCall: i % 97 === 0 ? 'Call' : null,
          investmentDiscretion: 'SOLE', otherManagers: null, voteSole: shares, voteShared: 0, voteNone: 0,
        });
      }
      rows13f += n;
      await writeF13Filing(sink, {
        accession: `${String(cik).padStart(10, '0')}-24-000001`, cik, form: '13F-HR', filed: isoDay(34 + (m % 12)), period: '2024-03-31', manager: `SCALE MANAGER ${m} LLC`,
        reportType: '13F HOLDINGS REPORT', isAmendment: false, amendmentNo: null, amendmentType: null, entryTotal: n, valueTotal: total, otherManagers: [], rows,
      });
    }
  });
  out.f13Managers = managers;
  out.f13Rows = rows13f;
  out.f13GenSeconds = (performance.now() - t) / 1000;
  out.f13ZipMb = statSync(path.join(src, F13_KEY)).size / 1e6;

  // ---- Insider Transactions: ~500 k x SCALE rows over filings of 1-4 rows.
  const rows345Target = Math.round(500_000 * SCALE);
  let rows345 = 0;
  let filings345 = 0;
  t = performance.now();
  await datasetZipFile(file(F345_KEY), F345_COLUMNS, async (sink) => {
    while (rows345 < rows345Target) {
      const i = filings345++;
      const n = 1 + Math.floor(rand() * 4);
      const issuer = 1_000_000 + (i % 6000);
      const rows = Array.from({ length: n }, (_, j) => {
        const kind = rand();
        const table = kind < 0.75 ? 'non_derivative' : 'derivative';
        const tx = kind < 0.6 || (kind >= 0.75 && kind < 0.9);
        const shares = 10 + Math.floor(rand() * 50_000);
        return {
          seq: j + 1, table, kind: tx ? 'transaction' : 'holding', securityTitle: table === 'derivative' ? 'Stock Option (right to buy)' : 'Common Stock',
          transactionDate: tx ? isoDay(i % 90) : null, deemedExecutionDate: null, formType: tx ? '4' : null, code: tx ? 'SPAMFG'[j % 6]! : null, equitySwap: tx ? false : null,
          shares: tx ? shares : null, price: tx ? Math.round(rand() * 50000) / 100 : null, acquiredDisposed: tx ? (j % 2 ? 'A' : 'D') : null, sharesAfter: shares * 3,
          valueAfter: null, directIndirect: 'D', natureOfOwnership: null, conversionPrice: table === 'derivative' ? 12.5 : null, exerciseDate: null,
          expirationDate: table === 'derivative' ? '2030-06-30' : null, underlyingTitle: table === 'derivative' ? 'Common Stock' : null, underlyingShares: table === 'derivative' ? shares : null,
          footnotes: j % 3 === 0 ? { price: [`The price reported is a weighted average of trades (filing ${i}).`] } : {},
        };
      });
      rows345 += n;
      await writeF345Filing(sink, {
        accession: `${String(9_000_000 + (i % 900_000)).padStart(10, '0')}-24-${String(Math.floor(i / 900_000) + 1).padStart(6, '0')}`,
        filed: isoDay(i % 90),
        doc: {
          schemaVersion: 'X0508', documentType: '4', periodOfReport: isoDay(i % 90), dateOfOriginalSubmission: null, notSubjectToSection16: false,
          issuer: { cik: issuer, name: `SCALE ISSUER CORP ${issuer}`, ticker: null },
          owners: [{ cik: 2_000_000 + i, name: `OWNER ${i}`, isDirector: i % 2 === 0, isOfficer: i % 2 === 1, officerTitle: i % 2 ? 'CFO' : null, isTenPercentOwner: false, isOther: false, otherText: null }],
          aff10b5One: i % 5 === 0, rows: rows as never, footnotes: {}, remarks: null,
        },
      });
    }
  });
  out.f345Filings = filings345;
  out.f345Rows = rows345;
  out.f345GenSeconds = (performance.now() - t) / 1000;
  }

  if (!CF_ONLY && !KINDS.includes('fundamentals')) return out;
  // ---- companyfacts.zip: real companyfacts documents as templates, one company per CIK.
  const shared = path.resolve(import.meta.dirname, '../../../shared/data/sec_xbrl_json/companyfacts');
  const sample = path.resolve(import.meta.dirname, '../../pipelines/sample/data.sec.gov/api/xbrl/companyfacts');
  const templates = [shared, sample].filter(existsSync).flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.json')).map((f) => readFileSync(path.join(d, f), 'utf8')));
  t = performance.now();
  const zip = new yazl.ZipFile();
  const done = new Promise<void>((resolve, reject) => zip.outputStream.pipe(createWriteStream(file(CF_KEY))).once('close', resolve).once('error', reject));
  let cfBytes = 0;
  for (let i = 0; i < CF_COMPANIES; i++) {
    const cik = CF_CIK0 + i;
    const cik10 = String(cik).padStart(10, '0');
    const doc = templates[i % templates.length]!
      .replace(/"cik"\s*:\s*"?\d+"?/, `"cik":${cik}`)
      .replace(/"entityName"\s*:\s*"(?:[^"\\]|\\.)*"/, `"entityName":"SCALE COMPANY ${i}"`)
      .replace(/("accn"\s*:\s*")\d{10}-/g, `$1${cik10}-`);
    const bytes = Buffer.from(doc);
    cfBytes += bytes.length;
    zip.addBuffer(bytes, `CIK${cik10}.json`, { compressionLevel: 1 } as never);
  }
  zip.end();
  await done;
  out.cfCompanies = CF_COMPANIES;
  out.cfMb = cfBytes / 1e6;
  out.cfGenSeconds = (performance.now() - t) / 1000;
  return out;
}

/**
 * Form N-PORT: ~40,000 x SCALE fund filings with skewed holding counts summing to ~4 M x SCALE;
 * every third holding a bond (DEBT_SECURITY), each with an ISIN and a ticker or another identifier.
 */
async function generateNport(file: (key: string) => string, rand: () => number, datasetZipFile: any, columns: any, writeNportFiling: any): Promise<Record<string, number>> {
  const filings = Math.max(20, Math.round(40_000 * SCALE));
  const target = Math.round(4_000_000 * SCALE);
  const weights = Array.from({ length: filings }, () => 0.05 + rand() ** 3 * 10);
  const wsum = weights.reduce((a, b) => a + b, 0);
  const t = performance.now();
  let rows = 0;
  await datasetZipFile(file(NPORT_KEY), columns, async (sink: unknown) => {
    for (let f = 0; f < filings; f++) {
      const n = Math.max(1, Math.round((weights[f]! / wsum) * target));
      const cik = 5_000_000 + Math.floor(f / 8);
      const holdings = Array.from({ length: n }, (_, i) => {
        const k = Math.floor(rand() * 60_000);
        const bond = k % 3 === 0;
        return {
          row: i + 1, name: `SCALE ISSUER ${k}`, lei: null, title: bond ? `${2 + (k % 6)}.${k % 100}% NOTES` : 'COMMON STOCK', cusip: `${String(100000 + (k % 900000)).padStart(6, '0')}2${String(k % 100).padStart(2, '0')}`,
          isin: `US${String(k).padStart(9, '0')}0`, ticker: bond ? null : `SC${k}`, otherIds: bond ? `CUSIP8: ${k}` : null, balance: 100 + Math.floor(rand() * 1e6), units: bond ? 'PA' : 'NS',
          currency: 'USD', valueUsd: Math.round(rand() * 1e8) / 100, pctNetAssets: Math.round(rand() * 1e4) / 1e4, payoffProfile: 'Long', assetCat: bond ? 'DBT' : 'EC', issuerCat: 'CORP',
          country: 'US', isRestricted: false, fairValueLevel: bond ? '2' : '1', maturity: bond ? `20${30 + (k % 20)}-06-15` : null, couponKind: bond ? 'Fixed' : null,
          couponRate: bond ? 2 + (k % 6) : null, isDefault: bond ? false : null, interestInArrears: bond ? false : null, isPik: bond ? false : null,
        };
      });
      rows += n;
      await writeNportFiling(sink, {
        accession: `${String(cik).padStart(10, '0')}-24-${String(f % 8 + 1).padStart(6, '0')}`, filed: isoDay(20 + (f % 60)), form: 'NPORT-P',
        filing: {
          submissionType: 'NPORT-P', regCik: cik, regName: `SCALE FUND TRUST ${cik}`, regLei: null, seriesId: `S${String(f).padStart(9, '0')}`, seriesName: `SCALE FUND ${f}`, seriesLei: null,
          classIds: [`C${String(f).padStart(9, '0')}`], periodEnd: '2024-12-31', periodDate: '2024-03-31', totalAssets: 1e9, totalLiabilities: 1e6, netAssets: 9.99e8, holdings,
        },
      });
    }
  });
  // The fund ticker list the N-PORT backfill also loads (the sample's).
  writeFileSync(file(FUND_TICKERS), readFileSync(path.resolve(import.meta.dirname, '../../pipelines/sample', FUND_TICKERS)));
  return { nportFilings: filings, nportRows: rows, nportGenSeconds: (performance.now() - t) / 1000, nportZipMb: statSync(file(NPORT_KEY)).size / 1e6 };
}

/** The zips as the live source would have landed them: `file(key)` is the local copy, `get` the other generated files. */
async function fileSource(src: string) {
  return {
    name: 'live',
    get: async (key: string) => (existsSync(path.join(src, key)) && !key.endsWith('.zip') ? { path: key, bytes: readFileSync(path.join(src, key)) } : null),
    list: async () => null,
    file: async (key: string) => (existsSync(path.join(src, key)) ? path.join(src, key) : null),
  };
}

function dirMb(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (st.isFile()) return st.size / 1e6;
  return readdirSync(p).reduce((n, f) => n + dirMb(path.join(p, f)), 0);
}

async function child(kind: string, dataDir: string, src: string): Promise<Record<string, unknown>> {
  process.env.ALMANAC_DATASET_CROSSCHECK = '0';
  const { runPipelines } = await import('../../pipelines/runner.ts');
  const { datasetSource, DATASET_JOBS } = await import('../../pipelines/jobs/dera-datasets.ts');
  const { bulkBackfill } = await import('../../pipelines/backfill.ts');
  const { openBuild } = await import('../../pipelines/runner.ts');
  const { loadConfig } = await import('../../schema/config.ts');
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const t0 = performance.now();
  const loadAtStart = load();
  let rows = 0;
  let status = '';
  if (kind === '13f' || kind === 'insiders' || kind === 'nport') {
    const r = await runPipelines({
      dataDir, source: datasetSource((await fileSource(src)) as never), jobList: [DATASET_JOBS[kind]!] as never, backfill: { from: '2024-04-01', to: '2024-06-30' },
      // DuckDB's memory limit as `almanac pipelines backfill --dataset` sets it (DUCKDB_MEMORY_LIMIT, else sized to the machine).
      incremental: true, publish: false, threads: 2, memoryLimit: loadConfig().duckdbDatasetMemoryLimit,
    });
    rows = r.runs[0]!.rowsIn;
    status = `${r.status}${r.runs[0]!.error ? ` ${r.runs[0]!.error}` : ''}${r.runs[0]!.quarantined.map((q) => ` (${q.path}: ${q.reason.slice(0, 300)})`).join('')}`;
  } else if (kind === 'fundamentals') {
    // The companies get tickers (the screener's universe), then companyfacts.zip in bulk; publishes.
    const { instance, conn, db } = await openBuild(dataDir, { threads: 2 });
    await db.run(`DELETE FROM companies WHERE cik >= ${CF_CIK0} AND cik < ${CF_CIK0 + 1_000_000}`);
    await db.run(`INSERT INTO companies SELECT ${CF_CIK0} + range, 'SC' || range, 'SCALE COMPANY ' || range, 'NYSE', 100000 + range FROM range(${CF_COMPANIES})`);
    conn.closeSync();
    instance.closeSync();
    // DuckDB's memory limit as `almanac pipelines backfill fundamentals --bulk` sets it (DUCKDB_MEMORY_LIMIT, else sized to the machine).
    const r = await bulkBackfill({ dataDir, source: (await fileSource(src)) as never, job: 'fundamentals', threads: 2, memoryLimit: loadConfig().duckdbDatasetMemoryLimit });
    rows = r.runs[0]!.rowsIn;
    status = `${r.status}${r.runs[0]!.error ? ` ${r.runs[0]!.error}` : ''} snapshot ${r.snapshot}`;
  } else if (kind === 'cf-ratio') {
    // The measure of issue 14: bytes of companyfacts JSON per second through the whole load -- every
    // entry of companyfacts.zip inflated as a stream (yauzl), hashed for the ledger, parsed,
    // normalised into `facts` and committed, by the runner as `backfill fundamentals --bulk` runs it,
    // into an empty build database, derivation (finish) and snapshot left out -- against JSON.parse
    // alone (UTF-8 decode + parse, nothing kept) over the same inflated bytes, in the same process,
    // once before and once after the load (the mean of the two: the machine's load drifts).
    const { fundamentalsJob } = await import('../../pipelines/jobs/fundamentals.ts');
    const { parseWorkerCount } = await import('../../pipelines/parse-pool.ts');
    const { openZip, readEntries, entryStream, zipFolderSource } = await import('../../pipelines/sources/zip.ts');
    const zipFile = path.join(src, CF_KEY);
    const cpu = (): number => {
      const c = process.cpuUsage();
      return (c.user + c.system) / 1e6;
    };
    const parseAll = async (): Promise<{ bytes: number; seconds: number; cpuSeconds: number }> => {
      const zip = await openZip(zipFile);
      let bytes = 0;
      let seconds = 0;
      let cpuSeconds = 0;
      try {
        for (const entry of (await readEntries(zip)).values()) {
          const chunks: Buffer[] = [];
          for await (const c of (await entryStream(zip, entry)) as AsyncIterable<Buffer>) chunks.push(c);
          const doc = Buffer.concat(chunks);
          bytes += doc.length;
          const [s, c] = [performance.now(), cpu()];
          JSON.parse(doc.toString('utf8'));
          seconds += (performance.now() - s) / 1000;
          cpuSeconds += cpu() - c;
        }
      } finally {
        zip.close();
      }
      return { bytes, seconds, cpuSeconds };
    };
    const before = await parseAll();
    const dir = path.join(tmpdir(), `almanac-scale-cf-${process.pid}`);
    const source = zipFolderSource((await fileSource(src)) as never, CF_KEY, 'data.sec.gov/api/xbrl/companyfacts');
    peak = 0;
    const [s, c] = [performance.now(), cpu()];
    const r = await runPipelines({ dataDir: dir, source, jobList: [{ ...fundamentalsJob, finish: undefined }] as never, publish: false, incremental: true, threads: 2, memoryLimit: loadConfig().duckdbDatasetMemoryLimit });
    const seconds = (performance.now() - s) / 1000;
    const cpuSeconds = cpu() - c;
    const loadPeakMb = Math.max(peak, process.memoryUsage().rss) / 1e6;
    source.close();
    rmSync(dir, { recursive: true, force: true });
    const after = await parseAll();
    clearInterval(timer);
    const mb = before.bytes / 1e6;
    const parseSeconds = (before.seconds + after.seconds) / 2;
    const parseCpu = (before.cpuSeconds + after.cpuSeconds) / 2;
    return {
      kind, status: `${r.status}${r.runs[0]!.error ? ` ${r.runs[0]!.error}` : ''}`, docs: r.runs[0]!.docsOk, facts: r.runs[0]!.rowsIn, mb, workers: parseWorkerCount(),
      ingestSeconds: seconds, ingestMbps: mb / seconds, ingestCpu: cpuSeconds,
      parseSeconds, parseMbps: mb / parseSeconds, parseMbpsBefore: mb / before.seconds, parseMbpsAfter: mb / after.seconds, parseCpu,
      ratio: parseSeconds / seconds, cpuRatio: parseCpu / cpuSeconds, loadPeakMb, loadAtStart, load: load(),
    };
  } else if (kind === 'api') {
    const { sampleApp } = await import('../helpers.ts');
    const N = Number(process.env.BENCH_N ?? 200);
    const t = await sampleApp({ build: false, config: { dataDir } });
    (t.services as { limits?: unknown }).limits = undefined;
    const headers = { 'user-agent': 'almanac-bench/1.0 (bench@example.com)', 'x-test-tier': 'investor' };
    const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
    const urls = ['/api/fundamentals-pit?ticker=AAPL&date=2024-08-15', '/api/screener?limit=500', '/api/screener?mktcap_min=1e10&pe_max=40&sort=pe:asc'];
    const times: number[][] = urls.map(() => []);
    for (let i = 0; i < N + 10; i++) {
      for (let j = 0; j < urls.length; j++) {
        const s = performance.now();
        const res = await t.app.inject({ url: urls[j]!, headers });
        if (res.statusCode !== 200) throw new Error(`${urls[j]}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i >= 10) times[j]!.push(performance.now() - s);
      }
    }
    await t.close();
    clearInterval(timer);
    return { kind, load: load(), results: urls.map((u, j) => ({ url: u, p50: pct(times[j]!, 50), p99: pct(times[j]!, 99) })) };
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const cpu = process.cpuUsage();
  return { kind, status, rows, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rowsPerSecond: rows / seconds, peakRssMb: Math.max(peak, process.resourceUsage().maxRSS * 1024) / 1e6, loadAtStart, loadAtEnd: load() };
}

if (mode === 'gen') {
  // Only the generated files, into the given folder (profiling a load on its own).
  process.stdout.write(`${JSON.stringify(await generate(process.argv[3]!))}\n`);
  process.exit(0);
}
if (mode !== 'parent') {
  const r = await child(mode, process.argv[3]!, process.argv[4]!);
  process.stdout.write(`${JSON.stringify(r)}\n`);
  process.exit(0);
}

/** The companyfacts measure's line (bench output and README use the same words). */
function cfLine(cf: Record<string, any>): string {
  return (
    `companyfacts.zip whole load (unzip stream, hash, parse, facts, commit; ${cf.docs} documents, ${cf.facts.toLocaleString('en-US')} facts, ${cf.status}; ` +
    `${cf.workers ? `${cf.workers} parse workers` : 'parsed on the runner thread'}): ` +
    `${cf.ingestMbps.toFixed(1)} MB/s (${cf.ingestSeconds.toFixed(1)} s, process CPU ${cf.ingestCpu.toFixed(1)} s, peak RSS ${cf.loadPeakMb.toFixed(0)} MB) ` +
    `vs JSON.parse alone over the same ${cf.mb.toFixed(0)} MB ${cf.parseMbps.toFixed(1)} MB/s (${cf.parseMbpsBefore.toFixed(1)} before, ${cf.parseMbpsAfter.toFixed(1)} after; CPU ${cf.parseCpu.toFixed(1)} s): ` +
    `x${cf.ratio.toFixed(2)} wall, x${cf.cpuRatio.toFixed(2)} CPU  (${cf.loadAtStart} -> ${cf.load})`
  );
}

// ---- parent
const root = path.join(tmpdir(), `almanac-scale-${process.pid}`);
const src = path.join(root, 'src');
const dataDir = path.join(root, 'data');
mkdirSync(src, { recursive: true });
const say = (s: string): void => void process.stdout.write(`${s}\n`);
say(`scale rehearsal: SCALE=${SCALE}, ${CF_COMPANIES} companyfacts companies, in ${root} (${load()})`);
try {
  const { buildSample } = await import('../helpers.ts');
  if (!CF_ONLY) await buildSample(dataDir);
  const gen = await generate(src);
  if (gen.nportRows) say(`generated: N-PORT ${gen.nportRows.toLocaleString('en-US')} holdings / ${gen.nportFilings!.toLocaleString('en-US')} filings (${gen.nportZipMb!.toFixed(0)} MB zip, ${gen.nportGenSeconds!.toFixed(0)} s)  (${load()})`);
  if (CF_ONLY) say(`generated: companyfacts ${gen.cfCompanies} companies, ${gen.cfMb!.toFixed(0)} MB of JSON (${gen.cfGenSeconds!.toFixed(0)} s)  (${load()})`);
  else if (gen.f13Rows) say(
    `generated: 13F ${gen.f13Rows!.toLocaleString('en-US')} rows / ${gen.f13Managers} managers (${gen.f13ZipMb!.toFixed(0)} MB zip, ${gen.f13GenSeconds!.toFixed(0)} s); ` +
      `insiders ${gen.f345Rows!.toLocaleString('en-US')} rows / ${gen.f345Filings!.toLocaleString('en-US')} filings (${gen.f345GenSeconds!.toFixed(0)} s); ` +
      (gen.cfCompanies ? `companyfacts ${gen.cfCompanies} companies, ${gen.cfMb!.toFixed(0)} MB of JSON (${gen.cfGenSeconds!.toFixed(0)} s)` : 'companyfacts not generated (KINDS)') + `  (${load()})`,
  );
  const run = (kind: string, env: Record<string, string> = {}): Record<string, any> => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, kind, dataDir, src], { encoding: 'utf8', maxBuffer: 1 << 24, env: { ...process.env, CONFORMANCE: '0', ...env } });
    if (r.status !== 0) throw new Error(`${kind} failed: ${r.stderr.slice(-2000)}`);
    return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  };
  const api = (label: string): void => {
    const a = run('api');
    for (const x of a.results) say(`API on ${label}: ${x.url.padEnd(56)} p50 ${x.p50.toFixed(2)} ms  p99 ${x.p99.toFixed(2)} ms  (${a.load})`);
  };
  if (CF_ONLY) {
    // CF_WORKERS: the parse-worker counts to compare, in turn (0 = on the runner's thread; auto = the default).
    for (const w of (process.env.CF_WORKERS ?? '0,auto').split(',')) say(cfLine(run('cf-ratio', w === 'auto' ? {} : { ALMANAC_PARSE_WORKERS: w })));
    throw new Done();
  }
  if (KINDS.includes('fundamentals')) api('the sample warehouse');
  for (const kind of ['13f', 'insiders', 'nport', 'fundamentals'].filter((k) => KINDS.includes(k))) {
    const r = run(kind);
    say(
      `${kind.padEnd(12)} ${r.status}: ${r.rows.toLocaleString('en-US')} rows in ${r.seconds.toFixed(1)} s = ${Math.round(r.rowsPerSecond).toLocaleString('en-US')} rows/s (process CPU ${r.cpuSeconds.toFixed(0)} s), peak RSS ${r.peakRssMb.toFixed(0)} MB  (${r.loadAtStart} -> ${r.loadAtEnd})`,
    );
  }
  if (!KINDS.includes('fundamentals')) throw new Done();
  say(cfLine(run('cf-ratio')));
  say(`warehouse: build.duckdb ${dirMb(path.join(dataDir, 'build.duckdb')).toFixed(0)} MB, snapshots ${dirMb(path.join(dataDir, 'snapshots')).toFixed(0)} MB (${load()})`);
  api('the scaled warehouse');
} catch (err) {
  if (!(err instanceof Done)) throw err;
  if (!CF_ONLY) say(`warehouse: build.duckdb ${dirMb(path.join(dataDir, 'build.duckdb')).toFixed(0)} MB (${load()})`);
} finally {
  if (process.env.KEEP !== '1') rmSync(root, { recursive: true, force: true });
}
