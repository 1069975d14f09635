/**
 * The SEC's DERA quarterly data sets, loaded by `almanac pipelines backfill <13f|insiders|nport> --from
 * <quarter> --to <quarter> --dataset`: one zip per quarter of filing dates, tab-separated tables
 * inside (formats: the readme in each zip, `FORM13F_readme.htm`, `FORM_345_readme.htm`).
 *
 * - Form 13F: `www.sec.gov/files/structureddata/data/form-13f-data-sets/<yyyy>q<n>_form13f.zip`
 *   (SUBMISSION, COVERPAGE, SUMMARYPAGE, OTHERMANAGER2, INFOTABLE) -> f13_filings, f13_holdings,
 *   f13_other_managers, exactly the rows the per-filing parse writes (values in US dollars, the
 *   unit decided per filing by the same rule, parsers/form13f.ts `decideUnitsFromStats`).
 * - Insider Transactions: `www.sec.gov/files/structureddata/data/insider-transactions-data-sets/<yyyy>q<n>_form345.zip`
 *   (SUBMISSION, REPORTINGOWNER, NONDERIV_TRANS, NONDERIV_HOLDING, DERIV_TRANS, DERIV_HOLDING,
 *   FOOTNOTES) -> insider_filings, insider_owners, insider_transactions (footnote texts resolved
 *   onto fields as the per-filing parse does), then the insiders job's amendment linking.
 * - Form N-PORT: `www.sec.gov/files/dera/data/form-n-port-data-sets/<yyyy>q<n>_nport.zip` (SUBMISSION,
 *   REGISTRANT, FUND_REPORTED_INFO, MONTHLY_TOTAL_RETURN, FUND_REPORTED_HOLDING, IDENTIFIERS,
 *   DEBT_SECURITY; `nport_readme.htm`) -> nport_filings, nport_holdings, as the per-filing parse
 *   writes them (`N/A` and the `000000000` CUSIP null, the first ISIN and ticker, other identifiers
 *   `desc: value` joined by `; `, debt terms), plus the fund ticker list into fund_classes as the
 *   per-filing job does. IDENTIFIERS and DEBT_SECURITY are keyed by HOLDING_ID alone, so holdings,
 *   identifiers and debt rows are streamed into temporary tables and joined by DuckDB.
 *
 * Which zips: those linked on the data set's listing page whose dates overlap the backfill's
 * period (`datasetDocuments`; both naming styles, parsers/dera-listing.ts), else the quarterly
 * names above; the run ledger notes which.
 *
 * Streaming: the zip is downloaded to the landing folder (conditionally) and read entry by entry
 * with yauzl; the large tables (INFOTABLE, the transaction tables, the N-PORT holdings, identifiers
 * and debt tables) are read in batches of 2,048
 * lines straight into the warehouse, never held whole. The small per-filing tables (submissions,
 * cover and summary pages, owners, footnotes, registrants and fund totals) are held in memory for
 * the join.
 *
 * The run ledger sees one document per quarter zip (its manifest of entry names, sizes and CRCs:
 * an unchanged zip is passed over), loaded in one transaction (a killed load leaves nothing).
 * A filing already loaded from its own document (the daily runs) keeps those rows; the data set
 * fills in the others. A sample of the filings it loaded is compared with the per-filing parse of
 * the same filing (fetched through the same source) and each outcome is kept in
 * `pipeline_crosschecks`; disagreements also go to `pipeline_notes` and `status` shows them.
 */
import type yauzl from 'yauzl';
import { appendRows } from '../../warehouse/load.ts';
import { datasetFileRange, datasetFilesFor, parseDatasetListing, uncoveredDays, type DatasetFile } from '../parsers/dera-listing.ts';
import { decideUnitsFromStats } from '../parsers/form13f.ts';
import { clean, cusipOf } from '../parsers/nport.ts';
import { bool } from '../parsers/sec-xml.ts';
import { columnGetter, deraDate, deraNumber, tsvBatches } from '../parsers/tsv-stream.ts';
import { cikNumber } from '../parsers/values.ts';
import { quarterOf } from '../parsers/edgar-index.ts';
import { entryStream, openZip, readEntries } from '../sources/zip.ts';
import type { Source, SourceDocument } from '../sources/index.ts';
import { normalizePath } from '../sources/interface.ts';
import type { FiledBasisValue } from '../../schema/provenance.ts';
import { F13_FORMS, f13Job, type Parsed13f } from './13f.ts';
import { INSIDER_FORMS, insidersJob, type ParsedInsiderFiling } from './insiders.ts';
import { FUND_TICKERS, NPORT_FORMS, nportJob, type ParsedNport } from './nport.ts';
import { filingKey } from './ownership-filings.ts';
import { QuarantineError, type Job, type JobContext } from './interface.ts';

/** A data set states each filing's EDGAR filing date (SUBMISSION.FILING_DATE): `filed_basis` (migration 0620). */
const EDGAR_FILED = 'edgar' satisfies FiledBasisValue;

export interface DatasetKind {
  job: string;
  /** The SEC's listing page of the data set, whose links name the published zips. */
  page: string;
  /** Names of this data set's zips (either naming style). */
  pattern: RegExp;
  /** The quarterly naming, used when the listing page cannot be read. */
  folder: string;
  file: (year: number, quarter: number) => string;
}

export const DATASETS: Record<string, DatasetKind> = {
  '13f': {
    job: '13f', page: 'www.sec.gov/data-research/sec-markets-data/form-13f-data-sets', pattern: /_form13f\.zip$/i,
    folder: 'www.sec.gov/files/structureddata/data/form-13f-data-sets', file: (y, q) => `${y}q${q}_form13f.zip`,
  },
  insiders: {
    job: 'insiders', page: 'www.sec.gov/data-research/sec-markets-data/insider-transactions-data-sets', pattern: /_form345\.zip$/i,
    folder: 'www.sec.gov/files/structureddata/data/insider-transactions-data-sets', file: (y, q) => `${y}q${q}_form345.zip`,
  },
  nport: {
    job: 'nport', page: 'www.sec.gov/data-research/sec-markets-data/form-n-port-data-sets', pattern: /_nport\.zip$/i,
    folder: 'www.sec.gov/files/dera/data/form-n-port-data-sets', file: (y, q) => `${y}q${q}_nport.zip`,
  },
  // Checked against companyfacts, not loaded (jobs/dera-fsds.ts says why); found by the quarterly names.
  fundamentals: {
    job: 'fundamentals', page: 'www.sec.gov/data-research/sec-markets-data/financial-statement-data-sets', pattern: /^\d{4}q[1-4]\.zip$/i,
    folder: 'www.sec.gov/files/dera/data/financial-statement-data-sets', file: (y, q) => `${y}q${q}.zip`,
  },
};

