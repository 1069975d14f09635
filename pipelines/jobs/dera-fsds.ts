/**
 * The SEC's Financial Statement Data Sets (DERA, quarterly): `almanac pipelines backfill
 * fundamentals --from 2024Q2 --to 2024Q2 --dataset` streams
 * `www.sec.gov/files/dera/data/financial-statement-data-sets/<yyyy>q<n>.zip` (readme: "Financial
 * Statement Data Sets", the SEC's `fsds` documentation) and checks it against the companyfacts the
 * warehouse is built from.
 *
 * Inside the zip: `sub.txt` (one row per XBRL submission: adsh, cik, name, form, period, fy, fp,
 * filed as YYYYMMDD) and `num.txt` (one row per value in the primary statements: adsh, tag,
 * version, ddate YYYYMMDD, qtrs, uom, segments/coreg, value), tab-separated with a header row.
 *
 * Why a check and not a load: a `num.txt` value gives its period as an end date and a whole number
 * of quarters, not the start date the company facts carry. Filers with 52/53-week years end their
 * quarters on varying days, and the point-in-time derivations (Q4 as the year minus nine months,
 * TTM) pair periods by their dates, so values with estimated starts would derive wrong figures.
 * companyfacts (per company or the nightly `companyfacts.zip`) stays the source of facts; this data
 * set verifies it. For a sample of the quarter's submissions (`ALMANAC_DATASET_CROSSCHECK`), the
 * filer's companyfacts document is fetched and parsed as the fundamentals job parses it, and every
 * `num.txt` value of the submission in a standard taxonomy (us-gaap, ifrs-full), without
 * segments or co-registrant, must be a companyfacts fact of the same accession, concept, unit, end
 * date and length in quarters with the same value (to the data set's 4 decimals). Outcomes go to
 * `pipeline_crosschecks` and disagreements to `pipeline_notes`, as for the other data sets. Only
 * the sampled submissions' rows are held in memory; `num.txt` (millions of rows) is streamed.
 */
import { parseCompanyFacts, type FactRecord } from '../parsers/companyfacts.ts';
import { columnGetter, tsvBatches } from '../parsers/tsv-stream.ts';
import { entryStream } from '../sources/zip.ts';
import { COMPANYFACTS_DIR, fundamentalsJob } from './fundamentals.ts';
import { crossCheckSample, datasetKeys, datasetParse, DATASETS, describe, inPeriod, openDataset, recordCheck, sample, type DatasetDoc, type OpenDataset } from './dera-datasets.ts';
import { QuarantineError, type Job, type JobContext } from './interface.ts';