/** How many filings of each data set are compared with their per-filing parse (`ALMANAC_DATASET_CROSSCHECK`, default 20). */
export const crossCheckSample = (): number => {
  const n = Number(process.env.ALMANAC_DATASET_CROSSCHECK ?? 20);
  return Number.isInteger(n) && n >= 0 ? n : 20;
};

/** The data-set zips of every quarter from..to touches, by the quarterly naming (`<yyyy>q<n>_...zip`). */
export function datasetKeys(kind: DatasetKind, from: string, to: string): string[] {
  const keys: string[] = [];
  let y = Number(from.slice(0, 4));
  let q = quarterOf(from);
  const [ty, tq] = [Number(to.slice(0, 4)), quarterOf(to)];
  while (y < ty || (y === ty && q <= tq)) {
    keys.push(`${kind.folder}/${kind.file(y, q)}`);
    if (++q > 4) [y, q] = [y + 1, 1];
  }
  return keys;
}

const baseName = (key: string): string => key.slice(key.lastIndexOf('/') + 1);
const isDatasetKey = (key: string): boolean =>
  key.endsWith('.zip') && Object.values(DATASETS).some((d) => key.startsWith(`${d.folder}/`) || (d.pattern.test(baseName(key)) && datasetFileRange(baseName(key)) !== null));

/** Which zips a period needs, and what the run ledger says about how they were found. */
export interface DatasetPlan {
  keys: string[];
  /** `dataset_listing` (from the page) or `dataset_listing_fallback` (the quarterly names). */
  kind: 'dataset_listing' | 'dataset_listing_fallback';
  detail: string;
}

const span = (g: { from: string; to: string }): string => (g.from === g.to ? g.from : `${g.from}..${g.to}`);

/**
 * The zips of from..to given the files a listing page links (`files`), or, when the page could not
 * be read (`files` null or empty, `reason` says why), the quarterly names. Listed files whose dates
 * overlap the period are taken; days before the newest listed file that no listed file covers are
 * asked for by their quarterly names (a page may list only recent files); days after it are not
 * published yet and only reported.
 */
export function planDatasetFiles(kind: DatasetKind, files: DatasetFile[] | null, from: string, to: string, reason = 'not found'): DatasetPlan {
  if (!files || files.length === 0) {
    const keys = datasetKeys(kind, from, to);
    return { keys, kind: 'dataset_listing_fallback', detail: `listing page unreadable (${reason}): quarterly names ${keys.map(baseName).join(', ')} for ${from}..${to}` };
  }
  const chosen = datasetFilesFor(files, from, to);
  const newest = files.reduce((m, f) => (f.to > m ? f.to : m), '');
  const gaps = uncoveredDays(chosen, from, to);
  const past = gaps.filter((g) => g.from <= newest).map((g) => ({ from: g.from, to: g.to < newest ? g.to : newest }));
  const future = gaps.filter((g) => g.to > newest).map((g) => ({ from: g.from > newest ? g.from : new Date(Date.parse(`${newest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), to: g.to }));
  const byName = [...new Set(past.flatMap((g) => datasetKeys(kind, g.from, g.to)))].filter((k) => !chosen.some((f) => f.key === k));
  const detail = [
    `listing page (${files.length} files): ${chosen.map((f) => f.name).join(', ') || 'none'} for ${from}..${to}`,
    byName.length ? `not on the page for ${past.map(span).join(', ')}: quarterly names ${byName.map(baseName).join(', ')}` : '',
    future.length ? `not published yet: ${future.map(span).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { keys: [...chosen.map((f) => f.key), ...byName], kind: 'dataset_listing', detail };
}

/**
 * The zips of a backfill's period: read from the data set's listing page (every file whose dates
 * overlap the period, whichever naming style and folder), else, when the page cannot be read or
 * links no zip of the data set, the quarterly names (`planDatasetFiles`). The run ledger says which
 * (`pipeline_notes`: `dataset_listing` or `dataset_listing_fallback`, with the files and reasons).
 */
export async function datasetDocuments(ctx: JobContext, kind: DatasetKind): Promise<string[]> {
  if (!ctx.backfill) return [];
  const { from, to } = ctx.backfill;
  let plan: DatasetPlan;
  try {
    const page = await ctx.source.get(kind.page);
    const files = page ? parseDatasetListing(page.bytes.toString('utf8'), `https://${kind.page}`, kind.pattern) : null;
    plan = planDatasetFiles(kind, files, from, to, page ? 'it links no zip of this data set' : 'not found');
  } catch (err) {
    plan = planDatasetFiles(kind, null, from, to, (err as Error).message);
  }
  await ctx.note(kind.page, plan.kind, plan.detail);
  ctx.log(`${kind.job}: ${plan.detail}`);
  return plan.keys;
}

/**
 * A source whose data-set zips are documents made of their manifest (entry names, sizes, CRC-32s)
 * with `file` pointing at the landed zip; every other key is the base source's.
 */
export function datasetSource(base: Source): Source {
  return {
    name: base.name,
    list: (p) => base.list(p),
    file: base.file ? (p) => base.file!(p) : undefined,
    stats: base.stats ? () => base.stats!() : undefined,
    async get(p: string): Promise<SourceDocument | null> {
      const key = normalizePath(p);
      if (!isDatasetKey(key)) return base.get(key);
      if (!base.file) throw new QuarantineError(`the ${base.name} source cannot provide files`);
      const file = await base.file(key);
      if (!file) return null;
      const zip = await openZip(file);
      try {
        const entries = await readEntries(zip);
        const manifest = [...entries.values()].map((e) => [e.fileName, e.uncompressedSize, e.crc32]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
        return { path: key, bytes: Buffer.from(JSON.stringify(manifest)), file };
      } finally {
        zip.close();
      }
    },
  };
}

export interface OpenDataset {
  key: string;
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
}

export async function openDataset(doc: { key: string; file: string }): Promise<OpenDataset> {
  const zip = await openZip(doc.file);
  const all = await readEntries(zip);
  // Tables by upper-case base name (`INFOTABLE.TSV`), wherever the zip puts them.
  const entries = new Map([...all].map(([name, e]) => [name.slice(name.lastIndexOf('/') + 1).toUpperCase(), e]));
  return { key: doc.key, zip, entries };
}

/**
 * Records per batch read from a data set's table: 2,048, one appender chunk (warehouse/load.ts). A
 * batch is garbage once loaded, and a small one mostly dies in V8's young generation; batches of
 * 8,192 records outlived it and were promoted, and V8 let the heap grow to 1.28 GB before collecting
 * them (4 M-holding N-PORT quarter; 423 MB with batches of 2,048).
 */
const DATASET_BATCH = 2048;

async function* table(ds: OpenDataset, name: string, required = true): AsyncGenerator<{ rows: string[][]; get: (row: string[], col: string) => string | null; firstLine: number }> {
  const entry = ds.entries.get(`${name}.TSV`);
  if (!entry) {
    if (required) throw new QuarantineError(`${name}.tsv is not in ${ds.key}`);
    return;
  }
  const stream = await entryStream(ds.zip, entry);
  for await (const batch of tsvBatches(stream as AsyncIterable<Buffer>, DATASET_BATCH)) yield { rows: batch.rows, get: columnGetter(batch.columns), firstLine: batch.firstLine };
}

export interface DatasetDoc {
  key: string;
  file: string;
}

export function datasetParse(doc: SourceDocument): DatasetDoc {
  if (!doc.file) throw new QuarantineError(`${doc.path}: no local copy of the data-set zip (use the live source)`);
  return { key: doc.path, file: doc.file };
}

export const inPeriod = (ctx: JobContext, filed: string): boolean => !ctx.backfill || (filed >= ctx.backfill.from && filed <= ctx.backfill.to);

/** A temporary one-column table of accessions, for set-based deletes inside the load's transaction. */
async function accessionTable(ctx: JobContext, name: string, accessions: Iterable<string>): Promise<void> {
  await ctx.db.run(`CREATE OR REPLACE TEMP TABLE ${name} (accession VARCHAR)`);
  await appendRows(ctx.conn, name, [...accessions].map((a) => [a]));
}

/** A deterministic sample: the `n` accessions with the smallest hash (spread over managers and dates). */
export function sample(accessions: string[], n: number): string[] {
  const h = (s: string): number => {
    let x = 2166136261;
    for (let i = 0; i < s.length; i++) x = Math.imul(x ^ s.charCodeAt(i), 16777619) >>> 0;
    return x;
  };
  return accessions.map((a) => [h(a), a] as const).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])).slice(0, n).map(([, a]) => a);
}

export async function recordCheck(ctx: JobContext, dataset: string, accession: string, outcome: 'agree' | 'disagree' | 'unavailable', detail: string | null): Promise<void> {
  await ctx.db.run('INSERT INTO pipeline_crosschecks VALUES ($1, $2, $3, $4, $5, $6, now()::TIMESTAMP)', [ctx.runId, ctx.job ?? '', dataset, accession, outcome, detail]);
  if (outcome === 'disagree') await ctx.note(dataset, 'dataset_crosscheck_mismatch', `${accession}: ${detail}`);
}

/** Multiset difference of two lists of row signatures: what only `a` has and what only `b` has. */
function diff(a: string[], b: string[]): { onlyA: string[]; onlyB: string[] } {
  const counts = new Map<string, number>();
  for (const s of a) counts.set(s, (counts.get(s) ?? 0) + 1);
  const onlyB: string[] = [];
  for (const s of b) {
    const c = counts.get(s) ?? 0;
    if (c > 0) counts.set(s, c - 1);
    else onlyB.push(s);
  }
  const onlyA = [...counts].flatMap(([s, c]) => Array<string>(c).fill(s));
  return { onlyA, onlyB };
}

export const describe = (d: { onlyA: string[]; onlyB: string[] }, a: string, b: string): string =>
  [d.onlyA.length ? `${d.onlyA.length} row(s) only in ${a} (${d.onlyA.slice(0, 3).join('; ')})` : '', d.onlyB.length ? `${d.onlyB.length} row(s) only in ${b} (${d.onlyB.slice(0, 3).join('; ')})` : '']
    .filter(Boolean)
    .join(', ');

/** Fetches and parses a filing's own document for a cross-check; null (recorded as unavailable) when it cannot. */
async function perFiling<P>(ctx: JobContext, dataset: string, accession: string, cik: number, job: Job<P>): Promise<P | null> {
  try {
    const doc = await ctx.source.get(filingKey(cik, accession));
    if (!doc) {
      await recordCheck(ctx, dataset, accession, 'unavailable', 'the filing document is not at the source');
      return null;
    }
    return await job.parse(doc, ctx);
  } catch (err) {
    await recordCheck(ctx, dataset, accession, 'unavailable', (err as Error).message);
    return null;
  }
}

// ---------------------------------------------------------------- Form 13F

interface F13Submission {
  filed: string;
  form: string;
  cik: number;
  period: string;
}

const yes = (v: string | null): boolean => v !== null && /^(Y|YES|TRUE|1)$/i.test(v);

async function load13fDataset(h: DatasetDoc, ctx: JobContext) {
  const ds = await openDataset(h);
  try {
    const subs = new Map<string, F13Submission>();
    for await (const b of table(ds, 'SUBMISSION')) {
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        const form = b.get(r, 'SUBMISSIONTYPE');
        const filed = deraDate(b.get(r, 'FILING_DATE'));
        const period = deraDate(b.get(r, 'PERIODOFREPORT'));
        const cik = Number(b.get(r, 'CIK'));
        if (!acc || !form || !F13_FORMS.includes(form) || !filed || !period || !Number.isInteger(cik) || !inPeriod(ctx, filed)) continue;
        subs.set(acc, { filed, form, cik, period });
      }
    }
    // Filings loaded from their own document keep those rows.
    const own = new Set((await ctx.db.all<{ accession: string }>(`SELECT accession FROM f13_filings WHERE doc_path NOT LIKE '%.zip'`)).map((r) => r.accession));
    for (const acc of own) subs.delete(acc);
    await accessionTable(ctx, 'tmp_dataset_accessions', subs.keys());
    for (const t of ['f13_holdings', 'f13_other_managers', 'f13_filings']) await ctx.db.run(`DELETE FROM ${t} WHERE accession IN (SELECT accession FROM tmp_dataset_accessions)`);

    const covers = new Map<string, { name: string; reportType: string | null; isAmendment: boolean; amendmentNo: number | null; amendmentType: string | null }>();
    for await (const b of table(ds, 'COVERPAGE')) {
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        if (!acc || !subs.has(acc)) continue;
        covers.set(acc, {
          name: b.get(r, 'FILINGMANAGER_NAME') ?? '',
          reportType: b.get(r, 'REPORTTYPE'),
          isAmendment: yes(b.get(r, 'ISAMENDMENT')),
          amendmentNo: deraNumber(b.get(r, 'AMENDMENTNO')),
          amendmentType: b.get(r, 'AMENDMENTTYPE'),
        });
      }
    }
    const summaries = new Map<string, { others: number | null; entries: number | null; value: number | null; confidential: boolean | null }>();
    for await (const b of table(ds, 'SUMMARYPAGE', false)) {
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        if (!acc || !subs.has(acc)) continue;
        const conf = b.get(r, 'ISCONFIDENTIALOMITTED');
        summaries.set(acc, { others: deraNumber(b.get(r, 'OTHERINCLUDEDMANAGERSCOUNT')), entries: deraNumber(b.get(r, 'TABLEENTRYTOTAL')), value: deraNumber(b.get(r, 'TABLEVALUETOTAL')), confidential: conf === null ? null : yes(conf) });
      }
    }
    let out = 0;
    for await (const b of table(ds, 'OTHERMANAGER2', false)) {
      const rows = [];
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        if (!acc || !subs.has(acc)) continue;
        rows.push([acc, deraNumber(b.get(r, 'SEQUENCENUMBER')), cikNumber(b.get(r, 'CIK')), b.get(r, 'FORM13FFILENUMBER'), b.get(r, 'NAME')]);
      }
      out += await appendRows(ctx.conn, 'f13_other_managers', rows);
    }

    // The information tables, streamed in batches; values as reported until the unit is decided.
    const rowNo = new Map<string, number>();
    let rowsIn = 0;
    for await (const b of table(ds, 'INFOTABLE')) {
      const rows = [];
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        const sub = acc ? subs.get(acc) : undefined;
        if (!acc || !sub) continue;
        const n = (rowNo.get(acc) ?? 0) + 1;
        rowNo.set(acc, n);
        const issuer = b.get(r, 'NAMEOFISSUER');
        const cusip = b.get(r, 'CUSIP');
        const value = deraNumber(b.get(r, 'VALUE'));
        if (issuer === null || cusip === null || value === null) throw new QuarantineError(`INFOTABLE.tsv line ${b.firstLine + b.rows.indexOf(r)}: ${acc} lacks NAMEOFISSUER, CUSIP or VALUE`);
        rows.push([
          acc, n, sub.cik, sub.period, sub.filed, issuer, b.get(r, 'TITLEOFCLASS'), cusip.toUpperCase(), b.get(r, 'FIGI'), value, deraNumber(b.get(r, 'SSHPRNAMT')),
          b.get(r, 'SSHPRNAMTTYPE'), b.get(r, 'PUTCALL'), b.get(r, 'INVESTMENTDISCRETION'), b.get(r, 'OTHERMANAGER'),
          deraNumber(b.get(r, 'VOTING_AUTH_SOLE')), deraNumber(b.get(r, 'VOTING_AUTH_SHARED')), deraNumber(b.get(r, 'VOTING_AUTH_NONE')),
        ]);
      }
      rowsIn += rows.length;
      out += await appendRows(ctx.conn, 'f13_holdings', rows);
    }

    // Per filing: the unit (same rule as the per-filing parse), then the filing row and its checks.
    const stats = new Map(
      (
        await ctx.db.all<{ accession: string; n: number; total: number; median: number | null }>(
          `SELECT accession, count(*)::INTEGER AS n, sum(value_usd) AS total,
             list_sort(list(value_usd / shares) FILTER (WHERE coalesce(share_type, 'SH') = 'SH' AND shares > 0 AND put_call IS NULL)) AS prices,
             prices[len(prices) // 2 + 1] AS median
           FROM f13_holdings WHERE accession IN (SELECT accession FROM tmp_dataset_accessions) GROUP BY accession`,
        )
      ).map((s) => [s.accession, s]),
    );
    const thousands: string[] = [];
    const filings = [];
    let newest: string | undefined;
    for (const [acc, sub] of subs) {
      const cover = covers.get(acc);
      const summary = summaries.get(acc);
      const st = stats.get(acc) ?? { n: 0, total: 0, median: null };
      const units = decideUnitsFromStats({ count: st.n, sum: st.total, medianPrice: st.median }, summary?.value ?? null, sub.filed);
      const factor = units.unit === 'thousands' ? 1000 : 1;
      if (factor !== 1 && st.n > 0) thousands.push(acc);
      filings.push([
        acc, sub.cik, cover?.name ?? '', sub.form, sub.filed, sub.period, cover?.reportType ?? null, cover?.isAmendment ?? sub.form.endsWith('/A'), cover?.amendmentNo ?? null,
        cover?.amendmentType ?? null, summary?.confidential ?? null, summary?.others ?? null, summary?.entries ?? null, summary?.value ?? null,
        units.unit, `data set: ${units.basis}`, st.n, st.total * factor, h.key, EDGAR_FILED,
      ]);
      if (!newest || sub.filed > newest) newest = sub.filed;
      if (summary?.entries != null && summary.entries !== st.n) await ctx.note(h.key, 'entry_total_mismatch', `${acc}: summary page tableEntryTotal ${summary.entries}, information table has ${st.n} rows`);
    }
    if (thousands.length) {
      await accessionTable(ctx, 'tmp_dataset_thousands', thousands);
      await ctx.db.run('UPDATE f13_holdings SET value_usd = value_usd * 1000 WHERE accession IN (SELECT accession FROM tmp_dataset_thousands)');
    }
    out += await appendRows(ctx.conn, 'f13_filings', filings);

    // Cross-check a sample against the per-filing parse.
    for (const acc of sample([...subs.keys()].filter((a) => (stats.get(a)?.n ?? 0) > 0), crossCheckSample())) {
      const p = await perFiling<Parsed13f>(ctx, h.key, acc, subs.get(acc)!.cik, f13Job);
      if (!p) continue;
      const factor = p.units.unit === 'thousands' ? 1000 : 1;
      const sig = (cusip: string, shares: number | null, usd: number, putCall: string | null): string => `${cusip} ${shares ?? ''} ${Math.round(usd)} ${putCall ?? ''}`;
      const mine = await ctx.db.all<{ cusip: string; shares: number | null; value_usd: number; put_call: string | null }>('SELECT cusip, shares, value_usd, put_call FROM f13_holdings WHERE accession = $1', [acc]);
      const d = diff(
        mine.map((r) => sig(r.cusip, r.shares, r.value_usd, r.put_call)),
        p.rows.map((r) => sig(r.cusip.toUpperCase(), r.shares, r.value * factor, r.putCall)),
      );
      const problems = [d.onlyA.length || d.onlyB.length ? describe(d, 'the data set', 'the filing') : '', mine.length !== p.rows.length ? `${mine.length} rows in the data set, ${p.rows.length} in the filing` : '']
        .filter(Boolean)
        .join('; ');
      await recordCheck(ctx, h.key, acc, problems ? 'disagree' : 'agree', problems || `${mine.length} rows agree`);
    }
    return { rowsIn, rowsOut: out, watermark: newest };
  } finally {
    ds.zip.close();
  }
}