/** `20240131` -> `2024-01-31`; null when not a date. */
export function fsdsDate(v: string | null): string | null {
  if (v === null || !/^\d{8}$/.test(v)) return null;
  const iso = `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** The taxonomies whose values companyfacts publishes and this check compares. */
const TAXONOMIES = new Set(['us-gaap', 'ifrs-full']);

/** A fact's length in quarters as the data set counts it (0 for an instant). */
export function quartersOf(start: string | null, end: string): number {
  if (start === null) return 0;
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
  return Math.round(days / 91.3);
}

/** Units as both sources spell them, compared without case or separators (`USD/shares`, `USD per share`). */
const unitKey = (u: string): string => u.toLowerCase().replace(/per/g, '/').replace(/[^a-z0-9/]/g, '');

/** The signature two sources must share: concept, unit, end, quarters, value to 4 decimals. */
export const valueSignature = (concept: string, unit: string, end: string, quarters: number, value: number): string =>
  `${concept} ${unitKey(unit)} ${end} ${quarters}q ${value.toFixed(4)}`;

async function* txtTable(ds: OpenDataset, name: string): AsyncGenerator<{ rows: string[][]; get: (row: string[], col: string) => string | null }> {
  const entry = ds.entries.get(`${name}.TXT`);
  if (!entry) throw new QuarantineError(`${name.toLowerCase()}.txt is not in ${ds.key}`);
  const stream = await entryStream(ds.zip, entry);
  for await (const batch of tsvBatches(stream as AsyncIterable<Buffer>)) yield { rows: batch.rows, get: columnGetter(batch.columns) };
}

interface FsdsSubmission {
  cik: number;
  form: string;
  filed: string;
}

async function checkFinancialStatements(h: DatasetDoc, ctx: JobContext) {
  const ds = await openDataset(h);
  try {
    const subs = new Map<string, FsdsSubmission>();
    for await (const b of txtTable(ds, 'SUB')) {
      for (const r of b.rows) {
        const adsh = b.get(r, 'ADSH');
        const cik = Number(b.get(r, 'CIK'));
        const filed = fsdsDate(b.get(r, 'FILED'));
        const form = b.get(r, 'FORM');
        if (!adsh || !Number.isInteger(cik) || cik <= 0 || !filed || !form || !inPeriod(ctx, filed)) continue;
        subs.set(adsh, { cik, form, filed });
      }
    }
    const chosen = new Set(sample([...subs.keys()], crossCheckSample()));
    const values = new Map<string, string[]>([...chosen].map((a) => [a, []]));
    let rowsIn = 0;
    for await (const b of txtTable(ds, 'NUM')) {
      rowsIn += b.rows.length;
      for (const r of b.rows) {
        const adsh = b.get(r, 'ADSH');
        const list = adsh ? values.get(adsh) : undefined;
        if (!list) continue;
        const taxonomy = (b.get(r, 'VERSION') ?? '').split('/')[0]!;
        if (!TAXONOMIES.has(taxonomy) || b.get(r, 'SEGMENTS') !== null || b.get(r, 'COREG') !== null) continue;
        const tag = b.get(r, 'TAG');
        const end = fsdsDate(b.get(r, 'DDATE'));
        const qtrs = Number(b.get(r, 'QTRS'));
        const uom = b.get(r, 'UOM');
        const value = Number(b.get(r, 'VALUE'));
        if (!tag || !end || !Number.isInteger(qtrs) || !uom || b.get(r, 'VALUE') === null || !Number.isFinite(value)) continue;
        list.push(valueSignature(tag, uom, end, qtrs, value));
      }
    }

    for (const adsh of chosen) {
      const sub = subs.get(adsh)!;
      const key = `${COMPANYFACTS_DIR}/CIK${String(sub.cik).padStart(10, '0')}.json`;
      let facts: FactRecord[];
      try {
        const doc = await ctx.source.get(key);
        if (!doc) {
          await recordCheck(ctx, h.key, adsh, 'unavailable', `no companyfacts document for CIK ${sub.cik}`);
          continue;
        }
        facts = parseCompanyFacts(doc.bytes).facts.filter((f) => f.accession === adsh && TAXONOMIES.has(f.taxonomy));
      } catch (err) {
        await recordCheck(ctx, h.key, adsh, 'unavailable', (err as Error).message);
        continue;
      }
      const mine = values.get(adsh)!;
      if (mine.length === 0) {
        await recordCheck(ctx, h.key, adsh, 'unavailable', 'no us-gaap/ifrs-full values without segments in num.txt');
        continue;
      }
      const theirs = new Set(facts.map((f) => valueSignature(f.concept, f.unit, f.end, quartersOf(f.start, f.end), f.value)));
      // The data set holds the statements' values only; companyfacts has every fact of the filing.
      // So each data-set value must be a fact, not the other way round.
      const missing = mine.filter((s) => !theirs.has(s));
      if (missing.length) await recordCheck(ctx, h.key, adsh, 'disagree', describe({ onlyA: missing, onlyB: [] }, 'the data set', 'companyfacts'));
      else await recordCheck(ctx, h.key, adsh, 'agree', `${mine.length} values agree`);
    }
    const newest = [...subs.values()].reduce<string | undefined>((m, s) => (!m || s.filed > m ? s.filed : m), undefined);
    ctx.log(`${h.key}: ${subs.size} submissions, ${rowsIn} values; ${chosen.size} submissions compared with companyfacts`);
    return { rowsIn, rowsOut: 0, watermark: newest };
  } finally {
    ds.zip.close();
  }
}

export const fsdsDatasetJob: Job<DatasetDoc> = {
  name: 'fundamentals',
  description: 'Financial Statement Data Sets (DERA quarterly zip): a sample of submissions checked value by value against companyfacts',
  schedule: fundamentalsJob.schedule,
  after: [],
  documents: async (ctx) => (ctx.backfill ? datasetKeys(DATASETS.fundamentals!, ctx.backfill.from, ctx.backfill.to) : []),
  parse: datasetParse,
  load: checkFinancialStatements,
};