export const f13DatasetJob: Job<DatasetDoc> = {
  name: '13f',
  description: 'Form 13F data set (DERA quarterly zip) into f13_filings, f13_holdings, f13_other_managers',
  schedule: f13Job.schedule,
  after: [],
  documents: (ctx) => datasetDocuments(ctx, DATASETS['13f']!),
  parse: datasetParse,
  load: load13fDataset,
};

// ---------------------------------------------------------------- Insider Transactions (Forms 3/4/5)

/** Data-set footnote columns (`<COLUMN>_FN`) -> the field name the per-filing parse files footnotes under. */
const FN_FIELDS: Record<string, string> = {
  SECURITY_TITLE_FN: 'securityTitle',
  CONV_EXERCISE_PRICE_FN: 'conversionPrice',
  TRANS_DATE_FN: 'transactionDate',
  DEEMED_EXECUTION_DATE_FN: 'deemedExecutionDate',
  TRANS_CODE_FN: 'code',
  EQUITY_SWAP_TRANS_CD_FN: 'code',
  TRANS_TIMELINESS_FN: 'timeliness',
  TRANS_SHARES_FN: 'shares',
  TRANS_TOTAL_VALUE_FN: 'shares',
  TRANS_PRICEPERSHARE_FN: 'price',
  TRANS_ACQUIRED_DISP_CD_FN: 'acquiredDisposed',
  EXCERCISE_DATE_FN: 'exerciseDate',
  EXPIRATION_DATE_FN: 'expirationDate',
  UNDLYNG_SEC_TITLE_FN: 'underlyingTitle',
  UNDLYNG_SEC_SHARES_FN: 'underlyingShares',
  UNDLYNG_SEC_VALUE_FN: 'underlyingShares',
  SHRS_OWND_FOLWNG_TRANS_FN: 'sharesAfter',
  VALU_OWND_FOLWNG_TRANS_FN: 'valueAfter',
  DIRECT_INDIRECT_OWNERSHIP_FN: 'directIndirect',
  NATURE_OF_OWNERSHIP_FN: 'natureOfOwnership',
};

const INSIDER_TABLES = [
  { file: 'NONDERIV_TRANS', table: 'non_derivative', kind: 'transaction' },
  { file: 'NONDERIV_HOLDING', table: 'non_derivative', kind: 'holding' },
  { file: 'DERIV_TRANS', table: 'derivative', kind: 'transaction' },
  { file: 'DERIV_HOLDING', table: 'derivative', kind: 'holding' },
] as const;

async function loadInsiderDataset(h: DatasetDoc, ctx: JobContext) {
  const ds = await openDataset(h);
  try {
    const subs = new Map<string, { filed: string; form: string; issuerCik: number }>();
    const filings = [];
    for await (const b of table(ds, 'SUBMISSION')) {
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        const form = b.get(r, 'DOCUMENT_TYPE');
        const filed = deraDate(b.get(r, 'FILING_DATE'));
        const issuerCik = Number(b.get(r, 'ISSUERCIK'));
        if (!acc || !form || !INSIDER_FORMS.includes(form) || !filed || !Number.isInteger(issuerCik) || !inPeriod(ctx, filed)) continue;
        subs.set(acc, { filed, form, issuerCik });
        const aff = b.get(r, 'AFF10B5ONE');
        filings.push([
          acc, form, filed, deraDate(b.get(r, 'PERIOD_OF_REPORT')), issuerCik, b.get(r, 'ISSUERNAME'), b.get(r, 'ISSUERTRADINGSYMBOL'),
          deraDate(b.get(r, 'DATE_OF_ORIG_SUB')), null, aff === null ? null : yes(aff), null, b.get(r, 'REMARKS'), h.key, EDGAR_FILED,
        ]);
      }
    }
    const own = new Set((await ctx.db.all<{ accession: string }>(`SELECT accession FROM insider_filings WHERE doc_path NOT LIKE '%.zip'`)).map((r) => r.accession));
    for (const acc of own) subs.delete(acc);
    await accessionTable(ctx, 'tmp_dataset_accessions', subs.keys());
    for (const t of ['insider_transactions', 'insider_owners', 'insider_filings']) await ctx.db.run(`DELETE FROM ${t} WHERE accession IN (SELECT accession FROM tmp_dataset_accessions)`);
    let out = await appendRows(ctx.conn, 'insider_filings', filings.filter((f) => subs.has(f[0] as string)));

    const position = new Map<string, number>();
    for await (const b of table(ds, 'REPORTINGOWNER')) {
      const rows = [];
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        if (!acc || !subs.has(acc)) continue;
        const n = (position.get(acc) ?? 0) + 1;
        position.set(acc, n);
        const rel = (b.get(r, 'RPTOWNER_RELATIONSHIP') ?? '').toLowerCase();
        rows.push([
          acc, n, Number(b.get(r, 'RPTOWNERCIK')), b.get(r, 'RPTOWNERNAME') ?? '', rel.includes('director'), rel.includes('officer'), b.get(r, 'RPTOWNER_TITLE'),
          rel.includes('tenpercentowner') || rel.includes('10%'), /\bother\b/.test(rel), b.get(r, 'RPTOWNER_TXT'),
        ]);
      }
      out += await appendRows(ctx.conn, 'insider_owners', rows);
    }

    // Footnote texts of the quarter's filings (small next to the transaction tables).
    const notes = new Map<string, Map<string, string>>();
    for await (const b of table(ds, 'FOOTNOTES', false)) {
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        const id = b.get(r, 'FOOTNOTE_ID');
        if (!acc || !id || !subs.has(acc)) continue;
        let m = notes.get(acc);
        if (!m) notes.set(acc, (m = new Map()));
        m.set(id, b.get(r, 'FOOTNOTE_TXT') ?? '');
      }
    }

    const seq = new Map<string, number>();
    let rowsIn = 0;
    for (const t of INSIDER_TABLES) {
      for await (const b of table(ds, t.file, false)) {
        const rows = [];
        for (const r of b.rows) {
          const acc = b.get(r, 'ACCESSION_NUMBER');
          if (!acc || !subs.has(acc)) continue;
          const n = (seq.get(acc) ?? 0) + 1;
          seq.set(acc, n);
          const footnotes: Record<string, string[]> = {};
          const fnText = notes.get(acc);
          for (const [col, field] of Object.entries(FN_FIELDS)) {
            const ids = b.get(r, col);
            if (!ids) continue;
            const list = (footnotes[field] ??= []);
            for (const id of ids.split(/[,\s]+/).filter(Boolean)) {
              const text = fnText?.get(id) ?? `(missing footnote ${id})`;
              if (!list.includes(text)) list.push(text);
            }
          }
          const swap = b.get(r, 'EQUITY_SWAP_INVOLVED');
          rows.push([
            acc, n, t.table, t.kind, b.get(r, 'SECURITY_TITLE'), deraDate(b.get(r, 'TRANS_DATE')), deraDate(b.get(r, 'DEEMED_EXECUTION_DATE')),
            b.get(r, 'TRANS_FORM_TYPE'), b.get(r, 'TRANS_CODE'), swap === null ? null : yes(swap),
            deraNumber(b.get(r, 'TRANS_SHARES')) ?? deraNumber(b.get(r, 'TRANS_TOTAL_VALUE')), deraNumber(b.get(r, 'TRANS_PRICEPERSHARE')), b.get(r, 'TRANS_ACQUIRED_DISP_CD'),
            deraNumber(b.get(r, 'SHRS_OWND_FOLWNG_TRANS')), deraNumber(b.get(r, 'VALU_OWND_FOLWNG_TRANS')), b.get(r, 'DIRECT_INDIRECT_OWNERSHIP'), b.get(r, 'NATURE_OF_OWNERSHIP'),
            deraNumber(b.get(r, 'CONV_EXERCISE_PRICE')), deraDate(b.get(r, 'EXCERCISE_DATE')), deraDate(b.get(r, 'EXPIRATION_DATE')), b.get(r, 'UNDLYNG_SEC_TITLE'),
            deraNumber(b.get(r, 'UNDLYNG_SEC_SHARES')) ?? deraNumber(b.get(r, 'UNDLYNG_SEC_VALUE')), JSON.stringify(footnotes), null,
          ]);
        }
        rowsIn += rows.length;
        out += await appendRows(ctx.conn, 'insider_transactions', rows);
      }
    }

    // Cross-check a sample against the per-filing parse.
    const sig = (table: string, kind: string, code: string | null, shares: number | null, price: number | null, date: string | null, after: number | null): string =>
      `${table}/${kind} ${code ?? ''} ${shares ?? ''} @${price ?? ''} ${date ?? ''} -> ${after ?? ''}`;
    for (const acc of sample([...subs.keys()], crossCheckSample())) {
      const owner = await ctx.db.all<{ owner_cik: number }>('SELECT owner_cik FROM insider_owners WHERE accession = $1 ORDER BY position LIMIT 1', [acc]);
      // The filing's folder is under its issuer's (or first owner's) CIK; the index lists both.
      const cik = subs.get(acc)!.issuerCik;
      let p = await perFiling<ParsedInsiderFiling>(ctx, h.key, acc, cik, insidersJob);
      if (!p && owner[0]) {
        await ctx.db.run('DELETE FROM pipeline_crosschecks WHERE run_id = $1 AND accession = $2', [ctx.runId, acc]);
        p = await perFiling<ParsedInsiderFiling>(ctx, h.key, acc, owner[0].owner_cik, insidersJob);
      }
      if (!p) continue;
      const mine = await ctx.db.all<{ table_kind: string; row_kind: string; code: string | null; shares: number | null; price: number | null; transaction_date: string | null; shares_after: number | null }>(
        'SELECT table_kind, row_kind, code, shares, price, transaction_date::VARCHAR AS transaction_date, shares_after FROM insider_transactions WHERE accession = $1',
        [acc],
      );
      const d = diff(
        mine.map((r) => sig(r.table_kind, r.row_kind, r.code, r.shares, r.price, r.transaction_date, r.shares_after)),
        p.doc.rows.map((r) => sig(r.table, r.kind, r.code, r.shares, r.price, r.transactionDate, r.sharesAfter)),
      );
      const owners = (await ctx.db.all<{ n: number }>('SELECT count(*)::INTEGER AS n FROM insider_owners WHERE accession = $1', [acc]))[0]!.n;
      const problems = [d.onlyA.length || d.onlyB.length ? describe(d, 'the data set', 'the filing') : '', owners !== p.doc.owners.length ? `${owners} reporting owner(s) in the data set, ${p.doc.owners.length} in the filing` : '']
        .filter(Boolean)
        .join('; ');
      await recordCheck(ctx, h.key, acc, problems ? 'disagree' : 'agree', problems || `${mine.length} rows agree`);
    }
    const newest = [...subs.values()].reduce<string | undefined>((m, s) => (!m || s.filed > m ? s.filed : m), undefined);
    return { rowsIn, rowsOut: out, watermark: newest };
  } finally {
    ds.zip.close();
  }
}

export const insidersDatasetJob: Job<DatasetDoc> = {
  name: 'insiders',
  description: 'Insider Transactions data set (DERA quarterly zip, Forms 3/4/5) into insider_filings, insider_owners, insider_transactions',
  schedule: insidersJob.schedule,
  after: [],
  documents: (ctx) => datasetDocuments(ctx, DATASETS.insiders!),
  parse: datasetParse,
  load: loadInsiderDataset,
  finish: insidersJob.finish,
};

// ---------------------------------------------------------------- Form N-PORT

/**
 * One N-PORT filing's rows of the data set's per-filing tables (SUBMISSION, REGISTRANT,
 * FUND_REPORTED_INFO, MONTHLY_TOTAL_RETURN), joined on ACCESSION_NUMBER.
 */
interface NportSubmission {
  form: string;
  filed: string;
  periodEnd: string | null;
  period: string;
  regCik?: number;
  regName?: string;
  seriesId?: string | null;
  seriesName?: string | null;
  seriesLei?: string | null;
  totalAssets?: number | null;
  totalLiabilities?: number | null;
  netAssets?: number | null;
  classIds?: string[];
}

/** Holding rows staged with their HOLDING_ID until the identifier and debt tables are joined on. */
const NPORT_STAGING = [
  `CREATE OR REPLACE TEMP TABLE tmp_nport_holding (n BIGINT, holding_id VARCHAR, accession VARCHAR, row INTEGER, name VARCHAR, lei VARCHAR, title VARCHAR, cusip VARCHAR,
    balance DOUBLE, units VARCHAR, currency VARCHAR, value_usd DOUBLE, pct_net_assets DOUBLE, payoff_profile VARCHAR, asset_cat VARCHAR, issuer_cat VARCHAR,
    country VARCHAR, is_restricted BOOLEAN, fair_value_level VARCHAR)`,
  'CREATE OR REPLACE TEMP TABLE tmp_nport_identifier (holding_id VARCHAR, seq BIGINT, isin VARCHAR, ticker VARCHAR, other VARCHAR)',
  `CREATE OR REPLACE TEMP TABLE tmp_nport_debt (holding_id VARCHAR, seq BIGINT, maturity DATE, coupon_kind VARCHAR, coupon_rate DOUBLE, is_default BOOLEAN,
    interest_in_arrears BOOLEAN, is_pik BOOLEAN)`,
];

/**
 * The holdings of the staged filings, each with its first ISIN and ticker, its other identifiers
 * (`desc: value`, joined by `; `, in the data set's order) and its debt terms: the columns of
 * `nport_holdings` in the per-filing parse's form (jobs/nport.ts). One slice of the staged holdings
 * ($lo <= n < $hi) at a time, so the join's memory is bounded by the slice, not the quarter.
 *
 * A slice is two of DuckDB's row groups (122,880 rows each): an `INSERT ... SELECT` of at least a
 * row group has its rows compressed and written to the database file as it runs, while a smaller
 * one keeps them uncompressed in the transaction's memory until the commit (slices of 100,000: ~70 MB
 * more of DuckDB's memory after each, measured on a 1 M-holding quarter; ~2.8 GB for 4 M).
 */
export const NPORT_INSERT_SLICE = 2 * 122_880;
const NPORT_HOLDINGS_INSERT = `
  INSERT INTO nport_holdings (accession, row, series_id, reg_cik, period, filed, name, lei, title, cusip, isin, ticker, other_ids, balance, units, currency,
    value_usd, pct_net_assets, payoff_profile, asset_cat, issuer_cat, country, is_restricted, fair_value_level, maturity, coupon_kind, coupon_rate, is_default,
    interest_in_arrears, is_pik)
  WITH h AS (SELECT * FROM tmp_nport_holding WHERE n >= $lo AND n < $hi),
  ids AS (
    SELECT holding_id, arg_min(isin, seq) FILTER (WHERE isin IS NOT NULL) AS isin, arg_min(ticker, seq) FILTER (WHERE ticker IS NOT NULL) AS ticker,
           string_agg(other, '; ' ORDER BY seq) FILTER (WHERE other IS NOT NULL) AS other_ids
    FROM tmp_nport_identifier WHERE holding_id IN (SELECT holding_id FROM h) GROUP BY holding_id),
  debt AS (SELECT * FROM tmp_nport_debt WHERE holding_id IN (SELECT holding_id FROM h) QUALIFY row_number() OVER (PARTITION BY holding_id ORDER BY seq) = 1)
  SELECT h.accession, h.row, f.series_id, f.reg_cik, f.period, f.filed, h.name, h.lei, h.title, h.cusip, ids.isin, upper(ids.ticker), ids.other_ids, h.balance, h.units,
         h.currency, h.value_usd, h.pct_net_assets, h.payoff_profile, h.asset_cat, h.issuer_cat, h.country, h.is_restricted, h.fair_value_level, debt.maturity,
         debt.coupon_kind, debt.coupon_rate, debt.is_default, debt.interest_in_arrears, debt.is_pik
  FROM h JOIN nport_filings f ON f.accession = h.accession LEFT JOIN ids ON ids.holding_id = h.holding_id LEFT JOIN debt ON debt.holding_id = h.holding_id`;

async function loadNportDataset(h: DatasetDoc, ctx: JobContext) {
  const ds = await openDataset(h);
  try {
    const subs = new Map<string, NportSubmission>();
    for await (const b of table(ds, 'SUBMISSION')) {
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        const form = b.get(r, 'SUB_TYPE');
        const filed = deraDate(b.get(r, 'FILING_DATE'));
        if (!acc || !form || !NPORT_FORMS.includes(form) || !filed || !inPeriod(ctx, filed)) continue;
        // REPORT_DATE is Item A.3.b (the date the holdings are as of); REPORT_ENDING_PERIOD is A.3.a, the fiscal year-end.
        const period = deraDate(b.get(r, 'REPORT_DATE'));
        if (!period) {
          await ctx.note(h.key, 'dataset_incomplete', `${acc}: no REPORT_DATE in SUBMISSION.tsv, not loaded`);
          continue;
        }
        subs.set(acc, { form, filed, period, periodEnd: deraDate(b.get(r, 'REPORT_ENDING_PERIOD')) });
      }
    }
    const own = new Set((await ctx.db.all<{ accession: string }>(`SELECT accession FROM nport_filings WHERE doc_path NOT LIKE '%.zip'`)).map((r) => r.accession));
    for (const acc of own) subs.delete(acc);
    for await (const b of table(ds, 'REGISTRANT')) {
      for (const r of b.rows) {
        const sub = subs.get(b.get(r, 'ACCESSION_NUMBER') ?? '');
        if (!sub) continue;
        sub.regCik = Number(b.get(r, 'CIK'));
        sub.regName = b.get(r, 'REGISTRANT_NAME') ?? '';
      }
    }
    for await (const b of table(ds, 'FUND_REPORTED_INFO')) {
      for (const r of b.rows) {
        const sub = subs.get(b.get(r, 'ACCESSION_NUMBER') ?? '');
        if (!sub) continue;
        Object.assign(sub, {
          seriesId: clean(b.get(r, 'SERIES_ID')), seriesName: clean(b.get(r, 'SERIES_NAME')), seriesLei: clean(b.get(r, 'SERIES_LEI')),
          totalAssets: deraNumber(b.get(r, 'TOTAL_ASSETS')), totalLiabilities: deraNumber(b.get(r, 'TOTAL_LIABILITIES')), netAssets: deraNumber(b.get(r, 'NET_ASSETS')),
        });
      }
    }
    // The share classes: the data set has them where a class reports its monthly returns (Item B.5.a).
    for await (const b of table(ds, 'MONTHLY_TOTAL_RETURN', false)) {
      for (const r of b.rows) {
        const sub = subs.get(b.get(r, 'ACCESSION_NUMBER') ?? '');
        const cls = b.get(r, 'CLASS_ID');
        if (!sub || !cls) continue;
        if (!(sub.classIds ??= []).includes(cls)) sub.classIds.push(cls);
      }
    }
    for (const [acc, sub] of subs) {
      if (sub.regCik === undefined || !Number.isInteger(sub.regCik) || sub.regCik <= 0) {
        await ctx.note(h.key, 'dataset_incomplete', `${acc}: no registrant CIK in REGISTRANT.tsv, not loaded`);
        subs.delete(acc);
      }
    }
    await accessionTable(ctx, 'tmp_dataset_accessions', subs.keys());
    for (const t of ['nport_holdings', 'nport_filings']) await ctx.db.run(`DELETE FROM ${t} WHERE accession IN (SELECT accession FROM tmp_dataset_accessions)`);
    for (const sql of NPORT_STAGING) await ctx.db.run(sql);

    // The holdings, streamed into the staging table; then the identifier and debt tables (keyed by HOLDING_ID only).
    const rowNo = new Map<string, number>();
    let rowsIn = 0;
    for await (const b of table(ds, 'FUND_REPORTED_HOLDING')) {
      const rows = [];
      for (const r of b.rows) {
        const acc = b.get(r, 'ACCESSION_NUMBER');
        if (!acc || !subs.has(acc)) continue;
        const id = b.get(r, 'HOLDING_ID');
        if (!id) throw new QuarantineError(`FUND_REPORTED_HOLDING.tsv line ${b.firstLine + b.rows.indexOf(r)}: ${acc} has a holding without HOLDING_ID`);
        const n = (rowNo.get(acc) ?? 0) + 1;
        rowNo.set(acc, n);
        rows.push([
          rowsIn + rows.length, id, acc, n, b.get(r, 'ISSUER_NAME') ?? '', clean(b.get(r, 'ISSUER_LEI')), clean(b.get(r, 'ISSUER_TITLE')), cusipOf(b.get(r, 'ISSUER_CUSIP')),
          // CURRENCY_VALUE is Item C.4's value, which the form reports in US dollars (valUSD) whatever the currency of C.3.
          deraNumber(b.get(r, 'BALANCE')), b.get(r, 'UNIT'), b.get(r, 'CURRENCY_CODE'), deraNumber(b.get(r, 'CURRENCY_VALUE')), deraNumber(b.get(r, 'PERCENTAGE')),
          clean(b.get(r, 'PAYOFF_PROFILE')), b.get(r, 'ASSET_CAT'), b.get(r, 'ISSUER_TYPE'), b.get(r, 'INVESTMENT_COUNTRY'), bool(b.get(r, 'IS_RESTRICTED_SECURITY')),
          clean(b.get(r, 'FAIR_VALUE_LEVEL')),
        ]);
      }
      rowsIn += rows.length;
      await appendRows(ctx.conn, 'tmp_nport_holding', rows);
    }
    let seq = 0;
    for await (const b of table(ds, 'IDENTIFIERS', false)) {
      const rows = b.rows.map((r) => {
        const other = b.get(r, 'OTHER_IDENTIFIER');
        const desc = b.get(r, 'OTHER_IDENTIFIER_DESC');
        return [b.get(r, 'HOLDING_ID'), ++seq, clean(b.get(r, 'IDENTIFIER_ISIN')), clean(b.get(r, 'IDENTIFIER_TICKER')), other || desc ? `${desc ?? 'other'}: ${other ?? ''}` : null];
      });
      await appendRows(ctx.conn, 'tmp_nport_identifier', rows);
    }
    for await (const b of table(ds, 'DEBT_SECURITY', false)) {
      const rows = b.rows.map((r) => [
        b.get(r, 'HOLDING_ID'), ++seq, deraDate(b.get(r, 'MATURITY_DATE')), b.get(r, 'COUPON_TYPE'), deraNumber(b.get(r, 'ANNUALIZED_RATE')), bool(b.get(r, 'IS_DEFAULT')),
        bool(b.get(r, 'ARE_ANY_INTEREST_PAYMENT')), bool(b.get(r, 'IS_ANY_PORTION_INTEREST_PAID')),
      ]);
      await appendRows(ctx.conn, 'tmp_nport_debt', rows);
    }

    const filings = [...subs].map(([acc, s]) => [
      acc, s.form, s.filed, s.regCik, s.regName, s.seriesId ?? null, s.seriesName ?? null, s.seriesLei ?? null, (s.classIds ?? []).join(','), s.periodEnd, s.period,
      s.totalAssets ?? null, s.totalLiabilities ?? null, s.netAssets ?? null, rowNo.get(acc) ?? 0, h.key, EDGAR_FILED,
    ]);
    const out = (await appendRows(ctx.conn, 'nport_filings', filings)) + rowsIn;
    for (let lo = 0; lo < rowsIn; lo += NPORT_INSERT_SLICE) await ctx.db.run(NPORT_HOLDINGS_INSERT, { lo, hi: lo + NPORT_INSERT_SLICE });
    for (const t of ['tmp_nport_holding', 'tmp_nport_identifier', 'tmp_nport_debt']) await ctx.db.run(`DROP TABLE ${t}`);

    // Cross-check a sample against the per-filing parse.
    const sig = (id: string | null, balance: number | null, usd: number | null, pct: number | null, maturity: string | null, rate: number | null): string =>
      `${id ?? ''} ${balance ?? ''} ${usd === null ? '' : Math.round(usd)} ${pct ?? ''}% ${maturity ?? ''} ${rate ?? ''}`;
    for (const acc of sample([...subs.keys()].filter((a) => (rowNo.get(a) ?? 0) > 0), crossCheckSample())) {
      const sub = subs.get(acc)!;
      const p = await perFiling<ParsedNport>(ctx, h.key, acc, sub.regCik!, nportJob);
      if (!p) continue;
      if (p.kind !== 'filing') {
        await recordCheck(ctx, h.key, acc, 'unavailable', 'the filing document is not an N-PORT filing');
        continue;
      }
      const mine = await ctx.db.all<{ id: string | null; balance: number | null; value_usd: number | null; pct: number | null; maturity: string | null; coupon_rate: number | null }>(
        `SELECT coalesce(cusip, isin, name) AS id, balance, value_usd, pct_net_assets AS pct, maturity::VARCHAR AS maturity, coupon_rate FROM nport_holdings WHERE accession = $1`,
        [acc],
      );
      const f = p.filing;
      const d = diff(
        mine.map((r) => sig(r.id, r.balance, r.value_usd, r.pct, r.maturity, r.coupon_rate)),
        f.holdings.map((r) => sig(r.cusip ?? r.isin ?? r.name, r.balance, r.valueUsd, r.pctNetAssets, r.maturity, r.couponRate)),
      );
      const problems = [
        d.onlyA.length || d.onlyB.length ? describe(d, 'the data set', 'the filing') : '',
        mine.length !== f.holdings.length ? `${mine.length} holdings in the data set, ${f.holdings.length} in the filing` : '',
        (sub.netAssets ?? null) !== f.netAssets ? `net assets ${sub.netAssets ?? 'none'} in the data set, ${f.netAssets ?? 'none'} in the filing` : '',
        sub.period !== f.periodDate ? `report date ${sub.period} in the data set, ${f.periodDate} in the filing` : '',
      ]
        .filter(Boolean)
        .join('; ');
      await recordCheck(ctx, h.key, acc, problems ? 'disagree' : 'agree', problems || `${mine.length} holdings agree`);
    }
    const newest = [...subs.values()].reduce<string | undefined>((m, s) => (!m || s.filed > m ? s.filed : m), undefined);
    return { rowsIn, rowsOut: out, watermark: newest };
  } finally {
    ds.zip.close();
  }
}

/** The N-PORT data set's zips, and the fund share-class ticker list the per-filing job also loads (symbol -> series for etf-data). */
type NportDatasetParsed = { kind: 'dataset'; doc: DatasetDoc } | ParsedNport;

export const nportDatasetJob: Job<NportDatasetParsed> = {
  name: 'nport',
  description: 'Form N-PORT data set (DERA quarterly zip) into nport_filings, nport_holdings; the fund ticker list into fund_classes',
  schedule: nportJob.schedule,
  after: [],
  documents: async (ctx) => (ctx.backfill ? [FUND_TICKERS, ...(await datasetDocuments(ctx, DATASETS.nport!))] : []),
  parse: (doc, ctx) => (doc.path === FUND_TICKERS ? nportJob.parse(doc, ctx) : { kind: 'dataset', doc: datasetParse(doc) }),
  load: (p, ctx, doc) => (p.kind === 'dataset' ? loadNportDataset(p.doc, ctx) : nportJob.load(p, ctx, doc)),
};

export const DATASET_JOBS: Record<string, Job<DatasetDoc> | Job<NportDatasetParsed>> = { '13f': f13DatasetJob, insiders: insidersDatasetJob, nport: nportDatasetJob };
